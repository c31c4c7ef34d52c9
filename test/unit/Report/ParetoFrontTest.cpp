//===- test/unit/Report/ParetoFrontTest.cpp -------------------------------===//
#include "Report/ParetoFront.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

namespace atfc::report {
namespace {

TEST(ParetoFront, Dominance) {
  EXPECT_TRUE(dominates({1, 2}, {1, 3}));
  EXPECT_FALSE(dominates({1, 2}, {1, 2})) << "equal points do not dominate";
  EXPECT_FALSE(dominates({1, 3}, {2, 2}));
}

TEST(ParetoFront, TwoObjectives) {
  const std::vector<std::vector<double>> P = {{3, 1}, {1, 3}, {2, 2}, {3, 3}, {2, 2}, {4, 0.5}};
  EXPECT_EQ(paretoFront(P), (std::vector<std::size_t>{1, 2, 0, 5}));
}

// Against the definition, on random points with many ties, in 2 to 4
// objectives: a point is on the front iff nothing dominates it, and of
// equal points only the first is.
TEST(ParetoFront, MatchesTheDefinition) {
  std::mt19937 Random(5);
  for (int Trial = 0; Trial < 200; ++Trial) {
    const std::size_t N = Random() % 60, D = 2 + Random() % 3;
    std::vector<std::vector<double>> P(N, std::vector<double>(D));
    for (auto &Point : P)
      for (double &V : Point)
        V = static_cast<double>(Random() % 6);
    std::vector<std::size_t> Expected;
    for (std::size_t I = 0; I < N; ++I) {
      bool Out = false;
      for (std::size_t J = 0; J < N && !Out; ++J)
        Out = dominates(P[J], P[I]) || (J < I && P[J] == P[I]);
      if (!Out)
        Expected.push_back(I);
    }
    std::vector<std::size_t> Front = paretoFront(P);
    std::sort(Front.begin(), Front.end());
    EXPECT_EQ(Front, Expected);
  }
}

} // namespace
} // namespace atfc::report
