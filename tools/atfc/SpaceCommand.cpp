//===- tools/atfc/SpaceCommand.cpp - atfc space ---------------------------===//
//
// `atfc space FILE [--json] [--list N] [--threads T] [--repetitions N]
// [--device-limit NAME=VALUE]... [-- ARGS...]`: builds FILE's tuner (or takes it from FILE.atf/)
// and runs it in space mode: the search space's size, generation time and shape.
//
//===----------------------------------------------------------------------===//
#include "CommandLine.h"
#include "Invocation/CommandLine.h"
#include "Subcommands.h"

#include "Driver/TunerPipeline.h"
#include "Driver/TunerProcess.h"
#include "Invocation/DeviceLimitOptions.h"
#include "Invocation/TunerInvocation.h"
#include "SearchSpace/SpaceGenerator.h"

#include <CLI/CLI.hpp>

#include <iostream>

namespace atfc {

int spaceMain(const SubcommandArgs &Args) {
  std::string File;
  bool Json = false;
  std::uint64_t List = 0;
  unsigned Threads = 0;
  unsigned Repetitions = 0;
  std::vector<std::string> ProgramArgs;
  CLI::App App(summaryOf("space"), "atfc space");
  App.add_option("FILE", File, "The annotated source file")->required();
  App.add_flag("--json", Json, "Print one JSON object");
  addCountOption(
      App, "--list", 0, UINT64_MAX, [&](std::uint64_t N) { List = N; },
      "Also list the first N configurations");
  addCountOption(
      App, "--threads", 0, kMaxGenerationThreads,
      [&](std::uint64_t N) { Threads = static_cast<unsigned>(N); },
      "Generation threads (0: all cores)");
  addCountOption(
      App, "--repetitions", 0, 100000,
      [&](std::uint64_t N) { Repetitions = static_cast<unsigned>(N); },
      "Generate the space N more times and report the median of their times");
  GivenDeviceLimits DeviceLimits;
  addDeviceLimitOption(App, DeviceLimits);
  App.add_option("ARGS", ProgramArgs, "The program's arguments ($1, $2, ...)");
  std::vector<std::string> AfterDashes;
  if (std::optional<int> Exit = parseSubcommandLine(App, Args, &AfterDashes))
    return *Exit;
  ProgramArgs.insert(ProgramArgs.end(), AfterDashes.begin(), AfterDashes.end());

  DiagnosticSink Diags(std::cerr);
  std::optional<std::string> Tuner = buildTunerOf(File, Diags, std::cerr);
  if (!Tuner)
    return failedBuildStatus();
  TunerOptions Invocation;
  Invocation.Mode = TunerMode::Space;
  Invocation.Threads = Threads;
  Invocation.Json = Json;
  Invocation.List = List;
  Invocation.Repetitions = Repetitions;
  Invocation.DeviceLimits = DeviceLimits;
  Invocation.Arguments = ProgramArgs;
  std::vector<std::string> TunerArgs = {*Tuner};
  for (std::string &A : tunerCommandLine(Invocation))
    TunerArgs.push_back(std::move(A));
  return runTunerProcess(*Tuner, TunerArgs, Diags);
}

} // namespace atfc
