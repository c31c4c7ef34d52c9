//===- Results/RunInfo.h - One tuning run, as recorded ----------*- C++ -*-===//
//
// What the results database keeps of a tuning run besides its evaluations:
// what was tuned (file, key, parameters, objectives, space), how (technique,
// abort condition, seed, arguments), where (device, toolchain), and how far
// it got (its status, when it started and ended). A record, not a store:
// ResultsDatabase.h reads and writes it, the exports and the report show it.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_RESULTS_RUNINFO_H
#define ATFC_RESULTS_RUNINFO_H

#include "SearchSpace/Value.h"
#include "Support/Cost.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace atfc {

/// The state of a tuning run.
enum class RunStatus {
  /// Started and not finished: still running, or killed without a word.
  Running,
  /// Ended by its abort condition or by exhausting the space.
  Finished,
  /// Stopped by the user (Ctrl-C, SIGTERM); resumable.
  Interrupted,
  /// Ended by an error of the tuner itself (not of a configuration).
  Failed,
};

/// The status as stored: "running", "finished", "interrupted", "failed".
const char *runStatusName(RunStatus Status);

/// The status stored as Name; nullopt for an unknown name.
std::optional<RunStatus> parseRunStatus(std::string_view Name);

/// One tuning run: what was tuned, how, where.
struct RunInfo {
  /// The run's id in the database; set by beginRun and when read.
  std::int64_t Id = 0;
  /// What results may be reused (resultKey()).
  std::string Key;
  /// The tuned source file, as the user named it.
  std::string File;
  /// When the run started (ISO-8601 UTC); beginRun fills it in when empty.
  std::string Started;
  /// When it ended; empty while running or when killed.
  std::string Finished;
  RunStatus Status = RunStatus::Running;
  /// The search technique, as the user wrote it ("auto", "annealing").
  std::string Technique;
  /// The abort condition, as the user wrote it ("evaluations(100)").
  std::string AbortCondition;
  /// The random seed the search used.
  std::uint64_t Seed = 0;
  /// The tuned program's arguments ($1, $2, ...).
  std::vector<std::string> Arguments;
  /// Seconds the run has taken; set by finishRun.
  double ElapsedSeconds = 0;
  /// The tuning parameters' names, in generation order.
  std::vector<std::string> Parameters;
  /// Their kinds, one per parameter, so that values read back have the type
  /// they were written with (JSON alone cannot tell int 3 from uint 3).
  std::vector<ValueKind> ParameterKinds;
  /// The costs' names and directions, most significant first; empty for
  /// anonymous minimised costs ("cost", "cost1", ...).
  ObjectiveList Objectives;
  /// |SP|, the search space's size, as exact decimal text.
  std::string SpaceSize;
  /// The device measured on ("pocl: cpu-haswell", "host").
  std::string Device;
  /// The compilers and libraries involved, for the record.
  std::string Toolchain;
  /// How often the run was resumed (--resume) after it stopped.
  std::uint64_t Resumes = 0;
  /// How many configurations of earlier data (--prior, --inputs) it
  /// measured first: its evaluations 1 to WarmStart are the warm start.
  std::uint64_t WarmStart = 0;
};

/// The run's status for people: its name, and how often it was resumed
/// after it stopped (`finished, resumed once after it stopped`), so that an
/// interrupted and resumed run is not shown as one that ran through.
std::string runStatusText(const RunInfo &Run);

} // namespace atfc

#endif
