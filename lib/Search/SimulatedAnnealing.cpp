//===- Search/SimulatedAnnealing.cpp - Simulated annealing ----------------===//
#include "Search/SimulatedAnnealing.h"

#include "Search/PointMoves.h"
#include "Search/TechniqueText.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace atfc {

SimulatedAnnealing::SimulatedAnnealing(double Temperature, double Cooling, double Sigma)
    : InitialTemperature(Temperature), Cooling(Cooling), Sigma(Sigma) {
  if (!(Temperature > 0.0))
    throw std::invalid_argument("simulated_annealing: the temperature must be positive");
  if (!(Cooling > 0.0 && Cooling < 1.0))
    throw std::invalid_argument("simulated_annealing: the cooling factor must lie in (0,1)");
  if (!(Sigma > 0.0))
    throw std::invalid_argument("simulated_annealing: sigma must be positive");
}

SimulatedAnnealing::SimulatedAnnealing(std::span<const double> Numbers)
    : SimulatedAnnealing(numberOr(Numbers, 0, kDefaultTemperature),
                         numberOr(Numbers, 1, kDefaultCooling),
                         numberOr(Numbers, 2, kDefaultSigma)) {}

std::string SimulatedAnnealing::checkNumbers(std::span<const double> Numbers) {
  return numbersProblem<SimulatedAnnealing>(Numbers);
}

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
