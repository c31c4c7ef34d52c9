//===- Search/GaussianProcess.h - Regression with a Matérn kernel -*- C++ -*-===//
//
// The model of bayes_opt (Search/BayesOpt.h): Gaussian-process regression
// over points of [0,1]^D with an isotropic Matérn 5/2 kernel, a constant
// mean and a nugget for noise. The targets are standardised; the signal
// variance is profiled out of the marginal likelihood (its maximum has a
// closed form), and the length scale and the nugget are the pair of small
// grids with the highest marginal likelihood. The linear algebra is
// Eigen's (a Cholesky factorisation per grid pair); Eigen stays out of
// this header, which tuners install with the rest of lib/Search.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_GAUSSIANPROCESS_H
#define ATFC_SEARCH_GAUSSIANPROCESS_H

#include <array>
#include <cstddef>
#include <memory>
#include <span>
#include <vector>

namespace atfc {

class GaussianProcess {
public:
  /// Length scales tried, in units of sqrt(D) (the diagonal of [0,1]^D).
  static constexpr std::array<double, 5> kLengthScales = {0.05, 0.1, 0.2, 0.4, 0.8};
  /// Nuggets tried: noise variance over signal variance.
  static constexpr std::array<double, 3> kNuggets = {1e-6, 1e-2, 1e-1};

  GaussianProcess();
  ~GaussianProcess();
  GaussianProcess(GaussianProcess &&) noexcept;
  GaussianProcess &operator=(GaussianProcess &&) noexcept;

  /// Fits the rows of X (row-major, D columns) to Y, the length scale and
  /// nugget chosen from the grids by marginal likelihood. Y needs a row.
  void fit(std::span<const double> X, std::size_t D, std::span<const double> Y);
  /// The same with a given length scale (absolute) and nugget.
  void fit(std::span<const double> X, std::size_t D, std::span<const double> Y, double LengthScale,
           double Nugget);

  /// Mean and variance (of the latent function, in Y's units) at the rows
  /// of Q (row-major, D columns).
  void predict(std::span<const double> Q, std::vector<double> &Mean,
               std::vector<double> &Variance) const;

  double lengthScale() const;
  double nugget() const;
  /// The log marginal likelihood of the fit (standardised targets).
  double logLikelihood() const;

private:
  struct State;
  std::unique_ptr<State> S;
};

} // namespace atfc

#endif
