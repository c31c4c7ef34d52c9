//===- Driver/SelectionFiles.h - Selection outputs --------------*- C++ -*-===//
//
// What `atfc tune` writes for programs that pick a configuration per input
// set at run time: `<stem>_wisdom.json` and `<stem>_select.h` in the output
// directory (Wisdom/Wisdom.h, Wisdom/SelectionHeader.h). `atfc wisdom`
// writes the same files from wisdom of several places.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DRIVER_SELECTIONFILES_H
#define ATFC_DRIVER_SELECTIONFILES_H

#include "Support/Diagnostic.h"
#include "System/OutputDirectory.h"
#include "Wisdom/Wisdom.h"

#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace atfc {

/// The stem of the header's names: Prefix, else the file's; nullopt after
/// reporting to Diags why a Prefix is not a C identifier.
std::optional<std::string> stemOf(const std::string &Prefix, const std::string &File,
                                  DiagnosticSink &Diags);

/// Writes the selection header of W with names from Stem to Path; false
/// after reporting to Diags why not (no entry, a name refused, a write that
/// failed), naming From, the wisdom file W was read from, where given.
/// With a Directory (held), Path's last component is written through its
/// descriptor. Level is the reports' severity: a warning where the header
/// was not asked for (a tune's by-product).
bool writeHeader(const Wisdom &W, const std::string &Stem, const std::string &Path,
                 DiagnosticSink &Diags, const std::string &From = "",
                 OutputDirectory *Directory = nullptr, Severity Level = Severity::Error);

/// Writes `<stem>_wisdom.json` and `<stem>_select.h` into OutputDirectory
/// from its results database (the runs of File) and the file's Constraints
/// (nullopt: not known); Prefix overrides the stem.
/// Says what it wrote on Out; false after reporting to Diags why not (an
/// error when Required, else a warning).
bool writeSelectionFiles(const std::string &OutputDirectory, const std::string &File,
                         const std::vector<WisdomInput> &Inputs,
                         const std::optional<std::vector<WisdomConstraint>> &Constraints,
                         const std::string &Prefix, bool Required, DiagnosticSink &Diags,
                         llvm::raw_ostream &Out);

/// After a tuning run of File into OutputDirectory that ended with Status
/// (alone, or over MPI ranks: one code for both): writes the selection
/// files when the run found a configuration (with --inputs, when any set
/// did). Returns the command's status: Status, or 1 when the files were
/// required (InputSets or a Prefix) and could not be written.
int finishTuningRun(int Status, bool InputSets, const std::string &OutputDirectory,
                    const std::string &File, const std::vector<WisdomInput> &Inputs,
                    const std::optional<std::vector<WisdomConstraint>> &Constraints,
                    const std::string &Prefix, DiagnosticSink &Diags, llvm::raw_ostream &Out);

} // namespace atfc

#endif
