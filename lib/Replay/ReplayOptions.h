//===- Replay/ReplayOptions.h - The options of a replay ---------*- C++ -*-===//
//
// What `atfc replay DATA ...` and a generated tuner's `--replay ...` are
// asked to do: the data, the techniques, the budget, the runs and how to
// report. Both parse the same arguments here, with the options declared
// once (addReplayOptions), so a tuner accepts exactly what atfc passes it
// (replayArguments).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_REPLAY_REPLAYOPTIONS_H
#define ATFC_REPLAY_REPLAYOPTIONS_H

#include "Support/Error.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace atfc {

/// The most runs per technique a replay makes (each is held in memory).
inline constexpr std::uint64_t kMaxReplayRuns = 100000;
/// The most evaluations per run a replay makes.
inline constexpr std::uint64_t kMaxReplayEvaluations = 1000000000;

/// What to replay and how to report it.
struct ReplayOptions {
  /// The recorded data: a Kernel Tuner cache or T4 results file (DATA).
  std::string DataPath;
  /// A directive file whose space is searched instead of the data's
  /// (--space FILE; atfc only: a tuner has its own space).
  std::string SpaceFile;
  /// The techniques to compare, as search_technique texts (--technique T,
  /// repeatable); the default technique when none is given.
  std::vector<std::string> Techniques;
  /// Evaluations per run (--evaluations N).
  std::uint64_t Evaluations = 0;
  /// Runs per technique (--runs R).
  std::uint64_t Runs = 0;
  /// Run r (from 0) uses seed Seed + r (--seed S).
  std::uint64_t Seed = 1;
  /// Report as one JSON object (--json).
  bool Json = false;
  /// Also write the curves as an HTML page here (--report FILE).
  std::string ReportPath;
  /// Threads for the runs; 0 uses every core (--threads T).
  unsigned Threads = 0;
  /// Evaluations per round: the configurations proposed at once for
  /// parallel evaluators (--parallel P).
  std::uint64_t Parallel = 1;
  /// Data of the same kernel measured elsewhere whose best configurations
  /// start every run (--prior OTHER); empty for none.
  std::string PriorPath;
  /// The tuned program's arguments, after `--` (for a directive file's
  /// positional inputs).
  std::vector<std::string> ProgramArguments;
  /// Print the usage (--help, -h).
  bool Help = false;
};

/// Adds the options of a replay to App, each storing into Options when it
/// is read (CLI11, Invocation/CommandLine.h); the data file and the
/// program's arguments are the words no option takes.
void addReplayOptions(CLI::App &App, ReplayOptions &Options);

/// Parses `DATA [--space FILE] [--technique T]... --evaluations N --runs R
/// [--seed S] [--threads T] [--parallel P] [--prior OTHER] [--json]
/// [--report FILE] [-- ARGS...]` (without a program name); the error says
/// why the arguments give no options.
Expected<ReplayOptions> parseReplayOptions(std::span<const std::string> Args);

/// The arguments that parseReplayOptions turns back into Options, without
/// --space and the program's arguments: what atfc passes to a tuner after
/// `--replay`.
std::vector<std::string> replayArguments(const ReplayOptions &Options);

/// The usage text of the options, for --help of `atfc replay` (WithSpace:
/// mention --space FILE and the program's arguments) and of tuners.
std::string replayUsage(const std::string &Command, bool WithSpace);

} // namespace atfc

#endif
