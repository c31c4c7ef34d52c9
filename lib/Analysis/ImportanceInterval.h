//===- Analysis/ImportanceInterval.h - How sure an importance is -*- C++ -*-===//
//
// Mutual information estimated from a few dozen configurations is biased
// upwards (a parameter with no effect still shares bits with the cost by
// chance) and uncertain. A report that draws bars from 30 samples must say
// how sure they are, and must not rank as important what chance explains.
//
// Per parameter: the information chance gives at this sample size (the
// mean over shuffles of the cost classes, which keeps both marginals and
// breaks the link), the information above it, and a 90% basic bootstrap
// interval of that excess (rows resampled with replacement; "basic"
// reflects the resamples around the estimate, which undoes the bootstrap's
// own upward bias). A parameter whose interval reaches 0 cannot be told
// from no effect with these data. Deterministic: the shuffles and
// resamples come from SplitMix64 with a fixed seed.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_ANALYSIS_IMPORTANCEINTERVAL_H
#define ATFC_ANALYSIS_IMPORTANCEINTERVAL_H

#include "Analysis/ParameterImportance.h"
#include "Results/RecordedData.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace atfc {

/// How sure one parameter's importance is, in bits.
struct ImportanceInterval {
  /// I(value; cost class) that chance alone gives at this sample size.
  double Chance = 0;
  /// I(value; cost class) - Chance: the information the data attribute to
  /// the parameter (can be below 0), with the bootstrap's bias correction
  /// (twice the estimate less the resamples' median), so that it lies in
  /// [Lo, Hi].
  double AboveChance = 0;
  /// The 90% bootstrap interval of AboveChance.
  double Lo = 0, Hi = 0;
  /// Whether Lo > 0: the data tell the parameter's effect from none.
  bool Distinguishable = false;
};

/// The intervals of Data's parameters, by their index in Data.Parameters.
struct ImportanceIntervals {
  /// How many valid configurations, shuffles and resamples they rest on.
  std::size_t Samples = 0, Shuffles = 0, Resamples = 0;
  std::vector<ImportanceInterval> Parameters;
};

/// The intervals of the mutual information rankParameters() computes (the
/// same cost classes).
ImportanceIntervals importanceIntervals(const RecordedData &Data, std::size_t CostClasses = 10,
                                        std::size_t Resamples = 200, std::size_t Shuffles = 50,
                                        std::uint64_t Seed = 1);

/// The order in which importance is ranked for people (atfc report and
/// atfc analyze alike), as indices into the data's parameters: those the
/// data tell from no effect first, by their information above chance, then
/// the others, each part in Ranking's order where equal.
std::vector<std::size_t> chanceCorrectedOrder(const ImportanceRanking &Ranking,
                                              const ImportanceIntervals &Intervals);

} // namespace atfc

#endif
