//===- tools/atfc/atfc.cpp - The atfc command line ------------------------===//
//
// The command-line driver: parses options with CLI11 and hands each
// subcommand to the libraries. Subcommands whose issue has not landed yet
// say so and fail; none pretends to work.
//
//===----------------------------------------------------------------------===//
#include "AnalyzeCommand.h"
#include "OptionSpelling.h"
#include "ReplayCommand.h"
#include "ReportCommand.h"
#include "ResultsCommand.h"
#include "TuneCommand.h"
#include "TunerPipeline.h"
#include "WisdomCommand.h"

#include "SearchSpace/SpaceGenerator.h"
#include "Support/Diagnostic.h"
#include "runtime/TunerInvocation.h"

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

namespace {

/// atfc check FILE: diagnostics on stderr, a summary on stdout when there
/// is no error; exit status 1 on any error.
int runCheck(const std::string &File) {
  std::optional<atfc::FrontendResult> Result = atfc::analyzeFile(File);
  if (!Result)
    return 1;
  atfc::printSummary(llvm::outs(), *Result);
  return 0;
}

/// The tuner program of File, printing every diagnostic on the way; nullopt
/// when there is none.
std::optional<std::string> emit(const std::string &File) {
  std::optional<atfc::FrontendResult> Result = atfc::analyzeFile(File);
  if (!Result)
    return std::nullopt;
  return atfc::emitTunerProgram(*Result);
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
    atfc::DiagnosticSink(std::cerr).error("cannot write " + atfc::quoted(Out) + ": " +
                                          (Error ? Error : OS.error()).message());
    return 1;
  }
  return 0;
}

/// Options of `atfc space`, passed on to the tuner.
struct SpaceOptions {
  bool Json = false;
  int List = -1;
  int Threads = 0;
  int Repetitions = 0;
  std::vector<std::string> ProgramArgs;
};

/// atfc space FILE [--json] [--list N] [--threads T] [--repetitions N]
/// [-- ARGS...]: builds the
/// tuner (or takes it from FILE.atf/) and runs it in space mode.
int runSpace(const std::string &File, const SpaceOptions &Options) {
  std::optional<std::string> Tuner = atfc::buildTunerOf(File);
  if (!Tuner)
    return 1;
  atfc::TunerOptions Invocation;
  Invocation.Mode = atfc::TunerMode::Space;
  Invocation.Threads = static_cast<unsigned>(Options.Threads);
  Invocation.Json = Options.Json;
  Invocation.List = Options.List >= 0 ? static_cast<std::uint64_t>(Options.List) : 0;
  Invocation.Repetitions = static_cast<unsigned>(Options.Repetitions);
  Invocation.Arguments = Options.ProgramArgs;
  std::vector<std::string> Args = {*Tuner};
  for (std::string &A : atfc::tunerCommandLine(Invocation))
    Args.push_back(std::move(A));
  return atfc::runTunerProcess(*Tuner, Args);
}

} // namespace

int main(int Argc, char **Argv) {
  CLI::App App("atfc: a directive-based, source-to-source auto-tuner.\n"
               "Annotate a source file with #atf:: directives, then run `atfc tune FILE`.",
               "atfc");
  App.set_version_flag("--version",
                       fmt::format("atfc {} (Clang/LLVM {})", ATF_VERSION, ATF_LLVM_VERSION));
  App.require_subcommand(1);
  // Usage errors in the one format of every diagnostic (Support/Diagnostic.h);
  // subcommands added below inherit it.
  App.failure_message([](const CLI::App *, const CLI::Error &E) {
    return atfc::diagnosticLine(atfc::diagnosticAt(atfc::Severity::Error, {}, E.what()),
                                atfc::ProgramName) +
           "\n" +
           atfc::diagnosticLine(
               atfc::diagnosticAt(atfc::Severity::Note, {}, "run with --help for more information"),
               atfc::ProgramName) +
           "\n";
  });

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
  SpaceCommand->add_option("--list", Space.List, "Also list the first N configurations")
      ->check(CLI::NonNegativeNumber);
  SpaceCommand->add_option("--threads", Space.Threads, "Generation threads (0: all cores)")
      ->check(CLI::Range(0, static_cast<int>(atfc::kMaxGenerationThreads)));
  SpaceCommand
      ->add_option("--repetitions", Space.Repetitions,
                   "Generate the space N more times and report the median of their times")
      ->check(CLI::Range(0, 100000));
  SpaceCommand->add_option("ARGS", Space.ProgramArgs, "The program's arguments ($1, $2, ...)");

  CLI::App *BuildCommand = App.add_subcommand(
      "build", "Build FILE's tuner and the blanked source it measures; print the tuner's path");
  BuildCommand->add_option("FILE", File, "The annotated source file")->required();
  BuildCommand->add_option("-o,--output", Out, "Directory for the tuner (default: FILE.atf)");
  BuildCommand->callback([&] { Status = atfc::runBuildCommand(File, Out); });

  atfc::TuneOptions Tune;
  CLI::App *TuneCommand = App.add_subcommand(
      "tune", "Tune FILE: generate, build and run its tuner; write the best configuration");
  TuneCommand->add_option("FILE", Tune.File, "The annotated source file")->required();
  TuneCommand->add_option("-o,--output", Tune.OutputDirectory,
                          "Directory for results and outputs (default: FILE.atf)");
  TuneCommand->add_option("--technique", Tune.Technique,
                          "Search technique instead of the file's, e.g. 'random'");
  TuneCommand->add_option("--abort-condition", Tune.AbortCondition,
                          "Abort condition instead of the file's, e.g. 'evaluations(50)'");
  TuneCommand->add_option("--seed", Tune.Seed, "Seed instead of the file's");
  // One value per --fix, so that `--fix A=1 FILE` leaves FILE alone.
  TuneCommand
      ->add_option("--fix", Tune.Fixed, "Restrict parameter NAME to VALUE (NAME=VALUE); repeatable")
      ->allow_extra_args(false);
  TuneCommand->add_flag("--resume", Tune.Resume, "Continue the last interrupted run");
  TuneCommand->add_flag("--fresh", Tune.Fresh,
                        "Measure every configuration again, reusing no earlier result");
  TuneCommand->add_flag("--wait", Tune.Wait,
                        "Wait for another run into the output directory to end");
  TuneCommand->add_flag("--verbose", Tune.Verbose, "A line per evaluation");
  TuneCommand->add_option("--threads", Tune.Threads, "Generation threads (0: all cores)")
      ->check(CLI::Range(0, static_cast<int>(atfc::kMaxGenerationThreads)));
  TuneCommand
      ->add_option("--prior", Tune.Priors,
                   "Start with the best configurations of earlier data: a results database, a "
                   "Kernel Tuner cache or a T4 file; repeatable")
      ->allow_extra_args(false);
  TuneCommand
      ->add_option("--inputs", Tune.InputSets,
                   "One set of the program's arguments, as one shell-quoted string; repeatable: "
                   "one run per set, each warm-started from those before")
      ->allow_extra_args(false);
  TuneCommand->add_option("--prefix", Tune.Prefix,
                          "The selection header's names (default: the file's stem)");
  TuneCommand->add_option("--ranks", Tune.Ranks,
                          "Measure on N MPI ranks, started with mpiexec (docs/scale-out.md)");
  TuneCommand->add_option("--devices", Tune.Devices,
                          "With ranks: each rank's device, by node-local rank (0,1,2,3)");
  TuneCommand->add_option("ARGS", Tune.ProgramArgs, "The program's arguments ($1, $2, ...)");

  atfc::ResultsOptions Results;
  atfc::addResultsCommand(App, Results, Status);

  atfc::AnalyzeOptions Analyze;
  atfc::addAnalyzeCommand(App, Analyze, Status);

  atfc::WisdomOptions Wisdom;
  atfc::addWisdomCommand(App, Wisdom, Status);

  atfc::ReportOptions Report;
  atfc::addReportCommand(App, Report, Status);

  // atfc replay parses its own arguments (shared with a tuner's --replay).
  CLI::App *ReplayCommand =
      App.add_subcommand("replay", "Replay tuning runs on recorded performance data");
  ReplayCommand->prefix_command();
  ReplayCommand->set_help_flag();

  // Before CLI11: an unknown option of a subcommand that runs a tuner is an
  // error with a did-you-mean, never an argument of the tuned program.
  for (int I = 1; I < std::min(Argc, 2); ++I) {
    CLI::App *Sub = nullptr;
    for (CLI::App *Candidate : {SpaceCommand, TuneCommand})
      if (Candidate->get_name() == Argv[I])
        Sub = Candidate;
    if (!Sub)
      continue;
    std::vector<std::string> Known;
    for (const CLI::Option *O : Sub->get_options()) {
      for (const std::string &L : O->get_lnames())
        Known.push_back("--" + L);
      for (const std::string &S : O->get_snames())
        Known.push_back("-" + S);
    }
    const std::vector<std::string> Rest(Argv + I + 1, Argv + Argc);
    if (std::optional<std::string> Message = atfc::unknownOptionMessage(Rest, Known)) {
      atfc::DiagnosticSink(std::cerr).error(*Message);
      return 2;
    }
    break;
  }

  // The tuned program's arguments after `--` never reach CLI11: they are
  // appended to the positional ones as they are.
  std::vector<std::string> Words(Argv + 1, Argv + Argc);
  std::vector<std::string> AfterDashes;
  if (!Words.empty() && (Words.front() == "tune" || Words.front() == "space")) {
    auto Dashes = std::find(Words.begin(), Words.end(), "--");
    if (Dashes != Words.end()) {
      AfterDashes.assign(Dashes + 1, Words.end());
      Words.erase(Dashes, Words.end());
    }
  }
  std::reverse(Words.begin(), Words.end()); // CLI11 takes them last first
  try {
    App.parse(Words);
  } catch (const CLI::ParseError &E) {
    return App.exit(E);
  }
  if (SpaceCommand->parsed()) {
    Space.ProgramArgs.insert(Space.ProgramArgs.end(), AfterDashes.begin(), AfterDashes.end());
    return runSpace(File, Space);
  }
  if (TuneCommand->parsed()) {
    Tune.CommandLine.assign(Argv + 1, Argv + Argc);
    Tune.ProgramArgs.insert(Tune.ProgramArgs.end(), AfterDashes.begin(), AfterDashes.end());
    return atfc::runTuneCommand(Tune);
  }
  if (ReplayCommand->parsed())
    return atfc::runReplayCommand(ReplayCommand->remaining());
  return Status;
}
