//===- Search/Techniques/GreedyMutation.cpp - Mutations of the best point --===//
#include "Search/Techniques/GreedyMutation.h"

#include "Search/TechniqueText.h"
#include "Search/Techniques/PointMoves.h"

#include <stdexcept>

namespace atfc {

GreedyMutation::GreedyMutation(double Rate, double Sigma, double UniformShare)
    : Rate(Rate), Sigma(Sigma), UniformShare(UniformShare) {}

GreedyMutation::GreedyMutation(std::span<const double> Values)
    : GreedyMutation(Values[0], Values[1], Values[2]) {}

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
