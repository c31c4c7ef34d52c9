//===- SameValuesTest.cpp - Nothing is measured twice -----------------------===//
//
// A range that lists a value twice (a set {1, 1, 2}, a generator that
// repeats one) gives configurations of one meaning at different indices.
// Hunts the class over techniques, batches and asynchronous dispatch: each
// distinct set of values is measured once, the others are answered from
// its result (TuningSession::answerFromSameValues), and every evaluation
// is recorded.
//
//===----------------------------------------------------------------------===//
#include "Tuning/TuningRun.h"

#include "Results/ResultsDatabase.h"
#include "SearchSpace/SpaceGenerator.h"
#include "Support/Bug.h"
#include "Tuning/KnownConfigurations.h"

#include "../ScopedTempDirectory.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace atfc;

namespace {

/// Measures X + 10 Y, counting each distinct set of values it measures;
/// Batch at once, or Concurrency in flight (the last started finishing
/// first), as a compiler ahead or ranks do.
class CountingMeasurer : public ConfigurationMeasurer {
public:
  CountingMeasurer(std::size_t Batch, std::size_t Concurrency)
      : Batch(Batch), Concurrency(Concurrency) {}
  Measurement measure(const ParameterValues &Named, std::span<const Value> Values) override {
    ++Measured[valuesKey(Named)];
    const auto X = static_cast<double>(std::get<std::int64_t>(Values[0]));
    const auto Y = static_cast<double>(std::get<std::int64_t>(Values[1]));
    if (X == 3)
      return Measurement::invalid(FailureKind::RunFailed, "exit status 1");
    return Measurement::valid({X + 10 * Y});
  }
  std::size_t batchSize() const override { return Batch; }
  std::size_t concurrency() const override { return Concurrency; }
  void start(std::uint64_t Id, const BatchEntry &Entry) override { Flying.emplace_back(Id, Entry); }
  std::optional<MeasuredOutcome> finished(bool Wait) override {
    if (!Wait || Flying.empty())
      return std::nullopt;
    auto [Id, Entry] = Flying.back();
    Flying.pop_back();
    return MeasuredOutcome{Id, measure(Entry.Named, Entry.Values), 0};
  }
  std::string costMeaning() const override { return "X + 10 Y"; }

  std::size_t Batch, Concurrency;
  std::vector<std::pair<std::uint64_t, BatchEntry>> Flying;
  std::map<std::string, int> Measured;
};

class SameValuesTest : public ::testing::Test {
protected:
  void SetUp() override {
    // 4 x 3 = 12 configurations, 3 x 2 = 6 distinct sets of values.
    Space =
        cantFail(generateSpace(GenerationOptions{1}, group(parameter("X", set<int>({1, 2, 1, 3}))),
                               group(parameter("Y", set<int>({5, 4, 5})))));
    Options.FileName = "k.c";
    Options.OutputDirectory = Dir.string();
    Options.BlankedSource = "int main() { return X + Y; }\n";
    Options.TunerIdentity = "tuner-test";
    Options.Given.Seed = 5;
  }
  int run(CountingMeasurer &M) {
    std::ostringstream Out, Err;
    const int Status = runTuning(Space, Setup, Options, M, Out, Err);
    Output = Out.str() + Err.str();
    return Status;
  }

  /// The last run's evaluations in results.db, and how many were reused.
  std::pair<std::size_t, std::size_t> recorded() {
    auto Database = ResultsDatabase::open((Dir / "results.db").string());
    if (!Database) {
      ADD_FAILURE() << Database.error().message();
      return {};
    }
    auto Runs = (*Database)->runs();
    auto Evaluations = (*Database)->evaluationsOfRun(Runs->back().Id);
    std::size_t Reused = 0;
    for (const EvaluationRecord &E : *Evaluations)
      Reused += E.Reused;
    return {Evaluations->size(), Reused};
  }

  test::ScopedTempDirectory Scratch{"atfc-same-values"};
  std::filesystem::path Dir = Scratch.path() / "out";
  ChainOfTrees Space;
  LoopSetup Setup;
  TuningRunOptions Options;
  std::string Output;
};

TEST_F(SameValuesTest, EachDistinctSetOfValuesIsMeasuredOnce) {
  struct Way {
    std::string Technique, Abort;
    std::size_t Batch, Concurrency;
  };
  const std::vector<Way> Ways = {
      {"exhaustive", "", 1, 0},
      {"exhaustive", "", 5, 0},
      {"exhaustive", "", 12, 0},
      {"exhaustive", "", 1, 3},
      {"random", "", 1, 0},
      {"random", "", 4, 0},
      {"random", "evaluations(7)", 1, 0},
      {"random", "", 1, 2},
      {"simulated_annealing", "", 3, 0},
      {"pattern_search", "evaluations(9)", 2, 0},
  };
  for (const Way &W : Ways) {
    const std::string Name = W.Technique + " " + W.Abort + ", batches of " +
                             std::to_string(W.Batch) + ", " + std::to_string(W.Concurrency) +
                             " in flight";
    std::filesystem::remove_all(Dir);
    Options.Given.Technique = W.Technique;
    Options.Given.AbortCondition = W.Abort;
    CountingMeasurer M(W.Batch, W.Concurrency);
    ASSERT_EQ(run(M), 0) << Name << ": " << Output;
    for (const auto &[Values, Times] : M.Measured)
      EXPECT_EQ(Times, 1) << Name << ": " << Values << " measured " << Times << " times";
    const auto [Evaluations, Reused] = recorded();
    EXPECT_EQ(Evaluations - Reused, M.Measured.size()) << Name;
    EXPECT_NE(Output.find("done after " + std::to_string(Evaluations) + " evaluations"),
              std::string::npos)
        << Name << ": " << Output;
    if (W.Abort.empty()) {
      // The whole space: 12 evaluations of 6 distinct sets, the best found.
      EXPECT_EQ(Evaluations, 12u) << Name;
      EXPECT_EQ(M.Measured.size(), 6u) << Name;
      EXPECT_NE(Output.find("; 6 answered from configurations of the same values"),
                std::string::npos)
          << Name << ": " << Output;
      EXPECT_NE(Output.find("best cost 41: X=1 Y=4"), std::string::npos) << Name << ": " << Output;
    }
  }
}

// The results of an earlier run answer the configurations of the same
// values too, failures among them (exit status 1 is the configuration's).
TEST_F(SameValuesTest, AnEarlierRunsResultsAnswerEveryConfigurationOfTheirValues) {
  Options.Given.Technique = "random";
  Options.Given.AbortCondition = "evaluations(3)";
  CountingMeasurer First(1, 0);
  ASSERT_EQ(run(First), 0) << Output;
  Options.Given.Technique = "exhaustive";
  Options.Given.AbortCondition.clear();
  CountingMeasurer Second(1, 0);
  ASSERT_EQ(run(Second), 0) << Output;
  for (const auto &[Values, Times] : Second.Measured)
    EXPECT_EQ(First.Measured.count(Values), 0u) << Values << " measured again";
  EXPECT_EQ(First.Measured.size() + Second.Measured.size(), 6u) << Output;
}

} // namespace
