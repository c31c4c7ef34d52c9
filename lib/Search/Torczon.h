//===- Search/Torczon.h - Torczon's multi-directional search ----*- C++ -*-===//
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
// Defaults: step 0.2, expansion 2, contraction 0.5, min_size 0.004.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_TORCZON_H
#define ATFC_SEARCH_TORCZON_H

#include "Search/SearchTechnique.h"

#include <deque>
#include <random>

namespace atfc {

class Torczon : public SearchTechnique {
public:
  static constexpr double kDefaultStep = 0.2;
  static constexpr double kDefaultExpansion = 2.0;
  static constexpr double kDefaultContraction = 0.5;
  static constexpr double kDefaultMinSize = 0.004;

  /// Throws std::invalid_argument unless 0 < step <= 0.5, expansion > 1,
  /// 0 < contraction < 1 and min_size > 0.
  explicit Torczon(double Step = kDefaultStep, double Expansion = kDefaultExpansion,
                   double Contraction = kDefaultContraction, double MinSize = kDefaultMinSize);
  /// From a directive's numbers; numbers not given take the defaults.
  explicit Torczon(std::span<const double> Numbers);
  /// Why Numbers are wrong for the technique ("" when right).
  static std::string checkNumbers(std::span<const double> Numbers);

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
  /// The simplex with every vertex but the best moved to best + Factor *
  /// (vertex - best).
  std::vector<Point> transformed(double Factor) const;
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
