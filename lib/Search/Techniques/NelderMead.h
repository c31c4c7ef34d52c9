//===- Search/Techniques/NelderMead.h - The Nelder-Mead simplex method --*- C++ -*-===//
//
// nelder_mead(step, reflection, expansion, contraction, shrink, min_size):
// the Nelder-Mead downhill simplex on (0,1]^D, one of the three arms of
// ATF's AUC bandit (the ATF TACO paper, section 6). A simplex of D + 1
// vertices; each step replaces the worst vertex W by a point on the line
// from the centroid c of the others through W:
//   reflection  r = c + reflection (c - W); taken when it lies between the
//               best and the second-worst;
//   expansion   e = c + expansion (r - c), when r beats the best (the
//               better of e and r is taken);
//   contraction c + contraction (r - c) when r beats only W (outside),
//               c + contraction (W - c) otherwise (inside); taken when it
//               is not worse than r (outside) or better than W (inside);
//   shrink      every vertex but the best to best + shrink (v - best), one
//               batch, when the contraction fails.
// Coordinates are reflected into (0,1]. The initial simplex is a uniform
// point and one vertex `step` away along each dimension, or 2, 4, ... times
// `step` where the vertex would lie in the point's cell (a parameter with
// few values has wide cells; such a vertex would only measure the point
// again, and the simplex would be flat along that dimension). It starts
// again at a uniform point when it is smaller than `min_size` (largest
// coordinate distance to the best), when its best vertex is invalid, or
// when all its vertices lie in one configuration's cell: in a discrete
// space a simplex inside one cell only proposes that configuration again.
//
// Its numbers, defaults and admitted values: kParameters; the default
// `step`, 0.5, measured best of 0.2, 0.35 and 0.5 on five Kernel Tuner
// caches (docs/search.md); the factors are the textbook's.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_TECHNIQUES_NELDERMEAD_H
#define ATFC_SEARCH_TECHNIQUES_NELDERMEAD_H

#include "Search/HyperParameter.h"
#include "Search/SearchTechnique.h"

#include <array>
#include <deque>
#include <random>

namespace atfc {

class NelderMead : public SearchTechnique {
public:
  static constexpr double kDefaultStep = 0.5;
  static constexpr double kDefaultReflection = 1.0;
  static constexpr double kDefaultExpansion = 2.0;
  static constexpr double kDefaultContraction = 0.5;
  static constexpr double kDefaultShrink = 0.5;
  static constexpr double kDefaultMinSize = 0.004;
  /// The numbers it takes, in order (Search/HyperParameter.h).
  static constexpr std::array<HyperParameter, 6> kParameters = {{
      {"step", kDefaultStep, 0, Bound::Excluded, 0.5, Bound::Included, false,
       "size of the first simplex"},
      {"reflection", kDefaultReflection, 0, Bound::Excluded, kUnbounded, Bound::Excluded, false,
       "factor of a reflection"},
      {"expansion", kDefaultExpansion, 1, Bound::Excluded, kUnbounded, Bound::Excluded, false,
       "factor of an expansion (of the reflection)"},
      {"contraction", kDefaultContraction, 0, Bound::Excluded, 1, Bound::Excluded, false,
       "factor of a contraction"},
      {"shrink", kDefaultShrink, 0, Bound::Excluded, 1, Bound::Excluded, false,
       "factor of a shrink towards the best vertex"},
      {"min_size", kDefaultMinSize, 0, Bound::Excluded, kUnbounded, Bound::Excluded, false,
       "simplex size below which it restarts"},
  }};

  explicit NelderMead(double Step = kDefaultStep, double Reflection = kDefaultReflection,
                      double Expansion = kDefaultExpansion,
                      double Contraction = kDefaultContraction, double Shrink = kDefaultShrink,
                      double MinSize = kDefaultMinSize);
  /// From values admitted by kParameters, one per parameter.
  explicit NelderMead(std::span<const double> Values);

  void initialize(const SearchDomain &Domain, std::uint64_t Seed) override;
  std::vector<Point> propose(std::size_t Max) override;
  void report(std::span<const double> Where, const OptionalCost &Result) override;
  std::string describe() const override;

  /// The simplex, best vertex first and worst last once measured, and the
  /// vertices' costs.
  const std::vector<Point> &vertices() const { return Vertices; }
  const std::vector<OptionalCost> &vertexCosts() const { return Costs; }
  /// How often the simplex started again (the first start not counted).
  std::size_t restarts() const { return Restarts; }

private:
  enum class Phase { Seed, Reflect, Expand, ContractOutside, ContractInside, Shrink };
  void restart();
  /// Sorts the vertices best first, then restarts or reflects.
  void nextStep();
  /// c + Factor (To - c), c the centroid of every vertex but the worst,
  /// reflected into (0,1].
  Point alongCentroid(const Point &To, double Factor) const;
  /// Queues the points of Trial for proposal.
  void startPhase(Phase Next, std::vector<Point> Points);
  bool collapsed() const;

  double Step, Reflection, Expansion, Contraction, Shrink, MinSize;
  const SearchDomain *Domain = nullptr;
  std::mt19937_64 Rng;
  std::vector<Point> Vertices;
  std::vector<OptionalCost> Costs;
  std::size_t Restarts = 0;
  Phase Current = Phase::Seed;
  /// The points of the current phase and their costs as reported.
  std::vector<Point> Trial;
  std::vector<OptionalCost> TrialCosts;
  /// The reflected point, kept while the expansion or contraction is
  /// measured.
  Point Reflected;
  OptionalCost ReflectedCost;
  std::deque<std::size_t> Queue; // indices into Trial, not yet proposed
  std::deque<std::size_t> Pending;
};

} // namespace atfc

#endif
