//===- test/unit/Report/RandomBaselineTest.cpp ----------------------------===//
#include "Report/RandomBaseline.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

namespace atfc::report {
namespace {

/// E[best | a valid draw] and P(a valid draw) by enumerating every k-subset
/// of a population: Costs with +infinity for invalid configurations.
std::pair<double, double> bruteForce(const std::vector<double> &Population, unsigned K) {
  const std::size_t N = Population.size();
  double Sum = 0, Subsets = 0, Found = 0;
  for (unsigned Mask = 0; Mask < (1u << N); ++Mask) {
    if (static_cast<unsigned>(__builtin_popcount(Mask)) != K)
      continue;
    Subsets += 1;
    double Best = INFINITY;
    for (std::size_t I = 0; I < N; ++I)
      if (Mask & (1u << I))
        Best = std::min(Best, Population[I]);
    if (std::isfinite(Best)) {
      Sum += Best;
      Found += 1;
    }
  }
  return {Found > 0 ? Sum / Found : INFINITY, Found / Subsets};
}

// Without replacement over the whole measured space, the formula agrees
// with enumerating every subset, for random populations with ties and
// invalid configurations.
TEST(RandomBaseline, ExactForAFullyMeasuredSpace) {
  std::mt19937 Random(11);
  for (int Trial = 0; Trial < 60; ++Trial) {
    const std::size_t N = 1 + Random() % 10;
    std::vector<double> Population, Valid;
    for (std::size_t I = 0; I < N; ++I) {
      const bool Invalid = Random() % 4 == 0;
      const double Cost = static_cast<double>(1 + Random() % 5);
      Population.push_back(Invalid ? INFINITY : Cost);
      if (!Invalid)
        Valid.push_back(Cost);
    }
    std::vector<std::uint64_t> Draws(N);
    std::iota(Draws.begin(), Draws.end(), 1);
    const auto Points =
        randomSearchBaseline(Valid, static_cast<double>(N), static_cast<double>(N), Draws);
    ASSERT_EQ(Points.size(), N);
    for (std::size_t K = 1; K <= N; ++K) {
      const auto [Expected, Found] = bruteForce(Population, static_cast<unsigned>(K));
      EXPECT_NEAR(Points[K - 1].FoundValid, Found, 1e-9) << "k " << K;
      if (std::isfinite(Expected)) {
        EXPECT_NEAR(Points[K - 1].Expected, Expected, 1e-9) << "k " << K;
      } else {
        EXPECT_TRUE(std::isinf(Points[K - 1].Expected));
      }
    }
  }
}

TEST(RandomBaseline, OneDrawExpectsTheMeanAndAllDrawsTheBest) {
  const auto Points = randomSearchBaseline({4, 1, 2, 3}, 5, 5, {1, 5});
  EXPECT_DOUBLE_EQ(Points[0].Expected, 2.5);
  EXPECT_DOUBLE_EQ(Points[0].FoundValid, 0.8);
  EXPECT_DOUBLE_EQ(Points[1].Expected, 1);
  EXPECT_DOUBLE_EQ(Points[1].FoundValid, 1);
  EXPECT_DOUBLE_EQ(Points[1].Median, 1);
}

// A large space of which few configurations were measured: each stands for
// many, and draws are as good as independent, so P(best > c_i) = (1 - i/M)^k.
TEST(RandomBaseline, LargeSpacesApproachSamplingWithReplacement) {
  const std::vector<double> Costs = {1, 2, 3, 4};
  const auto Points = randomSearchBaseline(Costs, 4, 1e15, {3});
  double Expected = 0;
  for (int I = 1; I <= 4; ++I)
    Expected += Costs[static_cast<std::size_t>(I - 1)] *
                (std::pow(1 - (I - 1) / 4.0, 3) - std::pow(1 - I / 4.0, 3));
  EXPECT_NEAR(Points[0].Expected, Expected, 1e-9);
  EXPECT_NEAR(Points[0].Median, 1, 0) << "1 - (3/4)^3 = 0.58 >= 0.5";
  EXPECT_DOUBLE_EQ(Points[0].Q3, 2);
}

TEST(RandomBaseline, QuartilesAreInfiniteUntilAValidDrawIsLikely) {
  // One valid of ten: after one draw, 10 % found.
  const auto Points = randomSearchBaseline({7}, 10, 10, {1, 9});
  EXPECT_TRUE(std::isinf(Points[0].Median));
  EXPECT_DOUBLE_EQ(Points[0].Expected, 7);
  EXPECT_DOUBLE_EQ(Points[1].Median, 7);
  EXPECT_TRUE(std::isinf(randomSearchBaseline({}, 3, 3, {1})[0].Expected));
}

TEST(RandomBaseline, DrawCountsAreAscendingAndEndAtTheMaximum) {
  EXPECT_EQ(drawCounts(3, 10), (std::vector<std::uint64_t>{1, 2, 3}));
  EXPECT_TRUE(drawCounts(0, 10).empty());
  for (std::uint64_t Max : {11ull, 300ull, 10000ull, 123456789ull}) {
    const auto Counts = drawCounts(Max, 50);
    EXPECT_EQ(Counts.front(), 1u);
    EXPECT_EQ(Counts.back(), Max);
    EXPECT_LE(Counts.size(), 51u);
    EXPECT_TRUE(std::adjacent_find(Counts.begin(), Counts.end(),
                                   [](auto A, auto B) { return A >= B; }) == Counts.end());
  }
}

} // namespace
} // namespace atfc::report
