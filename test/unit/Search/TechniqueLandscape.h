//===- TechniqueLandscape.h - Landscapes with known optima ----------------===//
//
// For the tests of the search techniques: a separable quadratic bowl over
// four integer parameters (two groups of two, 10 values each, optimum 1 at
// A=3, B=7, C=5, D=1), and a run of a technique on a cost function that
// measures each configuration once (as the exploration does) and counts the
// distinct evaluations until the optimum; a space whose optimum lies on a
// constraint's border, and two basins on the bowl's space.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TEST_SEARCH_TECHNIQUELANDSCAPE_H
#define ATFC_TEST_SEARCH_TECHNIQUELANDSCAPE_H

#include "Search/SearchTechnique.h"
#include "SearchSpace/SpaceGenerator.h"
#include "Support/Bug.h"

#include <algorithm>
#include <functional>
#include <map>
#include <numeric>
#include <random>
#include <variant>

namespace atfc::test {

/// 10^4 configurations in two groups.
inline ChainOfTrees bowlSpace() {
  return cantFail(generateSpace(
      GenerationOptions{1},
      group(parameter("A", interval<int>(0, 9)), parameter("B", interval<int>(0, 9))),
      group(parameter("C", interval<int>(0, 9)), parameter("D", interval<int>(0, 9)))));
}

/// 1 + the squared distance to (3, 7, 5, 1).
inline Cost bowlCost(const ChainOfTrees &Space, const Configuration &C) {
  const std::vector<Value> V = Space.values(C);
  const double Optimum[] = {3, 7, 5, 1};
  double S = 1;
  for (std::size_t I = 0; I < 4; ++I) {
    const double X = static_cast<double>(std::get<std::int64_t>(V[I])) - Optimum[I];
    S += X * X;
  }
  return {S};
}

/// Costs 1..10,000 of the bowl's configurations in a fixed random order,
/// by index: nothing in the parameters predicts them.
inline std::vector<double> scrambledCosts() {
  std::vector<double> Cost(10000);
  std::iota(Cost.begin(), Cost.end(), 1.0);
  std::shuffle(Cost.begin(), Cost.end(), std::mt19937_64(7));
  return Cost;
}

/// Costs of the bowl's configurations measured elsewhere, by index: 3
/// times Cost within 10 % (a slower device), or, unless Related, noise.
inline std::vector<double> costsElsewhere(const std::vector<double> &Cost, bool Related) {
  std::mt19937_64 Rng(11);
  std::uniform_real_distribution<double> Factor(0.9, 1.1), Any(1.0, 10000.0);
  std::vector<double> Elsewhere;
  for (double C : Cost)
    Elsewhere.push_back(Related ? 3 * C * Factor(Rng) : Any(Rng));
  return Elsewhere;
}

/// What a run saw.
struct LandscapeRun {
  /// Distinct evaluations until the optimum was measured (0: never).
  std::size_t ToOptimum = 0;
  /// Distinct evaluations in all.
  std::size_t Evaluations = 0;
  /// The best cost found.
  double Best = 0;
  /// Every point proposed, in order.
  std::vector<Point> Proposed;
};

/// Runs T (initialized with Seed, then given to Prepare) until Budget
/// distinct evaluations or the optimum (cost Optimum), asking for batches
/// of up to Max points.
inline LandscapeRun runOn(SearchTechnique &T, const SearchDomain &Domain,
                          const std::function<OptionalCost(const Configuration &)> &CostOf,
                          double Optimum, std::size_t Budget, std::uint64_t Seed,
                          std::size_t Max = 4,
                          const std::function<void(SearchTechnique &)> &Prepare = {}) {
  T.initialize(Domain, Seed);
  if (Prepare)
    Prepare(T);
  std::map<Configuration, OptionalCost> Known;
  LandscapeRun Run;
  Run.Best = 1e300;
  for (std::size_t Proposals = 0;
       Run.Evaluations < Budget && !Run.ToOptimum && Proposals < 100 * Budget;) {
    std::vector<Point> Batch = T.propose(Max);
    if (Batch.empty() || Batch.size() > Max)
      throw std::logic_error("a technique proposed " + std::to_string(Batch.size()) + " points");
    for (const Point &P : Batch) {
      ++Proposals;
      Run.Proposed.push_back(P);
      const Configuration C = Domain.configurationAt(P);
      auto It = Known.find(C);
      if (It == Known.end()) {
        It = Known.emplace(C, CostOf(C)).first;
        ++Run.Evaluations;
        if (It->second && (*It->second)[0] < Run.Best)
          Run.Best = (*It->second)[0];
        if (!Run.ToOptimum && Run.Best <= Optimum)
          Run.ToOptimum = Run.Evaluations;
      }
      T.report(P, It->second);
    }
  }
  return Run;
}

inline std::int64_t intAt(const std::vector<Value> &V, std::size_t I) {
  return std::get<std::int64_t>(V[I]);
}

/// X, Y in 1..64 (powers of two and odd numbers) with X * Y <= 256 and
/// Z in 0..9 free: the optimum (X=16, Y=16, Z=4) lies on the constraint's
/// border, where many moves are invalid.
inline ChainOfTrees borderSpace() {
  return cantFail(generateSpace(
      GenerationOptions{1},
      group(parameter("X", interval<int>(1, 64), greater_than(0)),
            parameter("Y", interval<int>(1, 64),
                      [](int Y, const auto &P) { return std::get<0>(P) * Y <= 256; })),
      group(parameter("Z", interval<int>(0, 9), greater_than_or_eq(0)))));
}

inline Cost borderCost(const ChainOfTrees &S, const Configuration &C) {
  const std::vector<Value> V = S.values(C);
  // Larger products are faster up to the border; X close to Y is best.
  const double X = static_cast<double>(intAt(V, 0)), Y = static_cast<double>(intAt(V, 1));
  const double Z = static_cast<double>(intAt(V, 2));
  return {1.0 + (256.0 - X * Y) + (X - Y) * (X - Y) / 8.0 + (Z - 4) * (Z - 4)};
}

/// The bowl's space with two basins: a wide one around (1,1,1,1) of depth
/// 10 and the optimum 1 at (8,8,8,8) inside [6,9]^4 only.
inline Cost twoBasins(const ChainOfTrees &S, const Configuration &C) {
  const std::vector<Value> V = S.values(C);
  bool Inner = true;
  double Wide = 10, Narrow = 1;
  for (std::size_t I = 0; I < 4; ++I) {
    const double X = static_cast<double>(intAt(V, I));
    Inner = Inner && X >= 6;
    Wide += (X - 1) * (X - 1);
    Narrow += (X - 8) * (X - 8);
  }
  return {Inner ? Narrow : Wide};
}

/// runOn the bowl.
inline LandscapeRun runOnBowl(SearchTechnique &T, std::size_t Budget, std::uint64_t Seed,
                              std::size_t Max = 4) {
  static const ChainOfTrees Space = bowlSpace();
  static const SearchDomain Domain(Space);
  return runOn(
      T, Domain, [&](const Configuration &C) { return OptionalCost(bowlCost(Space, C)); }, 1.0,
      Budget, Seed, Max);
}

} // namespace atfc::test

#endif
