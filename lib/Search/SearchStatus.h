//===- Search/SearchStatus.h - Where a tuning run stands --------*- C++ -*-===//
//
// The state of a run as abort conditions and progress reports see it: how
// many distinct configurations were evaluated, how long the run took so far,
// the best cost and the history of its improvements.
//
// Tested through AbortConditionTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_SEARCHSTATUS_H
#define ATFC_SEARCH_SEARCHSTATUS_H

#include "SearchSpace/ChainOfTrees.h"
#include "Support/Cost.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace atfc {

/// One improvement of the best cost.
struct Improvement {
  /// The evaluation (1-based) that found it.
  std::uint64_t Evaluation = 0;
  /// Seconds since the start of the run when it was found.
  double Seconds = 0;
  /// The new best cost.
  Cost BestCost;
  /// The configuration that has it.
  Configuration Config;
};

struct SearchStatus {
  /// Distinct configurations evaluated in this run (measured, or known from
  /// before and proposed).
  std::uint64_t Evaluations = 0;
  /// Those of them that had a cost (valid configurations).
  std::uint64_t ValidEvaluations = 0;
  /// |SP|, as a double (exact up to 2^53).
  double SpaceSize = 0;
  /// Seconds since the start of the run, by the run's clock.
  double ElapsedSeconds = 0;
  /// The best cost found so far; nullopt before the first valid evaluation.
  OptionalCost Best;
  /// The configuration of Best (meaningless while Best is nullopt).
  Configuration BestConfiguration;
  /// Every improvement of Best, in order; the first is the first valid
  /// evaluation.
  std::vector<Improvement> Improvements;
};

} // namespace atfc

#endif
