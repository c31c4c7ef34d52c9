//===- WindowSearchTest.cpp - Window search -------------------------------===//
//
// A round is `sample` configurations in the window; the window shrinks by
// `fraction` of its volume around the best and stays inside (0,1]^D; a
// window too small for a sample starts a new cycle; never proposes a
// configuration the run knows; deterministic for a seed; finds the optima
// of the bowl and of the border landscape.
//
//===----------------------------------------------------------------------===//
#include "Search/Techniques/WindowSearch.h"

#include "TechniqueLandscape.h"

#include "TechniqueProblem.h"

#include <gtest/gtest.h>

#include <cmath>
#include <set>

using namespace atfc;
using namespace atfc::test;

TEST(WindowSearchTest, RoundsShrinkTheWindowAroundTheBest) {
  const ChainOfTrees Space = bowlSpace();
  const SearchDomain Domain(Space);
  WindowSearch T(10, 0.5);
  T.initialize(Domain, 1);
  std::vector<Point> Round = T.propose(100);
  ASSERT_EQ(Round.size(), 10u) << "one round";
  EXPECT_EQ(T.volume(), 1.0);
  const Configuration Best = Domain.configurationAt(Round[3]);
  for (std::size_t I = 0; I < Round.size(); ++I)
    T.report(Round[I], Cost{I == 3 ? 1.0 : 2.0});
  Round = T.propose(100);
  ASSERT_EQ(Round.size(), 10u);
  EXPECT_EQ(T.volume(), 0.5);
  EXPECT_NEAR(T.side(), std::pow(0.5, 0.25), 1e-12);
  const std::vector<double> Centre = Domain.pointOf(Best);
  for (std::size_t I = 0; I < 4; ++I) {
    EXPECT_GE(T.corner()[I], 0.0);
    EXPECT_LE(T.corner()[I] + T.side(), 1.0 + 1e-12) << "the window stays inside";
    EXPECT_LE(T.corner()[I], Centre[I]);
    EXPECT_GE(T.corner()[I] + T.side(), Centre[I]) << "the window holds the best";
  }
  for (const Point &P : Round)
    for (std::size_t I = 0; I < 4; ++I) {
      EXPECT_GE(P[I], T.corner()[I] - 0.05) << "a cell centre of the window";
      EXPECT_LE(P[I], T.corner()[I] + T.side() + 0.05);
    }
}

TEST(WindowSearchTest, AWindowSmallerThanASampleStartsANewCycle) {
  const ChainOfTrees Space = bowlSpace();
  const SearchDomain Domain(Space);
  WindowSearch T(10, 0.5);
  T.initialize(Domain, 2);
  // 10^4 configurations: volumes 1, 1/2, ..., 1/1024 hold at least 10.
  double Smallest = 1.0;
  for (int Round = 0; Round < 12 && T.cycles() == 1; ++Round) {
    Smallest = std::min(Smallest, T.volume());
    for (const Point &P : T.propose(100))
      T.report(P, bowlCost(Space, Domain.configurationAt(P)));
  }
  EXPECT_EQ(T.cycles(), 2u);
  EXPECT_EQ(Smallest, std::ldexp(1.0, -9));
}

TEST(WindowSearchTest, NeverProposesAKnownConfiguration) {
  const ChainOfTrees Space = bowlSpace();
  const SearchDomain Domain(Space);
  for (std::uint64_t Seed = 1; Seed <= 3; ++Seed) {
    WindowSearch T;
    const LandscapeRun Run = runOn(
        T, Domain, [&](const Configuration &C) { return OptionalCost(twoBasins(Space, C)); }, 0.0,
        1000, Seed, 7);
    std::set<Configuration> Distinct;
    for (const Point &P : Run.Proposed)
      Distinct.insert(Domain.configurationAt(P));
    EXPECT_EQ(Distinct.size(), Run.Proposed.size()) << "seed " << Seed;
    EXPECT_GT(T.cycles(), 1u);
  }
}

TEST(WindowSearchTest, IsDeterministicForASeed) {
  WindowSearch A, B, C;
  const LandscapeRun RunA = runOnBowl(A, 200, 5), RunB = runOnBowl(B, 200, 5),
                     RunC = runOnBowl(C, 200, 6);
  EXPECT_EQ(RunA.Proposed, RunB.Proposed);
  EXPECT_NE(RunA.Proposed, RunC.Proposed);
}

TEST(WindowSearchTest, FindsTheOptimaOfConvexLandscapes) {
  for (std::uint64_t Seed = 1; Seed <= 5; ++Seed) {
    WindowSearch T;
    const LandscapeRun Run = runOnBowl(T, 3000, Seed);
    EXPECT_NE(Run.ToOptimum, 0u) << "seed " << Seed << ", best " << Run.Best;
  }
  const ChainOfTrees Space = borderSpace();
  const SearchDomain Domain(Space);
  for (std::uint64_t Seed = 1; Seed <= 5; ++Seed) {
    WindowSearch T;
    const LandscapeRun Run = runOn(
        T, Domain, [&](const Configuration &C) { return OptionalCost(borderCost(Space, C)); }, 1.0,
        3000, Seed);
    EXPECT_NE(Run.ToOptimum, 0u) << "seed " << Seed << ", best " << Run.Best;
  }
}

TEST(WindowSearchTest, NumbersAreChecked) {
  EXPECT_NE(techniqueProblem("window_search(0)"), "");
  EXPECT_NE(techniqueProblem("window_search(10, 1)"), "");
  EXPECT_EQ((*makeTechnique("window_search"))->describe(), "window_search(10, 0.5)");
}
