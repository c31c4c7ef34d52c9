//===- RunObjectivesTest.cpp - A run's named, directed costs --------------===//
//
// Every output names a run's costs the same way: by its objectives, and
// anonymously ("cost", "cost1", ...) where they name none.
//
//===----------------------------------------------------------------------===//
#include "Results/RunObjectives.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

using namespace atfc;

namespace {

TEST(RunObjectivesTest, CostNamesFollowTheObjectives) {
  const ObjectiveList Declared = {{"time", Direction::Minimise}, {"", Direction::Maximise}};
  EXPECT_EQ(costName(Declared, 0, 2), "time");
  EXPECT_EQ(costName(Declared, 1, 2), "cost2"); // unnamed
  EXPECT_EQ(costName(Declared, 2, 3), "cost3"); // beyond the objectives
  EXPECT_EQ(costName({}, 0, 1), "cost");
  EXPECT_EQ(costName({}, 0, 2), "cost1");
}

TEST(RunObjectivesTest, ObjectivesReadBackFromTheirJson) {
  const ObjectiveList Declared = {{"time", Direction::Minimise}, {"gflops", Direction::Maximise}};
  const ObjectiveList Read = objectivesFromJson(objectivesJson(Declared, 2));
  ASSERT_EQ(Read.size(), 2u);
  EXPECT_EQ(Read[1].Name, "gflops");
  EXPECT_EQ(Read[1].Dir, Direction::Maximise);
  // An older atfc wrote names only: all minimised.
  const ObjectiveList Old = objectivesFromJson(nlohmann::ordered_json{"time"});
  ASSERT_EQ(Old.size(), 1u);
  EXPECT_EQ(Old[0].Dir, Direction::Minimise);
}

} // namespace
