//===- ReplayScoreTest.cpp - The methodology's performance score ----------===//
//
// random(b) against brute force over every subset of small samples (failed
// configurations counting as the worst valid cost), and the score's fixed
// points: the optimum at once scores 1, random search's own expectation 0,
// worse than random below 0.
//
//===----------------------------------------------------------------------===//
#include "Replay/ReplayScore.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

using namespace atfc;

namespace {

/// The mean of the minimum over every subset of size B.
double bruteForceExpectation(const std::vector<double> &V, std::size_t B) {
  const std::size_t N = V.size();
  double Sum = 0;
  std::size_t Subsets = 0;
  for (std::uint32_t Mask = 0; Mask < (1u << N); ++Mask) {
    if (static_cast<std::size_t>(__builtin_popcount(Mask)) != B)
      continue;
    double Min = std::numeric_limits<double>::infinity();
    for (std::size_t I = 0; I < N; ++I)
      if (Mask & (1u << I))
        Min = std::min(Min, V[I]);
    Sum += Min;
    ++Subsets;
  }
  return Sum / static_cast<double>(Subsets);
}

} // namespace

TEST(ReplayScoreTest, RandomExpectationMatchesEverySubset) {
  const double Inf = std::numeric_limits<double>::infinity();
  std::vector<double> Four = {3, 1, 4, 2};
  std::vector<double> E = randomSearchExpectation(Four, 10);
  ASSERT_EQ(E.size(), 4u); // capped at the number of configurations
  EXPECT_DOUBLE_EQ(E[0], 2.5);
  EXPECT_DOUBLE_EQ(E[1], 10.0 / 6.0);
  EXPECT_DOUBLE_EQ(E[3], 1.0);
  // A failed configuration counts as the worst valid one.
  EXPECT_DOUBLE_EQ(randomSearchExpectation({1, Inf, 3}, 1)[0], 7.0 / 3.0);

  std::mt19937_64 Rng(5);
  for (int Trial = 0; Trial < 30; ++Trial) {
    const std::size_t N = 1 + Rng() % 12;
    std::vector<double> V(N);
    for (double &X : V)
      X = 1.0 + static_cast<double>(Rng() % 1000) / 100.0;
    const std::vector<double> Got = randomSearchExpectation(V, N);
    for (std::size_t B = 1; B <= N; ++B)
      EXPECT_NEAR(Got[B - 1], bruteForceExpectation(V, B), 1e-9) << "N " << N << ", b " << B;
  }
}

TEST(ReplayScoreTest, OptimumScoresOneRandomZeroWorseNegative) {
  const std::vector<double> Random = randomSearchExpectation({1, 2, 3, 4, 5, 6, 7, 8}, 6);
  const std::vector<std::pair<std::uint64_t, double>> AtOnce = {{1, 1.0}};
  EXPECT_DOUBLE_EQ(performanceScore(AtOnce, Random, 8.0), 1.0);
  // A run that is always exactly as good as random's expectation.
  std::vector<std::pair<std::uint64_t, double>> AsRandom;
  for (std::uint64_t B = 1; B <= Random.size(); ++B)
    AsRandom.emplace_back(B, Random[B - 1]);
  EXPECT_NEAR(performanceScore(AsRandom, Random, 8.0), 0.0, 1e-12);
  // Stuck at the worst configuration.
  const std::vector<std::pair<std::uint64_t, double>> Worst = {{1, 8.0}};
  EXPECT_LT(performanceScore(Worst, Random, 8.0), 0.0);
  // Before the first valid evaluation the run counts as the worst.
  const std::vector<std::pair<std::uint64_t, double>> Late = {{3, 1.0}};
  EXPECT_LT(performanceScore(Late, Random, 8.0), 1.0);
  EXPECT_GT(performanceScore(Late, Random, 8.0), 0.0);
}
