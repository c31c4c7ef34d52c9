//===- Frontend/SyntheticPrelude.cpp - The language as C++ ----*- C++ -*-===//
//
// The prelude of the synthetic unit: CheckPrelude.h, embedded at build time,
// between the declarations that Language.def makes (the same table the
// tuner's runtime expands, so that every name a check accepts exists there).
//
// Tested through LanguageTableTest.cpp and SpecAnalysisTest.cpp.
//
//===----------------------------------------------------------------------===//
#include "Frontend/SyntheticUnit.h"

#include <string>

namespace atfc {

namespace {

/// The text of CheckPrelude.h.
constexpr llvm::StringLiteral PreludeHeader =
#include "CheckPrelude.inc"
    ;

std::string buildPrelude() {
  std::string Out = "namespace atf_detail {\n// Language.def: ATF_RELATION_SHAPE.\n"
                    "enum relation_kind : int {\n";
#define ATF_RELATION_SHAPE(Shape, Alias, Meaning) Out += "  k_" #Shape ",\n";
#include "Language/Language.def"
  Out += "};\n} // namespace atf_detail\n";
  Out += PreludeHeader;
  Out += "namespace atf {\n// Language.def: ATF_CONSTRAINT_ALIAS; the candidate stands in the "
         "relation to E.\n";
#define ATF_CONSTRAINT_ALIAS(Name, Shape)                                                          \
  Out += "template <class E>\natf_detail::relation<atf_detail::k_" #Shape                          \
         ", atf_detail::stored_t<E>> " #Name "(const E &);\n";
#include "Language/Language.def"
  Out += "// Language.def: ATF_DEVICE_LIMIT; known when the file tunes a kernel on that "
         "device.\nnamespace ocl {}\nnamespace cuda {}\n";
#define ATF_DEVICE_LIMIT(Backend, Name, Field)                                                     \
  Out += "namespace " #Backend " { extern const std::size_t " #Name "; }\n";
#include "Language/Language.def"
  Out += "namespace opencl = ocl;\n} // namespace atf\nusing namespace atf;\n";
  return Out;
}

} // namespace

llvm::StringRef syntheticPrelude() {
  static const std::string Prelude = buildPrelude();
  return Prelude;
}

} // namespace atfc
