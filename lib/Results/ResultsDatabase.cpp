//===- Results/ResultsDatabase.cpp - Every measurement, kept --------------===//
//
// The SQLite side of the results database: schema creation, prepared
// statements kept open for the database's lifetime (an evaluation costs one
// bind-step-reset, well under a millisecond), and conversion of rows to runs
// and evaluations. The key is ResultKey.cpp's, the CSV and JSON exports
// ResultsExport.cpp's, the JSON of values ValueJson.cpp's.
//
// Durability: WAL mode with synchronous=NORMAL. Every evaluation is its own
// transaction, so a process that is killed (SIGKILL, crash) loses nothing it
// recorded; only a power loss may lose the last commits, which is the price
// of not waiting for the disk once per evaluation.
//
//===----------------------------------------------------------------------===//
#include "Results/ResultsDatabase.h"
#include "Support/NumberText.h"
#include "System/OutputDirectory.h"

#include "Results/RunObjectives.h"
#include "Results/ValueJson.h"
#include "System/RegularFiles.h"

#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <limits>
#include <map>
#include <ostream>
#include <set>
#include <sys/stat.h>

namespace atfc {

namespace {

using Json = nlohmann::ordered_json;

/// ParameterKinds per run id.
using KindsByRun = std::map<std::int64_t, ParameterKinds>;

/// The schema of version kResultsSchemaVersion (documented in
/// docs/results.md; change both together, and bump the version).
constexpr const char *kSchema = R"sql(
CREATE TABLE runs(
  id INTEGER PRIMARY KEY,
  key TEXT NOT NULL,
  file TEXT NOT NULL,
  started TEXT NOT NULL,
  finished TEXT,
  status TEXT NOT NULL
    CHECK (status IN ('running', 'finished', 'interrupted', 'failed')),
  technique TEXT NOT NULL,
  abort_condition TEXT NOT NULL,
  seed TEXT NOT NULL,
  arguments TEXT NOT NULL,
  elapsed_seconds REAL NOT NULL,
  parameters TEXT NOT NULL,
  parameter_kinds TEXT NOT NULL,
  objectives TEXT NOT NULL,
  space_size TEXT NOT NULL,
  device TEXT NOT NULL,
  toolchain TEXT NOT NULL,
  resumes INTEGER NOT NULL DEFAULT 0,
  warm_start INTEGER NOT NULL DEFAULT 0);
CREATE INDEX runs_by_key ON runs(key, id);
CREATE TABLE evaluations(
  id INTEGER PRIMARY KEY,
  run_id INTEGER NOT NULL REFERENCES runs(id),
  key TEXT NOT NULL,
  config_index TEXT NOT NULL,
  configuration TEXT NOT NULL,
  valid INTEGER NOT NULL,
  costs TEXT NOT NULL,
  failure TEXT NOT NULL,
  reason TEXT NOT NULL,
  log TEXT NOT NULL,
  compile_seconds REAL NOT NULL,
  run_seconds REAL NOT NULL,
  overhead_seconds REAL NOT NULL,
  reused INTEGER NOT NULL,
  evaluation INTEGER NOT NULL,
  timestamp TEXT NOT NULL);
CREATE INDEX evaluations_by_key ON evaluations(key, config_index);
CREATE INDEX evaluations_by_run ON evaluations(run_id);
)sql";

constexpr const char *kRunColumns =
    "id, key, file, started, finished, status, technique, abort_condition, seed, arguments, "
    "elapsed_seconds, parameters, parameter_kinds, objectives, space_size, device, toolchain";

constexpr const char *kEvaluationColumns =
    "id, run_id, key, config_index, configuration, valid, costs, failure, reason, log, "
    "compile_seconds, run_seconds, overhead_seconds, reused, evaluation, timestamp";

/// One use of a prepared statement: bindings in, rows out, and reset when
/// done so that the statement is ready for the next use.
class StatementUse {
public:
  explicit StatementUse(sqlite3_stmt *S) : S(S) {}
  ~StatementUse() {
    sqlite3_reset(S);
    sqlite3_clear_bindings(S);
  }
  StatementUse(const StatementUse &) = delete;
  StatementUse &operator=(const StatementUse &) = delete;

  void bind(int I, std::int64_t V) { sqlite3_bind_int64(S, I, V); }
  void bind(int I, double V) { sqlite3_bind_double(S, I, V); }
  void bind(int I, std::string_view V) {
    sqlite3_bind_text(S, I, V.data(), static_cast<int>(V.size()), SQLITE_TRANSIENT);
  }
  void bindNull(int I) { sqlite3_bind_null(S, I); }

  /// SQLITE_ROW, SQLITE_DONE or an error code.
  int step() { return sqlite3_step(S); }

  std::int64_t integer(int I) const { return sqlite3_column_int64(S, I); }
  double real(int I) const { return sqlite3_column_double(S, I); }
  std::string text(int I) const {
    const auto *P = reinterpret_cast<const char *>(sqlite3_column_text(S, I));
    return P ? std::string(P, static_cast<std::size_t>(sqlite3_column_bytes(S, I))) : std::string();
  }

private:
  sqlite3_stmt *S;
};

FailureKind parseFailure(std::string_view Name) {
  for (FailureKind K : {FailureKind::BuildFailed, FailureKind::RunFailed, FailureKind::TimedOut,
                        FailureKind::Crashed, FailureKind::BadCost, FailureKind::WrongResult,
                        FailureKind::NotRecorded, FailureKind::CheckFailed})
    if (Name == failureName(K))
      return K;
  return FailureKind::None;
}

} // namespace

//===----------------------------------------------------------------------===//
// Free functions
//===----------------------------------------------------------------------===//

std::string sqliteVersion() { return sqlite3_libversion(); }

std::string currentTimestamp() {
  using namespace std::chrono;
  const auto Now = system_clock::now();
  const std::time_t Seconds = system_clock::to_time_t(Now);
  const auto Millis = duration_cast<milliseconds>(Now.time_since_epoch()).count() % 1000;
  std::tm Utc{};
  gmtime_r(&Seconds, &Utc);
  std::array<char, 32> Text;
  std::strftime(Text.data(), Text.size(), "%Y-%m-%dT%H:%M:%S", &Utc);
  std::array<char, 8> Fraction;
  std::snprintf(Fraction.data(), Fraction.size(), ".%03dZ", static_cast<int>(Millis));
  return std::string(Text.data()) + Fraction.data();
}

//===----------------------------------------------------------------------===//
// ResultsDatabase
//===----------------------------------------------------------------------===//

/// The statements every run uses, prepared once.
struct ResultsDatabase::Statements {
  sqlite3_stmt *InsertRun = nullptr;
  sqlite3_stmt *FinishRun = nullptr;
  sqlite3_stmt *InsertEvaluation = nullptr;
  sqlite3_stmt *SelectRun = nullptr;
  sqlite3_stmt *SelectRuns = nullptr;
  sqlite3_stmt *LastRun = nullptr;
  sqlite3_stmt *ResumableRun = nullptr;
  sqlite3_stmt *EvaluationsOfRun = nullptr;
  sqlite3_stmt *EvaluationsOfKey = nullptr;
  sqlite3_stmt *FindEvaluation = nullptr;
  /// Per run id, its parameters' kinds, to read configurations back typed.
  KindsByRun KindsOfRun;

  ~Statements() {
    for (sqlite3_stmt *S : {InsertRun, FinishRun, InsertEvaluation, SelectRun, SelectRuns, LastRun,
                            ResumableRun, EvaluationsOfRun, EvaluationsOfKey, FindEvaluation})
      sqlite3_finalize(S);
  }
};

ResultsDatabase::ResultsDatabase(sqlite3 *Db, std::string Path)
    : Db(Db), Path(std::move(Path)), Prepared(std::make_unique<Statements>()) {}

ResultsDatabase::~ResultsDatabase() {
  Prepared.reset(); // statements before the connection they belong to
  sqlite3_close_v2(Db);
}

std::string ResultsDatabase::error(std::string_view What) const {
  return Path + ": " + std::string(What) + ": " + sqlite3_errmsg(Db);
}

namespace {

/// Refuses the database, or a journal SQLite would open beside it, as a
/// link (the database and its -wal once landed outside the output
/// directory); a database atfc writes must also be the user's
/// (System/OutputDirectory.h). The path to open: the directory's real
/// one, as SQLITE_OPEN_NOFOLLOW refuses a link anywhere in the path.
Expected<std::string> checkDatabaseFiles(const std::string &Path, bool Writing) {
  for (const char *Suffix : {"", "-wal", "-shm", "-journal"}) {
    const std::string File = Path + Suffix;
    struct stat Status {};
    if (lstat(File.c_str(), &Status) != 0)
      continue;
    if (S_ISLNK(Status.st_mode))
      return Error("'" + File +
                   "' is a symbolic link: atfc follows no link to a results database; remove it");
    // SQLite writes the journals even to read.
    if (*Suffix && Status.st_uid != geteuid() && Status.st_uid != 0)
      return Error("'" + File + "' belongs to another user (uid " + std::to_string(Status.st_uid) +
                   "): remove it");
    if (Writing)
      if (Expected<bool> Own = checkOutputFile(File); !Own)
        return Own.takeError();
  }
  const std::size_t Slash = Path.find_last_of('/');
  const std::string Directory = Slash == std::string::npos ? "." : Path.substr(0, Slash + 1);
  char Resolved[PATH_MAX];
  if (!realpath(Directory.c_str(), Resolved))
    return Path;
  return std::string(Resolved) + "/" + Path.substr(Slash == std::string::npos ? 0 : Slash + 1);
}

} // namespace

Expected<std::unique_ptr<ResultsDatabase>> ResultsDatabase::open(const std::string &Path,
                                                                 Mode OpenMode) {
  Expected<std::string> Opened = OpenMode == Mode::Memory
                                     ? Expected<std::string>(std::string(":memory:"))
                                     : checkDatabaseFiles(Path, OpenMode == Mode::Create);
  if (!Opened)
    return Opened.takeError();
  const int Flags = OpenMode == Mode::ReadOnly ? SQLITE_OPEN_READONLY
                                               : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
  // SQLite's open of a FIFO blocks for ever: a database to read must be a
  // regular file (System/RegularFiles.h), which a zero-byte read checks.
  // (A missing one is left to SQLite's own message.)
  std::error_code Missing;
  if (OpenMode == Mode::ReadOnly && std::filesystem::exists(Path, Missing))
    if (Expected<std::string> Head = readRegularFileHead(Path, 0); !Head) {
      const std::string Why = Head.error().message(); // "cannot read 'PATH': why"
      return Error("cannot open '" + Path + "': " + Why.substr(Why.find("': ") + 3));
    }
  sqlite3 *Db = nullptr;
  const int Status = sqlite3_open_v2(Opened->c_str(), &Db,
                                     Flags | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW, nullptr);
  if (Status != SQLITE_OK) {
    Error Failure("cannot open '" + Path + "': " + (Db ? sqlite3_errmsg(Db) : "out of memory"));
    sqlite3_close_v2(Db);
    return Failure;
  }
  std::unique_ptr<ResultsDatabase> Database(new ResultsDatabase(Db, Path));
  auto Fail = [&](const std::string &Why) { return Error("cannot open '" + Path + "': " + Why); };
  // Another process may hold the write lock for a moment (a tuner
  // committing an evaluation): wait for it rather than fail.
  sqlite3_busy_timeout(Db, 10000);
  auto Exec = [&](const char *Sql) { return sqlite3_exec(Db, Sql, nullptr, nullptr, nullptr); };
  auto UserVersion = [&]() -> int {
    sqlite3_stmt *S = nullptr;
    int Version = -1;
    if (sqlite3_prepare_v2(Db, "PRAGMA user_version", -1, &S, nullptr) == SQLITE_OK &&
        sqlite3_step(S) == SQLITE_ROW)
      Version = sqlite3_column_int(S, 0);
    sqlite3_finalize(S);
    return Version;
  };

  if (OpenMode != Mode::ReadOnly) {
    // A database in memory outlives nothing that a journal could save: an
    // evaluation's commit without one costs a third of what it did.
    const char *Journal =
        OpenMode == Mode::Memory ? "PRAGMA journal_mode=OFF" : "PRAGMA journal_mode=WAL";
    if (Exec(Journal) != SQLITE_OK)
      return Fail(sqlite3_errmsg(Db));
    Exec("PRAGMA synchronous=NORMAL");
    // Two tuners may create the file at once: check and create under the
    // write lock.
    if (Exec("BEGIN IMMEDIATE") != SQLITE_OK)
      return Fail(sqlite3_errmsg(Db));
    const int Version = UserVersion();
    if (Version == 0) {
      sqlite3_stmt *S = nullptr;
      int Tables = -1;
      if (sqlite3_prepare_v2(Db, "SELECT count(*) FROM sqlite_schema", -1, &S, nullptr) ==
              SQLITE_OK &&
          sqlite3_step(S) == SQLITE_ROW)
        Tables = sqlite3_column_int(S, 0);
      sqlite3_finalize(S);
      if (Tables != 0) {
        Exec("ROLLBACK");
        return Fail(Tables < 0 ? std::string(sqlite3_errmsg(Db))
                               : "it is an SQLite file but not an atfc results database");
      }
      const std::string SetVersion = "PRAGMA user_version=" + std::to_string(kResultsSchemaVersion);
      if (Exec(kSchema) != SQLITE_OK || Exec(SetVersion.c_str()) != SQLITE_OK) {
        const std::string Why = sqlite3_errmsg(Db);
        Exec("ROLLBACK");
        return Fail(Why);
      }
    }
    // Version 1 differs only in what runs.objectives may hold (what this
    // atfc writes there makes it version 2), version 2 in lacking the
    // runs' resumes and warm_start, which are 0 for its runs.
    auto AddColumn = [&](const char *Name) {
      sqlite3_stmt *S = nullptr;
      const std::string Probe = std::string("SELECT ") + Name + " FROM runs LIMIT 0";
      const bool Has = sqlite3_prepare_v2(Db, Probe.c_str(), -1, &S, nullptr) == SQLITE_OK;
      sqlite3_finalize(S);
      const std::string Add =
          std::string("ALTER TABLE runs ADD COLUMN ") + Name + " INTEGER NOT NULL DEFAULT 0";
      return Has || Exec(Add.c_str()) == SQLITE_OK;
    };
    if ((Version == 1 || Version == 2) && (!AddColumn("resumes") || !AddColumn("warm_start") ||
                                           Exec("PRAGMA user_version=3") != SQLITE_OK)) {
      const std::string Why = sqlite3_errmsg(Db);
      Exec("ROLLBACK");
      return Fail(Why);
    }
    if (Exec("COMMIT") != SQLITE_OK)
      return Fail(sqlite3_errmsg(Db));
  }
  const int Version = UserVersion();
  if (Version < 0)
    return Fail(sqlite3_errmsg(Db));
  if (Version == 0)
    return Fail("it is not an atfc results database");
  if (Version > kResultsSchemaVersion)
    return Fail("it was written by a newer atfc (schema version " + std::to_string(Version) +
                ", this atfc reads " + std::to_string(kResultsSchemaVersion) + ")");
  if (Expected<void> S = Database->prepareStatements(Version); !S)
    return Fail(S.error().message());
  return Database;
}

Expected<void> ResultsDatabase::prepareStatements(int Version) {
  // A file of an earlier version is only read (opened for writing, it
  // became the current version): its runs were never resumed and started
  // without a warm start, as far as it records.
  const bool Current = Version >= 3;
  const std::string RunColumns =
      std::string(kRunColumns) + (Current ? ", resumes, warm_start" : ", 0, 0");
  const std::string EvaluationColumns = kEvaluationColumns;
  const std::pair<sqlite3_stmt **, std::string> All[] = {
      {&Prepared->InsertRun,
       "INSERT INTO runs(key, file, started, finished, status, technique, abort_condition, seed, "
       "arguments, elapsed_seconds, parameters, parameter_kinds, objectives, space_size, device, "
       "toolchain" +
           std::string(Current ? ", warm_start" : "") +
           ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16" +
           (Current ? ", ?17" : "") + ")"},
      {&Prepared->FinishRun,
       "UPDATE runs SET status = ?2, finished = ?3, elapsed_seconds = ?4 WHERE id = ?1"},
      // The key comes from the run, so that an evaluation can never be
      // filed under another run's key.
      {&Prepared->InsertEvaluation,
       "INSERT INTO evaluations(run_id, key, config_index, configuration, valid, costs, "
       "failure, reason, log, compile_seconds, run_seconds, overhead_seconds, reused, "
       "evaluation, timestamp) SELECT id, key, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, "
       "?13, ?14 FROM runs WHERE id = ?1"},
      {&Prepared->SelectRun, "SELECT " + RunColumns + " FROM runs WHERE id = ?1"},
      {&Prepared->SelectRuns, "SELECT " + RunColumns + " FROM runs ORDER BY id"},
      {&Prepared->LastRun,
       "SELECT " + RunColumns + " FROM runs WHERE key = ?1 ORDER BY id DESC LIMIT 1"},
      {&Prepared->ResumableRun, "SELECT " + RunColumns +
                                    " FROM runs WHERE key = ?1 AND status IN ('running', "
                                    "'interrupted') ORDER BY id DESC LIMIT 1"},
      {&Prepared->EvaluationsOfRun,
       "SELECT " + EvaluationColumns +
           " FROM evaluations WHERE run_id = ?1 AND evaluation > ?2 ORDER BY id"},
      {&Prepared->EvaluationsOfKey,
       "SELECT " + EvaluationColumns +
           " FROM evaluations WHERE id IN (SELECT max(id) FROM evaluations WHERE key = ?1 "
           "GROUP BY configuration) ORDER BY id"},
      {&Prepared->FindEvaluation,
       "SELECT " + EvaluationColumns +
           " FROM evaluations WHERE key = ?1 AND config_index = ?2 ORDER BY id DESC LIMIT 1"},
  };
  for (const auto &[Statement, Sql] : All)
    if (sqlite3_prepare_v3(Db, Sql.c_str(), -1, SQLITE_PREPARE_PERSISTENT, Statement, nullptr) !=
        SQLITE_OK)
      return Error(error("preparing a statement"));
  return success();
}

Expected<std::int64_t> ResultsDatabase::beginRun(const RunInfo &Run) {
  const Json Kinds = kindsJson(Run.ParameterKinds);
  StatementUse S(Prepared->InsertRun);
  S.bind(1, Run.Key);
  S.bind(2, Run.File);
  S.bind(3, Run.Started.empty() ? currentTimestamp() : Run.Started);
  if (Run.Finished.empty())
    S.bindNull(4);
  else
    S.bind(4, Run.Finished);
  S.bind(5, std::string_view(runStatusName(Run.Status)));
  S.bind(6, Run.Technique);
  S.bind(7, Run.AbortCondition);
  S.bind(8, std::to_string(Run.Seed));
  S.bind(9, jsonText(stringsJson(Run.Arguments)));
  S.bind(10, Run.ElapsedSeconds);
  S.bind(11, jsonText(stringsJson(Run.Parameters)));
  S.bind(12, jsonText(Kinds));
  S.bind(13, jsonText(objectivesJson(Run.Objectives, Run.Objectives.size())));
  S.bind(14, Run.SpaceSize);
  S.bind(15, Run.Device);
  S.bind(16, Run.Toolchain);
  S.bind(17, static_cast<std::int64_t>(Run.WarmStart));
  if (S.step() != SQLITE_DONE)
    return Error(error("cannot record the run"));
  return std::int64_t(sqlite3_last_insert_rowid(Db));
}

Expected<void> ResultsDatabase::finishRun(std::int64_t RunId, RunStatus Status,
                                          double ElapsedSeconds) {
  StatementUse S(Prepared->FinishRun);
  S.bind(1, RunId);
  S.bind(2, std::string_view(runStatusName(Status)));
  if (Status == RunStatus::Running)
    S.bindNull(3);
  else
    S.bind(3, currentTimestamp());
  S.bind(4, ElapsedSeconds);
  if (S.step() != SQLITE_DONE)
    return Error(error("cannot update run " + std::to_string(RunId)));
  if (sqlite3_changes(Db) == 0)
    return Error(Path + ": there is no run " + std::to_string(RunId));
  return success();
}

Expected<void> ResultsDatabase::reopenRun(std::int64_t RunId) {
  Expected<RunInfo> Run = existingRun(RunId);
  if (!Run)
    return Run.takeError();
  const std::string Count =
      "UPDATE runs SET resumes = resumes + 1 WHERE id = " + std::to_string(RunId);
  if (sqlite3_exec(Db, Count.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK)
    return Error(error("cannot update run " + std::to_string(RunId)));
  return finishRun(RunId, RunStatus::Running, Run->ElapsedSeconds);
}

Expected<std::int64_t> ResultsDatabase::addEvaluation(std::int64_t RunId,
                                                      const EvaluationRecord &E) {
  StatementUse S(Prepared->InsertEvaluation);
  S.bind(1, RunId);
  S.bind(2, E.ConfigIndex);
  S.bind(3, jsonText(configurationJson(E.Configuration)));
  S.bind(4, std::int64_t(E.Result.Valid));
  S.bind(5, jsonText(costsJson(E.Result.Costs)));
  S.bind(6, std::string_view(failureName(E.Result.Failure)));
  S.bind(7, E.Result.Reason);
  S.bind(8, E.Result.Log);
  S.bind(9, E.Result.CompileSeconds);
  S.bind(10, E.Result.RunSeconds);
  S.bind(11, E.OverheadSeconds);
  S.bind(12, std::int64_t(E.Reused));
  S.bind(13, E.Evaluation);
  S.bind(14, E.Timestamp.empty() ? currentTimestamp() : E.Timestamp);
  if (S.step() != SQLITE_DONE)
    return Error(error("cannot record an evaluation of run " + std::to_string(RunId)));
  if (sqlite3_changes(Db) == 0)
    return Error(Path + ": there is no run " + std::to_string(RunId));
  return std::int64_t(sqlite3_last_insert_rowid(Db));
}

namespace {

/// Reads the run in the current row of S (columns kRunColumns).
Expected<RunInfo> readRun(const StatementUse &S) {
  RunInfo R;
  R.Id = S.integer(0);
  R.Key = S.text(1);
  R.File = S.text(2);
  R.Started = S.text(3);
  R.Finished = S.text(4);
  const std::optional<RunStatus> Status = parseRunStatus(S.text(5));
  R.Status = Status.value_or(RunStatus::Failed);
  R.Technique = S.text(6);
  R.AbortCondition = S.text(7);
  const std::string Seed = S.text(8);
  std::from_chars(Seed.data(), Seed.data() + Seed.size(), R.Seed);
  R.ElapsedSeconds = S.real(10);
  Expected<Json> Arguments = parseJson(S.text(9));
  Expected<Json> Parameters = parseJson(S.text(11));
  Expected<Json> Kinds = parseJson(S.text(12));
  Expected<Json> Objectives = parseJson(S.text(13));
  for (Expected<Json> *Column : {&Arguments, &Parameters, &Kinds, &Objectives})
    if (!*Column)
      return Error("run " + std::to_string(R.Id) + " holds a column that is not JSON (" +
                   Column->error().message() + ")");
  R.Arguments = jsonStrings(*Arguments);
  R.Parameters = jsonStrings(*Parameters);
  for (const std::string &K : jsonStrings(*Kinds))
    R.ParameterKinds.push_back(valueKindNamed(K).value_or(ValueKind::String));
  R.Objectives = objectivesFromJson(*Objectives);
  R.SpaceSize = S.text(14);
  R.Device = S.text(15);
  R.Toolchain = S.text(16);
  R.Resumes = static_cast<std::uint64_t>(S.integer(17));
  R.WarmStart = static_cast<std::uint64_t>(S.integer(18));
  return R;
}

/// Runs every row of S through Read; the rows, or the error.
template <class T, class ReadRow>
Expected<std::vector<T>> readRows(StatementUse &S, const std::string &What, sqlite3 *Db,
                                  ReadRow Read) {
  std::vector<T> Rows;
  for (;;) {
    const int Status = S.step();
    if (Status == SQLITE_DONE)
      return Rows;
    if (Status != SQLITE_ROW)
      return Error(What + ": " + sqlite3_errmsg(Db));
    Expected<T> Row = Read(S);
    if (!Row)
      return Row.takeError().context(What);
    Rows.push_back(Row.take());
  }
}

template <class T> Expected<std::optional<T>> firstOf(Expected<std::vector<T>> Rows) {
  if (!Rows)
    return Rows.takeError();
  if (Rows->empty())
    return std::optional<T>();
  return std::optional<T>(std::move(Rows->front()));
}

} // namespace

Expected<std::optional<RunInfo>> ResultsDatabase::run(std::int64_t RunId) {
  StatementUse S(Prepared->SelectRun);
  S.bind(1, RunId);
  return firstOf(readRows<RunInfo>(S, Path, Db, readRun));
}

Expected<RunInfo> ResultsDatabase::existingRun(std::int64_t RunId) {
  Expected<std::optional<RunInfo>> Run = run(RunId);
  if (!Run)
    return Run.takeError();
  if (!*Run)
    return Error(Path + ": there is no run " + std::to_string(RunId));
  return std::move(**Run);
}

Expected<std::vector<RunInfo>> ResultsDatabase::runs() {
  StatementUse S(Prepared->SelectRuns);
  return readRows<RunInfo>(S, Path, Db, readRun);
}

Expected<std::optional<RunInfo>> ResultsDatabase::lastRun(std::string_view Key) {
  StatementUse S(Prepared->LastRun);
  S.bind(1, Key);
  return firstOf(readRows<RunInfo>(S, Path, Db, readRun));
}

Expected<std::optional<RunInfo>> ResultsDatabase::resumableRun(std::string_view Key) {
  StatementUse S(Prepared->ResumableRun);
  S.bind(1, Key);
  return firstOf(readRows<RunInfo>(S, Path, Db, readRun));
}

namespace {

/// Reads the evaluation in the current row of S (columns
/// kEvaluationColumns); KindsOf gives the parameter kinds of a run.
template <class KindsOfRun>
Expected<EvaluationRecord> readEvaluation(const StatementUse &S, KindsOfRun KindsOf) {
  EvaluationRecord E;
  E.Id = S.integer(0);
  E.RunId = S.integer(1);
  E.Key = S.text(2);
  E.ConfigIndex = S.text(3);
  Expected<Json> Configuration = parseJson(S.text(4));
  Expected<Json> Costs = parseJson(S.text(6));
  for (Expected<Json> *Column : {&Configuration, &Costs})
    if (!*Column)
      return Error("evaluation " + std::to_string(E.Id) + " holds a column that is not JSON (" +
                   Column->error().message() + ")");
  if (!Configuration->is_object() || !Costs->is_array())
    return Error("evaluation " + std::to_string(E.Id) + " holds a column that is not JSON");
  Expected<const ParameterKinds *> KindsOrError = KindsOf(E.RunId);
  if (!KindsOrError)
    return KindsOrError.takeError();
  const ParameterKinds *Kinds = *KindsOrError;
  for (const auto &[Name, J] : Configuration->items()) {
    const auto Kind = Kinds->find(Name);
    std::optional<Value> V =
        jsonValue(J, Kind == Kinds->end() ? std::nullopt : std::optional(Kind->second));
    if (!V) {
      return Error("evaluation " + std::to_string(E.Id) + ": parameter " + Name + " holds " +
                   jsonText(J) + ", not a value of its kind");
    }
    E.Configuration.push_back({Name, std::move(*V)});
  }
  E.Result.Valid = S.integer(5) != 0;
  for (const Json &C : *Costs)
    E.Result.Costs.push_back(jsonDouble(C));
  E.Result.Failure = parseFailure(S.text(7));
  E.Result.Reason = S.text(8);
  E.Result.Log = S.text(9);
  E.Result.CompileSeconds = S.real(10);
  E.Result.RunSeconds = S.real(11);
  E.OverheadSeconds = S.real(12);
  E.Reused = S.integer(13) != 0;
  E.Evaluation = S.integer(14);
  E.Timestamp = S.text(15);
  return E;
}

/// The parameter kinds of run RunId, read once with SelectRun and kept in
/// Cache; an error when the run cannot be read.
Expected<const ParameterKinds *> kindsOfRun(std::int64_t RunId, sqlite3_stmt *SelectRun,
                                            KindsByRun &Cache) {
  if (auto Found = Cache.find(RunId); Found != Cache.end())
    return &Found->second;
  StatementUse Row(SelectRun);
  Row.bind(1, RunId);
  if (Row.step() != SQLITE_ROW)
    return Error("there is no run " + std::to_string(RunId));
  Expected<RunInfo> Run = readRun(Row);
  if (!Run)
    return Run.takeError();
  ParameterKinds &Kinds = Cache[RunId];
  for (std::size_t I = 0; I < Run->Parameters.size() && I < Run->ParameterKinds.size(); ++I)
    Kinds.emplace(Run->Parameters[I], Run->ParameterKinds[I]);
  return static_cast<const ParameterKinds *>(&Kinds);
}

/// Every evaluation S selects, read with the kinds of their runs.
Expected<std::vector<EvaluationRecord>> readEvaluations(StatementUse &S, sqlite3_stmt *SelectRun,
                                                        KindsByRun &Cache, const std::string &Path,
                                                        sqlite3 *Db) {
  return readRows<EvaluationRecord>(S, Path, Db, [&](const StatementUse &Row) {
    return readEvaluation(Row,
                          [&](std::int64_t RunId) { return kindsOfRun(RunId, SelectRun, Cache); });
  });
}

} // namespace

Expected<std::vector<EvaluationRecord>> ResultsDatabase::evaluationsOfRun(std::int64_t RunId,
                                                                          std::int64_t After) {
  StatementUse S(Prepared->EvaluationsOfRun);
  S.bind(1, RunId);
  S.bind(2, After);
  return readEvaluations(S, Prepared->SelectRun, Prepared->KindsOfRun, Path, Db);
}

Expected<void> ResultsDatabase::forEachEvaluationOfRun(
    std::int64_t RunId, const std::function<Expected<void>(EvaluationRecord &&)> &Each) {
  StatementUse S(Prepared->EvaluationsOfRun);
  S.bind(1, RunId);
  S.bind(2, std::numeric_limits<std::int64_t>::min());
  for (;;) {
    const int Status = S.step();
    if (Status == SQLITE_DONE)
      return success();
    if (Status != SQLITE_ROW)
      return Error(Path + ": " + sqlite3_errmsg(Db));
    Expected<EvaluationRecord> Row = readEvaluation(S, [&](std::int64_t Run) {
      return kindsOfRun(Run, Prepared->SelectRun, Prepared->KindsOfRun);
    });
    if (!Row)
      return Row.takeError().context(Path);
    if (Expected<void> Handled = Each(Row.take()); !Handled)
      return Handled;
  }
}

Expected<std::vector<EvaluationRecord>> ResultsDatabase::evaluationsOfKey(std::string_view Key) {
  StatementUse S(Prepared->EvaluationsOfKey);
  S.bind(1, Key);
  return readEvaluations(S, Prepared->SelectRun, Prepared->KindsOfRun, Path, Db);
}

Expected<std::optional<EvaluationRecord>>
ResultsDatabase::findEvaluation(std::string_view Key, std::string_view ConfigIndex) {
  StatementUse S(Prepared->FindEvaluation);
  S.bind(1, Key);
  S.bind(2, ConfigIndex);
  return firstOf(readEvaluations(S, Prepared->SelectRun, Prepared->KindsOfRun, Path, Db));
}

} // namespace atfc
