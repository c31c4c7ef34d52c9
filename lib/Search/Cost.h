//===- Search/Cost.h - What a measurement costs -----------------*- C++ -*-===//
//
// A configuration's cost: one number, or several (multi-objective) that are
// compared lexicographically. Lower is better. An invalid configuration has
// no cost (std::nullopt wherever a cost is optional).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_COST_H
#define ATFC_SEARCH_COST_H

#include <algorithm>
#include <optional>
#include <vector>

namespace atfc {

/// One or several costs, most significant first; lower is better.
using Cost = std::vector<double>;

/// A cost, or none for an invalid configuration.
using OptionalCost = std::optional<Cost>;

/// Whether A is better than B: lexicographically smaller.
inline bool betterCost(const Cost &A, const Cost &B) {
  return std::lexicographical_compare(A.begin(), A.end(), B.begin(), B.end());
}

/// Whether A is better than B, where an invalid cost is worse than any cost.
inline bool betterCost(const OptionalCost &A, const OptionalCost &B) {
  if (!A)
    return false;
  return !B || betterCost(*A, *B);
}

} // namespace atfc

#endif
