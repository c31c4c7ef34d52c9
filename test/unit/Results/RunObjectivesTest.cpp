//===- RunObjectivesTest.cpp - A run's named, directed costs --------------===//
//
// A measurement that does not fit the declared objectives becomes a bad
// cost with the reason, costs print with their names and directions, and
// the objectives' JSON reads back, also in an older atfc's form.
//
//===----------------------------------------------------------------------===//
#include "Results/RunObjectives.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace atfc;

namespace {

const ObjectiveList kTimeAndGflops = {{"time", Direction::Minimise},
                                      {"gflops", Direction::Maximise}};

TEST(RunObjectivesTest, ACostThatFitsStaysValid) {
  Measurement M = Measurement::valid({0.5, 12});
  checkCostFitsObjectives(M, kTimeAndGflops);
  EXPECT_TRUE(M.Valid);
  // Anonymous costs always fit.
  Measurement Any = Measurement::valid({-1, 2, 3});
  checkCostFitsObjectives(Any, {});
  EXPECT_TRUE(Any.Valid);
}

TEST(RunObjectivesTest, AnotherNumberOfCostsIsABadCost) {
  Measurement M = Measurement::valid({0.5});
  M.RunSeconds = 2;
  checkCostFitsObjectives(M, kTimeAndGflops);
  EXPECT_FALSE(M.Valid);
  EXPECT_EQ(M.Failure, FailureKind::BadCost);
  EXPECT_EQ(M.Reason, "1 cost for 2 objectives (time, gflops)");
  EXPECT_EQ(M.RunSeconds, 2) << "the timings stay";
}

// Anonymous costs against the count of a run's first valid result.
TEST(RunObjectivesTest, AnonymousCostsOfAnotherCountAreBadCosts) {
  Measurement Two = Measurement::valid({1, 5});
  Two.RunSeconds = 2;
  checkCostFitsObjectives(Two, {}, 1);
  EXPECT_EQ(Two.Failure, FailureKind::BadCost);
  EXPECT_EQ(Two.Reason, "2 costs, where the first valid result had 1 cost: several costs need an "
                        "`objective` directive each, and a number a decimal point, not a comma");
  // A verdict of the order the configurations came in: measured again by
  // a later run, not reused.
  EXPECT_TRUE(failedOutsideConfiguration(Two));
  EXPECT_EQ(Two.RunSeconds, 2) << "the timings stay";
  Measurement One = Measurement::valid({2});
  checkCostFitsObjectives(One, {}, 1);
  EXPECT_TRUE(One.Valid);
}

TEST(RunObjectivesTest, AMaximisedCostMustBePositive) {
  Measurement M = Measurement::valid({0.5, 0});
  checkCostFitsObjectives(M, kTimeAndGflops);
  EXPECT_FALSE(M.Valid);
  EXPECT_EQ(M.Reason, "the maximised objective 'gflops' must be a positive finite number, not 0");
}

TEST(RunObjectivesTest, NamesEachComponentOfACost) {
  EXPECT_EQ(formatNamedCost({0.25}, {}), "0.25");
  EXPECT_EQ(formatNamedCost({0.25, 512}, kTimeAndGflops), "time=0.25 (min), gflops=512 (max)");
  EXPECT_EQ(formatNamedCost({1, 2}, {}), "cost1=1 (min), cost2=2 (min)");
}

TEST(RunObjectivesTest, ObjectivesJsonReadsBack) {
  const nlohmann::ordered_json J = objectivesJson(kTimeAndGflops, 2);
  EXPECT_EQ(J.dump(), R"([{"name":"time","direction":"min"},{"name":"gflops","direction":"max"}])");
  const ObjectiveList Back = objectivesFromJson(J);
  ASSERT_EQ(Back.size(), 2u);
  EXPECT_EQ(Back[1].Name, "gflops");
  EXPECT_EQ(Back[1].Dir, Direction::Maximise);
  EXPECT_EQ(objectivesJson({}, 1).dump(), R"([{"name":"cost","direction":"min"}])");
}

TEST(RunObjectivesTest, ReadsAnOlderAtfcsNamesAndRefusesTheRest) {
  const ObjectiveList Old = objectivesFromJson(nlohmann::ordered_json::parse(R"(["a", "b"])"));
  ASSERT_EQ(Old.size(), 2u);
  EXPECT_EQ(Old[0].Name, "a");
  EXPECT_EQ(Old[0].Dir, Direction::Minimise);
  EXPECT_TRUE(objectivesFromJson(nlohmann::ordered_json::parse(R"(["a", 3])")).empty());
  EXPECT_TRUE(objectivesFromJson(nlohmann::ordered_json::parse(R"({"name": "a"})")).empty());
}

TEST(RunObjectivesTest, CostNamesFollowTheObjectives) {
  const ObjectiveList Declared = {{"time", Direction::Minimise}, {"", Direction::Maximise}};
  EXPECT_EQ(costName(Declared, 0, 2), "time");
  EXPECT_EQ(costName(Declared, 1, 2), "cost2"); // unnamed
  EXPECT_EQ(costName(Declared, 2, 3), "cost3"); // beyond the objectives
  EXPECT_EQ(costName({}, 0, 1), "cost");
  EXPECT_EQ(costName({}, 0, 2), "cost1");
}

} // namespace
