//===- ShrinkingSampleTest.cpp - The shrinking-sample search --------------===//
//
// A round is the grid of the partitions' medians; the intervals shrink
// around the round's best; finds the bowl's optimum.
//
//===----------------------------------------------------------------------===//
#include "Search/Techniques/ShrinkingSample.h"

#include "TechniqueLandscape.h"

#include "TechniqueProblem.h"

#include <gtest/gtest.h>

#include <set>

using namespace atfc;
using namespace atfc::test;

TEST(ShrinkingSampleTest, RoundsAreMedianGridsThatShrinkAroundTheBest) {
  const ChainOfTrees Space = bowlSpace();
  const SearchDomain Domain(Space);
  ShrinkingSample T(2, 1, 100);
  T.initialize(Domain, 1);
  std::vector<Point> Round = T.propose(100);
  ASSERT_EQ(Round.size(), 16u) << "2^4 combinations of medians";
  std::set<double> Coordinates;
  for (const Point &P : Round)
    Coordinates.insert(P.begin(), P.end());
  EXPECT_EQ(Coordinates, (std::set<double>{0.25, 0.75}));
  const Point Best{0.25, 0.75, 0.75, 0.25};
  for (const Point &P : Round)
    T.report(P, Cost{P == Best ? 1.0 : 2.0});
  for (std::size_t I = 0; I < 4; ++I) {
    EXPECT_EQ(T.lower(I), Best[I] == 0.25 ? 0.0 : 0.5);
    EXPECT_EQ(T.upper(I), Best[I] == 0.25 ? 0.5 : 1.0);
  }
  for (const Point &P : T.propose(100))
    for (std::size_t I = 0; I < 4; ++I) {
      EXPECT_GT(P[I], T.lower(I));
      EXPECT_LE(P[I], T.upper(I));
    }
}

TEST(ShrinkingSampleTest, FindsTheBowlOptimum) {
  for (std::uint64_t Seed = 1; Seed <= 3; ++Seed) {
    ShrinkingSample T;
    LandscapeRun Run = runOnBowl(T, 1000, Seed, 100);
    EXPECT_NE(Run.ToOptimum, 0u) << "seed " << Seed << ", best " << Run.Best;
  }
  EXPECT_EQ((*makeTechnique("shrinking_sample(2, 2)"))->describe(), "shrinking_sample(2, 2, 100)");
  EXPECT_NE(techniqueProblem("shrinking_sample(1)"), "");
}
