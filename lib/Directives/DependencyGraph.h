//===- Directives/DependencyGraph.h - Groups and generation order -*- C++ -*-===//
//
// Which tuning parameters depend on which, as far as their constraints say:
// a parameter depends on every parameter its constraint names. Parameters
// connected this way (in either direction, transitively) form a group that
// the search-space engine generates as one tree; inside a group a parameter
// must be generated after those it depends on. Plain graph work: it knows
// neither Clang nor the spec.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DIRECTIVES_DEPENDENCYGRAPH_H
#define ATFC_DIRECTIVES_DEPENDENCYGRAPH_H

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

} // namespace atfc

#endif // ATFC_DIRECTIVES_DEPENDENCYGRAPH_H
