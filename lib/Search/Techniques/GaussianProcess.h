//===- Search/Techniques/GaussianProcess.h - Regression with a Matérn kernel --*- C++ -*-===//
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
// A batch of points to measure together is chosen on a Posterior: the
// model's prediction at a fixed set of queries, conditioned in turn on a
// fantasised observation at each point chosen ("kriging believer",
// Ginsbourger, Le Riche and Carraro 2010; GP-BUCB, Desautels, Krause and
// Burdick 2014): the observation equals the predicted mean, so the means
// stay and the variances shrink near the chosen points, and the next
// choice looks elsewhere. The hyper-parameters are not fitted again.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_TECHNIQUES_GAUSSIANPROCESS_H
#define ATFC_SEARCH_TECHNIQUES_GAUSSIANPROCESS_H

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

  /// The prediction at the rows of Q (row-major, D columns) as a joint
  /// posterior, to be conditioned on fantasised observations. Holds the
  /// model's training rows by reference: the model outlives it.
  class Posterior {
  public:
    Posterior(const GaussianProcess &Model, std::span<const double> Q);
    ~Posterior();
    Posterior(Posterior &&) noexcept;
    Posterior &operator=(Posterior &&) noexcept;

    /// Mean and variance (of the latent function, in Y's units) at each
    /// query; the variances as conditioned so far.
    const std::vector<double> &mean() const;
    const std::vector<double> &variance() const;
    /// Conditions on an observation at query I equal to its mean, with the
    /// model's noise (nugget times signal variance): every variance
    /// shrinks by cov(x, q_I)^2 / (var(q_I) + noise). With m queries, n
    /// training rows and p conditions so far, O(m (n + p + D)).
    void condition(std::size_t I);

  private:
    struct State;
    std::unique_ptr<State> S;
  };

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
