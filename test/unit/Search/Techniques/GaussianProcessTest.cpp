//===- GaussianProcessTest.cpp - Regression with a Matérn kernel ----------===//
//
// The process interpolates its training data where the nugget is small,
// is sure near its data and unsure far from it, predicts a smooth
// function between the points, prefers a long length scale for a smooth
// function and a short one for a rough one, and survives duplicate rows.
// Its posterior at a set of queries, conditioned on a fantasised
// observation, keeps its means, shrinks the variance at that query to
// below the noise and near it more than far from it, and equals the
// model fitted with the fantasy among its data, in either order.
//
//===----------------------------------------------------------------------===//
#include "Search/Techniques/GaussianProcess.h"

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

namespace {

/// 25 training rows on a 5 x 5 grid of [0,1]^2 with smooth values.
void gridData(std::vector<double> &X, std::vector<double> &Y) {
  for (int A = 0; A <= 4; ++A)
    for (int B = 0; B <= 4; ++B) {
      X.push_back(A / 4.0);
      X.push_back(B / 4.0);
      Y.push_back(smooth(A / 4.0, B / 4.0));
    }
}

/// Queries between the grid's rows, and a last one far from everything
/// (its variance is the prior's).
std::vector<double> gridQueries() {
  std::vector<double> Q;
  for (int A = 0; A < 8; ++A)
    for (int B = 0; B < 8; ++B) {
      Q.push_back((A + 0.5) / 8.0);
      Q.push_back((B + 0.5) / 8.0);
    }
  Q.push_back(1e3);
  Q.push_back(1e3);
  return Q;
}

} // namespace

TEST(GaussianProcessTest, ConditioningShrinksTheVarianceToTheNoise) {
  std::vector<double> X, Y;
  gridData(X, Y);
  const double Nugget = 1e-2;
  GaussianProcess Model;
  Model.fit(X, 2, Y, 0.3, Nugget);
  const std::vector<double> Q = gridQueries();
  GaussianProcess::Posterior At(Model, Q);
  const std::vector<double> Mean = At.mean(), Before = At.variance();
  std::vector<double> PlainMean, PlainVariance;
  Model.predict(Q, PlainMean, PlainVariance);
  EXPECT_EQ(Mean, PlainMean);
  EXPECT_EQ(Before, PlainVariance);

  const std::size_t Far = Before.size() - 1, Chosen = 3 * 8 + 4; // (0.4375, 0.5625)
  const double Noise = Nugget * Before[Far];
  At.condition(Chosen);
  const std::vector<double> &After = At.variance();
  EXPECT_EQ(At.mean(), Mean);
  // var - var^2 / (var + noise): below the noise.
  EXPECT_NEAR(After[Chosen], Before[Chosen] * Noise / (Before[Chosen] + Noise), 1e-9 * Before[Far]);
  EXPECT_LT(After[Chosen], Noise);
  EXPECT_DOUBLE_EQ(After[Far], Before[Far]);
  for (std::size_t I = 0; I < After.size(); ++I)
    EXPECT_LE(After[I], Before[I]) << I;
  // A neighbour (one query away) loses more of its variance than a query
  // across the square.
  const std::size_t Near = Chosen + 1, Across = 7 * 8 + 0;
  EXPECT_LT(After[Near] / Before[Near], 0.75);
  EXPECT_GT(After[Across] / Before[Across], 0.99);
}

TEST(GaussianProcessTest, ConditioningEqualsAFitWithTheFantasy) {
  // Conditioned on fantasies at two queries (each equal to its mean), the
  // variances are those of the model fitted with the fantasies among its
  // data (same length scale and nugget), up to the prior variance, which
  // the fit profiles again; in either order.
  std::vector<double> X, Y;
  gridData(X, Y);
  GaussianProcess Model;
  Model.fit(X, 2, Y, 0.4, 1e-3);
  const std::vector<double> Q = gridQueries();
  const std::size_t First = 9, Second = 11, Far = Q.size() / 2 - 1;
  GaussianProcess::Posterior Forward(Model, Q), Backward(Model, Q);
  Forward.condition(First);
  Forward.condition(Second);
  Backward.condition(Second);
  Backward.condition(First);
  for (std::size_t I : {First, Second}) {
    X.push_back(Q[2 * I]);
    X.push_back(Q[2 * I + 1]);
    Y.push_back(Forward.mean()[I]);
  }
  GaussianProcess Refit;
  Refit.fit(X, 2, Y, 0.4, 1e-3);
  std::vector<double> Mean, Variance;
  Refit.predict(Q, Mean, Variance);
  const std::vector<double> &V = Forward.variance(), &W = Backward.variance();
  for (std::size_t I = 0; I < Q.size() / 2; ++I) {
    EXPECT_NEAR(V[I] / V[Far], Variance[I] / Variance[Far], 1e-9) << I;
    EXPECT_NEAR(V[I], W[I], 1e-12 * V[Far]) << I;
  }
}
