//===- LocalSearchTest.cpp - Iterated local search on parameters ----------===//
//
// Descends the bowl in few evaluations; finds an optimum that lies on a
// constraint's border, sooner with repaired steps along it; escapes a wide local optimum by kicks
// and restarts; never proposes a configuration it knows; starts with random samples; batches;
// deterministic per seed.
//
//===----------------------------------------------------------------------===//
#include "Search/Techniques/LocalSearch.h"

#include "TechniqueLandscape.h"

#include "TechniqueProblem.h"

#include <gtest/gtest.h>

#include <set>

using namespace atfc;
using namespace atfc::test;

TEST(LocalSearchTest, DescendsTheBowlInFewEvaluations) {
  std::vector<std::size_t> ToOptimum;
  for (std::uint64_t Seed = 1; Seed <= 10; ++Seed) {
    LocalSearch T;
    LandscapeRun Run = runOnBowl(T, 2000, Seed, 1);
    ASSERT_NE(Run.ToOptimum, 0u) << "seed " << Seed;
    ToOptimum.push_back(Run.ToOptimum);
  }
  std::sort(ToOptimum.begin(), ToOptimum.end());
  // A descent moves one parameter by one value: at most 9 steps per
  // parameter, two neighbours each, plus the samples. Random search would
  // need about 5,000 evaluations.
  EXPECT_LE(ToOptimum[5], 80u);
}

TEST(LocalSearchTest, FindsTheOptimumOnAConstraintsBorder) {
  const ChainOfTrees Space = borderSpace();
  const SearchDomain Domain(Space);
  const Configuration Optimum = *Space.withValueIndices(std::vector<std::uint64_t>{15, 15, 4});
  ASSERT_EQ(borderCost(Space, Optimum)[0], 1.0);
  for (std::uint64_t Seed = 1; Seed <= 5; ++Seed) {
    LocalSearch T;
    LandscapeRun Run = runOn(
        T, Domain, [&](const Configuration &C) { return OptionalCost(borderCost(Space, C)); }, 1.0,
        3000, Seed, 1);
    EXPECT_NE(Run.ToOptimum, 0u) << "seed " << Seed << ", best " << Run.Best;
  }
}

TEST(LocalSearchTest, RepairedStepsFollowTheBorderSooner) {
  // On X * Y <= 256 a step of X up from the border is rejected; repaired,
  // it takes Y down with it, a move along the border that the adjacent
  // valid values (X down only) never make.
  const ChainOfTrees Space = borderSpace();
  const SearchDomain Domain(Space);
  std::vector<std::size_t> Adjacent, Repaired;
  for (std::uint64_t Seed = 1; Seed <= 11; ++Seed)
    for (unsigned Widen : {0u, 2u}) {
      LocalSearch T(8, 3, 3, Widen);
      LandscapeRun Run = runOn(
          T, Domain, [&](const Configuration &C) { return OptionalCost(borderCost(Space, C)); },
          1.0, 3000, Seed, 1);
      ASSERT_NE(Run.ToOptimum, 0u) << "seed " << Seed << ", widen " << Widen;
      (Widen == 0 ? Adjacent : Repaired).push_back(Run.ToOptimum);
    }
  std::sort(Adjacent.begin(), Adjacent.end());
  std::sort(Repaired.begin(), Repaired.end());
  EXPECT_LT(Repaired[5], Adjacent[5]) << "medians over 11 seeds";
}

TEST(LocalSearchTest, KicksAndRestartsLeaveAWideLocalOptimum) {
  const ChainOfTrees Space = bowlSpace();
  const SearchDomain Domain(Space);
  for (std::uint64_t Seed = 1; Seed <= 5; ++Seed) {
    LocalSearch T;
    LandscapeRun Run = runOn(
        T, Domain, [&](const Configuration &C) { return OptionalCost(twoBasins(Space, C)); }, 1.0,
        5000, Seed, 1);
    EXPECT_NE(Run.ToOptimum, 0u) << "seed " << Seed << ", best " << Run.Best;
    EXPECT_GT(T.kicks() + T.restarts(), 0u) << "seed " << Seed;
  }
}

TEST(LocalSearchTest, NeverProposesAKnownConfiguration) {
  const ChainOfTrees Space = bowlSpace();
  const SearchDomain Domain(Space);
  LocalSearch T(2, 2, 1);
  // A flat landscape: every descent ends at once, so kicks and restarts
  // follow each other; none may land on a configuration seen before.
  LandscapeRun Run = runOn(
      T, Domain, [](const Configuration &) { return OptionalCost(Cost{5.0}); }, 0.0, 3000, 3, 3);
  std::set<Configuration> Seen;
  for (const Point &P : Run.Proposed)
    EXPECT_TRUE(Seen.insert(Domain.configurationAt(P)).second);
  EXPECT_GE(Run.Evaluations, 3000u); // the last batch may go past the budget
  EXPECT_GT(T.restarts(), 0u);
}

TEST(LocalSearchTest, StartsWithRandomSamplesThenBatchesNeighbours) {
  const ChainOfTrees Space = bowlSpace();
  const SearchDomain Domain(Space);
  LocalSearch T(6, 3, 3);
  T.initialize(Domain, 11);
  // The samples come first, whatever the batch size asked for.
  std::vector<Point> First = T.propose(10);
  ASSERT_EQ(First.size(), 6u);
  std::size_t BestIndex = 0;
  for (std::size_t I = 0; I < First.size(); ++I) {
    const Cost C = bowlCost(Space, Domain.configurationAt(First[I]));
    T.report(First[I], C);
    if (C < bowlCost(Space, Domain.configurationAt(First[BestIndex])))
      BestIndex = I;
  }
  // Then the adjacent moves of the best sample, one parameter each.
  const std::vector<std::uint64_t> Base =
      Space.valueIndices(Domain.configurationAt(First[BestIndex]));
  std::vector<Point> Moves = T.propose(4);
  ASSERT_GE(Moves.size(), 1u);
  ASSERT_LE(Moves.size(), 4u);
  for (const Point &P : Moves) {
    const std::vector<std::uint64_t> V = Space.valueIndices(Domain.configurationAt(P));
    std::size_t Changed = 0;
    for (std::size_t L = 0; L < V.size(); ++L)
      if (V[L] != Base[L]) {
        ++Changed;
        EXPECT_EQ(V[L] > Base[L] ? V[L] - Base[L] : Base[L] - V[L], 1u);
      }
    EXPECT_EQ(Changed, 1u);
  }
  // Batches of 4 find the optimum too.
  LocalSearch B;
  EXPECT_NE(runOnBowl(B, 2000, 5, 4).ToOptimum, 0u);
}

TEST(LocalSearchTest, DeterministicPerSeedAndDescribed) {
  LocalSearch A, B;
  EXPECT_EQ(runOnBowl(A, 300, 3).Proposed, runOnBowl(B, 300, 3).Proposed);
  EXPECT_EQ(LocalSearch().describe(), "local_search(8, 3, 3, 2, 10)");
  EXPECT_NE(techniqueProblem("local_search(0.0)"), "");
  EXPECT_NE(techniqueProblem("local_search(1.5)"), "");
  EXPECT_EQ(techniqueProblem("local_search(8, 2, 5)"), "");
}
