//===- tools/atfc/TuneCommand.cpp - atfc tune -----------------------------===//
//
// `atfc tune FILE [options] [-- ARGS...]`: the options of a tuning run,
// those that go to the tuner declared once in Invocation/TunerOptions.def
// and atfc's own here; the run itself, from the file to the tuner's exit
// status, is Driver/TuneFile.h.
//
//===----------------------------------------------------------------------===//
#include "CommandLine.h"
#include "Subcommands.h"

#include "Driver/TuneFile.h"
#include "Invocation/TunerCommandLine.h"

#include <CLI/CLI.hpp>

#include "llvm/Support/raw_ostream.h"

#include <iostream>

namespace atfc {

int tuneMain(const SubcommandArgs &Args) {
  TuneOptions Tune;
  CLI::App App(summaryOf("tune"), "atfc tune");
  App.add_option("FILE", Tune.File, "The annotated source file")->required();
  addTuningOptions(App, Tune.Tuner, InTune);
  App.add_flag("--wait", Tune.Wait, "Wait for another run into the output directory to end");
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
  App.add_option("ARGS", Tune.Tuner.Arguments, "The program's arguments ($1, $2, ...)");
  std::vector<std::string> AfterDashes;
  if (std::optional<int> Exit = parseSubcommandLine(App, Args, &AfterDashes))
    return *Exit;
  // atfc space's option, known here only to be refused in words.
  if (!Tune.Tuner.DeviceLimits.empty()) {
    DiagnosticSink(std::cerr).error("--device-limit is for atfc space, which plans without the "
                                    "device; atfc tune reads the device's own limits");
    return 2;
  }
  Tune.Tuner.Arguments.insert(Tune.Tuner.Arguments.end(), AfterDashes.begin(), AfterDashes.end());
  Tune.CommandLine = {"tune"};
  Tune.CommandLine.insert(Tune.CommandLine.end(), Args.begin(), Args.end());
  DiagnosticSink Diags(std::cerr);
  return tuneFile(Tune, Diags, std::cerr, standardOutput());
}

} // namespace atfc
