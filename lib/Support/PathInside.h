//===- Support/PathInside.h - Paths that stay in their directory -*- C++ -*-===//
//
// The rule of the cost file (docs/directives.md): a path written relative
// to a configuration's directory names a file atfc owns, which it may
// remove before each run, only where it cannot leave that directory.
// `atfc check` warns where it can, and the run leaves such a file alone.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SUPPORT_PATHINSIDE_H
#define ATFC_SUPPORT_PATHINSIDE_H

#include <string_view>

namespace atfc {

/// Whether Path, taken relative to a directory, stays inside it: it is not
/// absolute, and none of its parts is "..". ("a/../b" stays inside too, but
/// which "a" is a link to where is for the file system to say, so it counts
/// as outside.)
bool staysInside(std::string_view Path);

} // namespace atfc

#endif // ATFC_SUPPORT_PATHINSIDE_H
