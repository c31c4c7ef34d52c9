//===- GaussianProcessTest.cpp - Regression with a Matérn kernel ----------===//
//
// The process interpolates its training data where the nugget is small,
// is sure near its data and unsure far from it, predicts a smooth
// function between the points, prefers a long length scale for a smooth
// function and a short one for a rough one, and survives duplicate rows.
//
//===----------------------------------------------------------------------===//
#include "Search/GaussianProcess.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace atfc;

namespace {

double smooth(double X, double Y) { return std::sin(3 * X) + 0.5 * std::cos(2 * Y); }

} // namespace

TEST(GaussianProcessTest, InterpolatesASmoothFunction) {
  std::vector<double> X, Y;
  for (int A = 0; A <= 6; ++A)
    for (int B = 0; B <= 6; ++B) {
      X.push_back(A / 6.0);
      X.push_back(B / 6.0);
      Y.push_back(smooth(A / 6.0, B / 6.0));
    }
  GaussianProcess Model;
  Model.fit(X, 2, Y);
  std::vector<double> Mean, Variance;
  // At the training points: their values, almost certainly.
  Model.predict(X, Mean, Variance);
  for (std::size_t I = 0; I < Y.size(); ++I) {
    EXPECT_NEAR(Mean[I], Y[I], 0.02) << I;
    EXPECT_LT(Variance[I], 1e-2) << I;
  }
  // Between them: close to the function (its range is 3).
  std::vector<double> Q;
  for (int A = 0; A < 6; ++A)
    for (int B = 0; B < 6; ++B) {
      Q.push_back((A + 0.5) / 6.0);
      Q.push_back((B + 0.5) / 6.0);
    }
  Model.predict(Q, Mean, Variance);
  for (std::size_t I = 0; I < Mean.size(); ++I)
    EXPECT_NEAR(Mean[I], smooth(Q[2 * I], Q[2 * I + 1]), 0.05) << I;
}

TEST(GaussianProcessTest, UnsureFarFromItsData) {
  const std::vector<double> X = {0.0, 0.0, 0.1, 0.0, 0.0, 0.1, 0.1, 0.1};
  const std::vector<double> Y = {1.0, 2.0, 1.5, 2.5};
  GaussianProcess Model;
  Model.fit(X, 2, Y, 0.3, 1e-6);
  std::vector<double> Mean, Variance;
  const std::vector<double> Q = {0.05, 0.05, 1.0, 1.0};
  Model.predict(Q, Mean, Variance);
  EXPECT_LT(Variance[0], Variance[1] / 10);
  // Far away the mean returns to the data's mean.
  EXPECT_NEAR(Mean[1], 1.75, 0.05);
}

TEST(GaussianProcessTest, LikelihoodChoosesTheLengthScale) {
  std::vector<double> X, Smooth, Rough;
  for (int A = 0; A <= 40; ++A) {
    X.push_back(A / 40.0);
    Smooth.push_back(A / 40.0);               // a line
    Rough.push_back(std::sin(A / 40.0 * 25)); // four periods
  }
  GaussianProcess Line, Zigzag;
  Line.fit(X, 1, Smooth);
  Zigzag.fit(X, 1, Rough);
  EXPECT_GT(Line.lengthScale(), Zigzag.lengthScale());
  EXPECT_DOUBLE_EQ(Line.lengthScale(), GaussianProcess::kLengthScales.back());
  // Not taken for noise: the rough function is fitted, not smoothed away.
  EXPECT_DOUBLE_EQ(Zigzag.nugget(), GaussianProcess::kNuggets.front());
  EXPECT_TRUE(std::isfinite(Line.logLikelihood()));
}

TEST(GaussianProcessTest, DuplicateRowsAndConstantTargets) {
  // The same point twice with different values needs the nugget; constant
  // targets must not divide by a zero deviation.
  const std::vector<double> X = {0.5, 0.5, 0.5, 0.5, 0.2, 0.9};
  GaussianProcess Noisy, Flat;
  Noisy.fit(X, 2, std::vector<double>{1.0, 3.0, 2.0});
  Flat.fit(X, 2, std::vector<double>{4.0, 4.0, 4.0});
  std::vector<double> Mean, Variance;
  Noisy.predict(std::vector<double>{0.5, 0.5}, Mean, Variance);
  EXPECT_GT(Noisy.nugget(), GaussianProcess::kNuggets.front());
  EXPECT_TRUE(std::isfinite(Mean[0]) && std::isfinite(Variance[0]));
  EXPECT_GT(Mean[0], 1.0);
  EXPECT_LT(Mean[0], 3.0);
  Flat.predict(std::vector<double>{0.1, 0.7}, Mean, Variance);
  EXPECT_DOUBLE_EQ(Mean[0], 4.0);
}
