//===- Search/ObservingTechnique.h - Learning from others' points -*- C++ -*-===//
//
// A technique that also learns from points it did not propose itself: the
// arms of a meta-technique (AucBandit) share one run, and a local search
// around the best configuration should start from the best any arm found,
// not only from its own (OpenTuner's greedy mutation works the same way).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_OBSERVINGTECHNIQUE_H
#define ATFC_SEARCH_OBSERVINGTECHNIQUE_H

#include "Search/SearchTechnique.h"

namespace atfc {

class ObservingTechnique : public SearchTechnique {
public:
  /// The result of a point that another technique of the same run proposed.
  /// Never called between a propose() and the last report() of its batch.
  virtual void observe(std::span<const double> Where, const OptionalCost &Result) = 0;
  /// The result of a point measured first because earlier data ranks it
  /// high (Exploration::warmStart): a better start than a random sample.
  /// By default the same as another technique's.
  virtual void observePrior(std::span<const double> Where, const OptionalCost &Result) {
    observe(Where, Result);
  }
};

} // namespace atfc

#endif
