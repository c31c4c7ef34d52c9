//===- Analysis/ValueColumns.h - Recorded data as index columns -*- C++ -*-===//
//
// The analyses count configurations by parameter value and by cost class.
// Values are variants (numbers, strings, bools); counting is simpler and
// faster over small integers, so each parameter's column of values becomes
// a column of indices into its sorted distinct values, computed once.
//
// Tested by ValueColumnsTest.cpp, and through SharedDatasetsTest.cpp and
// the analyses' tests (SpacePruningTest.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_ANALYSIS_VALUECOLUMNS_H
#define ATFC_ANALYSIS_VALUECOLUMNS_H

#include "Results/RecordedData.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace atfc {

/// Whether Data's first (ranking) objective is maximised.
bool rankingMaximises(const RecordedData &Data);

/// The value as a number when it is one (bools are not: they order by kind).
std::optional<long double> numberOf(const Value &V);

/// The cost that ranks an entry, lower is better: its first (most
/// significant) cost when it is valid and that cost is a finite number (for
/// a maximised objective its reciprocal, and only when positive); nullopt
/// otherwise (an entry without a usable cost counts as invalid).
std::optional<double> rankingCost(const EvaluationRecord &Entry, bool Maximised = false);

/// The measured value of a ranking cost (rankingCost's inverse).
double measuredRankingCost(double Ranking, bool Maximised);

/// The smallest ranking cost of Data; nullopt when no entry has one.
std::optional<double> bestCost(const RecordedData &Data);

/// The entries of Data that have a ranking cost: the sample that the
/// importance analyses classify.
struct CostedRows {
  /// The entries' rows in Data, in order.
  std::vector<std::size_t> Rows;
  /// Their ranking costs, one per row.
  std::vector<double> Costs;
};
CostedRows costedRows(const RecordedData &Data);

/// Each parameter's values, as indices into its distinct values sorted as a
/// user reads them: numbers numerically across the integer and floating
/// kinds, otherwise by kind, then by value.
struct ValueColumns {
  /// Per parameter, its distinct values in that order.
  std::vector<std::vector<Value>> Distinct;
  /// Per parameter, per entry: the index of the entry's value in Distinct.
  std::vector<std::vector<std::uint32_t>> Index;
};

/// The index columns of Data. An entry with fewer values than parameters
/// (malformed data) is given the first distinct value for the missing ones.
ValueColumns indexValues(const RecordedData &Data);

} // namespace atfc

#endif
