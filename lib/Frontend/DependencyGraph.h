//===- Frontend/DependencyGraph.h - Groups and generation order -*- C++ -*-===//
//
// Which tuning parameters depend on which, as far as their constraints say:
// a parameter depends on every parameter its constraint names. Parameters
// connected this way (in either direction, transitively) form a group that
// the search-space engine generates as one tree; inside a group a parameter
// must be generated after those it depends on. Plain graph work: it knows
// neither Clang nor the spec.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_FRONTEND_DEPENDENCYGRAPH_H
#define ATFC_FRONTEND_DEPENDENCYGRAPH_H

#include <cstddef>
#include <vector>

namespace atfc {

/// Groups, their generation orders, and the cycles that prevent one.
struct ParameterOrder {
  /// The groups, ordered by their first-declared (lowest-index) member;
  /// each lists its members in generation order.
  std::vector<std::vector<std::size_t>> Groups;
  /// For each parameter, the index of its group in Groups.
  std::vector<std::size_t> GroupOf;
  /// The cycles: sets of parameters that depend on each other (strongly
  /// connected, more than one member), each in declaration order, ordered by
  /// their first member.
  std::vector<std::vector<std::size_t>> Cycles;
};

/// Orders parameters 0 .. Dependencies.size()-1, where Dependencies[P] are
/// the parameters P's constraint names (P itself and repeats are ignored).
///
/// Inside a group the order is topological with ties broken by declaration
/// order: of the parameters whose dependencies are all placed, the one
/// declared first comes next. Where a cycle blocks that, the first-declared
/// blocked parameter is placed next, so that an order exists even then.
ParameterOrder orderParameters(const std::vector<std::vector<std::size_t>> &Dependencies);

/// One dependency: the constraint of From names To.
struct DependencyEdge {
  std::size_t From = 0;
  std::size_t To = 0;

  bool operator==(const DependencyEdge &) const = default;
};

/// The cycle that Edges, taken in their order (the order of the names in
/// the file), close first: the indices into Edges of the cycle's edges in
/// the order they follow each other, the closing edge (the first in Edges
/// that closes a cycle with those before it) last. Empty when Edges close
/// none. Reported at the closing edge, a cycle points at the name the user
/// wrote last; the other edges say where the rest of it is.
std::vector<std::size_t> firstClosedCycle(const std::vector<DependencyEdge> &Edges);

} // namespace atfc

#endif // ATFC_FRONTEND_DEPENDENCYGRAPH_H
