//===- Search/AbortCondition.h - When a tuning run stops --------*- C++ -*-===//
//
// An abort condition decides, from a run's SearchStatus, whether the run is
// over, and says how far it is (progress in [0,1], for an ETA). Conditions
// are small immutable trees combined with &&, || and !; copies share the
// tree. They are evaluated once per evaluation, never in an inner loop.
//
// Semantics (docs/search.md):
//  - evaluations(n): Evaluations >= n; progress Evaluations / n.
//  - validEvaluations(n): ValidEvaluations >= n; progress likewise.
//  - fraction(f): Evaluations >= f * |SP|; progress Evaluations / (f |SP|).
//  - duration(t): ElapsedSeconds >= t; progress ElapsedSeconds / t.
//  - cost(c): the best cost is <= c, lexicographically over the components
//    both have (cost(0.5) on costs {time, energy} looks at time only).
//  - speedup(s, window): stagnation. With B0 the best cost as it was at the
//    start of the window (the last n evaluations, or the last t seconds) and
//    B the best cost now, the run stops unless B < B0 and B <= B0 / s (every
//    component divided by s): it keeps going while the best improved by a
//    factor of at least s within the window. Never before one full window
//    has passed since the first valid evaluation.
//  - a && b, a || b, !a: conjunction, disjunction, negation; progress is the
//    min, the max, and (for !, cost and speedup) 1 when reached, else 0.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_ABORTCONDITION_H
#define ATFC_SEARCH_ABORTCONDITION_H

#include "Search/SearchStatus.h"
#include "Support/Cost.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace atfc {

class AbortCondition {
public:
  /// The node interface of the tree; see the factories for the kinds.
  class Node;

  static AbortCondition evaluations(std::uint64_t N);
  static AbortCondition validEvaluations(std::uint64_t N);
  /// Fraction F in [0,1] of |SP|.
  static AbortCondition fraction(double F);
  static AbortCondition duration(double Seconds);
  /// The best search cost is <= C; Written (default: C) is how the user
  /// wrote it, for describe().
  static AbortCondition cost(Cost C, Cost Written = {});
  /// Stagnation over the last N evaluations; S >= 1.
  static AbortCondition speedupOverEvaluations(double S, std::uint64_t N);
  /// Stagnation over the last Seconds seconds; S >= 1.
  static AbortCondition speedupOverDuration(double S, double Seconds);

  /// A program's own condition (the online interfaces): Reached decides,
  /// Name is how it is described; progress is 1 once reached, else 0.
  static AbortCondition custom(std::function<bool(const SearchStatus &)> Reached, std::string Name);
  friend AbortCondition operator&&(const AbortCondition &A, const AbortCondition &B);
  friend AbortCondition operator||(const AbortCondition &A, const AbortCondition &B);
  friend AbortCondition operator!(const AbortCondition &A);

  /// Whether a run in Status is over.
  bool reached(const SearchStatus &Status) const;
  /// How far the run is towards the condition, in [0,1].
  double progress(const SearchStatus &Status) const;
  /// The condition as it would be written in an abort_condition directive.
  std::string describe() const;
  /// The evaluations after which the condition holds however the run goes
  /// (evaluations(n), and conditions built of it with || and &&), nullopt
  /// where none bounds it (a duration, a cost, valid_evaluations(n), !).
  std::optional<std::uint64_t> evaluationBudget() const;

private:
  explicit AbortCondition(std::shared_ptr<const Node> Root) : Root(std::move(Root)) {}
  std::shared_ptr<const Node> Root;
};

} // namespace atfc

#endif
