//===- tools/atfc/atfc.cpp - The atfc command line ------------------------===//
//
// The command-line driver: parses options with CLI11 and hands each
// subcommand to the libraries. Subcommands whose issue has not landed yet
// say so and fail; none pretends to work.
//
//===----------------------------------------------------------------------===//
#include "Directives/Frontend.h"

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <string>
#include <vector>

namespace {

/// Exit status of a subcommand that does not exist yet.
constexpr int kNotImplemented = 3;

struct PlannedCommand {
  const char *Name;
  const char *Summary;
};

// The pipeline's subcommands still to come, in the order a user meets them.
constexpr PlannedCommand kPlannedCommands[] = {
    {"emit", "Print the generated tuner program for FILE"},
    {"space", "Generate the search space of FILE and report its size and statistics"},
    {"tune", "Tune FILE: generate, build and run its tuner; write the best configuration"},
    {"replay", "Replay tuning runs on recorded performance data"},
    {"results", "Export a results database as CSV or JSON"},
    {"analyze", "Learn from earlier tuning data"},
};

/// atfc check FILE: diagnostics on stderr, a summary on stdout when there
/// is no error; exit status 1 on any error.
int runCheck(const std::string &File) {
  auto Buffer = llvm::MemoryBuffer::getFile(File, /*IsText=*/true);
  if (!Buffer) {
    llvm::errs() << "atfc: error: cannot read '" << File << "': " << Buffer.getError().message()
                 << '\n';
    return 1;
  }
  atfc::FrontendResult Result = atfc::runFrontend(File, (*Buffer)->getBuffer().str());
  for (const atfc::AnalysisDiagnostic &D : Result.Diagnostics)
    atfc::printDiagnostic(llvm::errs(), D, Result.Source);
  if (Result.hasErrors())
    return 1;
  atfc::printSummary(llvm::outs(), Result);
  return 0;
}

} // namespace

int main(int Argc, char **Argv) {
  CLI::App App("atfc: a directive-based, source-to-source auto-tuner.\n"
               "Annotate a source file with #atf:: directives, then run `atfc tune FILE`.",
               "atfc");
  App.set_version_flag("--version",
                       fmt::format("atfc {} (Clang/LLVM {})", ATF_VERSION, ATF_LLVM_VERSION));
  App.require_subcommand(1);
  App.allow_extras(); // arguments after `--` belong to the tuned program

  std::string File;
  CLI::App *Check = App.add_subcommand(
      "check", "Parse and analyse the directives of FILE; print diagnostics and a summary");
  Check->add_option("FILE", File, "The annotated source file")->required();
  int Status = 0;
  Check->callback([&] { Status = runCheck(File); });

  std::vector<std::string> Args;
  for (const PlannedCommand &Command : kPlannedCommands) {
    CLI::App *Sub = App.add_subcommand(Command.Name, Command.Summary);
    Sub->add_option("arguments", Args, "Arguments of the subcommand");
    Sub->callback([&Status, &Command] {
      std::fprintf(stderr, "atfc %s: not yet implemented in this version of atfc\n", Command.Name);
      Status = kNotImplemented;
    });
  }

  try {
    App.parse(Argc, Argv);
  } catch (const CLI::ParseError &E) {
    return App.exit(E);
  }
  return Status;
}
