//===- Search/Techniques/GreedyMutation.h - Mutations of the best point --*- C++ -*-===//
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
// Its numbers, defaults and admitted values: kParameters. One point per
// proposal.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_TECHNIQUES_GREEDYMUTATION_H
#define ATFC_SEARCH_TECHNIQUES_GREEDYMUTATION_H

#include "Search/HyperParameter.h"
#include "Search/ObservingTechnique.h"

#include <array>
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
  /// The numbers it takes, in order (Search/HyperParameter.h).
  static constexpr std::array<HyperParameter, 3> kParameters = {{
      {"rate", kDefaultRate, 0, Bound::Excluded, 1, Bound::Included, false,
       "probability that a coordinate mutates"},
      {"sigma", kDefaultSigma, 0, Bound::Excluded, kUnbounded, Bound::Excluded, false,
       "deviation of a normal step, in coordinate units"},
      {"uniform_share", kDefaultUniformShare, 0, Bound::Included, 1, Bound::Included, false,
       "share of mutations to a uniform coordinate"},
  }};

  explicit GreedyMutation(double Rate = kDefaultRate, double Sigma = kDefaultSigma,
                          double UniformShare = kDefaultUniformShare);
  /// From values admitted by kParameters, one per parameter (the factory
  /// checks a directive's numbers against them and adds the defaults).
  explicit GreedyMutation(std::span<const double> Values);

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
