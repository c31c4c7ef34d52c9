//===- EvaluationRecordTest.cpp - The best of a run's evaluations ---------===//
//
// The best evaluation is the first valid one of the best cost; invalid ones
// never are, and none is the best of nothing.
//
//===----------------------------------------------------------------------===//
#include "Results/EvaluationRecord.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace atfc {
namespace {

EvaluationRecord wptEvaluation(std::string Index, std::int64_t Wpt, double Cost) {
  EvaluationRecord E;
  E.ConfigIndex = std::move(Index);
  E.Configuration = {{"WPT", Value(Wpt)}};
  E.Result = Measurement::valid({Cost});
  return E;
}

TEST(EvaluationRecordTest, BestIsTheSmallestValidCost) {
  std::vector<EvaluationRecord> Evaluations = {
      wptEvaluation("0", 0, 3.0), wptEvaluation("1", 1, 1.0), wptEvaluation("2", 2, 1.0)};
  Evaluations.push_back(wptEvaluation("3", 3, 0));
  Evaluations.back().Result = Measurement::invalid(FailureKind::Crashed, "crashed");
  EXPECT_EQ(bestEvaluation(Evaluations, {}), std::optional<std::size_t>(1));
  EXPECT_EQ(bestEvaluation({}, {}), std::nullopt);
}

TEST(EvaluationRecordTest, TheBestFollowsEachObjectivesDirection) {
  std::vector<EvaluationRecord> Evaluations = {wptEvaluation("0", 0, 3.0),
                                               wptEvaluation("1", 1, 5.0)};
  const ObjectiveList Maximised = {{"throughput", Direction::Maximise}};
  EXPECT_EQ(bestEvaluation(Evaluations, Maximised), std::optional<std::size_t>(1));
  EXPECT_EQ(bestEvaluation(Evaluations, {{"time", Direction::Minimise}}),
            std::optional<std::size_t>(0));
}

} // namespace
} // namespace atfc
