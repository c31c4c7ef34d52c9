//===- ResultsDatabaseTest.cpp - The results database, on real files ------===//
//
// Every test writes a real SQLite file in a fresh temporary directory: the
// schema, typed values read back with their types, exact indexes beyond
// 2^64, reuse only under the same key, the run --resume continues, a writer
// killed with SIGKILL losing nothing it committed, and reading version 1.
//
//===----------------------------------------------------------------------===//
#include "Results/ResultsDatabase.h"
#include "Results/ResultsExport.h"
#include "ResultsDatabaseFixture.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include <csignal>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace atfc {
namespace {

namespace fs = std::filesystem;

using ResultsDatabaseTest = ResultsDatabaseFixture;

/// The value of `PRAGMA user_version` of the file at Path, read with
/// SQLite directly.
int userVersion(const std::string &Path) {
  sqlite3 *Db = nullptr;
  int Version = -1;
  if (sqlite3_open_v2(Path.c_str(), &Db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
    sqlite3_stmt *S = nullptr;
    if (sqlite3_prepare_v2(Db, "PRAGMA user_version", -1, &S, nullptr) == SQLITE_OK &&
        sqlite3_step(S) == SQLITE_ROW)
      Version = sqlite3_column_int(S, 0);
    sqlite3_finalize(S);
  }
  sqlite3_close(Db);
  return Version;
}

TEST_F(ResultsDatabaseTest, OpenCreatesTheVersionedSchema) {
  {
    auto Db = openDb();
    ASSERT_TRUE(Db);
    Expected<std::vector<RunInfo>> Runs = Db->runs();
    ASSERT_TRUE(Runs.ok()) << Runs.error().message();
    EXPECT_TRUE(Runs->empty());
  }
  EXPECT_TRUE(fs::exists(Path));
  EXPECT_EQ(userVersion(Path), kResultsSchemaVersion);
  // Opening again keeps what is there.
  auto Db = openDb();
  ASSERT_TRUE(Db);
  ASSERT_TRUE(Db->beginRun(sampleRun("k")).ok());
  auto Again = ResultsDatabase::open(Path, ResultsDatabase::Mode::ReadOnly);
  ASSERT_TRUE(Again.ok()) << Again.error().message();
  EXPECT_EQ((*Again)->runs().take().size(), 1u);
}

// A program's tuning that keeps no results records into memory: the
// schema is there, runs and evaluations round-trip, and no file is made.
TEST_F(ResultsDatabaseTest, AMemoryDatabaseLeavesNoFile) {
  auto Db = ResultsDatabase::open(Path, ResultsDatabase::Mode::Memory);
  ASSERT_TRUE(Db.ok()) << Db.error().message();
  Expected<std::int64_t> Run = (*Db)->beginRun(sampleRun("k"));
  ASSERT_TRUE(Run.ok()) << Run.error().message();
  EXPECT_EQ((*Db)->runs().take().size(), 1u);
  EXPECT_FALSE(fs::exists(Path));
  EXPECT_TRUE(fs::is_empty(Dir));
}

// A FIFO, a device or a directory to read is refused at once: SQLite's
// own open of a FIFO blocked for ever (`atfc results FIFO`).
TEST_F(ResultsDatabaseTest, ReadingRefusesWhatIsNotARegularFile) {
  const std::string Fifo = (Dir / "fifo.db").string();
  ASSERT_EQ(mkfifo(Fifo.c_str(), 0600), 0);
  for (const auto &[Path, Why] :
       {std::pair{Fifo, "it is a FIFO, not a regular file"},
        std::pair{std::string("/dev/zero"), "it is a character device, not a regular file"},
        std::pair{Dir.string(), "it is a directory, not a regular file"}}) {
    auto Db = ResultsDatabase::open(Path, ResultsDatabase::Mode::ReadOnly);
    ASSERT_FALSE(Db.ok()) << Path;
    EXPECT_EQ(Db.error().message(), "cannot open '" + Path + "': " + Why);
  }
}

TEST_F(ResultsDatabaseTest, OpenRejectsWhatIsNotAResultsDatabase) {
  auto Missing = ResultsDatabase::open(Path, ResultsDatabase::Mode::ReadOnly);
  EXPECT_FALSE(Missing.ok());
  EXPECT_NE(Missing.error().message().find("cannot open '" + Path + "'"), std::string::npos)
      << Missing.error().message();
  EXPECT_FALSE(fs::exists(Path)) << "a read-only open must not create the file";

  std::ofstream(Path) << "just some text, long enough to fill a page header of SQLite......\n";
  auto Text = ResultsDatabase::open(Path, ResultsDatabase::Mode::ReadOnly);
  EXPECT_FALSE(Text.ok());
  EXPECT_NE(Text.error().message().find("cannot open"), std::string::npos)
      << Text.error().message();
  EXPECT_FALSE(ResultsDatabase::open(Path).ok());

  // An SQLite file of something else is left alone.
  const std::string Other = (Dir / "other.db").string();
  sqlite3 *Db = nullptr;
  ASSERT_EQ(sqlite3_open(Other.c_str(), &Db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(Db, "CREATE TABLE t(x)", nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(Db);
  auto Foreign = ResultsDatabase::open(Other);
  EXPECT_FALSE(Foreign.ok());
  EXPECT_NE(Foreign.error().message().find("not an atfc results database"), std::string::npos)
      << Foreign.error().message();

  // A newer schema is refused rather than misread.
  const std::string Newer = (Dir / "newer.db").string();
  ASSERT_TRUE(ResultsDatabase::open(Newer).ok());
  ASSERT_EQ(sqlite3_open(Newer.c_str(), &Db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(Db, "PRAGMA user_version=99", nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(Db);
  auto Future = ResultsDatabase::open(Newer);
  EXPECT_FALSE(Future.ok());
  EXPECT_NE(Future.error().message().find("newer atfc"), std::string::npos)
      << Future.error().message();
}

TEST_F(ResultsDatabaseTest, RunFieldsRoundTrip) {
  auto Db = openDb();
  RunInfo Run = sampleRun("key1");
  Run.Seed = std::numeric_limits<std::uint64_t>::max();
  Run.SpaceSize = "340282366920938463463374607431768211456"; // 2^128
  Run.Arguments = {"x, \"y\"", "line\nbreak", ""};
  Expected<std::int64_t> Id = Db->beginRun(Run);
  ASSERT_TRUE(Id.ok()) << Id.error().message();
  Expected<std::optional<RunInfo>> Read = Db->run(*Id);
  ASSERT_TRUE(Read.ok() && *Read) << Read.error().message();
  const RunInfo &R = **Read;
  EXPECT_EQ(R.Id, *Id);
  EXPECT_EQ(R.Key, "key1");
  EXPECT_EQ(R.File, "saxpy.cl");
  EXPECT_EQ(R.Status, RunStatus::Running);
  EXPECT_TRUE(R.Finished.empty());
  EXPECT_EQ(R.Started.size(), std::string("2024-05-01T12:34:56.789Z").size()) << R.Started;
  EXPECT_EQ(R.Started.back(), 'Z');
  EXPECT_EQ(R.Technique, "auto");
  EXPECT_EQ(R.AbortCondition, "evaluations(10)");
  EXPECT_EQ(R.Seed, std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(R.Arguments, Run.Arguments);
  EXPECT_EQ(R.Parameters, Run.Parameters);
  EXPECT_EQ(R.ParameterKinds, Run.ParameterKinds);
  EXPECT_EQ(R.Objectives, Run.Objectives);
  EXPECT_EQ(R.SpaceSize, Run.SpaceSize);
  EXPECT_EQ(R.Device, "pocl cpu");
  EXPECT_EQ(R.Toolchain, "g++ 12");

  ASSERT_TRUE(Db->finishRun(*Id, RunStatus::Finished, 12.5).ok());
  Read = Db->run(*Id);
  ASSERT_TRUE(*Read);
  EXPECT_EQ((*Read)->Status, RunStatus::Finished);
  EXPECT_EQ((*Read)->ElapsedSeconds, 12.5);
  EXPECT_FALSE((*Read)->Finished.empty());
  EXPECT_FALSE(Db->finishRun(*Id + 100, RunStatus::Finished, 1).ok());
  EXPECT_FALSE(Db->run(*Id + 100).take().has_value());
}

TEST_F(ResultsDatabaseTest, ValuesKeepTheirTypes) {
  auto Db = openDb();
  RunInfo Run = sampleRun("typed");
  Run.Parameters = {"I", "NEG", "U", "BIGU", "D", "WHOLE", "B", "S", "EMPTY"};
  Run.ParameterKinds = {ValueKind::Int,  ValueKind::Int,    ValueKind::UInt,
                        ValueKind::UInt, ValueKind::Double, ValueKind::Double,
                        ValueKind::Bool, ValueKind::String, ValueKind::String};
  const std::int64_t RunId = Db->beginRun(Run).take();
  const std::string Tricky =
      "say \"hi\",\nthen \\ tab\t, \xc3\xa9t\xc3\xa9 \xe2\x9c\x93 nul:" + std::string(1, '\0') +
      "end";
  EvaluationRecord E;
  E.ConfigIndex = "0";
  E.Configuration = {{"I", Value(std::int64_t(3))},
                     {"NEG", Value(std::numeric_limits<std::int64_t>::min())},
                     {"U", Value(std::uint64_t(3))},
                     {"BIGU", Value(std::numeric_limits<std::uint64_t>::max())},
                     {"D", Value(0.1)},
                     {"WHOLE", Value(2.0)},
                     {"B", Value(true)},
                     {"S", Value(Tricky)},
                     {"EMPTY", Value(std::string())}};
  E.Result = Measurement::valid({1.0 / 3.0, 1e-300, 7});
  E.Result.CompileSeconds = 0.25;
  E.Result.RunSeconds = 1.5;
  E.OverheadSeconds = 0.125;
  E.Evaluation = 1;
  E.Timestamp = "2024-01-02T03:04:05.006Z";
  ASSERT_TRUE(Db->addEvaluation(RunId, E).ok());

  auto Read = Db->evaluationsOfRun(RunId);
  ASSERT_TRUE(Read.ok()) << Read.error().message();
  ASSERT_EQ(Read->size(), 1u);
  const EvaluationRecord &R = (*Read)[0];
  ASSERT_EQ(R.Configuration.size(), E.Configuration.size());
  for (std::size_t I = 0; I < E.Configuration.size(); ++I) {
    EXPECT_EQ(R.Configuration[I].Name, E.Configuration[I].Name);
    EXPECT_EQ(R.Configuration[I].Val.index(), E.Configuration[I].Val.index())
        << E.Configuration[I].Name << " changed its type";
    EXPECT_TRUE(R.Configuration[I].Val == E.Configuration[I].Val) << E.Configuration[I].Name;
  }
  EXPECT_EQ(std::get<std::string>(R.Configuration[7].Val), Tricky);
  EXPECT_EQ(R.RunId, RunId);
  EXPECT_EQ(R.Key, "typed");
  EXPECT_TRUE(R.Result.Valid);
  EXPECT_EQ(R.Result.Costs, E.Result.Costs); // exact, not approximately
  EXPECT_EQ(R.Result.Failure, FailureKind::None);
  EXPECT_EQ(R.Result.CompileSeconds, 0.25);
  EXPECT_EQ(R.Result.RunSeconds, 1.5);
  EXPECT_EQ(R.OverheadSeconds, 0.125);
  EXPECT_FALSE(R.Reused);
  EXPECT_EQ(R.Evaluation, 1);
  EXPECT_EQ(R.Timestamp, "2024-01-02T03:04:05.006Z");
}

TEST_F(ResultsDatabaseTest, InvalidEvaluationsKeepTheirReason) {
  auto Db = openDb();
  const std::int64_t RunId = Db->beginRun(sampleRun("k")).take();
  EvaluationRecord E = validEvaluation("5", 4, 0);
  E.Result = Measurement::invalid(FailureKind::TimedOut, "timed out after 30 s",
                                  "stderr tail\nwith 'quotes'");
  E.Reused = true;
  E.Evaluation = 2;
  ASSERT_TRUE(Db->addEvaluation(RunId, E).ok());
  auto Read = Db->findEvaluation("k", "5");
  ASSERT_TRUE(Read.ok() && *Read) << Read.error().message();
  EXPECT_FALSE((*Read)->Result.Valid);
  EXPECT_TRUE((*Read)->Result.Costs.empty());
  EXPECT_EQ((*Read)->Result.Failure, FailureKind::TimedOut);
  EXPECT_EQ((*Read)->Result.Reason, "timed out after 30 s");
  EXPECT_EQ((*Read)->Result.Log, "stderr tail\nwith 'quotes'");
  EXPECT_TRUE((*Read)->Reused);
  EXPECT_FALSE((*Read)->Timestamp.empty()) << "an empty timestamp becomes now";
}

TEST_F(ResultsDatabaseTest, BytesThatAreNotUtf8DoNotFailARecord) {
  // A log tail cut inside a UTF-8 sequence, an argument of raw bytes.
  auto Db = openDb();
  RunInfo Run = sampleRun("bytes");
  Run.Arguments = {"\xff\xfe"};
  const auto RunId = Db->beginRun(Run);
  ASSERT_TRUE(RunId.ok()) << RunId.error().message();
  EvaluationRecord E = validEvaluation("1", 1, 0);
  E.Configuration.push_back({"S", Value(std::string("a\xc3"))});
  E.Result = Measurement::invalid(FailureKind::RunFailed, "exit status 1", "tail \xe2\x9c");
  ASSERT_TRUE(Db->addEvaluation(*RunId, E).ok());
  auto Read = Db->evaluationsOfRun(*RunId);
  ASSERT_TRUE(Read.ok()) << Read.error().message();
  ASSERT_EQ(Read->size(), 1u);
  EXPECT_EQ((*Read)[0].Result.Log, "tail \xe2\x9c"); // byte for byte
  // A value of any bytes comes back exactly (it was U+FFFD, never measured).
  EXPECT_EQ(std::get<std::string>((*Read)[0].Configuration[2].Val), "a\xc3");
  auto Runs = Db->runs();
  ASSERT_TRUE(Runs.ok());
  EXPECT_EQ(Runs->back().Arguments, std::vector<std::string>{"\xff\xfe"});
  auto J = resultsJson(*Db);
  ASSERT_TRUE(J.ok()) << J.error().message();
  EXPECT_NO_THROW((void)J->dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace));
  std::ostringstream Csv;
  EXPECT_TRUE(writeResultsCsv(*Db, Csv).ok());
}

TEST_F(ResultsDatabaseTest, ConfigurationIndexesBeyond64BitsAreExact) {
  auto Db = openDb();
  const std::int64_t RunId = Db->beginRun(sampleRun("big")).take();
  const std::string Big = "18446744073709551616";              // 2^64
  const std::string Bigger = "123456789012345678901234567890"; // > 2^96
  ASSERT_TRUE(Db->addEvaluation(RunId, validEvaluation(Big, 1, 1.0)).ok());
  ASSERT_TRUE(Db->addEvaluation(RunId, validEvaluation(Bigger, 2, 2.0)).ok());
  auto Found = Db->findEvaluation("big", Bigger);
  ASSERT_TRUE(Found.ok() && *Found);
  EXPECT_EQ((*Found)->ConfigIndex, Bigger);
  EXPECT_EQ((*Found)->Result.Costs, std::vector<double>{2.0});
  EXPECT_FALSE(Db->findEvaluation("big", "18446744073709551617").take().has_value());
  auto All = Db->evaluationsOfKey("big");
  ASSERT_EQ(All->size(), 2u);
  EXPECT_EQ((*All)[0].ConfigIndex, Big);
}

TEST_F(ResultsDatabaseTest, ResultsAreReusedOnlyUnderTheirKey) {
  auto Db = openDb();
  const std::string KeyA = resultKey({"kernel v1", "tuner", "inputs", "g++", "pocl"});
  const std::string KeyB = resultKey({"kernel v2", "tuner", "inputs", "g++", "pocl"});
  ASSERT_NE(KeyA, KeyB);
  const std::int64_t First = Db->beginRun(sampleRun(KeyA)).take();
  ASSERT_TRUE(Db->addEvaluation(First, validEvaluation("1", 1, 5.0)).ok());
  ASSERT_TRUE(Db->addEvaluation(First, validEvaluation("2", 2, 6.0)).ok());
  ASSERT_TRUE(Db->finishRun(First, RunStatus::Finished, 1).ok());
  // A second run of the same key measures 2 again and a new one, 3.
  const std::int64_t Second = Db->beginRun(sampleRun(KeyA)).take();
  ASSERT_TRUE(Db->addEvaluation(Second, validEvaluation("2", 2, 4.0)).ok());
  ASSERT_TRUE(Db->addEvaluation(Second, validEvaluation("3", 3, 7.0)).ok());
  // Another key's run sees none of it.
  const std::int64_t Other = Db->beginRun(sampleRun(KeyB)).take();
  ASSERT_TRUE(Db->addEvaluation(Other, validEvaluation("1", 1, 100.0)).ok());

  auto Known = Db->evaluationsOfKey(KeyA);
  ASSERT_TRUE(Known.ok()) << Known.error().message();
  ASSERT_EQ(Known->size(), 3u);
  EXPECT_EQ((*Known)[0].ConfigIndex, "1");
  EXPECT_EQ((*Known)[0].Result.Costs.front(), 5.0);
  EXPECT_EQ((*Known)[1].ConfigIndex, "2"); // the latest result of 2
  EXPECT_EQ((*Known)[1].Result.Costs.front(), 4.0);
  EXPECT_EQ((*Known)[1].RunId, Second);
  EXPECT_EQ((*Known)[2].ConfigIndex, "3");
  EXPECT_EQ(Db->findEvaluation(KeyA, "2").take()->Result.Costs.front(), 4.0);

  auto OtherKnown = Db->evaluationsOfKey(KeyB);
  ASSERT_EQ(OtherKnown->size(), 1u);
  EXPECT_EQ((*OtherKnown)[0].Result.Costs.front(), 100.0);
  EXPECT_TRUE(Db->evaluationsOfKey(resultKey({"nothing"})).take().empty());
  EXPECT_FALSE(Db->findEvaluation(resultKey({"nothing"}), "1").take().has_value());
}

TEST_F(ResultsDatabaseTest, ResumeFindsTheLatestUnfinishedRun) {
  auto Db = openDb();
  EXPECT_FALSE(Db->lastRun("k").take().has_value());
  EXPECT_FALSE(Db->resumableRun("k").take().has_value());
  const std::int64_t Interrupted = Db->beginRun(sampleRun("k")).take();
  ASSERT_TRUE(Db->finishRun(Interrupted, RunStatus::Interrupted, 3).ok());
  EXPECT_EQ(Db->resumableRun("k").take()->Id, Interrupted);
  const std::int64_t Killed = Db->beginRun(sampleRun("k")).take(); // stays "running"
  EXPECT_EQ(Db->resumableRun("k").take()->Id, Killed);
  const std::int64_t Finished = Db->beginRun(sampleRun("k")).take();
  ASSERT_TRUE(Db->finishRun(Finished, RunStatus::Finished, 1).ok());
  const std::int64_t OtherKey = Db->beginRun(sampleRun("other")).take();
  EXPECT_EQ(Db->lastRun("k").take()->Id, Finished);
  EXPECT_EQ(Db->lastRun("k").take()->Status, RunStatus::Finished);
  EXPECT_EQ(Db->resumableRun("k").take()->Id, Killed);
  EXPECT_EQ(Db->lastRun("other").take()->Id, OtherKey);

  // Continuing the interrupted run makes it running again, its time kept.
  ASSERT_TRUE(Db->reopenRun(Interrupted).ok());
  auto Reopened = Db->run(Interrupted);
  EXPECT_EQ((*Reopened)->Status, RunStatus::Running);
  EXPECT_TRUE((*Reopened)->Finished.empty());
  EXPECT_EQ((*Reopened)->ElapsedSeconds, 3);
  EXPECT_FALSE(Db->reopenRun(12345).ok());
}

TEST_F(ResultsDatabaseTest, EvaluationOfAMissingRunIsAnError) {
  auto Db = openDb();
  auto Added = Db->addEvaluation(7, validEvaluation("1", 1, 1.0));
  EXPECT_FALSE(Added.ok());
  EXPECT_NE(Added.error().message().find("no run 7"), std::string::npos) << Added.error().message();
}

TEST_F(ResultsDatabaseTest, AnExistingRunIsFoundAndAMissingOneNamed) {
  auto Db = openDb();
  Expected<std::int64_t> Id = Db->beginRun(sampleRun("k"));
  ASSERT_TRUE(Id.ok()) << Id.error().message();
  Expected<RunInfo> Found = Db->existingRun(*Id);
  ASSERT_TRUE(Found.ok()) << Found.error().message();
  EXPECT_EQ(Found->Id, *Id);
  EXPECT_EQ(Found->Device, "pocl cpu");
  Expected<RunInfo> Missing = Db->existingRun(*Id + 1);
  ASSERT_FALSE(Missing.ok());
  EXPECT_EQ(Missing.error().message(), Db->path() + ": there is no run " + std::to_string(*Id + 1));
}

TEST_F(ResultsDatabaseTest, ReadOnlyDatabaseRefusesWrites) {
  ASSERT_TRUE(openDb());
  auto Db = ResultsDatabase::open(Path, ResultsDatabase::Mode::ReadOnly);
  ASSERT_TRUE(Db.ok()) << Db.error().message();
  auto Begun = (*Db)->beginRun(sampleRun("k"));
  EXPECT_FALSE(Begun.ok());
  EXPECT_NE(Begun.error().message().find(Path), std::string::npos) << Begun.error().message();
}

TEST_F(ResultsDatabaseTest, KilledWriterLosesNothingItCommitted) {
  int Pipe[2];
  ASSERT_EQ(pipe(Pipe), 0);
  const pid_t Child = fork();
  ASSERT_GE(Child, 0);
  if (Child == 0) {
    // The child records evaluations without end, reporting each commit,
    // until it is killed; it never returns into the test framework.
    close(Pipe[0]);
    auto Db = ResultsDatabase::open(Path);
    if (!Db.ok())
      _exit(2);
    auto RunId = (*Db)->beginRun(sampleRun("killed"));
    if (!RunId.ok())
      _exit(3);
    for (std::int64_t I = 1;; ++I) {
      EvaluationRecord E = validEvaluation(std::to_string(I), I, double(I));
      E.Evaluation = I;
      if (!(*Db)->addEvaluation(*RunId, E).ok())
        _exit(4);
      const char Committed = 1;
      if (write(Pipe[1], &Committed, 1) != 1)
        _exit(5);
    }
  }
  close(Pipe[1]);
  constexpr int kCommitted = 200;
  int Seen = 0;
  char Byte;
  while (Seen < kCommitted && read(Pipe[0], &Byte, 1) == 1)
    ++Seen;
  kill(Child, SIGKILL);
  int Status = 0;
  ASSERT_EQ(waitpid(Child, &Status, 0), Child);
  close(Pipe[0]);
  ASSERT_EQ(Seen, kCommitted) << "the writer stopped early; exit status "
                              << (WIFEXITED(Status) ? WEXITSTATUS(Status) : -1);
  ASSERT_TRUE(WIFSIGNALED(Status) && WTERMSIG(Status) == SIGKILL);

  auto Db = openDb();
  ASSERT_TRUE(Db);
  auto Run = Db->resumableRun("killed");
  ASSERT_TRUE(Run.ok() && *Run) << Run.error().message();
  EXPECT_EQ((*Run)->Status, RunStatus::Running) << "a killed run cannot say it finished";
  auto Evaluations = Db->evaluationsOfRun((*Run)->Id);
  ASSERT_TRUE(Evaluations.ok()) << Evaluations.error().message();
  ASSERT_GE(Evaluations->size(), std::size_t(kCommitted));
  for (std::size_t I = 0; I < Evaluations->size(); ++I) {
    EXPECT_EQ((*Evaluations)[I].ConfigIndex, std::to_string(I + 1));
    EXPECT_EQ((*Evaluations)[I].Result.Costs.front(), double(I + 1));
  }
  // The file is whole and writable again.
  EXPECT_TRUE(Db->addEvaluation((*Run)->Id, validEvaluation("0", 0, 0)).ok());
}

// A file of schema version 1 (objectives as names) is read, its objectives
// minimised, and becomes version 3 when opened to write.
TEST_F(ResultsDatabaseTest, ReadsAndUpgradesVersionOne) {
  {
    auto Db = openDb();
    RunInfo Run = sampleRun(resultKey({"v1"}));
    ASSERT_TRUE(Db->beginRun(Run).ok());
  }
  sqlite3 *Raw = nullptr;
  ASSERT_EQ(sqlite3_open(Path.c_str(), &Raw), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(Raw, "UPDATE runs SET objectives = '[\"time\"]'; PRAGMA user_version=1",
                         nullptr, nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(Raw);
  {
    auto Read = ResultsDatabase::open(Path, ResultsDatabase::Mode::ReadOnly);
    ASSERT_TRUE(Read.ok()) << Read.error().message();
    auto Runs = (*Read)->runs();
    ASSERT_TRUE(Runs.ok());
    ASSERT_EQ(Runs->size(), 1u);
    EXPECT_EQ((*Runs)[0].Objectives, (ObjectiveList{{"time", Direction::Minimise}}));
  }
  EXPECT_EQ(userVersion(Path), 1);
  openDb();
  EXPECT_EQ(userVersion(Path), 3);
}

// Version 3 records how often a run was resumed and how many warm-start
// evaluations began it; a version 2 file (without those columns) is read
// with 0 for both, and gains them when opened to write.
TEST_F(ResultsDatabaseTest, CountsResumesAndWarmStartsAndReadsVersionTwo) {
  std::int64_t Id = 0;
  {
    auto Db = openDb();
    RunInfo Run = sampleRun(resultKey({"v3"}));
    Run.WarmStart = 4;
    auto Begun = Db->beginRun(Run);
    ASSERT_TRUE(Begun.ok());
    Id = *Begun;
    ASSERT_TRUE(Db->finishRun(Id, RunStatus::Interrupted, 1.0).ok());
    ASSERT_TRUE(Db->reopenRun(Id).ok());
    ASSERT_TRUE(Db->finishRun(Id, RunStatus::Interrupted, 2.0).ok());
    ASSERT_TRUE(Db->reopenRun(Id).ok());
    ASSERT_TRUE(Db->finishRun(Id, RunStatus::Finished, 3.0).ok());
    auto Read = Db->existingRun(Id);
    ASSERT_TRUE(Read.ok());
    EXPECT_EQ(Read->Resumes, 2u);
    EXPECT_EQ(Read->WarmStart, 4u);
    EXPECT_EQ(Read->Status, RunStatus::Finished);
  }
  // Made a version 2 file: the columns dropped, the version set back.
  sqlite3 *Raw = nullptr;
  ASSERT_EQ(sqlite3_open(Path.c_str(), &Raw), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(Raw,
                         "ALTER TABLE runs DROP COLUMN resumes; ALTER TABLE runs DROP COLUMN "
                         "warm_start; PRAGMA user_version=2",
                         nullptr, nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(Raw);
  {
    auto Read = ResultsDatabase::open(Path, ResultsDatabase::Mode::ReadOnly);
    ASSERT_TRUE(Read.ok()) << Read.error().message();
    auto Run = (*Read)->existingRun(Id);
    ASSERT_TRUE(Run.ok());
    EXPECT_EQ(Run->Resumes, 0u);
    EXPECT_EQ(Run->WarmStart, 0u);
  }
  EXPECT_EQ(userVersion(Path), 2);
  {
    auto Db = openDb();
    ASSERT_TRUE(Db->reopenRun(Id).ok());
    EXPECT_EQ(Db->existingRun(Id)->Resumes, 1u);
  }
  EXPECT_EQ(userVersion(Path), 3);
}

} // namespace
} // namespace atfc
