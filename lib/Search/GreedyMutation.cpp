//===- Search/GreedyMutation.cpp - Mutations of the best point ------------===//
#include "Search/GreedyMutation.h"

#include "Search/PointMoves.h"
#include "Search/TechniqueText.h"

#include <stdexcept>

namespace atfc {

GreedyMutation::GreedyMutation(double Rate, double Sigma, double UniformShare)
    : Rate(Rate), Sigma(Sigma), UniformShare(UniformShare) {
  if (!(Rate > 0.0 && Rate <= 1.0))
    throw std::invalid_argument("greedy_mutation: the rate must lie in (0,1]");
  if (!(Sigma > 0.0))
    throw std::invalid_argument("greedy_mutation: sigma must be positive");
  if (!(UniformShare >= 0.0 && UniformShare <= 1.0))
    throw std::invalid_argument("greedy_mutation: the uniform share must lie in [0,1]");
}

GreedyMutation::GreedyMutation(std::span<const double> Numbers)
    : GreedyMutation(numberOr(Numbers, 0, kDefaultRate), numberOr(Numbers, 1, kDefaultSigma),
                     numberOr(Numbers, 2, kDefaultUniformShare)) {}

std::string GreedyMutation::checkNumbers(std::span<const double> Numbers) {
  return numbersProblem<GreedyMutation>(Numbers);
}

void GreedyMutation::initialize(const SearchDomain &TheDomain, std::uint64_t Seed) {
  Domain = &TheDomain;
  Rng.seed(Seed);
  Best.clear();
  BestCost.reset();
}

std::vector<Point> GreedyMutation::propose(std::size_t) {
  if (!BestCost)
    return {uniformPoint(Domain->dimensions(), Rng)};
  return {mutatedPoint(*Domain, Best, Rate, Sigma, UniformShare, Rng)};
}

void GreedyMutation::learn(std::span<const double> Where, const OptionalCost &Result) {
  if (betterCost(Result, BestCost)) {
    Best.assign(Where.begin(), Where.end());
    BestCost = Result;
  }
}

void GreedyMutation::report(std::span<const double> Where, const OptionalCost &Result) {
  learn(Where, Result);
}

void GreedyMutation::observe(std::span<const double> Where, const OptionalCost &Result) {
  learn(Where, Result);
}

std::string GreedyMutation::describe() const {
  return callText("greedy_mutation", {Rate, Sigma, UniformShare});
}

} // namespace atfc
