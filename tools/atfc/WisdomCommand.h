//===- tools/atfc/WisdomCommand.h - atfc wisdom -----------------*- C++ -*-===//
//
// The selection outputs of `atfc tune` (`<stem>_select.h` and
// `<stem>_wisdom.json` in the output directory, runtime/Wisdom.h), and the
// `atfc wisdom` subcommands that work on wisdom from several places:
//
//   atfc wisdom merge IN... -o OUT.json [--header H] [--prefix P] [--file F]
//       IN: results databases and wisdom files, e.g. of several devices;
//   atfc wisdom header WISDOM.json -o H [--prefix P]
//
// A results database does not hold the file's input declarations: they
// come from --file (the annotated file), else from a wisdom file among the
// inputs, else from the `*_wisdom.json` beside the database.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TOOLS_ATFC_WISDOMCOMMAND_H
#define ATFC_TOOLS_ATFC_WISDOMCOMMAND_H

#include "runtime/Wisdom.h"

#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace atfc {

struct WisdomOptions {
  /// merge: results databases and wisdom files; header: one wisdom file.
  std::vector<std::string> Inputs;
  std::string Output;
  /// merge: also write the selection header here.
  std::string Header;
  /// The header's names (default: from the file's name).
  std::string Prefix;
  /// The annotated file, for the inputs' declarations.
  std::string File;
};

/// Adds `wisdom merge` and `wisdom header` to App; when one is run, Status
/// becomes its exit status.
void addWisdomCommand(CLI::App &App, WisdomOptions &Options, int &Status);

/// Writes `<stem>_wisdom.json` and `<stem>_select.h` into OutputDirectory
/// from its results database (the runs of File); Prefix overrides the stem.
/// Prints what it wrote; false after printing why not (an error when
/// Required, else a warning).
bool writeSelectionFiles(const std::string &OutputDirectory, const std::string &File,
                         const std::vector<WisdomInput> &Inputs, const std::string &Prefix,
                         bool Required);

} // namespace atfc

#endif
