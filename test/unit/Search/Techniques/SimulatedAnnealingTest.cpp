//===- SimulatedAnnealingTest.cpp - Simulated annealing -------------------===//
//
// A better point is always taken, a much worse one at a low temperature
// never; finds the bowl's optimum; deterministic per seed.
//
//===----------------------------------------------------------------------===//
#include "Search/Techniques/SimulatedAnnealing.h"

#include "TechniqueLandscape.h"

#include <gtest/gtest.h>

using namespace atfc;
using namespace atfc::test;

TEST(SimulatedAnnealingTest, AcceptsBetterAndRejectsMuchWorse) {
  const ChainOfTrees Space = bowlSpace();
  const SearchDomain Domain(Space);
  SimulatedAnnealing T(0.01, 0.99, 0.1);
  T.initialize(Domain, 2);
  Point P = T.propose(1).at(0);
  T.report(P, Cost{10.0});
  EXPECT_EQ(T.current(), P);
  Point Q = T.propose(1).at(0);
  T.report(Q, Cost{5.0});
  EXPECT_EQ(T.current(), Q);
  for (int I = 0; I < 20; ++I) {
    Point R = T.propose(1).at(0);
    T.report(R, Cost{50.0}); // 900 % worse at T = 0.01: exp(-900) never
    EXPECT_EQ(T.current(), Q);
  }
}

TEST(SimulatedAnnealingTest, FindsTheBowlOptimum) {
  for (std::uint64_t Seed = 1; Seed <= 5; ++Seed) {
    SimulatedAnnealing T;
    LandscapeRun Run = runOnBowl(T, 600, Seed);
    EXPECT_NE(Run.ToOptimum, 0u) << "seed " << Seed << ", best " << Run.Best;
  }
  SimulatedAnnealing A, B;
  EXPECT_EQ(runOnBowl(A, 100, 9).Proposed, runOnBowl(B, 100, 9).Proposed);
}
