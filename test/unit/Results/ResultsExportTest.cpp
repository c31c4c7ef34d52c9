//===- ResultsExportTest.cpp - results.db as CSV and JSON -----------------===//
//
// The exports of a real database: RFC 4180 quoting, typed JSON values, and
// (generated) every objective named and the best ranked by its direction.
//
//===----------------------------------------------------------------------===//
#include "Results/ResultsExport.h"
#include "ResultsDatabaseFixture.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace atfc {
namespace {

using ResultsExportTest = ResultsDatabaseFixture;

/// A database with one run of two string-valued parameters, for exports.
std::int64_t writeExportSample(ResultsDatabase &Db) {
  RunInfo Run = sampleRun("export");
  Run.Parameters = {"WPT", "NAME"};
  Run.ParameterKinds = {ValueKind::Int, ValueKind::String};
  Run.Objectives = {};
  const std::int64_t RunId = Db.beginRun(Run).take();
  EvaluationRecord A;
  A.ConfigIndex = "0";
  A.Configuration = {{"WPT", Value(std::int64_t(1))}, {"NAME", Value(std::string("a,\"b\"\nc"))}};
  A.Result = Measurement::valid({0.5, 2});
  A.Evaluation = 1;
  A.Timestamp = "2024-01-01T00:00:00.000Z";
  EvaluationRecord B;
  B.ConfigIndex = "1";
  B.Configuration = {{"WPT", Value(std::int64_t(2))}, {"NAME", Value(std::string(" padded"))}};
  B.Result = Measurement::invalid(FailureKind::RunFailed, "exit status 2, \"oops\"");
  B.Result.CompileSeconds = 0.125;
  B.Evaluation = 2;
  B.Timestamp = "2024-01-01T00:00:01.000Z";
  EXPECT_TRUE(Db.addEvaluation(RunId, A).ok());
  EXPECT_TRUE(Db.addEvaluation(RunId, B).ok());
  return RunId;
}

TEST_F(ResultsExportTest, CsvQuotesWhatNeedsQuoting) {
  auto Db = openDb();
  const std::int64_t RunId = writeExportSample(*Db);
  std::ostringstream OS;
  ASSERT_TRUE(writeResultsCsv(*Db, OS, RunId).ok());
  EXPECT_EQ(OS.str(),
            "run,evaluation,config_index,WPT,NAME,valid,cost1,cost2,failure,reason,"
            "compile_seconds,run_seconds,overhead_seconds,reused,timestamp\n"
            "1,1,0,1,\"a,\"\"b\"\"\nc\",1,0.5,2,,,0,0,0,0,2024-01-01T00:00:00.000Z\n"
            "1,2,1,2,\" padded\",0,,,run failed,\"exit status 2, \"\"oops\"\"\",0.125,0,0,0,"
            "2024-01-01T00:00:01.000Z\n");
  std::ostringstream Missing;
  EXPECT_FALSE(writeResultsCsv(*Db, Missing, RunId + 1).ok());
}

TEST_F(ResultsExportTest, JsonHoldsRunsAndTypedEvaluations) {
  auto Db = openDb();
  const std::int64_t RunId = writeExportSample(*Db);
  ASSERT_TRUE(Db->finishRun(RunId, RunStatus::Interrupted, 2).ok());
  auto J = resultsJson(*Db);
  ASSERT_TRUE(J.ok()) << J.error().message();
  const nlohmann::ordered_json &Out = *J;
  EXPECT_EQ(Out["schema_version"], kResultsSchemaVersion);
  ASSERT_EQ(Out["runs"].size(), 1u);
  EXPECT_EQ(Out["runs"][0]["status"], "interrupted");
  EXPECT_EQ(Out["runs"][0]["parameters"], nlohmann::ordered_json({"WPT", "NAME"}));
  EXPECT_EQ(Out["runs"][0]["arguments"], nlohmann::ordered_json({"1024", "a b"}));
  ASSERT_EQ(Out["evaluations"].size(), 2u);
  const auto &First = Out["evaluations"][0];
  EXPECT_TRUE(First["configuration"]["WPT"].is_number_integer());
  EXPECT_EQ(First["configuration"]["NAME"], "a,\"b\"\nc");
  EXPECT_EQ(First["costs"], nlohmann::ordered_json({0.5, 2.0}));
  EXPECT_EQ(First["valid"], true);
  EXPECT_EQ(Out["evaluations"][1]["failure"], "run failed");
  // The text parses back as the same document.
  EXPECT_EQ(nlohmann::ordered_json::parse(Out.dump()), Out);
}

// Issue 44: `atfc results --json` built the whole document (5.2 GB for
// 2 million rows). The streamed text is the document's dump byte for byte:
// with no run, with one, with a log that is not UTF-8, and with many runs
// (each run alone and all of them).
TEST_F(ResultsExportTest, TheStreamedJsonIsTheDocumentByteForByte) {
  auto Db = openDb();
  auto Same = [&](std::optional<std::int64_t> RunId) {
    auto J = resultsJson(*Db, RunId);
    ASSERT_TRUE(J.ok()) << J.error().message();
    std::ostringstream Streamed;
    ASSERT_TRUE(writeResultsJson(*Db, Streamed, RunId).ok());
    EXPECT_EQ(Streamed.str(),
              J->dump(2, ' ', true, nlohmann::ordered_json::error_handler_t::replace) + "\n");
  };
  Same(std::nullopt);
  const std::int64_t RunId = writeExportSample(*Db);
  EvaluationRecord Odd = validEvaluation("9", 9, 0);
  Odd.Result = Measurement::invalid(FailureKind::RunFailed, "bad \xff byte", "log \xc3");
  ASSERT_TRUE(Db->addEvaluation(RunId, Odd).ok());
  Same(std::nullopt);
  Same(RunId);
  for (int Run = 0; Run < 5; ++Run) {
    auto Id = Db->beginRun(sampleRun(resultKey({"stream", std::to_string(Run)})));
    ASSERT_TRUE(Id.ok());
    for (int E = 0; E < Run * 3; ++E)
      ASSERT_TRUE(Db->addEvaluation(*Id, validEvaluation(std::to_string(E), E, 0)).ok());
    Same(*Id);
  }
  Same(std::nullopt);
  std::ostringstream Missing;
  EXPECT_FALSE(writeResultsJson(*Db, Missing, 1000).ok());
}

// A generated test of the class "an output ranks or names objectives
// wrongly": random objectives (names, directions, count) and random costs;
// the best of bestEvaluation() is the brute-force best in each objective's
// direction, and the CSV header and JSON name every objective.
TEST_F(ResultsExportTest, EveryOutputNamesTheObjectivesAndRanksByDirection) {
  std::mt19937_64 Rng(15);
  std::uniform_int_distribution<int> Count(1, 3), Coin(0, 1), Small(1, 5);
  auto Db = openDb();
  for (int Trial = 0; Trial < 40; ++Trial) {
    RunInfo Run = sampleRun(resultKey({"objectives", std::to_string(Trial)}));
    Run.Objectives.clear();
    const int N = Count(Rng);
    for (int I = 0; I < N; ++I)
      Run.Objectives.push_back({"obj" + std::to_string(Trial) + "_" + std::to_string(I),
                                Coin(Rng) ? Direction::Maximise : Direction::Minimise});
    auto RunId = Db->beginRun(Run);
    ASSERT_TRUE(RunId.ok()) << RunId.error().message();
    std::vector<EvaluationRecord> Written;
    for (int E = 0; E < 12; ++E) {
      std::vector<double> Costs;
      for (int I = 0; I < N; ++I)
        Costs.push_back(Small(Rng));
      EvaluationRecord R = validEvaluation(std::to_string(E), E, 0);
      R.Result = Measurement::valid(Costs);
      ASSERT_TRUE(Db->addEvaluation(*RunId, R).ok());
      Written.push_back(R);
    }
    std::size_t Expected = 0;
    for (std::size_t I = 1; I < Written.size(); ++I)
      if (betterMeasuredCost(Written[I].Result.Costs, Written[Expected].Result.Costs,
                             Run.Objectives))
        Expected = I;
    auto Read = Db->evaluationsOfRun(*RunId);
    ASSERT_TRUE(Read.ok());
    auto Stored = Db->run(*RunId);
    ASSERT_TRUE(Stored.ok() && *Stored);
    EXPECT_EQ((*Stored)->Objectives, Run.Objectives);
    EXPECT_EQ(bestEvaluation(*Read, (*Stored)->Objectives), Expected) << Trial;
    std::ostringstream Csv;
    ASSERT_TRUE(writeResultsCsv(*Db, Csv, *RunId).ok());
    const std::string Header = Csv.str().substr(0, Csv.str().find('\n'));
    auto Json = resultsJson(*Db, *RunId);
    ASSERT_TRUE(Json.ok());
    for (const Objective &O : Run.Objectives) {
      EXPECT_NE(Header.find("," + O.Name + ","), std::string::npos) << Header;
      bool Named = false;
      for (const auto &J : (*Json)["runs"][0]["objectives"])
        Named |= J["name"] == O.Name && J["direction"] == directionName(O.Dir);
      EXPECT_TRUE(Named) << O.Name;
    }
  }
}

} // namespace
} // namespace atfc
