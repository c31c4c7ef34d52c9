//===- tools/atfc/atfc.cpp - The atfc command line ------------------------===//
//
// The command-line driver: parses options with CLI11 and hands each
// subcommand to the libraries. Subcommands whose issue has not landed yet
// say so and fail; none pretends to work.
//
//===----------------------------------------------------------------------===//
#include "AnalyzeCommand.h"
#include "Directives/Frontend.h"
#include "Directives/TunerBuild.h"
#include "Directives/TunerEmitter.h"
#include "ResultsCommand.h"

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <optional>
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
    {"tune", "Tune FILE: generate, build and run its tuner; write the best configuration"},
    {"replay", "Replay tuning runs on recorded performance data"},
};

/// Reads File and runs the frontend on it, printing its diagnostics;
/// nullopt when the file cannot be read or has errors.
std::optional<atfc::FrontendResult> analyze(const std::string &File) {
  auto Buffer = llvm::MemoryBuffer::getFile(File, /*IsText=*/true);
  if (!Buffer) {
    llvm::errs() << "atfc: error: cannot read '" << File << "': " << Buffer.getError().message()
                 << '\n';
    return std::nullopt;
  }
  atfc::FrontendResult Result = atfc::runFrontend(File, (*Buffer)->getBuffer().str());
  for (const atfc::AnalysisDiagnostic &D : Result.Diagnostics)
    atfc::printDiagnostic(llvm::errs(), D, Result.Source);
  if (Result.hasErrors())
    return std::nullopt;
  return Result;
}

/// atfc check FILE: diagnostics on stderr, a summary on stdout when there
/// is no error; exit status 1 on any error.
int runCheck(const std::string &File) {
  std::optional<atfc::FrontendResult> Result = analyze(File);
  if (!Result)
    return 1;
  atfc::printSummary(llvm::outs(), *Result);
  return 0;
}

/// The tuner program of File, printing every diagnostic on the way; nullopt
/// when there is none.
std::optional<std::string> emit(const std::string &File) {
  std::optional<atfc::FrontendResult> Result = analyze(File);
  if (!Result)
    return std::nullopt;
  atfc::EmittedTuner Tuner = atfc::emitTuner(*Result);
  for (const atfc::AnalysisDiagnostic &D : Tuner.Errors)
    atfc::printDiagnostic(llvm::errs(), D, Result->Source);
  if (!Tuner.Errors.empty())
    return std::nullopt;
  return std::move(Tuner.Source);
}

/// atfc emit FILE [-o OUT]: the tuner program, on stdout or into OUT.
int runEmit(const std::string &File, const std::string &Out) {
  std::optional<std::string> Tuner = emit(File);
  if (!Tuner)
    return 1;
  if (Out.empty() || Out == "-") {
    llvm::outs() << *Tuner;
    return 0;
  }
  std::error_code Error;
  llvm::raw_fd_ostream OS(Out, Error);
  if (!Error)
    OS << *Tuner;
  OS.close();
  if (Error || OS.has_error()) {
    llvm::errs() << "atfc: error: cannot write '" << Out
                 << "': " << (Error ? Error : OS.error()).message() << '\n';
    return 1;
  }
  return 0;
}

/// Options of `atfc space`, passed on to the tuner.
struct SpaceOptions {
  bool Json = false;
  int List = -1;
  int Threads = 0;
  std::vector<std::string> ProgramArgs;
};

/// atfc space FILE [--json] [--list N] [--threads T] [-- ARGS...]: builds the
/// tuner (or takes it from FILE.atf/) and runs it in space mode.
int runSpace(const std::string &File, const SpaceOptions &Options) {
  std::optional<std::string> Tuner = emit(File);
  if (!Tuner)
    return 1;
  atfc::TunerBuild Build = atfc::buildTuner(*Tuner, File + ".atf");
  if (!Build.Succeeded) {
    llvm::errs() << "atfc: error: the tuner of '" << File << "' did not compile:\n" << Build.Log;
    return 1;
  }
  std::vector<std::string> Args = {Build.Binary, "--space", "--threads",
                                   std::to_string(Options.Threads)};
  if (Options.Json)
    Args.push_back("--json");
  if (Options.List >= 0) {
    Args.push_back("--list");
    Args.push_back(std::to_string(Options.List));
  }
  Args.push_back("--");
  Args.insert(Args.end(), Options.ProgramArgs.begin(), Options.ProgramArgs.end());
  std::vector<llvm::StringRef> Refs(Args.begin(), Args.end());
  std::string Error;
  const int Status = llvm::sys::ExecuteAndWait(Build.Binary, Refs, llvm::None, {}, 0, 0, &Error);
  if (Status < 0) {
    llvm::errs() << "atfc: error: the tuner of '" << File << "' failed: " << Error << '\n';
    return 1;
  }
  return Status;
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

  std::string Out;
  CLI::App *Emit = App.add_subcommand("emit", "Print the generated tuner program for FILE");
  Emit->add_option("FILE", File, "The annotated source file")->required();
  Emit->add_option("-o,--output", Out, "Write the program to this file instead of stdout");
  Emit->callback([&] { Status = runEmit(File, Out); });

  SpaceOptions Space;
  CLI::App *SpaceCommand = App.add_subcommand(
      "space", "Generate the search space of FILE and report its size and statistics");
  SpaceCommand->add_option("FILE", File, "The annotated source file")->required();
  SpaceCommand->add_flag("--json", Space.Json, "Print one JSON object");
  SpaceCommand->add_option("--list", Space.List, "Also list the first N configurations");
  SpaceCommand->add_option("--threads", Space.Threads, "Generation threads (0: all cores)");
  SpaceCommand->add_option("ARGS", Space.ProgramArgs, "The program's arguments ($1, $2, ...)");

  atfc::AnalyzeOptions Analyze;
  atfc::addAnalyzeCommand(App, Analyze, Status);

  atfc::ResultsOptions Results;
  atfc::addResultsCommand(App, Results, Status);

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
  if (SpaceCommand->parsed()) {
    // Arguments after `--` belong to the tuned program.
    std::vector<std::string> Rest = App.remaining();
    Space.ProgramArgs.insert(Space.ProgramArgs.end(), Rest.begin(), Rest.end());
    return runSpace(File, Space);
  }
  return Status;
}
