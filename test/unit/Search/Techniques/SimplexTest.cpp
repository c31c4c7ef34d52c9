//===- SimplexTest.cpp - Geometry the simplex methods share ---------------===//
//
// The size of a simplex and its vertices moved along their lines to the
// best, computed by hand, with a reflection at each border of (0,1].
//
//===----------------------------------------------------------------------===//
#include "Search/Techniques/Simplex.h"

#include <gtest/gtest.h>

using namespace atfc;

TEST(SimplexTest, SizeIsTheLargestCoordinateDistanceToTheBest) {
  // Distances to the first: (0.1, 0.3) and (0.4, 0.05).
  EXPECT_DOUBLE_EQ(simplexSize({{0.5, 0.5}, {0.6, 0.2}, {0.1, 0.55}}), 0.4);
  EXPECT_EQ(simplexSize({{0.5, 0.5}}), 0.0);
  EXPECT_EQ(simplexSize({}), 0.0);
  EXPECT_EQ(simplexSize({{0.25}, {0.25}}), 0.0) << "a collapsed simplex";
}

TEST(SimplexTest, ScalingKeepsTheBestAndMovesEveryOtherVertex) {
  const std::vector<Point> Simplex = {{0.5, 0.5}, {0.7, 0.5}, {0.5, 0.1}};
  const std::vector<Point> Shrunk = scaledAboutBest(Simplex, 0.5);
  ASSERT_EQ(Shrunk.size(), 3u);
  EXPECT_EQ(Shrunk[0], Simplex[0]);
  EXPECT_DOUBLE_EQ(Shrunk[1][0], 0.6);
  EXPECT_DOUBLE_EQ(Shrunk[1][1], 0.5);
  EXPECT_DOUBLE_EQ(Shrunk[2][0], 0.5);
  EXPECT_DOUBLE_EQ(Shrunk[2][1], 0.3);
  // -1: through the best; (0.3, 0.5) and (0.5, 0.9).
  const std::vector<Point> Reflected = scaledAboutBest(Simplex, -1.0);
  EXPECT_DOUBLE_EQ(Reflected[1][0], 0.3);
  EXPECT_DOUBLE_EQ(Reflected[2][1], 0.9);
}

TEST(SimplexTest, ScalingReflectsPointsBackIntoTheUnitInterval) {
  // 0.9 - 2 (0.5 - 0.9) = 1.7 -> 0.3 past 1; 0.2 - 2 (0.6 - 0.2) = -0.6 -> 0.6 past 0.
  const std::vector<Point> Expanded = scaledAboutBest({{0.9, 0.2}, {0.5, 0.6}}, -2.0);
  EXPECT_NEAR(Expanded[1][0], 0.3, 1e-12);
  EXPECT_NEAR(Expanded[1][1], 0.6, 1e-12);
  for (const Point &P : scaledAboutBest({{1.0}, {0.001}}, -1000.0))
    for (double X : P)
      EXPECT_TRUE(X > 0.0 && X <= 1.0) << X;
  EXPECT_TRUE(scaledAboutBest({}, 0.5).empty());
}
