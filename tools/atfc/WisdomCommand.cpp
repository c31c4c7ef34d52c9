//===- tools/atfc/WisdomCommand.cpp - atfc wisdom -------------------------===//
#include "WisdomCommand.h"

#include "TunerPipeline.h"

#include "runtime/SafeFiles.h"
#include "runtime/SelectionHeader.h"

#include <CLI/CLI.hpp>

#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace atfc {

namespace {

bool readText(const std::string &Path, std::string &Text) {
  std::ifstream In(Path, std::ios::binary);
  std::ostringstream Buffer;
  Buffer << In.rdbuf();
  Text = Buffer.str();
  return static_cast<bool>(In);
}

bool isSqlite(const std::string &Path) {
  std::string Head(16, '\0');
  std::ifstream In(Path, std::ios::binary);
  return In.read(Head.data(), 16) && Head == std::string("SQLite format 3\0", 16);
}

Expected<Wisdom> readWisdomFile(const std::string &Path) {
  std::string Text;
  if (!readText(Path, Text))
    return Error("cannot read '" + Path + "'");
  Expected<Wisdom> W = parseWisdom(Text);
  if (!W)
    return W.takeError().context(Path);
  return W;
}

/// The stem of the header's names: Prefix, else the file's.
std::optional<std::string> stemOf(const std::string &Prefix, const std::string &File) {
  if (Prefix.empty())
    return selectionStem(File);
  if (!isCIdentifier(Prefix)) {
    llvm::errs() << "atfc: error: --prefix '" << Prefix << "' is not a C identifier\n";
    return std::nullopt;
  }
  return Prefix;
}

bool writeHeader(const Wisdom &W, const std::string &Stem, const std::string &Path) {
  if (W.Entries.empty()) {
    llvm::errs() << "atfc: error: no tuned configuration to select from: '" << Path
                 << "' not written\n";
    return false;
  }
  if (Expected<void> Written = writeFileReplacing(Path, selectionHeader(W, Stem)); !Written) {
    llvm::errs() << "atfc: error: " << Written.error().message() << '\n';
    return false;
  }
  return true;
}

/// The declarations of the inputs for results databases (WisdomCommand.h).
std::optional<std::vector<WisdomInput>> declaredInputs(const WisdomOptions &Options) {
  if (!Options.File.empty()) {
    std::optional<FrontendResult> Result = analyzeFile(Options.File);
    if (!Result)
      return std::nullopt;
    return positionalInputsOf(*Result);
  }
  std::vector<std::string> Candidates;
  for (const std::string &In : Options.Inputs)
    if (!isSqlite(In))
      Candidates.push_back(In);
  for (const std::string &In : Options.Inputs) {
    if (!isSqlite(In))
      continue;
    std::error_code EC;
    const std::filesystem::path Dir = std::filesystem::path(In).parent_path();
    for (const auto &Entry : std::filesystem::directory_iterator(Dir.empty() ? "." : Dir, EC)) {
      const std::string Name = Entry.path().filename().string();
      if (Name.size() > 12 && Name.substr(Name.size() - 12) == "_wisdom.json")
        Candidates.push_back(Entry.path().string());
    }
  }
  for (const std::string &C : Candidates)
    if (Expected<Wisdom> W = readWisdomFile(C); W)
      return W->Inputs;
  llvm::errs() << "atfc: error: the inputs' declarations are not in a results database: give "
                  "the annotated file with --file FILE (or a wisdom file)\n";
  return std::nullopt;
}

int runMerge(const WisdomOptions &Options) {
  std::optional<std::vector<WisdomInput>> Declared;
  std::vector<Wisdom> Parts;
  for (const std::string &In : Options.Inputs) {
    Expected<Wisdom> W = Error("");
    if (isSqlite(In)) {
      if (!Declared && !(Declared = declaredInputs(Options)))
        return 1;
      W = wisdomOfDatabase(In, *Declared);
    } else {
      W = readWisdomFile(In);
    }
    if (!W) {
      llvm::errs() << "atfc: error: " << W.error().message() << '\n';
      return 1;
    }
    Parts.push_back(W.take());
  }
  Expected<Wisdom> Merged = mergeWisdom(Parts);
  if (!Merged) {
    llvm::errs() << "atfc: error: " << Merged.error().message() << '\n';
    return 1;
  }
  if (Expected<void> Written = writeFileReplacing(Options.Output, wisdomJson(*Merged)); !Written) {
    llvm::errs() << "atfc: error: " << Written.error().message() << '\n';
    return 1;
  }
  llvm::outs() << "written: " << Options.Output << " (" << Merged->Entries.size()
               << " entries from " << Parts.size() << " sources)\n";
  if (Options.Header.empty())
    return 0;
  std::optional<std::string> Stem = stemOf(Options.Prefix, Merged->File);
  if (!Stem || !writeHeader(*Merged, *Stem, Options.Header))
    return 1;
  llvm::outs() << "written: " << Options.Header << '\n';
  return 0;
}

int runHeader(const WisdomOptions &Options) {
  Expected<Wisdom> W = readWisdomFile(Options.Inputs.front());
  if (!W) {
    llvm::errs() << "atfc: error: " << W.error().message() << '\n';
    return 1;
  }
  std::optional<std::string> Stem = stemOf(Options.Prefix, W->File);
  if (!Stem)
    return 1;
  const std::string Output = Options.Output.empty() ? *Stem + "_select.h" : Options.Output;
  if (!writeHeader(*W, *Stem, Output))
    return 1;
  llvm::outs() << "written: " << Output << '\n';
  return 0;
}

} // namespace

void addWisdomCommand(CLI::App &App, WisdomOptions &Options, int &Status) {
  CLI::App *Wisdom = App.add_subcommand(
      "wisdom", "Best configurations per device and input set, for programs to select from");
  Wisdom->require_subcommand(1);
  CLI::App *Merge = Wisdom->add_subcommand(
      "merge", "Merge results databases and wisdom files (e.g. of several devices) into one");
  Merge->add_option("INPUTS", Options.Inputs, "Results databases and wisdom files")->required();
  Merge->add_option("-o,--output", Options.Output, "The wisdom file to write")->required();
  Merge->add_option("--header", Options.Header, "Also write the selection header here");
  Merge->add_option("--prefix", Options.Prefix, "The header's names (default: the file's stem)");
  Merge->add_option("--file", Options.File,
                    "The annotated file: the inputs' declarations for results databases");
  Merge->callback([&] { Status = runMerge(Options); });
  CLI::App *Header =
      Wisdom->add_subcommand("header", "Write the selection header of a wisdom file");
  Header->add_option("WISDOM", Options.Inputs, "A wisdom file")->required()->expected(1);
  Header->add_option("-o,--output", Options.Output, "The header to write (default: STEM_select.h)");
  Header->add_option("--prefix", Options.Prefix, "The header's names (default: the file's stem)");
  Header->callback([&] { Status = runHeader(Options); });
}

bool writeSelectionFiles(const std::string &OutputDirectory, const std::string &File,
                         const std::vector<WisdomInput> &Inputs, const std::string &Prefix,
                         bool Required) {
  const char *Severity = Required ? "error" : "warning";
  Expected<Wisdom> W = wisdomOfDatabase(OutputDirectory + "/results.db", Inputs, File);
  if (!W) {
    llvm::errs() << "atfc: " << Severity << ": " << W.error().message() << '\n';
    return false;
  }
  std::optional<std::string> Stem = stemOf(Prefix, File);
  if (!Stem)
    return false;
  const std::string Json = OutputDirectory + "/" + *Stem + "_wisdom.json";
  const std::string Header = OutputDirectory + "/" + *Stem + "_select.h";
  if (Expected<void> Written = writeFileReplacing(Json, wisdomJson(*W)); !Written) {
    llvm::errs() << "atfc: " << Severity << ": " << Written.error().message() << '\n';
    return false;
  }
  if (!writeHeader(*W, *Stem, Header))
    return false;
  llvm::outs() << "selection: " << Header << ", " << *Stem << "_wisdom.json (" << W->Entries.size()
               << " tuned input set" << (W->Entries.size() == 1 ? "" : "s") << ")\n";
  return true;
}

} // namespace atfc
