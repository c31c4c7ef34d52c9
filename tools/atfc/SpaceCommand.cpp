//===- tools/atfc/SpaceCommand.cpp - atfc space ---------------------------===//
//
// `atfc space FILE [--json] [--list N] [--threads T] [--repetitions N]
// [--device-limit NAME=VALUE]... [-- ARGS...]`: builds FILE's tuner (or takes it from FILE.atf/)
// and runs it in space mode: the search space's size, generation time and shape.
//
//===----------------------------------------------------------------------===//
#include "CommandLine.h"
#include "Subcommands.h"

#include "Driver/TunerPipeline.h"
#include "Driver/TunerProcess.h"
#include "Invocation/TunerInvocation.h"

#include <CLI/CLI.hpp>

#include <iostream>

namespace atfc {

int spaceMain(const SubcommandArgs &Args) {
  std::string File;
  TunerOptions Invocation;
  CLI::App App(summaryOf("space"), "atfc space");
  App.add_option("FILE", File, "The annotated source file")->required();
  addTuningOptions(App, Invocation, InSpace);
  App.add_option("ARGS", Invocation.Arguments, "The program's arguments ($1, $2, ...)");
  std::vector<std::string> AfterDashes;
  if (std::optional<int> Exit = parseSubcommandLine(App, Args, &AfterDashes))
    return *Exit;
  Invocation.Arguments.insert(Invocation.Arguments.end(), AfterDashes.begin(), AfterDashes.end());

  DiagnosticSink Diags(std::cerr);
  std::optional<std::string> Tuner = buildTunerOf(File, Diags, std::cerr);
  if (!Tuner)
    return failedBuildStatus();
  Invocation.Mode = TunerMode::Space;
  std::vector<std::string> TunerArgs = {*Tuner};
  for (std::string &A : tunerCommandLine(Invocation))
    TunerArgs.push_back(std::move(A));
  return runTunerProcess(*Tuner, TunerArgs, Diags);
}

} // namespace atfc
