//===- ResultsRecordedTest.cpp - results.db as recorded data --------------===//
//
// A real database's runs as the table replay, analysis and pages read: each
// configuration once with its latest result, or every evaluation in order.
//
//===----------------------------------------------------------------------===//
#include "Results/ResultsRecorded.h"
#include "ResultsDatabaseFixture.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

namespace atfc {
namespace {

using ResultsRecordedTest = ResultsDatabaseFixture;

TEST_F(ResultsRecordedTest, RecordedDataHoldsEachConfigurationOnce) {
  auto Db = openDb();
  const std::int64_t RunId = Db->beginRun(sampleRun("rec")).take();
  ASSERT_TRUE(Db->addEvaluation(RunId, validEvaluation("1", 1, 5.0)).ok());
  EvaluationRecord Bad = validEvaluation("2", 2, 0);
  Bad.Result = Measurement::invalid(FailureKind::BuildFailed, "");
  ASSERT_TRUE(Db->addEvaluation(RunId, Bad).ok());
  ASSERT_TRUE(Db->addEvaluation(RunId, validEvaluation("1", 1, 3.0)).ok()); // measured again
  ASSERT_TRUE(Db->finishRun(RunId, RunStatus::Finished, 1).ok());

  auto Data = recordedDataOfRun(*Db, RunId);
  ASSERT_TRUE(Data.ok()) << Data.error().message();
  EXPECT_EQ(Data->Parameters, (std::vector<std::string>{"WPT", "LS"}));
  EXPECT_EQ(Data->Objectives, std::vector<std::string>{"time"});
  ASSERT_EQ(Data->Entries.size(), 2u);
  EXPECT_TRUE(Data->Entries[0].Configuration[0].Val == Value(std::int64_t(1)));
  EXPECT_TRUE(Data->Entries[0].Configuration[1].Val == Value(std::uint64_t(8)));
  EXPECT_EQ(Data->Entries[0].Result.Costs, std::vector<double>{3.0}); // the latest
  EXPECT_FALSE(Data->Entries[1].Result.Valid);
  EXPECT_EQ(Data->Entries[1].Result.Failure, FailureKind::BuildFailed);
  EXPECT_EQ(Data->Entries[1].Configuration[0].Name, "WPT"); // the run's order, named
  EXPECT_TRUE(Data->Timed);
  EXPECT_NE(Data->Description.find("saxpy.cl"), std::string::npos);

  auto ByKey = recordedDataOfKey(*Db, "rec");
  ASSERT_TRUE(ByKey.ok());
  EXPECT_EQ(ByKey->Entries.size(), 2u);
  EXPECT_TRUE(recordedDataOfKey(*Db, "none").take().Entries.empty());
  EXPECT_FALSE(recordedDataOfRun(*Db, RunId + 1).ok());

  Db.reset();
  Expected<RecordedData> Read = readResultsDatabase(Path);
  ASSERT_TRUE(Read.ok()) << Read.error().message();
  EXPECT_EQ(Read->Entries.size(), 2u);
  EXPECT_FALSE(readResultsDatabase((Dir / "missing.db").string()).ok());
}

// A database's data is its latest run that recorded an evaluation: a run
// stopped before its first one (Ctrl-C during the build, an empty space)
// made `replay DIR` and `--prior DIR` see nothing where run 1 held data.
TEST_F(ResultsRecordedTest, ADatabaseIsItsLatestRunThatRecordedAnEvaluation) {
  {
    auto Db = openDb();
    const std::int64_t First = Db->beginRun(sampleRun("k")).take();
    ASSERT_TRUE(Db->addEvaluation(First, validEvaluation("1", 1, 5.0)).ok());
    ASSERT_TRUE(Db->finishRun(First, RunStatus::Finished, 1).ok());
    const std::int64_t Second = Db->beginRun(sampleRun("k")).take();
    ASSERT_TRUE(Db->addEvaluation(Second, validEvaluation("2", 2, 4.0)).ok());
    ASSERT_TRUE(Db->finishRun(Second, RunStatus::Finished, 1).ok());
    const std::int64_t Empty = Db->beginRun(sampleRun("k")).take();
    ASSERT_TRUE(Db->finishRun(Empty, RunStatus::Interrupted, 0.5).ok());
  }
  Expected<RecordedData> Read = readResultsDatabase(Path);
  ASSERT_TRUE(Read.ok()) << Read.error().message();
  ASSERT_EQ(Read->Entries.size(), 1u);
  EXPECT_EQ(Read->Entries[0].Result.Costs, std::vector<double>{4.0}); // run 2's
  EXPECT_NE(Read->Description.find("run 2"), std::string::npos) << Read->Description;
  // A run named is that run, empty or not.
  Expected<RecordedData> Named = readResultsDatabase(Path, 3);
  ASSERT_TRUE(Named.ok()) << Named.error().message();
  EXPECT_TRUE(Named->Entries.empty());
}

// Only runs without evaluations: the latest, whose emptiness the reader
// reports (an error naming it, not another run's data).
TEST_F(ResultsRecordedTest, ADatabaseOfEmptyRunsIsItsLatestRun) {
  {
    auto Db = openDb();
    Db->beginRun(sampleRun("k")).take();
    Db->beginRun(sampleRun("k")).take();
  }
  Expected<RecordedData> Read = readResultsDatabase(Path);
  ASSERT_TRUE(Read.ok()) << Read.error().message();
  EXPECT_TRUE(Read->Entries.empty());
  EXPECT_NE(Read->Description.find("run 2"), std::string::npos) << Read->Description;
}

// A reader's own wish (--prior wants a valid configuration) walks the runs
// newest first and says which run it took and which was the latest.
TEST_F(ResultsRecordedTest, LatestWantedRunNamesTheRunTakenAndTheLatest) {
  {
    auto Db = openDb();
    const std::int64_t First = Db->beginRun(sampleRun("k")).take();
    ASSERT_TRUE(Db->addEvaluation(First, validEvaluation("1", 1, 5.0)).ok());
    const std::int64_t Second = Db->beginRun(sampleRun("k")).take();
    ASSERT_TRUE(Db->addEvaluation(Second, validEvaluation("2", 2, 4.0)).ok());
    Db->beginRun(sampleRun("k")).take();
  }
  auto CostIsFive = [](const RecordedData &Data) {
    return !Data.Entries.empty() && Data.Entries[0].Result.Costs == std::vector<double>{5.0};
  };
  Expected<LatestRunData> Five = readLatestWantedRun(Path, CostIsFive);
  ASSERT_TRUE(Five.ok()) << Five.error().message();
  EXPECT_EQ(Five->Run, 1);
  EXPECT_EQ(Five->Latest, 3);
  ASSERT_EQ(Five->Data.Entries.size(), 1u);
  // Nothing wanted: the latest run, named as such.
  Expected<LatestRunData> None =
      readLatestWantedRun(Path, [](const RecordedData &) { return false; });
  ASSERT_TRUE(None.ok()) << None.error().message();
  EXPECT_EQ(None->Run, 3);
  EXPECT_EQ(None->Latest, 3);
  EXPECT_TRUE(None->Data.Entries.empty());
}

TEST_F(ResultsRecordedTest, EvaluationTableHoldsEveryEvaluationInOrder) {
  RunInfo Run = sampleRun("table");
  Run.Id = 3;
  EvaluationRecord Bad = validEvaluation("2", 2, 0);
  Bad.Result = Measurement::invalid(FailureKind::BuildFailed, "");
  const std::vector<EvaluationRecord> Evaluations = {validEvaluation("1", 1, 5.0), Bad,
                                                     validEvaluation("1", 1, 3.0)};
  const RecordedData Table = evaluationTable(Run, Evaluations);
  EXPECT_EQ(Table.Parameters, Run.Parameters);
  EXPECT_EQ(Table.Objectives, std::vector<std::string>{"time"});
  ASSERT_EQ(Table.Entries.size(), 3u); // measured twice: both kept
  EXPECT_EQ(Table.Entries[0].Result.Costs, std::vector<double>{5.0});
  EXPECT_EQ(Table.Entries[2].Result.Costs, std::vector<double>{3.0});
  EXPECT_FALSE(Table.Entries[1].Result.Valid);
  EXPECT_EQ(Table.Entries[1].Result.Failure, FailureKind::BuildFailed);
  EXPECT_TRUE(Table.Entries[1].Configuration[0].Val == Value(std::int64_t(2)));
  EXPECT_EQ(Table.Description, "atfc results of saxpy.cl on pocl cpu, run 3");
  // Anonymous costs stay unnamed: a page names them itself.
  Run.Objectives.clear();
  EXPECT_TRUE(evaluationTable(Run, Evaluations).Objectives.empty());
}

// One record model: the same two configurations from a Kernel Tuner cache
// and from a results database read into records that agree in everything
// both know (names and values, validity, costs, reason, number); only what
// the cache cannot know differs (atfc's failure kind, measured seconds).
TEST_F(ResultsRecordedTest, AnotherTunersEntryAndAnEvaluationReadAlike) {
  const std::string Cache = (Dir / "cache.json").string();
  {
    std::ofstream Out(Cache);
    Out << R"({"tune_params_keys": ["WPT", "LS"], "tune_params": {"WPT": [1, 2], "LS": [8]},
      "objective": "time", "cache": {
      "1,8": {"WPT": 1, "LS": 8, "time": 3.0},
      "2,8": {"WPT": 2, "LS": 8, "time": "CompilationFailedConfig"}}})";
  }
  {
    auto Db = openDb();
    RunInfo Run = sampleRun("alike");
    Run.ParameterKinds = {ValueKind::Int, ValueKind::Int};
    const std::int64_t RunId = Db->beginRun(Run).take();
    EvaluationRecord Good;
    Good.ConfigIndex = "0";
    Good.Evaluation = 1;
    Good.Configuration = {{"WPT", Value(std::int64_t(1))}, {"LS", Value(std::int64_t(8))}};
    Good.Result = Measurement::valid({3.0});
    Good.Result.RunSeconds = 0.25;
    EvaluationRecord Bad = Good;
    Bad.ConfigIndex = "1";
    Bad.Evaluation = 2;
    Bad.Configuration[0].Val = Value(std::int64_t(2));
    Bad.Result = Measurement::invalid(FailureKind::BuildFailed, "CompilationFailedConfig");
    ASSERT_TRUE(Db->addEvaluation(RunId, Good).ok());
    ASSERT_TRUE(Db->addEvaluation(RunId, Bad).ok());
    ASSERT_TRUE(Db->finishRun(RunId, RunStatus::Finished, 1).ok());
  }
  Expected<RecordedData> External = readRecordedData(Cache);
  ASSERT_TRUE(External.ok()) << External.error().message();
  Expected<RecordedData> Own = readRecordedData(Path);
  ASSERT_TRUE(Own.ok()) << Own.error().message();
  EXPECT_EQ(External->Parameters, Own->Parameters);
  ASSERT_EQ(External->Entries.size(), 2u);
  ASSERT_EQ(Own->Entries.size(), 2u);
  for (std::size_t I = 0; I < 2; ++I) {
    SCOPED_TRACE(I);
    const EvaluationRecord &A = External->Entries[I], &B = Own->Entries[I];
    ASSERT_EQ(A.Configuration.size(), B.Configuration.size());
    for (std::size_t P = 0; P < A.Configuration.size(); ++P) {
      EXPECT_EQ(A.Configuration[P].Name, B.Configuration[P].Name);
      EXPECT_TRUE(A.Configuration[P].Val == B.Configuration[P].Val);
    }
    EXPECT_EQ(A.Evaluation, B.Evaluation);
    EXPECT_EQ(A.Result.Valid, B.Result.Valid);
    EXPECT_EQ(A.Result.Costs, B.Result.Costs);
    EXPECT_EQ(A.Result.Reason, B.Result.Reason);
  }
  // What only atfc's own results know.
  EXPECT_EQ(External->Entries[1].Result.Failure, FailureKind::None);
  EXPECT_EQ(Own->Entries[1].Result.Failure, FailureKind::BuildFailed);
  EXPECT_FALSE(External->Timed);
  EXPECT_TRUE(Own->Timed);
  EXPECT_EQ(Own->Entries[0].Result.RunSeconds, 0.25);
}

} // namespace
} // namespace atfc
