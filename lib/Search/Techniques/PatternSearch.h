//===- Search/Techniques/PatternSearch.h - Compass pattern search --*- C++ -*-===//
//
// pattern_search(step, shrink, min_step): a compass (pattern) search around
// a base point. A poll measures base +- step along every dimension (one
// batch; moves that stay in the base's cell are left out). The best poll
// point becomes the base only when it improves on the base: the base is
// never changed otherwise. Without improvement the step shrinks by the
// factor `shrink`; below `min_step` the search starts again at a uniform
// point. An invalid base is replaced by a uniform point.
//
// Its numbers, defaults and admitted values: kParameters.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_TECHNIQUES_PATTERNSEARCH_H
#define ATFC_SEARCH_TECHNIQUES_PATTERNSEARCH_H

#include "Search/HyperParameter.h"
#include "Search/SearchTechnique.h"

#include <array>
#include <deque>
#include <random>

namespace atfc {

class PatternSearch : public SearchTechnique {
public:
  static constexpr double kDefaultStep = 0.25;
  static constexpr double kDefaultShrink = 0.5;
  static constexpr double kDefaultMinStep = 0.004;
  /// The numbers it takes, in order (Search/HyperParameter.h).
  static constexpr std::array<HyperParameter, 3> kParameters = {{
      {"step", kDefaultStep, 0, Bound::Excluded, 1, Bound::Included, false,
       "first step, in coordinate units"},
      {"shrink", kDefaultShrink, 0, Bound::Excluded, 1, Bound::Excluded, false,
       "factor of the step after a poll without improvement"},
      {"min_step", kDefaultMinStep, 0, Bound::Excluded, 1, Bound::Included, false,
       "step below which the search restarts (at most step)"},
  }};

  explicit PatternSearch(double Step = kDefaultStep, double Shrink = kDefaultShrink,
                         double MinStep = kDefaultMinStep);
  /// Why values admitted one by one are wrong together ("" when right):
  /// min_step must not exceed step.
  static std::string checkValues(std::span<const double> Values);
  /// From values admitted by kParameters, one per parameter (the factory
  /// checks a directive's numbers against them and adds the defaults).
  explicit PatternSearch(std::span<const double> Values);

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
