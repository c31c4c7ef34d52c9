//===- CostTest.cpp - Directed objectives and search costs ----------------===//
//
// Property tests over random costs and directions: the search's order of
// search costs is the user's order of measured costs, each objective in its
// direction, and the conversions invert each other.
//
//===----------------------------------------------------------------------===//
#include "Support/Cost.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace atfc;

namespace {

struct Case {
  ObjectiveList Objectives;
  Cost A, B;
};

Case randomCase(std::mt19937_64 &Rng) {
  std::uniform_int_distribution<int> Count(1, 3), Coin(0, 1), Small(1, 4);
  std::uniform_real_distribution<double> Scale(0.01, 1000);
  Case C;
  const int N = Count(Rng);
  for (int I = 0; I < N; ++I) {
    C.Objectives.push_back(
        {"o" + std::to_string(I), Coin(Rng) ? Direction::Maximise : Direction::Minimise});
    // Few distinct values, so that ties in leading components are common.
    const double Unit = Scale(Rng);
    C.A.push_back(Unit * Small(Rng));
    C.B.push_back(Coin(Rng) ? C.A.back() : Unit * Small(Rng));
  }
  return C;
}

TEST(Cost, SearchOrderIsTheDirectedOrderOfMeasuredCosts) {
  std::mt19937_64 Rng(15);
  for (int Trial = 0; Trial < 20000; ++Trial) {
    const Case C = randomCase(Rng);
    const bool Directed = betterMeasuredCost(C.A, C.B, C.Objectives);
    const bool Search = betterCost(searchCost(C.A, C.Objectives), searchCost(C.B, C.Objectives));
    ASSERT_EQ(Directed, Search) << "trial " << Trial;
  }
}

TEST(Cost, MeasuredCostInvertsSearchCost) {
  std::mt19937_64 Rng(16);
  for (int Trial = 0; Trial < 2000; ++Trial) {
    const Case C = randomCase(Rng);
    const Cost Back = measuredCost(searchCost(C.A, C.Objectives), C.Objectives);
    ASSERT_EQ(Back.size(), C.A.size());
    for (std::size_t I = 0; I < Back.size(); ++I)
      EXPECT_DOUBLE_EQ(Back[I], C.A[I]);
  }
}

TEST(Cost, MaximisedIsBetterWhenLarger) {
  const ObjectiveList O = {{"gflops", Direction::Maximise}, {"time", Direction::Minimise}};
  EXPECT_TRUE(betterMeasuredCost({200, 5}, {100, 1}, O));
  EXPECT_TRUE(betterMeasuredCost({200, 1}, {200, 5}, O));
  EXPECT_FALSE(betterMeasuredCost({100, 1}, {200, 5}, O));
  EXPECT_LT(searchCost({200, 5}, O), searchCost({100, 1}, O));
}

TEST(Cost, AMaximisedObjectiveMustBePositive) {
  const ObjectiveList O = {{"gflops", Direction::Maximise}};
  EXPECT_EQ(costProblem({1.5}, O), "");
  EXPECT_NE(costProblem({0}, O).find("'gflops' must be a positive finite number"),
            std::string::npos);
  EXPECT_NE(costProblem({-3}, O), "");
  EXPECT_NE(costProblem({std::nan("")}, O), "");
  // inf is positive: what it is not is finite (a rate of 1 / 0).
  EXPECT_EQ(costProblem({HUGE_VAL}, O),
            "the maximised objective 'gflops' must be a positive finite number, not inf");
  // Minimised objectives take any number.
  EXPECT_EQ(costProblem({-3}, ObjectiveList{{"score", Direction::Minimise}}), "");
}

TEST(Cost, AnonymousObjectivesAreNamedCost) {
  EXPECT_EQ(completeObjectives({}, 1).front().Name, "cost");
  const ObjectiveList Two = completeObjectives({}, 2);
  EXPECT_EQ(Two[0].Name, "cost1");
  EXPECT_EQ(Two[1].Name, "cost2");
  EXPECT_EQ(Two[1].Dir, Direction::Minimise);
  const ObjectiveList Named = completeObjectives({{"gflops", Direction::Maximise}}, 1);
  EXPECT_EQ(Named.front(), (Objective{"gflops", Direction::Maximise}));
}

TEST(Cost, DirectionNamesReadBack) {
  for (Direction D : {Direction::Minimise, Direction::Maximise})
    EXPECT_EQ(parseDirection(directionName(D)), D);
  EXPECT_EQ(parseDirection("maximize"), std::nullopt);
}

} // namespace
