//===- Search/GreedyMutation.h - Mutations of the best point ----*- C++ -*-===//
//
// greedy_mutation(rate, sigma, uniform_share): the local search of
// OpenTuner's greedy mutation techniques. Each proposal mutates the best
// point known (its own or, as an arm of a bandit, any arm's): every
// coordinate changes with probability `rate` (at least one always does),
// by a normal step of deviation `sigma` or, with probability
// `uniform_share`, to a uniform coordinate. Each mutation lands on another
// configuration than the best's where a few tries can find one. Until a
// first valid point is known it proposes uniform points.
//
// Defaults: rate 0.2, sigma 0.1, uniform_share 0.2. One point per proposal.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_GREEDYMUTATION_H
#define ATFC_SEARCH_GREEDYMUTATION_H

#include "Search/ObservingTechnique.h"

#include <random>

namespace atfc {

class GreedyMutation : public ObservingTechnique {
public:
  /// Probability that a coordinate mutates, in (0,1].
  static constexpr double kDefaultRate = 0.2;
  /// Deviation of a normal step, in coordinate units.
  static constexpr double kDefaultSigma = 0.1;
  /// Share of mutations that draw a uniform coordinate instead.
  static constexpr double kDefaultUniformShare = 0.2;

  /// Throws std::invalid_argument for a rate outside (0,1], sigma <= 0 or a
  /// share outside [0,1].
  explicit GreedyMutation(double Rate = kDefaultRate, double Sigma = kDefaultSigma,
                          double UniformShare = kDefaultUniformShare);
  /// From a directive's numbers; numbers not given take the defaults.
  explicit GreedyMutation(std::span<const double> Numbers);
  /// Why Numbers are wrong for the technique ("" when right).
  static std::string checkNumbers(std::span<const double> Numbers);

  void initialize(const SearchDomain &Domain, std::uint64_t Seed) override;
  std::vector<Point> propose(std::size_t Max) override;
  void report(std::span<const double> Where, const OptionalCost &Result) override;
  void observe(std::span<const double> Where, const OptionalCost &Result) override;
  std::string describe() const override;

  /// The best point known, empty before a first valid result.
  const Point &best() const { return Best; }

private:
  void learn(std::span<const double> Where, const OptionalCost &Result);

  double Rate, Sigma, UniformShare;
  const SearchDomain *Domain = nullptr;
  std::mt19937_64 Rng;
  Point Best;
  OptionalCost BestCost;
};

} // namespace atfc

#endif
