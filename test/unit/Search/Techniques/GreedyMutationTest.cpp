//===- GreedyMutationTest.cpp - Mutations of the best point ---------------===//
//
// Finds the bowl's optimum; each mutation lands on another configuration
// than the best's; learns from observed points; deterministic per seed.
//
//===----------------------------------------------------------------------===//
#include "Search/Techniques/GreedyMutation.h"

#include "TechniqueLandscape.h"

#include "TechniqueProblem.h"

#include <gtest/gtest.h>

using namespace atfc;
using namespace atfc::test;

TEST(GreedyMutationTest, FindsTheBowlOptimum) {
  for (std::uint64_t Seed = 1; Seed <= 5; ++Seed) {
    GreedyMutation T;
    LandscapeRun Run = runOnBowl(T, 400, Seed);
    EXPECT_NE(Run.ToOptimum, 0u) << "seed " << Seed << ", best " << Run.Best;
  }
}

TEST(GreedyMutationTest, MutationsLeaveTheBestConfiguration) {
  const ChainOfTrees Space = bowlSpace();
  const SearchDomain Domain(Space);
  GreedyMutation T;
  T.initialize(Domain, 7);
  const Point First = T.propose(1).at(0);
  T.report(First, Cost{5.0});
  const Configuration Best = Domain.configurationAt(First);
  for (int I = 0; I < 50; ++I) {
    const Point P = T.propose(1).at(0);
    EXPECT_FALSE(Domain.configurationAt(P) == Best);
    T.report(P, Cost{9.0}); // worse: the best stays
    EXPECT_EQ(T.best(), First);
  }
}

TEST(GreedyMutationTest, AdoptsABetterObservedPoint) {
  const ChainOfTrees Space = bowlSpace();
  const SearchDomain Domain(Space);
  GreedyMutation T;
  T.initialize(Domain, 7);
  const Point Own = T.propose(1).at(0);
  T.report(Own, Cost{5.0});
  const Point Other{0.5, 0.5, 0.5, 0.5};
  T.observe(Other, Cost{9.0});
  EXPECT_EQ(T.best(), Own);
  T.observe(Other, Cost{2.0});
  EXPECT_EQ(T.best(), Other);
}

TEST(GreedyMutationTest, DeterministicPerSeedAndDescribed) {
  GreedyMutation A, B;
  EXPECT_EQ(runOnBowl(A, 100, 3).Proposed, runOnBowl(B, 100, 3).Proposed);
  EXPECT_EQ(GreedyMutation().describe(), "greedy_mutation(0.2, 0.1, 0.2)");
  EXPECT_NE(techniqueProblem("greedy_mutation(0.0)"), "");
  EXPECT_EQ(techniqueProblem("greedy_mutation(0.5, 0.2)"), "");
}
