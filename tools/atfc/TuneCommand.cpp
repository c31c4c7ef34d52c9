//===- tools/atfc/TuneCommand.cpp - atfc tune -----------------------------===//
//
// `atfc tune FILE [options] [-- ARGS...]`: the options of a tuning run;
// the run itself, from the file to the tuner's exit status, is
// Driver/TuneFile.h.
//
//===----------------------------------------------------------------------===//
#include "CommandLine.h"
#include "Invocation/CommandLine.h"
#include "Invocation/TunerCommandLine.h"
#include "Subcommands.h"

#include "Driver/TuneFile.h"
#include "Invocation/DeviceLimitOptions.h"
#include "SearchSpace/SpaceGenerator.h"

#include <CLI/CLI.hpp>

#include "llvm/Support/raw_ostream.h"

#include <iostream>

namespace atfc {

int tuneMain(const SubcommandArgs &Args) {
  TuneOptions Tune;
  CLI::App App(summaryOf("tune"), "atfc tune");
  App.add_option("FILE", Tune.File, "The annotated source file")->required();
  App.add_option("-o,--output", Tune.OutputDirectory,
                 "Directory for results and outputs (default: FILE.atf)");
  App.add_option("--technique", Tune.Technique,
                 "Search technique instead of the file's, e.g. 'random'");
  App.add_option("--abort-condition", Tune.AbortCondition,
                 "Abort condition instead of the file's, e.g. 'evaluations(50)'");
  addCountOption(
      App, "--seed", 0, UINT64_MAX, [&](std::uint64_t N) { Tune.Seed = N; },
      "Seed instead of the file's");
  // One value per --fix, so that `--fix A=1 FILE` leaves FILE alone.
  App.add_option("--fix", Tune.Fixed, "Restrict parameter NAME to VALUE (NAME=VALUE); repeatable")
      ->allow_extra_args(false);
  App.add_flag("--resume", Tune.Resume, "Continue the last interrupted run");
  App.add_flag("--fresh", Tune.Fresh,
               "Measure every configuration again, reusing no earlier result");
  addCountOption(
      App, "--compile-ahead", 0, kMaxCompileAhead,
      [&](std::uint64_t N) { Tune.CompileAhead = static_cast<unsigned>(N); },
      "Compile up to N configurations ahead, beside the one measured (0: off; default: 2 "
      "compile scripts; kernels: one per free core on a GPU, none on a CPU device)");
  App.add_flag("--wait", Tune.Wait, "Wait for another run into the output directory to end");
  App.add_flag("--verbose", Tune.Verbose, "A line per evaluation");
  addCountOption(
      App, "--threads", 0, kMaxGenerationThreads,
      [&](std::uint64_t N) { Tune.Threads = static_cast<unsigned>(N); },
      "Generation threads (0: all cores)");
  App.add_option("--prior", Tune.Priors,
                 "Start with the best configurations of earlier data: a results database, a "
                 "Kernel Tuner cache, a T4 file or KTT output; repeatable")
      ->allow_extra_args(false);
  App.add_option("--inputs", Tune.InputSets,
                 "One set of the program's arguments, as one shell-quoted string; repeatable: "
                 "one run per set, each warm-started from those before")
      ->allow_extra_args(false);
  App.add_option("--prefix", Tune.Prefix,
                 "The selection header's names (default: the file's stem)");
  App.add_option("--ranks", Tune.Ranks,
                 "Measure on N MPI ranks, started with mpiexec (docs/scale-out.md)");
  App.add_option("--devices", Tune.Devices,
                 "With ranks: each rank's device, by node-local rank (0,1,2,3)");
  // atfc space's option, known here only to be refused in words: tuning
  // reads the device's own limits (hidden from --help).
  GivenDeviceLimits SpaceLimits;
  addDeviceLimitOption(App, SpaceLimits);
  App.get_option("--device-limit")->group("");
  App.add_option("ARGS", Tune.ProgramArgs, "The program's arguments ($1, $2, ...)");
  std::vector<std::string> AfterDashes;
  if (std::optional<int> Exit = parseSubcommandLine(App, Args, &AfterDashes))
    return *Exit;
  if (!SpaceLimits.empty()) {
    DiagnosticSink(std::cerr).error("--device-limit is for atfc space, which plans without the "
                                    "device; atfc tune reads the device's own limits");
    return 2;
  }
  Tune.ProgramArgs.insert(Tune.ProgramArgs.end(), AfterDashes.begin(), AfterDashes.end());
  Tune.CommandLine = {"tune"};
  Tune.CommandLine.insert(Tune.CommandLine.end(), Args.begin(), Args.end());
  DiagnosticSink Diags(std::cerr);
  return tuneFile(Tune, Diags, std::cerr, standardOutput());
}

} // namespace atfc
