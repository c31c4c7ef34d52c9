//===- Search/ObservingTechnique.h - Learning from others' points -*- C++ -*-===//
//
// A technique that also learns from points it did not propose itself: the
// arms of a meta-technique (AucBandit) share one run, and a local search
// around the best configuration should start from the best any arm found,
// not only from its own (OpenTuner's greedy mutation works the same way).
//
// Tested through WarmStartTest.cpp and AucBanditTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_OBSERVINGTECHNIQUE_H
#define ATFC_SEARCH_OBSERVINGTECHNIQUE_H

#include "Search/SearchTechnique.h"

namespace atfc {

class ObservingTechnique : public SearchTechnique {
public:
  /// The result of a point that another technique of the same run proposed.
  /// May come while the technique's own points are still being measured
  /// (a bandit's other arms fill its batches, or measure asynchronously).
  virtual void observe(std::span<const double> Where, const OptionalCost &Result) = 0;
  /// The result of a point measured first because earlier data ranks it
  /// high (Exploration::warmStart): a better start than a random sample.
  /// By default the same as another technique's.
  virtual void observePrior(std::span<const double> Where, const OptionalCost &Result) {
    observe(Where, Result);
  }
  /// Costs that earlier data measured elsewhere (the same kernel on another
  /// device or input size) at points of this space, `Costs.size()` points
  /// of the domain's dimensions each: not results of this run, which may
  /// still measure them, but a ranking a model can learn from. Given before
  /// the first propose(), and kept across a restart. Ignored by default.
  virtual void observeElsewhere(std::span<const double> /*Points*/,
                                std::span<const double> /*Costs*/) {}
};

} // namespace atfc

#endif
