//===- System/SafeFiles.h - Writes that stay in the output directory -*- C++ -*-===//
//
// The output directory is atfc's own, but anyone who can write into it can
// plant a symbolic link where atfc is about to write (best.json.tmp ->
// ~/.bashrc). Every file atfc writes is therefore created afresh under a
// temporary name of its own (random, created with O_CREAT | O_EXCL |
// O_NOFOLLOW, so that no one else's file of that name is touched and no
// link followed) and renamed onto the final name, which replaces a link
// there instead of following it. Only a regular file (or a link) is
// replaced: a FIFO, a device or a socket at the target is refused with
// what it is. Directories atfc creates are private (0700): results and
// scripts' outputs are the user's. A file in an output directory goes
// through OutputDirectory.h, which builds on this and adds its owner
// checks and its refusal to overwrite a file atfc did not create;
// writeFileReplacing alone is for a file the user named (report -o).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SYSTEM_SAFEFILES_H
#define ATFC_SYSTEM_SAFEFILES_H

#include "Support/Error.h"

#include <string>

namespace atfc {

/// Writes Text to Path through a temporary of its own (`.NAME.atfc-RANDOM`
/// beside it) and a rename, so that a reader never sees half a file, and
/// never through a link; the error ("cannot write 'PATH': REASON") when it
/// cannot, or when Path is not a regular file (a FIFO, a device).
Expected<void> writeFileReplacing(const std::string &Path, const std::string &Text);

/// Creates Directory and its missing parents, each created one with mode
/// 0700; the error when it cannot or Directory is no directory.
Expected<void> createPrivateDirectories(const std::string &Directory);

} // namespace atfc

#endif
