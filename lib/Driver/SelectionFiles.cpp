//===- Driver/SelectionFiles.cpp - A tuned file's selection outputs -------===//
#include "Driver/SelectionFiles.h"

#include "Driver/InputSets.h"
#include "Support/Diagnostic.h"
#include "System/OutputDirectory.h"
#include "Wisdom/SelectionHeader.h"

#include "llvm/Support/raw_ostream.h"

namespace atfc {

/// The stem of the header's names: Prefix, else the file's.
std::optional<std::string> stemOf(const std::string &Prefix, const std::string &File,
                                  DiagnosticSink &Diags) {
  if (Prefix.empty())
    return selectionStem(File);
  if (!isCIdentifier(Prefix)) {
    Diags.error(std::string("--prefix '") + Prefix + "' is not a C identifier");
    return std::nullopt;
  }
  return Prefix;
}

bool writeHeader(const Wisdom &W, const std::string &Stem, const std::string &Path,
                 DiagnosticSink &Diags, const std::string &From, OutputDirectory *Directory,
                 Severity Level) {
  const std::string NotWritten =
      "'" + Path + "' not written" + (From.empty() ? "" : " from '" + From + "'");
  if (W.Entries.empty()) {
    Diags.report(diagnosticAt(Level, {}, "no tuned configuration to select from: " + NotWritten));
    return false;
  }
  Expected<std::string> Header = selectionHeader(W, Stem);
  if (!Header) {
    Diags.report(diagnosticAt(Level, {}, NotWritten + ": " + Header.error().message()));
    return false;
  }
  Expected<void> Written =
      Directory ? Directory->writeFile(Path.substr(Path.find_last_of('/') + 1), *Header)
                : writeOutputFile(Path, *Header);
  if (!Written) {
    Diagnostic Failed = Written.error().diagnostic();
    Failed.Level = Level;
    Diags.report(std::move(Failed));
    return false;
  }
  return true;
}

bool writeSelectionFiles(const std::string &OutputDirectory, const std::string &File,
                         const std::vector<WisdomInput> &Inputs,
                         const std::optional<std::vector<WisdomConstraint>> &Constraints,
                         const std::string &Prefix, bool Required, DiagnosticSink &Diags,
                         llvm::raw_ostream &Out) {
  const Severity Level = Required ? Severity::Error : Severity::Warning;
  Expected<Wisdom> W = wisdomOfDatabase(OutputDirectory + "/results.db", Inputs, File);
  if (!W) {
    Diags.report(diagnosticAt(Level, {}, W.error().message()));
    return false;
  }
  W->Constraints = Constraints;
  std::optional<std::string> Stem = stemOf(Prefix, File, Diags);
  if (!Stem)
    return false;
  const std::string Header = OutputDirectory + "/" + *Stem + "_select.h";
  // Both through one descriptor of the directory, never by path.
  Expected<atfc::OutputDirectory> Dir = atfc::OutputDirectory::open(OutputDirectory, false);
  Expected<void> Written =
      Dir ? Dir->writeFile(*Stem + "_wisdom.json", wisdomJson(*W)) : Dir.takeError();
  if (!Written) {
    Diags.report(diagnosticAt(Level, {}, Written.error().message()));
    return false;
  }
  if (!writeHeader(*W, *Stem, Header, Diags, {}, &*Dir, Level))
    return false;
  Out << "selection: " << Header << ", " << *Stem << "_wisdom.json (" << W->Entries.size()
      << " tuned input set" << (W->Entries.size() == 1 ? "" : "s") << ")\n";
  return true;
}

int finishTuningRun(int Status, bool InputSets, const std::string &OutputDirectory,
                    const std::string &File, const std::vector<WisdomInput> &Inputs,
                    const std::optional<std::vector<WisdomConstraint>> &Constraints,
                    const std::string &Prefix, DiagnosticSink &Diags, llvm::raw_ostream &Out) {
  // A failure here fails the command only when the files were asked for.
  const bool Required = InputSets || !Prefix.empty();
  // With --inputs, the sets that found a configuration are selectable even
  // when another did not.
  if ((Status == 0 || ((Status == 1 || Status == kSomeInputSetsFailedExitCode) && InputSets)) &&
      !writeSelectionFiles(OutputDirectory, File, Inputs, Constraints, Prefix, Required, Diags,
                           Out) &&
      Required)
    return 1;
  return Status;
}

} // namespace atfc
