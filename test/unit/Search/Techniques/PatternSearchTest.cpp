//===- PatternSearchTest.cpp - Compass pattern search ---------------------===//
//
// The base point stays until a poll improves on it (the reference mutates
// it), the step shrinks instead; finds the bowl's optimum.
//
//===----------------------------------------------------------------------===//
#include "Search/Techniques/PatternSearch.h"

#include "TechniqueLandscape.h"

#include "TechniqueProblem.h"

#include <gtest/gtest.h>

using namespace atfc;
using namespace atfc::test;

TEST(PatternSearchTest, BaseStaysUntilAnImprovementIsAccepted) {
  const ChainOfTrees Space = bowlSpace();
  const SearchDomain Domain(Space);
  PatternSearch T;
  T.initialize(Domain, 3);
  const Point Base = T.propose(1).at(0);
  T.report(Base, Cost{2.0});
  // A poll of no improvement: the base stays bit for bit, the step halves.
  std::vector<Point> Poll = T.propose(64);
  ASSERT_GE(Poll.size(), 4u);
  for (const Point &P : Poll) {
    std::size_t Changed = 0;
    for (std::size_t I = 0; I < P.size(); ++I)
      Changed += P[I] != Base[I];
    EXPECT_EQ(Changed, 1u) << "a poll moves along one dimension";
    T.report(P, Cost{3.0});
    EXPECT_EQ(T.base(), Base);
  }
  EXPECT_EQ(T.step(), PatternSearch::kDefaultStep * PatternSearch::kDefaultShrink);
  // The next poll: one point improves, and only it becomes the base.
  Poll = T.propose(64);
  for (std::size_t K = 0; K < Poll.size(); ++K) {
    T.report(Poll[K], Cost{K == 1 ? 1.5 : 4.0});
    if (K + 1 < Poll.size()) {
      EXPECT_EQ(T.base(), Base) << "no move before the poll is complete";
    }
  }
  EXPECT_EQ(T.base(), Poll[1]);
  EXPECT_EQ(*T.baseCost(), Cost{1.5});
}

TEST(PatternSearchTest, FindsTheBowlOptimum) {
  for (std::uint64_t Seed = 1; Seed <= 5; ++Seed) {
    PatternSearch T;
    LandscapeRun Run = runOnBowl(T, 400, Seed, 8);
    EXPECT_NE(Run.ToOptimum, 0u) << "seed " << Seed << ", best " << Run.Best;
  }
}

TEST(PatternSearchTest, NumbersAreChecked) {
  EXPECT_NE(techniqueProblem("pattern_search(0.1, 1.0)"), "");
  EXPECT_NE(techniqueProblem("pattern_search(0.1, 0.5, 0.2)"), "");
  EXPECT_EQ((*makeTechnique("pattern_search(0.5)"))->describe(), "pattern_search(0.5, 0.5, 0.004)");
}
