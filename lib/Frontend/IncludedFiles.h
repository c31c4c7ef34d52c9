//===- Frontend/IncludedFiles.h - What a C-family file includes -*- C++ -*-===//
//
// The files a C-family source includes, as Clang's preprocessor finds them:
// a run's results depend on them as much as on the source, so their
// contents join the results key. Only the user's headers count; system
// headers belong to the toolchain.
//
// Tested through MeasuredFilesTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_FRONTEND_INCLUDEDFILES_H
#define ATFC_FRONTEND_INCLUDEDFILES_H

#include <string>
#include <vector>

namespace atfc {

/// Preprocesses Source (the text of the file at FileName, with its
/// directives blanked) and returns the paths of every non-system file it
/// includes, directly or not, sorted and without duplicates. Headers that
/// are not found are left out: the measurement itself reports them. An
/// include that names something other than a regular file (a FIFO) is
/// listed but never opened, so that nothing blocks and the results key
/// refuses it by name.
std::vector<std::string> includedFilesOf(const std::string &FileName, const std::string &Source);

} // namespace atfc

#endif
