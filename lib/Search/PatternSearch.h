//===- Search/PatternSearch.h - Compass pattern search ----------*- C++ -*-===//
//
// pattern_search(step, shrink, min_step): a compass (pattern) search around
// a base point. A poll measures base +- step along every dimension (one
// batch; moves that stay in the base's cell are left out). The best poll
// point becomes the base only when it improves on the base: the base is
// never changed otherwise. Without improvement the step shrinks by the
// factor `shrink`; below `min_step` the search starts again at a uniform
// point. An invalid base is replaced by a uniform point.
//
// Defaults: step 0.25, shrink 0.5, min_step 0.004.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_PATTERNSEARCH_H
#define ATFC_SEARCH_PATTERNSEARCH_H

#include "Search/SearchTechnique.h"

#include <deque>
#include <random>

namespace atfc {

class PatternSearch : public SearchTechnique {
public:
  static constexpr double kDefaultStep = 0.25;
  static constexpr double kDefaultShrink = 0.5;
  static constexpr double kDefaultMinStep = 0.004;

  /// Throws std::invalid_argument unless 0 < min_step <= step <= 1 and
  /// 0 < shrink < 1.
  explicit PatternSearch(double Step = kDefaultStep, double Shrink = kDefaultShrink,
                         double MinStep = kDefaultMinStep);
  /// From a directive's numbers; numbers not given take the defaults.
  explicit PatternSearch(std::span<const double> Numbers);
  /// Why Numbers are wrong for the technique ("" when right).
  static std::string checkNumbers(std::span<const double> Numbers);

  void initialize(const SearchDomain &Domain, std::uint64_t Seed) override;
  std::vector<Point> propose(std::size_t Max) override;
  void report(std::span<const double> Where, const OptionalCost &Result) override;
  std::string describe() const override;

  /// The base point and its cost (nullopt until measured).
  const Point &base() const { return Base; }
  const OptionalCost &baseCost() const { return BaseCost; }
  /// The current step length.
  double step() const { return Step; }

private:
  void restart();
  void buildPoll();

  double InitialStep, Shrink, MinStep;
  const SearchDomain *Domain = nullptr;
  std::mt19937_64 Rng;
  Point Base;
  OptionalCost BaseCost;
  double Step = 0;
  /// Whether the base itself awaits its measurement.
  bool BaseUnmeasured = true;
  std::deque<Point> Queue;
  std::size_t Outstanding = 0;
  Point BestPoll;
  OptionalCost BestPollCost;
};

} // namespace atfc

#endif
