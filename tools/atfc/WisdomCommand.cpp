//===- tools/atfc/WisdomCommand.cpp - atfc wisdom -------------------------===//
//
// The `atfc wisdom` subcommands, which work on wisdom from several places
// (the selection outputs of one `atfc tune`: Driver/SelectionFiles.h):
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
#include "CommandLine.h"
#include "Subcommands.h"

#include "Driver/SelectionFiles.h"
#include "Driver/TunerPipeline.h"
#include "Results/RecordedData.h"

#include "Support/Diagnostic.h"
#include "System/RegularFiles.h"
#include "System/SafeFiles.h"
#include "Wisdom/SelectionHeader.h"

#include <CLI/CLI.hpp>

#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

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

namespace {

Expected<Wisdom> readWisdomFile(const std::string &Path) {
  Expected<std::string> Text = readRegularFile(Path);
  if (!Text)
    return Text.takeError();
  Expected<Wisdom> W = parseWisdom(*Text);
  if (!W)
    return W.takeError().context(Path);
  return W;
}

/// What a results database does not hold: the file's inputs and
/// constraints (nullopt: not known).
struct Declarations {
  std::vector<WisdomInput> Inputs;
  std::optional<std::vector<WisdomConstraint>> Constraints;
};

/// The declarations for results databases: of --file, else of a wisdom
/// file.
std::optional<Declarations> declaredInputs(const WisdomOptions &Options) {
  if (!Options.File.empty()) {
    DiagnosticSink Diags(std::cerr);
    std::optional<FrontendResult> Result = analyzeFile(Options.File, Diags);
    if (!Result)
      return std::nullopt;
    return Declarations{positionalInputsOf(*Result), parameterConstraintsOf(*Result)};
  }
  std::vector<std::string> Candidates;
  for (const std::string &In : Options.Inputs)
    if (!isSqliteFile(In))
      Candidates.push_back(In);
  for (const std::string &In : Options.Inputs) {
    if (!isSqliteFile(In))
      continue;
    std::error_code EC;
    const std::filesystem::path Dir = std::filesystem::path(In).parent_path();
    for (std::filesystem::directory_iterator It(Dir.empty() ? "." : Dir, EC), End; !EC && It != End;
         It.increment(EC)) {
      const std::string Name = It->path().filename().string();
      if (Name.size() > 12 && Name.substr(Name.size() - 12) == "_wisdom.json")
        Candidates.push_back(It->path().string());
    }
  }
  for (const std::string &C : Candidates)
    if (Expected<Wisdom> W = readWisdomFile(C); W)
      return Declarations{W->Inputs, W->Constraints};
  DiagnosticSink(std::cerr).error("the inputs' declarations are not in a results database: give "
                                  "the annotated file with --file FILE (or a wisdom file)");
  return std::nullopt;
}

int runMerge(const WisdomOptions &Options) {
  DiagnosticSink Diags(std::cerr);
  std::optional<Declarations> Declared;
  std::vector<Wisdom> Parts;
  for (const std::string &In : Options.Inputs) {
    Expected<Wisdom> W = Error("");
    if (isSqliteFile(In)) {
      if (!Declared && !(Declared = declaredInputs(Options)))
        return 1;
      W = wisdomOfDatabase(In, Declared->Inputs);
      if (W)
        W->Constraints = Declared->Constraints;
    } else {
      W = readWisdomFile(In);
    }
    if (!W) {
      Diags.error(W.error().message());
      return 1;
    }
    Parts.push_back(W.take());
  }
  Expected<Wisdom> Merged = mergeWisdom(Parts);
  if (!Merged) {
    Diags.error(Merged.error().message());
    return 1;
  }
  if (Expected<void> Written = writeFileReplacing(Options.Output, wisdomJson(*Merged)); !Written) {
    Diags.error(Written.error().message());
    return 1;
  }
  standardOutput() << "written: " << Options.Output << " (" << Merged->Entries.size()
                   << " entries from " << Parts.size() << " sources)\n";
  if (Options.Header.empty())
    return 0;
  std::optional<std::string> Stem = stemOf(Options.Prefix, Merged->File, Diags);
  if (!Stem || !writeHeader(*Merged, *Stem, Options.Header, Diags))
    return 1;
  standardOutput() << "written: " << Options.Header << '\n';
  return 0;
}

int runHeader(const WisdomOptions &Options) {
  DiagnosticSink Diags(std::cerr);
  Expected<Wisdom> W = readWisdomFile(Options.Inputs.front());
  if (!W) {
    Diags.error(W.error().message());
    return 1;
  }
  std::optional<std::string> Stem = stemOf(Options.Prefix, W->File, Diags);
  if (!Stem)
    return 1;
  const std::string Output = Options.Output.empty() ? *Stem + "_select.h" : Options.Output;
  if (!writeHeader(*W, *Stem, Output, Diags, Options.Inputs.front()))
    return 1;
  standardOutput() << "written: " << Output << '\n';
  return 0;
}

} // namespace

int wisdomMain(const SubcommandArgs &Args) {
  WisdomOptions Options;
  CLI::App Wisdom(summaryOf("wisdom"), "atfc wisdom");
  Wisdom.require_subcommand(1);
  CLI::App *Merge = Wisdom.add_subcommand(
      "merge", "Merge results databases and wisdom files (e.g. of several devices) into one");
  Merge
      ->add_option("INPUTS", Options.Inputs,
                   "Results databases (or the directories holding them) and wisdom files")
      ->required()
      ->transform(recordedDataFile);
  Merge->add_option("-o,--output", Options.Output, "The wisdom file to write")
      ->type_name("PATH")
      ->required();
  Merge->add_option("--header", Options.Header, "Also write the selection header here")
      ->type_name("PATH");
  Merge->add_option("--prefix", Options.Prefix, "The header's names (default: the file's stem)");
  Merge
      ->add_option("--file", Options.File,
                   "The annotated file: the inputs' declarations for results databases")
      ->type_name("FILE");
  CLI::App *Header = Wisdom.add_subcommand("header", "Write the selection header of a wisdom file");
  Header->add_option("WISDOM", Options.Inputs, "A wisdom file")->required()->expected(1);
  Header->add_option("-o,--output", Options.Output, "The header to write (default: STEM_select.h)")
      ->type_name("PATH");
  Header->add_option("--prefix", Options.Prefix, "The header's names (default: the file's stem)");
  if (std::optional<int> Exit = parseSubcommandLine(Wisdom, Args))
    return *Exit;
  return Merge->parsed() ? runMerge(Options) : runHeader(Options);
}

} // namespace atfc
