//===- Search/Techniques/SimulatedAnnealing.h - Simulated annealing --*- C++ -*-===//
//
// simulated_annealing(temperature, cooling, sigma): a walk that proposes a
// mutation of its current point (each coordinate with probability 1/D, at
// least one, by a normal step of deviation `sigma`, or to a uniform
// coordinate one time in ten; always another configuration where a few
// tries find one). A better point is always taken; a worse one with
// probability exp(-delta / T), where delta is the relative increase of the
// first differing cost and T starts at `temperature` and is multiplied by
// `cooling` after each result. When T has fallen below a thousandth of its
// start, the walk reheats and goes on from the best point it has seen.
//
// Its numbers, defaults and admitted values: kParameters. One point per
// proposal.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_TECHNIQUES_SIMULATEDANNEALING_H
#define ATFC_SEARCH_TECHNIQUES_SIMULATEDANNEALING_H

#include "Search/HyperParameter.h"
#include "Search/SearchTechnique.h"

#include <array>
#include <random>

namespace atfc {

class SimulatedAnnealing : public SearchTechnique {
public:
  static constexpr double kDefaultTemperature = 0.1;
  static constexpr double kDefaultCooling = 0.98;
  static constexpr double kDefaultSigma = 0.1;
  /// The numbers it takes, in order (Search/HyperParameter.h).
  static constexpr std::array<HyperParameter, 3> kParameters = {{
      {"temperature", kDefaultTemperature, 0, Bound::Excluded, kUnbounded, Bound::Excluded, false,
       "start temperature"},
      {"cooling", kDefaultCooling, 0, Bound::Excluded, 1, Bound::Excluded, false,
       "factor of the temperature per result"},
      {"sigma", kDefaultSigma, 0, Bound::Excluded, kUnbounded, Bound::Excluded, false,
       "deviation of a mutation step"},
  }};

  explicit SimulatedAnnealing(double Temperature = kDefaultTemperature,
                              double Cooling = kDefaultCooling, double Sigma = kDefaultSigma);
  /// From values admitted by kParameters, one per parameter (the factory
  /// checks a directive's numbers against them and adds the defaults).
  explicit SimulatedAnnealing(std::span<const double> Values);

  void initialize(const SearchDomain &Domain, std::uint64_t Seed) override;
  std::vector<Point> propose(std::size_t Max) override;
  void report(std::span<const double> Where, const OptionalCost &Result) override;
  std::string describe() const override;

  /// The current point of the walk and its cost.
  const Point &current() const { return Current; }
  const OptionalCost &currentCost() const { return CurrentCost; }
  double temperature() const { return T; }

private:
  double InitialTemperature, Cooling, Sigma;
  const SearchDomain *Domain = nullptr;
  std::mt19937_64 Rng;
  Point Current, Best;
  OptionalCost CurrentCost, BestCost;
  double T = 0;
};

} // namespace atfc

#endif
