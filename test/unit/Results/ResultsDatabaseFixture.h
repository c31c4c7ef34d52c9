//===- ResultsDatabaseFixture.h - A results database per test ---*- C++ -*-===//
//
// The tests of the store, its exports and its recorded data each write a
// real SQLite file in a fresh temporary directory: the fixture that makes
// and removes it, and the run and evaluations they write.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TEST_UNIT_RESULTS_RESULTSDATABASEFIXTURE_H
#define ATFC_TEST_UNIT_RESULTS_RESULTSDATABASEFIXTURE_H

#include "Results/ResultsDatabase.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <utility>

namespace atfc {

class ResultsDatabaseFixture : public ::testing::Test {
protected:
  void SetUp() override {
    std::string Template =
        (std::filesystem::temp_directory_path() / "atfc-results-XXXXXX").string();
    ASSERT_NE(mkdtemp(Template.data()), nullptr);
    Dir = Template;
    Path = (Dir / "results.db").string();
  }
  void TearDown() override { std::filesystem::remove_all(Dir); }

  /// The database at Path, opened to write; fails the test when it cannot.
  std::unique_ptr<ResultsDatabase> openDb() {
    Expected<std::unique_ptr<ResultsDatabase>> Db = ResultsDatabase::open(Path);
    EXPECT_TRUE(Db.ok()) << Db.error().message();
    return Db.take();
  }

  std::filesystem::path Dir;
  std::string Path;
};

inline RunInfo sampleRun(std::string Key) {
  RunInfo Run;
  Run.Key = std::move(Key);
  Run.File = "saxpy.cl";
  Run.Technique = "auto";
  Run.AbortCondition = "evaluations(10)";
  Run.Seed = 42;
  Run.Arguments = {"1024", "a b"};
  Run.Parameters = {"WPT", "LS"};
  Run.ParameterKinds = {ValueKind::Int, ValueKind::UInt};
  Run.Objectives = {{"time", Direction::Minimise}};
  Run.SpaceSize = "99";
  Run.Device = "pocl cpu";
  Run.Toolchain = "g++ 12";
  return Run;
}

inline EvaluationRecord validEvaluation(std::string Index, std::int64_t Wpt, double Cost) {
  EvaluationRecord E;
  E.ConfigIndex = std::move(Index);
  E.Configuration = {{"WPT", Value(Wpt)}, {"LS", Value(std::uint64_t(8))}};
  E.Result = Measurement::valid({Cost});
  return E;
}

} // namespace atfc

#endif
