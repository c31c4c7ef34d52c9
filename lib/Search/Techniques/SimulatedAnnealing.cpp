//===- Search/Techniques/SimulatedAnnealing.cpp - Simulated annealing -----===//
#include "Search/Techniques/SimulatedAnnealing.h"

#include "Search/TechniqueText.h"
#include "Search/Techniques/PointMoves.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace atfc {

SimulatedAnnealing::SimulatedAnnealing(double Temperature, double Cooling, double Sigma)
    : InitialTemperature(Temperature), Cooling(Cooling), Sigma(Sigma) {}

SimulatedAnnealing::SimulatedAnnealing(std::span<const double> Values)
    : SimulatedAnnealing(Values[0], Values[1], Values[2]) {}

void SimulatedAnnealing::initialize(const SearchDomain &TheDomain, std::uint64_t Seed) {
  Domain = &TheDomain;
  Rng.seed(Seed);
  Current.clear();
  Best.clear();
  CurrentCost.reset();
  BestCost.reset();
  T = InitialTemperature;
}

std::vector<Point> SimulatedAnnealing::propose(std::size_t) {
  if (!CurrentCost)
    return {uniformPoint(Domain->dimensions(), Rng)};
  const double Rate = Current.empty() ? 1.0 : 1.0 / double(Current.size());
  return {mutatedPoint(*Domain, Current, Rate, Sigma, 0.1, Rng)};
}

namespace {
/// How much worse B is than A, relative to A, in their first differing
/// component (both valid, B not better).
double relativeIncrease(const Cost &A, const Cost &B) {
  for (std::size_t I = 0; I < std::min(A.size(), B.size()); ++I)
    if (A[I] != B[I])
      return (B[I] - A[I]) / std::max(std::fabs(A[I]), 1e-300);
  return 0.0;
}
} // namespace

void SimulatedAnnealing::report(std::span<const double> Where, const OptionalCost &Result) {
  if (betterCost(Result, BestCost)) {
    Best.assign(Where.begin(), Where.end());
    BestCost = Result;
  }
  bool Take = false;
  if (betterCost(Result, CurrentCost))
    Take = true;
  else if (Result) {
    const double Delta = relativeIncrease(*CurrentCost, *Result);
    Take = std::uniform_real_distribution<double>(0.0, 1.0)(Rng) < std::exp(-Delta / T);
  }
  if (Take) {
    Current.assign(Where.begin(), Where.end());
    CurrentCost = Result;
  }
  T *= Cooling;
  if (T < 1e-3 * InitialTemperature) {
    T = InitialTemperature;
    Current = Best;
    CurrentCost = BestCost;
  }
}

std::string SimulatedAnnealing::describe() const {
  return callText("simulated_annealing", {InitialTemperature, Cooling, Sigma});
}

} // namespace atfc
