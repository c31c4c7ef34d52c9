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

/// What a script names, its words split as a shell splits them (`"my
/// run.sh"` is one word), $ATF_FILE_DIR standing for Directory.
struct ScriptNames {
  /// The words that name files it reads: relative to Directory or through
  /// $ATF_FILE_DIR, or absolute outside the system's directories; those
  /// that exist as regular files, as absolute paths.
  std::vector<std::string> Read;
  /// The files it writes through a redirection (`> log`, `>>
  /// "$ATF_FILE_DIR/out"`), its output, as absolute paths, whether they
  /// exist or not.
  std::vector<std::string> Written;
  /// The environment variables it expands (`$CC`, `${FLAGS:-}`), by name,
  /// sorted; $ATF_FILE_DIR is not one.
  std::vector<std::string> Variables;
};

/// What Script names, read in one pass over it.
ScriptNames namesInScript(const std::string &Script, const std::string &Directory);

/// The measured files of an analysed file whose blanked text is Blanked;
/// nullopt after reporting to Diags an error at the directive of a file
/// that cannot be read.
std::optional<MeasuredFiles> measuredFilesOf(const FrontendResult &File, const std::string &Blanked,
                                             DiagnosticSink &Diags);

} // namespace atfc

#endif
