//===- runtime/SafeFiles.h - Writes that stay in the output directory -*- C++ -*-===//
//
// The output directory is atfc's own, but anyone who can write into it can
// plant a symbolic link where atfc is about to write (best.json.tmp ->
// ~/.bashrc). Every file atfc writes there is therefore created afresh: a
// temporary name is unlinked (removing a planted link, never its target)
// and created with O_CREAT | O_EXCL | O_NOFOLLOW, which refuses any link
// that appears in between; the rename onto the final name replaces a link
// there instead of following it. Directories atfc creates are private
// (0700): results and scripts' outputs are the user's.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_RUNTIME_SAFEFILES_H
#define ATFC_RUNTIME_SAFEFILES_H

#include <string>

namespace atfc {

/// Writes Text to Path through Path.tmp and a rename, so that a reader
/// never sees half a file, and never through a link; false with Error set
/// ("cannot write 'PATH': REASON") when it cannot.
bool writeFileReplacing(const std::string &Path, const std::string &Text, std::string &Error);

/// Creates Directory and its missing parents, each created one with mode
/// 0700; false with Error set when it cannot or Directory is no directory.
bool createPrivateDirectories(const std::string &Directory, std::string &Error);

} // namespace atfc

#endif
