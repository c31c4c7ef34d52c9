//===- Results/ResultsDatabase.h - Every measurement, kept -------*- C++ -*-===//
//
// The results database: one SQLite file (e.g. FILE.atf/results.db) that holds
// every tuning run and every evaluation it made, so that
//  - a run that is killed or interrupted keeps each result it measured
//    (every evaluation is committed on its own, in WAL mode);
//  - a later run with the same key answers configurations measured before
//    instead of measuring them again (--resume, repeated tuning);
//  - `atfc results` exports it and `atfc analyze` learns from it.
//
// The key says what results may be reused: resultKey() hashes what the
// runtime knows determines a measurement (the blanked source, the generated
// tuner, the inputs, the toolchain, the device). Results are reused only
// under the same key.
//
// The schema is versioned with PRAGMA user_version and documented in
// docs/results.md, so that users can query the file with sqlite3. Nothing
// here throws: every operation returns its value or the reason it failed.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_RESULTS_RESULTSDATABASE_H
#define ATFC_RESULTS_RESULTSDATABASE_H

#include "Backends/Measurement.h"
#include "Results/RecordedData.h"
#include "Results/ResultKey.h"
#include "SearchSpace/Value.h"
#include "Support/Cost.h"
#include "Support/Error.h"

#include <nlohmann/json_fwd.hpp>

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iosfwd>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

struct sqlite3;

namespace atfc {

/// The schema version this code writes and reads (PRAGMA user_version).
/// Version 2: runs.objectives holds {"name", "direction"} objects (version
/// 1: names, all minimised; still read, and a version 1 file opened for
/// writing becomes version 2).
constexpr int kResultsSchemaVersion = 2;

/// The SQLite library's version ("3.40.1").
std::string sqliteVersion();

/// The current time as ISO-8601 UTC with milliseconds:
/// 2024-05-01T12:34:56.789Z.
std::string currentTimestamp();

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
};

/// One evaluation: a configuration and what measuring it gave.
struct EvaluationRecord {
  /// Its id in the database; set when read.
  std::int64_t Id = 0;
  /// Its run; set when read.
  std::int64_t RunId = 0;
  /// Its run's key; set when read.
  std::string Key;
  /// The configuration's exact index in the search space, decimal (may
  /// exceed 2^64).
  std::string ConfigIndex;
  /// Every parameter's value, in generation order.
  ParameterValues Configuration;
  /// What measuring it gave: validity, costs, failure, reason, log, compile
  /// and run seconds.
  Measurement Result;
  /// Seconds the tuner spent on it besides compiling and running (search,
  /// bookkeeping).
  double OverheadSeconds = 0;
  /// Whether it was answered from earlier results instead of measured.
  bool Reused = false;
  /// Its number in its run, from 1.
  std::int64_t Evaluation = 0;
  /// When it was recorded (ISO-8601 UTC); addEvaluation fills it in when
  /// empty.
  std::string Timestamp;
};

/// The index of the best valid evaluation (lexicographically best costs,
/// each in its objective's direction; the first of equals), or nullopt
/// when none is valid.
std::optional<std::size_t> bestEvaluation(const std::vector<EvaluationRecord> &Evaluations,
                                          const ObjectiveList &Objectives);

/// An open results database. Not thread-safe: one thread uses it at a time.
/// Several processes may use one file (readers while a run writes).
class ResultsDatabase {
public:
  /// How to open a database.
  enum class Mode {
    /// Create the file and schema when missing; read and write.
    Create,
    /// The file must exist and be a results database; only read.
    ReadOnly,
  };

  /// Opens the database at Path.
  static Expected<std::unique_ptr<ResultsDatabase>> open(const std::string &Path,
                                                         Mode OpenMode = Mode::Create);

  ~ResultsDatabase();
  ResultsDatabase(const ResultsDatabase &) = delete;
  ResultsDatabase &operator=(const ResultsDatabase &) = delete;

  /// The file's path.
  const std::string &path() const { return Path; }

  /// Records a new run from Run (Id is ignored; an empty Started becomes
  /// now; Finished and ElapsedSeconds are taken as given) and returns its id.
  Expected<std::int64_t> beginRun(const RunInfo &Run);

  /// Ends run RunId with Status (Finished = now, or empty for Running) and
  /// its total ElapsedSeconds.
  Expected<void> finishRun(std::int64_t RunId, RunStatus Status, double ElapsedSeconds);

  /// Marks run RunId running again (Finished emptied), to continue it.
  Expected<void> reopenRun(std::int64_t RunId);

  /// Records one evaluation of run RunId under the run's key, committed at
  /// once (E's Id, RunId and Key are ignored); returns its id. Reason and
  /// Log are kept byte for byte; in string values, bytes that are not UTF-8
  /// become U+FFFD (JSON holds only UTF-8).
  Expected<std::int64_t> addEvaluation(std::int64_t RunId, const EvaluationRecord &E);

  /// Run RunId; nullopt when there is none.
  Expected<std::optional<RunInfo>> run(std::int64_t RunId);

  /// Run RunId, which must exist: the error "PATH: there is no run N" when
  /// it does not (a run a user or a resume names).
  Expected<RunInfo> existingRun(std::int64_t RunId);

  /// Every run, oldest first.
  Expected<std::vector<RunInfo>> runs();

  /// The latest run of Key, whatever its status; nullopt when none.
  Expected<std::optional<RunInfo>> lastRun(std::string_view Key);

  /// The latest run of Key that is running (killed) or interrupted: the run
  /// --resume continues; nullopt when none.
  Expected<std::optional<RunInfo>> resumableRun(std::string_view Key);

  /// Every evaluation of run RunId, in the order they were recorded.
  Expected<std::vector<EvaluationRecord>> evaluationsOfRun(std::int64_t RunId);

  /// What is known under Key: per configuration (its values: runs of one
  /// key with --fix number their sub-spaces on their own) its latest
  /// evaluation, over all runs of Key, ordered by when they were recorded.
  Expected<std::vector<EvaluationRecord>> evaluationsOfKey(std::string_view Key);

  /// The latest evaluation of configuration ConfigIndex under Key; nullopt
  /// when it was never evaluated.
  Expected<std::optional<EvaluationRecord>> findEvaluation(std::string_view Key,
                                                           std::string_view ConfigIndex);

  /// Run RunId's evaluations as a table of recorded data for `atfc analyze`
  /// and replay: each configuration once, its latest result.
  Expected<RecordedData> recordedDataOfRun(std::int64_t RunId);

  /// Everything known under Key as recorded data (parameters of its latest
  /// run); empty entries when nothing is.
  Expected<RecordedData> recordedDataOfKey(std::string_view Key);

  /// Writes one CSV row per evaluation (of run RunId, or of every run when
  /// nullopt): run, evaluation, config_index, one column per parameter,
  /// valid, one column per cost, failure, reason, compile_seconds,
  /// run_seconds, overhead_seconds, reused, timestamp. RFC 4180 quoting.
  Expected<void> writeCsv(std::ostream &OS, std::optional<std::int64_t> RunId = std::nullopt);

  /// {"schema_version": N, "runs": [...], "evaluations": [...]} (of run
  /// RunId, or of every run when nullopt). A log or reason may hold bytes
  /// that are not UTF-8: dump it with error_handler_t::replace.
  Expected<nlohmann::ordered_json> toJson(std::optional<std::int64_t> RunId = std::nullopt);

private:
  struct Statements;
  ResultsDatabase(sqlite3 *Db, std::string Path);
  Expected<void> prepareStatements();
  std::string error(std::string_view What) const;

  sqlite3 *Db = nullptr;
  std::string Path;
  /// Prepared statements, kept for the database's lifetime.
  std::unique_ptr<Statements> Prepared;
};

/// Run's Evaluations as one table, every evaluation in the order recorded:
/// values in the order stored, objectives as Run names them (none for
/// anonymous costs). What a page of the run shows.
RecordedData evaluationTable(const RunInfo &Run, const std::vector<EvaluationRecord> &Evaluations);

/// The recorded data of the results database at Path, read-only: run RunId's
/// evaluations, or the latest run's when RunId is 0. For `atfc analyze`.
Expected<RecordedData> readResultsDatabase(const std::string &Path, std::int64_t RunId = 0);

} // namespace atfc

#endif
