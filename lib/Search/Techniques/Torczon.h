//===- Search/Techniques/Torczon.h - Torczon's multi-directional search --*- C++ -*-===//
//
// torczon(step, expansion, contraction, min_size): Torczon's multi-
// directional search. A simplex of D + 1 vertices, the best first: all
// other vertices are reflected through the best (one batch); if a reflected
// vertex improves on the best, the expanded simplex (factor `expansion`) is
// measured too and the better of both kept; otherwise the simplex contracts
// towards the best (factor `contraction`). The initial simplex is a uniform
// point and one vertex `step` away along each dimension: D + 1 distinct
// points, each stored on its own. A simplex smaller than `min_size` (largest
// coordinate distance to the best) starts again at a uniform point.
//
// Its numbers, defaults and admitted values: kParameters.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_TECHNIQUES_TORCZON_H
#define ATFC_SEARCH_TECHNIQUES_TORCZON_H

#include "Search/HyperParameter.h"
#include "Search/SearchTechnique.h"

#include <array>
#include <deque>
#include <random>

namespace atfc {

class Torczon : public SearchTechnique {
public:
  static constexpr double kDefaultStep = 0.2;
  static constexpr double kDefaultExpansion = 2.0;
  static constexpr double kDefaultContraction = 0.5;
  static constexpr double kDefaultMinSize = 0.004;
  /// The numbers it takes, in order (Search/HyperParameter.h).
  static constexpr std::array<HyperParameter, 4> kParameters = {{
      {"step", kDefaultStep, 0, Bound::Excluded, 0.5, Bound::Included, false,
       "size of the first simplex"},
      {"expansion", kDefaultExpansion, 1, Bound::Excluded, kUnbounded, Bound::Excluded, false,
       "factor of an expansion"},
      {"contraction", kDefaultContraction, 0, Bound::Excluded, 1, Bound::Excluded, false,
       "factor of a contraction"},
      {"min_size", kDefaultMinSize, 0, Bound::Excluded, kUnbounded, Bound::Excluded, false,
       "simplex size below which it restarts"},
  }};

  explicit Torczon(double Step = kDefaultStep, double Expansion = kDefaultExpansion,
                   double Contraction = kDefaultContraction, double MinSize = kDefaultMinSize);
  /// From values admitted by kParameters, one per parameter (the factory
  /// checks a directive's numbers against them and adds the defaults).
  explicit Torczon(std::span<const double> Values);

  void initialize(const SearchDomain &Domain, std::uint64_t Seed) override;
  std::vector<Point> propose(std::size_t Max) override;
  void report(std::span<const double> Where, const OptionalCost &Result) override;
  std::string describe() const override;

  /// The simplex (the best vertex first once measured) and its costs.
  const std::vector<Point> &vertices() const { return Vertices; }
  const std::vector<OptionalCost> &vertexCosts() const { return Costs; }

private:
  enum class Phase { Seed, Reflect, Expand, Contract };
  void restart();
  void bestFirst();
  void startPhase(Phase Next);

  double Step, Expansion, Contraction, MinSize;
  const SearchDomain *Domain = nullptr;
  std::mt19937_64 Rng;
  std::vector<Point> Vertices;
  std::vector<OptionalCost> Costs;
  Phase Current = Phase::Seed;
  /// The points of the current phase (index 0 unused except in Seed) and
  /// their costs as reported.
  std::vector<Point> Trial;
  std::vector<OptionalCost> TrialCosts;
  /// The reflected simplex, kept while the expansion is measured.
  std::vector<Point> Reflected;
  std::vector<OptionalCost> ReflectedCosts;
  std::deque<std::size_t> Queue; // indices into Trial, not yet proposed
  std::deque<std::size_t> Pending;
};

} // namespace atfc

#endif
