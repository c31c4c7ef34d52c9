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
// This is the store alone: runs (RunInfo.h) and evaluations
// (EvaluationRecord.h) in and out. The exports are ResultsExport.h's, the
// table that replay, analysis and reports read is ResultsRecorded.h's.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_RESULTS_RESULTSDATABASE_H
#define ATFC_RESULTS_RESULTSDATABASE_H

#include "Results/EvaluationRecord.h"
#include "Results/ResultKey.h"
#include "Results/RunInfo.h"
#include "Support/Error.h"

#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

struct sqlite3;

namespace atfc {

/// The schema version this code writes and reads (PRAGMA user_version).
/// Version 2: runs.objectives holds {"name", "direction"} objects (version
/// 1: names, all minimised). Version 3: runs.resumes (how often the run
/// was resumed after it stopped) and runs.warm_start (how many of its first
/// evaluations were of a warm start). Earlier versions are still read, and
/// a file opened for writing becomes version 3.
constexpr int kResultsSchemaVersion = 3;

/// The SQLite library's version ("3.40.1").
std::string sqliteVersion();

/// The current time as ISO-8601 UTC with milliseconds:
/// 2024-05-01T12:34:56.789Z.
std::string currentTimestamp();

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
    /// No file: a database in memory, gone when closed (a program's tuning
    /// that keeps no results); Path only names it in messages.
    Memory,
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

  /// Every evaluation of run RunId numbered after AfterEvaluation, in the
  /// order they were recorded (a log that grows step by step reads only
  /// its new ones).
  Expected<std::vector<EvaluationRecord>>
  evaluationsOfRun(std::int64_t RunId,
                   std::int64_t AfterEvaluation = std::numeric_limits<std::int64_t>::min());
  /// The same, handed to Each one at a time as they are read (constant
  /// memory: `atfc results --json` of 2 million rows once held them all,
  /// 5.2 GB); the first error of a read or of Each ends it.
  Expected<void>
  forEachEvaluationOfRun(std::int64_t RunId,
                         const std::function<Expected<void>(EvaluationRecord &&)> &Each);

  /// What is known under Key: per configuration (its values: runs of one
  /// key with --fix number their sub-spaces on their own) its latest
  /// evaluation, over all runs of Key, ordered by when they were recorded.
  Expected<std::vector<EvaluationRecord>> evaluationsOfKey(std::string_view Key);

  /// The latest evaluation of configuration ConfigIndex under Key; nullopt
  /// when it was never evaluated.
  Expected<std::optional<EvaluationRecord>> findEvaluation(std::string_view Key,
                                                           std::string_view ConfigIndex);

private:
  struct Statements;
  ResultsDatabase(sqlite3 *Db, std::string Path);
  /// Prepares the statements for a file of schema Version.
  Expected<void> prepareStatements(int Version);
  std::string error(std::string_view What) const;

  sqlite3 *Db = nullptr;
  std::string Path;
  /// Prepared statements, kept for the database's lifetime.
  std::unique_ptr<Statements> Prepared;
};

} // namespace atfc

#endif
