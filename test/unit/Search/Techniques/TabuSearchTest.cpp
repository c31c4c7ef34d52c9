//===- TabuSearchTest.cpp - Tabu search on parameters ---------------------===//
//
// Descends the bowl in few evaluations; finds an optimum on a constraint's
// border; leaves a wide local optimum by worse moves and restarts;
// aspiration only where moves are tabu; never proposes a configuration it
// knows; a step evaluates the whole adjacent neighbourhood before it moves;
// a warm start ends the random phase; batches; deterministic per seed.
//
//===----------------------------------------------------------------------===//
#include "Search/Techniques/TabuSearch.h"

#include "Search/Exploration.h"

#include "TechniqueLandscape.h"

#include "TechniqueProblem.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

using namespace atfc;
using namespace atfc::test;

TEST(TabuSearchTest, DescendsTheBowlInFewEvaluations) {
  std::vector<std::size_t> ToOptimum;
  for (std::uint64_t Seed = 1; Seed <= 10; ++Seed) {
    TabuSearch T;
    LandscapeRun Run = runOnBowl(T, 2000, Seed, 1);
    ASSERT_NE(Run.ToOptimum, 0u) << "seed " << Seed;
    ToOptimum.push_back(Run.ToOptimum);
  }
  std::sort(ToOptimum.begin(), ToOptimum.end());
  // A step measures at most eight adjacent moves and moves one value: at
  // most nine steps per parameter plus the samples. Random search would
  // need about 5,000 evaluations.
  EXPECT_LE(ToOptimum[5], 120u);
}

TEST(TabuSearchTest, FindsTheOptimumOnAConstraintsBorder) {
  const ChainOfTrees Space = borderSpace();
  const SearchDomain Domain(Space);
  for (std::uint64_t Seed = 1; Seed <= 5; ++Seed)
    for (bool Widen : {false, true}) {
      TabuSearch T(8, 8, 8, 3, Widen);
      LandscapeRun Run = runOn(
          T, Domain, [&](const Configuration &C) { return OptionalCost(borderCost(Space, C)); },
          1.0, 3000, Seed, 1);
      EXPECT_NE(Run.ToOptimum, 0u)
          << "seed " << Seed << ", widen " << Widen << ", best " << Run.Best;
    }
}

TEST(TabuSearchTest, WorseMovesAndRestartsLeaveAWideLocalOptimum) {
  const ChainOfTrees Space = bowlSpace();
  const SearchDomain Domain(Space);
  for (std::uint64_t Seed = 1; Seed <= 5; ++Seed) {
    TabuSearch T;
    LandscapeRun Run = runOn(
        T, Domain, [&](const Configuration &C) { return OptionalCost(twoBasins(Space, C)); }, 1.0,
        5000, Seed, 1);
    EXPECT_NE(Run.ToOptimum, 0u) << "seed " << Seed << ", best " << Run.Best;
    // The wide basin's bottom (1,1,1,1) has only worse neighbours.
    EXPECT_GT(T.worseMoves(), 0u) << "seed " << Seed;
    EXPECT_GT(T.restarts(), 0u) << "seed " << Seed;
  }
}

TEST(TabuSearchTest, AspirationOnlyWhereMovesAreTabu) {
  const ChainOfTrees Space = borderSpace();
  const SearchDomain Domain(Space);
  // The run goes on past the optimum (cost 0 is never reached), so that
  // returning moves are common.
  std::size_t Aspired = 0;
  for (std::uint64_t Seed = 1; Seed <= 8; ++Seed)
    for (std::size_t Tenure : {0, 8}) {
      TabuSearch T(8, Tenure, 8, 3);
      runOn(
          T, Domain, [&](const Configuration &C) { return OptionalCost(borderCost(Space, C)); },
          0.0, 1500, Seed, 1);
      EXPECT_GT(T.worseMoves(), 0u);
      if (Tenure == 0)
        EXPECT_EQ(T.aspirations(), 0u) << "nothing is tabu with tenure 0";
      else
        Aspired += T.aspirations();
    }
  EXPECT_GT(Aspired, 0u);
}

TEST(TabuSearchTest, NeverProposesAKnownConfiguration) {
  const ChainOfTrees Space = bowlSpace();
  const SearchDomain Domain(Space);
  for (std::size_t Tenure : {0, 2}) {
    TabuSearch T(2, Tenure, 2, 2, true);
    // A flat landscape: no move finds a new best, so restarts follow each
    // other; none may land on a configuration seen before.
    LandscapeRun Run = runOn(
        T, Domain, [](const Configuration &) { return OptionalCost(Cost{5.0}); }, 0.0, 3000, 3, 3);
    std::set<Configuration> Seen;
    for (const Point &P : Run.Proposed)
      EXPECT_TRUE(Seen.insert(Domain.configurationAt(P)).second);
    EXPECT_GE(Run.Evaluations, 3000u); // the last batch may go past the budget
    EXPECT_GT(T.restarts(), 0u);
  }
}

TEST(TabuSearchTest, AStepMeasuresTheWholeAdjacentNeighbourhoodThenMovesToItsBest) {
  const ChainOfTrees Space = bowlSpace();
  const SearchDomain Domain(Space);
  TabuSearch T(1, 8, 8, 3);
  T.initialize(Domain, 5);
  std::vector<Point> First = T.propose(4);
  ASSERT_EQ(First.size(), 1u); // the samples come first, whatever the batch
  const Configuration Start = Domain.configurationAt(First[0]);
  T.report(First[0], bowlCost(Space, Start));
  // Every adjacent move of the sample, in batches of up to three.
  std::set<Configuration> Expected, Neighbours;
  for (std::size_t L = 0; L < Space.numLevels(); ++L)
    for (const Configuration &N : Space.parameterNeighbours(Start, L, ChainOfTrees::Move::Adjacent))
      Expected.insert(N);
  Configuration BestNeighbour = *Expected.begin();
  while (Neighbours.size() < Expected.size()) {
    std::vector<Point> Batch = T.propose(3);
    ASSERT_LE(Batch.size(), 3u);
    for (const Point &P : Batch) {
      const Configuration C = Domain.configurationAt(P);
      ASSERT_TRUE(Expected.count(C)) << "not an adjacent move of the sample";
      EXPECT_TRUE(Neighbours.insert(C).second);
      if (bowlCost(Space, C) < bowlCost(Space, BestNeighbour))
        BestNeighbour = C;
      T.report(P, bowlCost(Space, C));
    }
  }
  // Then the adjacent moves of the best neighbour: the search moved there.
  std::vector<Point> Next = T.propose(1);
  ASSERT_EQ(Next.size(), 1u);
  const Configuration C = Domain.configurationAt(Next[0]);
  bool Adjacent = false;
  for (std::size_t L = 0; L < Space.numLevels(); ++L)
    for (const Configuration &N :
         Space.parameterNeighbours(BestNeighbour, L, ChainOfTrees::Move::Adjacent))
      Adjacent = Adjacent || N == C;
  EXPECT_TRUE(Adjacent);
  EXPECT_EQ(T.moves(), 1u);
}

TEST(TabuSearchTest, AWarmStartEndsTheRandomPhase) {
  const ChainOfTrees Space = bowlSpace();
  // Next to the optimum (3, 7, 5, 1).
  const Configuration Near = *Space.withValueIndices(std::vector<std::uint64_t>{3, 7, 5, 2});
  for (std::uint64_t Seed = 1; Seed <= 4; ++Seed) {
    Exploration Run(Space, std::make_unique<TabuSearch>(24), AbortCondition::evaluations(400),
                    Seed);
    Run.warmStart({Near});
    std::size_t ToOptimum = 0;
    while (!Run.done() && !ToOptimum)
      for (const Configuration &C : Run.next(1)) {
        Run.report(C, bowlCost(Space, C));
        if (Run.status().Best == Cost{1.0} && !ToOptimum)
          ToOptimum = Run.status().Evaluations;
      }
    // The warm start and at most the eight adjacent moves of Near, not 24
    // random samples first.
    EXPECT_NE(ToOptimum, 0u);
    EXPECT_LE(ToOptimum, 9u) << "seed " << Seed;
  }
}

TEST(TabuSearchTest, BatchesAndIsDeterministicPerSeed) {
  for (std::size_t Max : {1, 4}) {
    TabuSearch A, B;
    EXPECT_EQ(runOnBowl(A, 300, 3, Max).Proposed, runOnBowl(B, 300, 3, Max).Proposed);
  }
  TabuSearch T;
  LandscapeRun Run = runOnBowl(T, 2000, 9, 4);
  EXPECT_NE(Run.ToOptimum, 0u);
  EXPECT_EQ(TabuSearch().describe(), "tabu_search(8, 4, 4, 3, 0)");
  EXPECT_NE(techniqueProblem("tabu_search(0)"), "");
  EXPECT_NE(techniqueProblem("tabu_search(8, 1.5)"), "");
  EXPECT_NE(techniqueProblem("tabu_search(8, 8, 8, 3, 2)"), "");
  EXPECT_EQ(techniqueProblem("tabu_search(4, 2, 5, 1, 1)"), "");
}
