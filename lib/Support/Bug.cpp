//===- Support/Bug.cpp - Reporting a bug of atfc itself -------------------===//
#include "Support/Bug.h"

#include <cstdio>
#include <cstdlib>
#include <string>

namespace atfc {

void reportBug(std::string_view What, std::source_location Where) {
  // The file's name without its directories: the same text wherever the
  // tree was built.
  std::string_view File = Where.file_name();
  if (const std::size_t Slash = File.rfind('/'); Slash != std::string_view::npos)
    File.remove_prefix(Slash + 1);
  const std::string Line = "atfc: bug: " + std::string(What) + " (" + std::string(File) + ":" +
                           std::to_string(Where.line()) + ")\n";
  std::fputs(Line.c_str(), stderr);
  std::fflush(stderr);
  std::abort();
}

} // namespace atfc
