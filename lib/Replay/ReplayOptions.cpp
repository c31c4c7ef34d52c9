//===- Replay/ReplayOptions.cpp - The options of a replay ----------------===//
#include "Replay/ReplayOptions.h"

#include "Invocation/CommandLine.h"
#include "Results/RecordedData.h"
#include "Search/TechniqueFactory.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <optional>

namespace atfc {

void addReplayOptions(CLI::App &App, ReplayOptions &O) {
  // Each callback runs when its option is read: the first wrong value is
  // the one named.
  auto Valued = [&](const char *Name, auto Set, const char *Value = "TEXT") {
    App.add_option_function<std::string>(Name, std::move(Set))
        ->type_name(Value)
        ->trigger_on_parse();
  };
  App.add_flag_callback("-h,--help", [&O] { O.Help = true; })->trigger_on_parse();
  App.add_flag_callback("--json", [&O] { O.Json = true; })->trigger_on_parse();
  Valued(
      "--space", [&O](const std::string &V) { O.SpaceFile = V; }, "FILE");
  Valued(
      "--report", [&O](const std::string &V) { O.ReportPath = V; }, "PATH");
  Valued(
      "--prior", [&O](const std::string &V) { O.PriorPath = recordedDataFile(V); }, "PATH");
  Valued("--technique", [&O](const std::string &V) {
    if (Expected<std::unique_ptr<SearchTechnique>> T = makeTechnique(V); !T)
      refuseOptionValue("--technique '" + V + "': " + T.error().message());
    O.Techniques.push_back(V);
  });
  // The counts' ranges (docs/replay.md): every run is held in memory
  // (10^9 runs aborted), and a run ends when the space is exhausted.
  Valued("--evaluations", [&O](const std::string &V) {
    O.Evaluations = countOptionValue("--evaluations", V, 1, kMaxReplayEvaluations);
  });
  Valued("--runs",
         [&O](const std::string &V) { O.Runs = countOptionValue("--runs", V, 1, kMaxReplayRuns); });
  Valued("--seed",
         [&O](const std::string &V) { O.Seed = countOptionValue("--seed", V, 0, UINT64_MAX); });
  Valued("--parallel",
         [&O](const std::string &V) { O.Parallel = countOptionValue("--parallel", V, 1, 4096); });
  Valued("--threads", [&O](const std::string &V) {
    O.Threads = static_cast<unsigned>(countOptionValue("--threads", V, 0, 4096));
  });
}

Expected<ReplayOptions> parseReplayOptions(std::span<const std::string> Args) {
  ReplayOptions O;
  CLI::App App;
  App.set_help_flag(); // --help is an option like the others: the caller prints the usage
  addReplayOptions(App, O);
  Expected<std::vector<std::string>> Rest = parseOptions(App, Args, /*ProgramArguments=*/false);
  if (!Rest)
    return Rest.takeError();
  // What no option took: the data file, then `--` and the program's
  // arguments. Here a negative number is no data but a wrong option.
  const auto Dashes = std::find(Rest->begin(), Rest->end(), "--");
  if (Dashes != Rest->end())
    O.ProgramArguments.assign(Dashes + 1, Rest->end());
  const std::span<const std::string> Data(Rest->begin(), Dashes);
  if (auto Option = std::find_if(Data.begin(), Data.end(),
                                 [](const std::string &W) { return W.size() > 1 && W[0] == '-'; });
      Option != Data.end())
    return Error("unknown option '" + *Option + "'");
  if (Data.size() > 1)
    return Error("unexpected argument '" + Data[1] + "' (the data file is '" + Data[0] +
                 "'; the program's arguments go after `--`)");
  if (!Data.empty())
    O.DataPath = recordedDataFile(Data[0]);
  if (O.Help)
    return O;
  if (O.DataPath.empty())
    return Error("no data file given (a Kernel Tuner cache, T4 results file or KTT output)");
  if (O.Evaluations == 0)
    return Error("--evaluations N is required");
  if (O.Runs == 0)
    return Error("--runs R is required");
  if (O.Techniques.empty())
    O.Techniques.emplace_back(defaultTechniqueText());
  return O;
}

std::vector<std::string> replayArguments(const ReplayOptions &Options) {
  std::vector<std::string> Args = {Options.DataPath};
  for (const std::string &T : Options.Techniques) {
    Args.push_back("--technique");
    Args.push_back(T);
  }
  for (auto [Name, V] :
       {std::pair<const char *, std::uint64_t>{"--evaluations", Options.Evaluations},
        {"--runs", Options.Runs},
        {"--seed", Options.Seed},
        {"--threads", Options.Threads},
        {"--parallel", Options.Parallel}}) {
    Args.push_back(Name);
    Args.push_back(std::to_string(V));
  }
  if (!Options.PriorPath.empty()) {
    Args.push_back("--prior");
    Args.push_back(Options.PriorPath);
  }
  if (Options.Json)
    Args.push_back("--json");
  if (!Options.ReportPath.empty()) {
    Args.push_back("--report");
    Args.push_back(Options.ReportPath);
  }
  return Args;
}

std::string replayUsage(const std::string &Command, bool WithSpace) {
  return fmt::format(
      "Usage: {} DATA{} [--technique T]... --evaluations N --runs R\n"
      "       [--seed S] [--threads T] [--parallel P] [--prior OTHER] [--json]\n"
      "       [--report FILE]{}\n"
      "Replays R tuning runs of N evaluations per technique on recorded data (a\n"
      "Kernel Tuner cache, T4 results file or KTT output, plain or gzip) and\n"
      "reports the best cost found relative to the data's optimum after a few\n"
      "budgets, the evaluations needed to come within 5 % and 10 % of the\n"
      "optimum, and the performance score (0: random search, 1: the optimum at\n"
      "once).\n"
      "  --technique T    a search technique, as in search_technique (repeatable;\n"
      "                   default {}); the techniques and their numbers are\n"
      "                   listed below\n"
      "  --evaluations N  distinct configurations evaluated per run (1 to 10^9)\n"
      "  --runs R         independent runs per technique; run r has seed S + r\n"
      "                   (1 to 100000)\n"
      "  --seed S         the first run's seed (default 1; 0 to 2^64-1)\n"
      "  --threads T      threads for the runs (default 0: every core; at most 4096)\n"
      "  --parallel P     P evaluations per round (batches); reports rounds too\n"
      "                   (1 to 4096)\n"
      "  --prior OTHER    start every run with the best configurations of OTHER\n"
      "                   (the same kernel measured on another GPU or input)\n"
      "  --json           print one JSON object\n"
      "  --report FILE    also write the curves as a self-contained HTML page\n"
      "{}\n"
      "Techniques (numbers: their defaults; a number's meaning and admitted\n"
      "values below it):\n"
      "{}",
      Command, WithSpace ? " [--space FILE]" : "", WithSpace ? " [-- ARGS...]" : "",
      defaultTechniqueText(),
      WithSpace ? "  --space FILE     search the space of this directive file (its tuner is\n"
                  "                   built and run in replay mode) instead of the space of\n"
                  "                   the configurations in the data; ARGS are its inputs\n"
                : "",
      techniqueHelp());
}

} // namespace atfc
