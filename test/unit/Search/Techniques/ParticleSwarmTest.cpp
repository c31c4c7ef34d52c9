//===- ParticleSwarmTest.cpp - Particle swarm optimisation ----------------===//
//
// The swarm follows its BEST points (the reference follows its worst
// particle): the global best is the best position measured, and with only
// the social term every particle moves towards it. Finds the optimum.
//
//===----------------------------------------------------------------------===//
#include "Search/Techniques/ParticleSwarm.h"

#include "TechniqueLandscape.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace atfc;
using namespace atfc::test;

TEST(ParticleSwarmTest, FollowsTheBestNotTheWorst) {
  const ChainOfTrees Space = bowlSpace();
  const SearchDomain Domain(Space);
  ParticleSwarm T(8, 0.0, 0.0, 1.0); // the social term alone
  T.initialize(Domain, 4);
  std::vector<Point> Start = T.propose(8);
  ASSERT_EQ(Start.size(), 8u) << "the swarm moves as one batch";
  for (std::size_t P = 0; P < Start.size(); ++P)
    T.report(Start[P], Cost{P == 5 ? 1.0 : 10.0 - double(P)}); // 5 best, 0 worst
  EXPECT_EQ(T.globalBest(), Start[5]);
  EXPECT_EQ(*T.globalBestCost(), Cost{1.0});
  for (std::size_t P = 0; P < 8; ++P)
    EXPECT_EQ(T.personalBest(P), Start[P]);
  const std::vector<Point> Moved = T.propose(8);
  for (std::size_t P = 0; P < 8; ++P)
    for (std::size_t K = 0; K < Moved[P].size(); ++K) {
      // x' = x + r (g - x), r in [0,1): on the segment from x towards g.
      const double Before = std::abs(Start[P][K] - Start[5][K]);
      const double After = std::abs(Moved[P][K] - Start[5][K]);
      EXPECT_LE(After, Before + 1e-12) << "particle " << P << ", coordinate " << K;
      EXPECT_LE(std::min(Start[P][K], Start[5][K]) - 1e-12, Moved[P][K]);
      EXPECT_LE(Moved[P][K], std::max(Start[P][K], Start[5][K]) + 1e-12);
    }
}

TEST(ParticleSwarmTest, PersonalBestKeepsTheBestPoint) {
  const ChainOfTrees Space = bowlSpace();
  const SearchDomain Domain(Space);
  ParticleSwarm T(4);
  T.initialize(Domain, 4);
  std::vector<Point> Start = T.propose(4);
  for (const Point &P : Start)
    T.report(P, Cost{2.0});
  for (const Point &P : T.propose(4))
    T.report(P, Cost{5.0}); // worse everywhere: personal bests stay
  for (std::size_t P = 0; P < 4; ++P)
    EXPECT_EQ(T.personalBest(P), Start[P]);
}

TEST(ParticleSwarmTest, GetsCloseToTheBowlOptimum) {
  for (std::uint64_t Seed = 1; Seed <= 5; ++Seed) {
    ParticleSwarm T;
    LandscapeRun Run = runOnBowl(T, 1000, Seed, 20);
    EXPECT_LE(Run.Best, 3.0) << "seed " << Seed;
  }
}
