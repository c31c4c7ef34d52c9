//===- Support/PathInside.cpp - Paths that stay in their directory --------===//
#include "Support/PathInside.h"

namespace atfc {

bool staysInside(std::string_view Path) {
  if (Path.starts_with('/'))
    return false;
  while (!Path.empty()) {
    const std::size_t Slash = Path.find('/');
    if (Path.substr(0, Slash) == "..")
      return false;
    Path = Slash == std::string_view::npos ? std::string_view() : Path.substr(Slash + 1);
  }
  return true;
}

} // namespace atfc
