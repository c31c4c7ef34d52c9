//===- Directives/DirectiveTable.cpp - The directives, looked up ----------===//
#include "Directives/DirectiveTable.h"

namespace atfc::clauses {

unsigned prefixMask(StringRef Prefix) {
  if (Prefix.empty())
    return Unprefixed;
  if (Prefix == "ocl" || Prefix == "opencl")
    return OpenCLPrefix;
  if (Prefix == "cuda")
    return CUDAPrefix;
  return 0;
}

std::string reservedNameReason(StringRef Name) {
#define ATF_RESERVED_NAME(Reserved, Why)                                                           \
  if (Name == #Reserved)                                                                           \
    return Why;
#define ATF_RESERVED_PREFIX(Prefix, Why)                                                           \
  if (Name.startswith(#Prefix))                                                                    \
    return Why;
#include "Language/Language.def"
  return "";
}

} // namespace atfc::clauses
