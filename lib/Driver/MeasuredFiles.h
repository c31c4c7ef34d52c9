//===- Driver/MeasuredFiles.h - What results depend on ----------*- C++ -*-===//
//
// A measurement depends on more than the tuned file: the headers it
// includes, the scripts its compile, run and check scripts call, and
// whatever the file declares with `#atf::depends "path" ...`. Their contents
// join the results key, so that a changed header is measured anew, and so
// do the environment variables the scripts read (`$CC`).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DRIVER_MEASUREDFILES_H
#define ATFC_DRIVER_MEASUREDFILES_H

#include "Frontend/Frontend.h"
#include "Support/Diagnostic.h"

#include <optional>
#include <string>
#include <vector>

namespace atfc {

/// The files besides the tuned one that a run's results depend on, and a
/// hash of their names and contents.
struct MeasuredFiles {
  /// Paths relative to the tuned file's directory where they lie below it,
  /// else absolute; sorted.
  std::vector<std::string> Paths;
  /// The same files, each absolute, in the same order.
  std::vector<std::string> AbsolutePaths;
  /// The environment variables the directives' scripts expand, by name,
  /// sorted: their values (or their absence) join the key.
  std::vector<std::string> Variables;
  /// resultKey over each path and its contents; empty when there is none.
  std::string Key;
};

/// The words of Script that name files: relative to Directory or through
/// $ATF_FILE_DIR (which names it), or absolute outside the system's
/// directories; those that exist as regular files, as absolute paths.
/// Words are split as a shell splits them (`"my run.sh"` is one). A word a
/// redirection writes to (`> log`) is the script's output, not an input,
/// and is left out.
std::vector<std::string> filesNamedByScript(const std::string &Script,
                                            const std::string &Directory);

/// The files Script writes through a redirection (`> log`, `>> "$ATF_FILE_DIR/out"`),
/// as absolute paths, whether they exist or not.
std::vector<std::string> filesWrittenByScript(const std::string &Script,
                                              const std::string &Directory);

/// The environment variables Script itself expands (`$CC`, `${FLAGS:-}`)
/// by name, sorted; $ATF_FILE_DIR, which names Directory, is not one.
std::vector<std::string> variablesNamedByScript(const std::string &Script,
                                                const std::string &Directory);

/// The measured files of an analysed file whose blanked text is Blanked;
/// nullopt after reporting to Diags an error at the directive of a file
/// that cannot be read.
std::optional<MeasuredFiles> measuredFilesOf(const FrontendResult &File, const std::string &Blanked,
                                             DiagnosticSink &Diags);

} // namespace atfc

#endif
