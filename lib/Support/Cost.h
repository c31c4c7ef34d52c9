//===- Support/Cost.h - What a measurement costs ----------------*- C++ -*-===//
//
// A configuration's cost: one number, or several (multi-objective) that are
// compared lexicographically. The search always minimises: it sees the
// *search cost*, in which a maximised objective (a throughput, GFLOP/s)
// stands as its reciprocal, so that "twice as good" is "half the cost" for
// either direction (speedup(), the surrogate's log cost and annealing's
// relative steps keep their meaning). Everything the user sees (results.db,
// best.json, reports) holds the measured values with their objectives'
// names and directions; searchCost() and measuredCost() convert. An invalid
// configuration has no cost (std::nullopt wherever a cost is optional).
// In Support because every component speaks it: techniques compare costs,
// backends measure them, reports and the results database show them.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SUPPORT_COST_H
#define ATFC_SUPPORT_COST_H

#include "Support/NumberText.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <span>
#include <string>
#include <string_view>
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

/// Which way an objective is better.
enum class Direction { Minimise, Maximise };

/// "min" or "max", as the directive and results.db write it.
inline const char *directionName(Direction D) { return D == Direction::Maximise ? "max" : "min"; }

/// The direction called Name ("min", "max"); nullopt for another word.
inline std::optional<Direction> parseDirection(std::string_view Name) {
  if (Name == "min")
    return Direction::Minimise;
  if (Name == "max")
    return Direction::Maximise;
  return std::nullopt;
}

/// A named objective: one component of a cost.
struct Objective {
  std::string Name;
  Direction Dir = Direction::Minimise;
  friend bool operator==(const Objective &, const Objective &) = default;
};

/// The objectives of a run, most significant first.
using ObjectiveList = std::vector<Objective>;

/// The name of component I of Count costs when the objectives do not name
/// it: "cost" for one, else "cost1", "cost2", ...
inline std::string anonymousObjectiveName(std::size_t I, std::size_t Count) {
  return Count == 1 ? std::string("cost") : "cost" + std::to_string(I + 1);
}

/// Objectives for Count costs: Declared where it has component I, else an
/// anonymous minimised one.
inline ObjectiveList completeObjectives(const ObjectiveList &Declared, std::size_t Count) {
  ObjectiveList All;
  for (std::size_t I = 0; I < std::max(Count, Declared.size()); ++I)
    All.push_back(I < Declared.size() && !Declared[I].Name.empty()
                      ? Declared[I]
                      : Objective{anonymousObjectiveName(I, std::max(Count, Declared.size())),
                                  I < Declared.size() ? Declared[I].Dir : Direction::Minimise});
  return All;
}

/// Whether component I of a cost is maximised.
inline bool maximised(std::span<const Objective> O, std::size_t I) {
  return I < O.size() && O[I].Dir == Direction::Maximise;
}

/// Why Measured cannot be a cost of these objectives (a maximised
/// objective must be positive and finite: its search cost is its
/// reciprocal); empty when it can.
inline std::string costProblem(const Cost &Measured, std::span<const Objective> O) {
  for (std::size_t I = 0; I < Measured.size(); ++I)
    if (maximised(O, I) && !(Measured[I] > 0 && std::isfinite(Measured[I])))
      return "the maximised objective '" + O[I].Name + "' must be a positive finite number, not " +
             shortestText(Measured[I]);
  return {};
}

/// The search cost of a measured cost: maximised components as reciprocals.
inline Cost searchCost(Cost Measured, std::span<const Objective> O) {
  for (std::size_t I = 0; I < Measured.size(); ++I)
    if (maximised(O, I))
      Measured[I] = Measured[I] > 0 ? 1.0 / Measured[I] : HUGE_VAL;
  return Measured;
}

/// The measured cost of a search cost (searchCost's inverse).
inline Cost measuredCost(Cost Search, std::span<const Objective> O) {
  for (std::size_t I = 0; I < Search.size(); ++I)
    if (maximised(O, I))
      Search[I] = Search[I] > 0 && std::isfinite(Search[I]) ? 1.0 / Search[I] : 0.0;
  return Search;
}

/// Whether measured cost A is better than measured cost B for objectives O:
/// lexicographically, each component in its own direction.
inline bool betterMeasuredCost(const Cost &A, const Cost &B, std::span<const Objective> O) {
  for (std::size_t I = 0; I < std::min(A.size(), B.size()); ++I) {
    if (A[I] == B[I])
      continue;
    return maximised(O, I) ? A[I] > B[I] : A[I] < B[I];
  }
  return A.size() < B.size();
}

} // namespace atfc

#endif
