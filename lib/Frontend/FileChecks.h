//===- Frontend/FileChecks.h - Checks of a whole file ---------*- C++ -*-===//
//
// The checks that no single directive shows, run after the analysis so that
// `atfc check` refuses everything the tuner would: a file without a tuning
// parameter, device directives without launch sizes (or with sizes of
// different dimensions), a device file without a kernel_name whose source
// does not hold exactly one kernel (with one, that kernel is measured),
// kernel inputs that do not match the kernel's parameters in number, and
// the search technique and abort condition, which lib/Search parses (they
// are not C++). A file without a way to measure is only a warning: `atfc
// space` and `atfc analyze` work on such space-only files.
//
// Tested by test/atfc/check/cost-file-outside.cl and the other tests there.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_FRONTEND_FILECHECKS_H
#define ATFC_FRONTEND_FILECHECKS_H

#include "Frontend/Frontend.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace atfc {

/// Adds the whole-file checks' findings to Result.Diagnostics, and sets the
/// kernel name of a device file that holds one kernel and names none.
void checkWholeFile(FrontendResult &Result);

/// A file that a run's results depend on by `#atf::depends "path"`.
struct DependedFile {
  /// Absolute and normal: a relative path is the annotated file's
  /// directory's.
  std::string Path;
  /// The path as written, and where.
  std::string Written;
  SourcePosition Where;
};

/// Result's `depends` files, in the order written: the one reading of the
/// directive, for atfc check's check and for the results key
/// (Driver/MeasuredFiles.h).
std::vector<DependedFile> dependedFilesOf(const FrontendResult &Result);

/// The error at a `depends` file that cannot be read, Reason saying why:
/// "cannot read 'data.txt', which the results depend on: it is a FIFO, not
/// a regular file".
std::string unreadableDependedFileMessage(const DependedFile &File, const std::string &Reason);

/// A kernel of the file: its name and how many parameters it takes.
struct KernelSignature {
  std::string Name;
  unsigned Parameters = 0;
};

/// The kernels declared in Source, a C-family file: functions declared
/// `__kernel`/`kernel` (OpenCL) or `__global__` (CUDA), found with Clang's
/// raw lexer (comments and literals do not count), each once.
std::vector<KernelSignature> kernelsDefinedIn(llvm::StringRef Source);

} // namespace atfc

#endif // ATFC_FRONTEND_FILECHECKS_H
