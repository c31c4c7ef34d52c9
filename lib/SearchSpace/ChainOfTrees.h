//===- SearchSpace/ChainOfTrees.h - The whole search space ------*- C++ -*-===//
//
// The search space as a chain of group trees (section 4 of the ATF TACO
// paper): a configuration is one leaf of every group's tree. This class owns
// the trees and offers every mapping the search and the tools need:
//
//  - exact sizes (|SP| and the unconstrained size, as big integers);
//  - index <-> configuration (lexicographic, first group most significant);
//  - coordinates in (0,1]^L <-> configuration, one dimension per level. The
//    split of a level is weighted by the children's leaf counts, so uniform
//    coordinates give uniformly distributed configurations;
//  - uniform sampling and the neighbours of a configuration along a level.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCHSPACE_CHAINOFTREES_H
#define ATFC_SEARCHSPACE_CHAINOFTREES_H

#include "SearchSpace/GroupTree.h"
#include "SearchSpace/Value.h"

#include <gmpxx.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <random>
#include <span>
#include <vector>

namespace atfc {

/// Exact counts of configurations, which may exceed 2^64.
using BigCount = mpz_class;

/// A configuration of the space: the leaf chosen in each group's tree.
struct Configuration {
  /// Leaf index per group, in chain order.
  std::vector<std::uint64_t> Leaves;
  friend bool operator==(const Configuration &, const Configuration &) = default;
  friend auto operator<=>(const Configuration &, const Configuration &) = default;
};

class ChainOfTrees {
public:
  ChainOfTrees() = default;
  ChainOfTrees(std::vector<GroupTree> Groups, double GenerationSeconds);

  std::size_t numGroups() const { return Groups.size(); }
  const GroupTree &group(std::size_t G) const { return Groups[G]; }
  /// L: the number of levels (parameters) of all trees.
  std::size_t numLevels() const { return LevelGroup.size(); }
  /// The parameter of chain-wide level L.
  const ParameterInfo &parameter(std::size_t L) const {
    return Groups[LevelGroup[L]].parameter(L - GroupFirstLevel[LevelGroup[L]]);
  }
  /// The group holding chain-wide level L, and the first level of group G.
  std::size_t groupOfLevel(std::size_t L) const { return LevelGroup[L]; }
  std::size_t firstLevelOf(std::size_t G) const { return GroupFirstLevel[G]; }
  /// Chain-wide level of the parameter called Name, or numLevels().
  std::size_t levelOf(std::string_view Name) const;

  /// |SP|, exact.
  const BigCount &size() const { return Size; }
  bool empty() const { return Size == 0; }
  /// The product of the range sizes: the space without constraints.
  BigCount unconstrainedSize() const;
  /// Tree nodes of all groups.
  std::uint64_t numNodes() const;
  /// Bytes held by the store.
  std::size_t memoryBytes() const;
  /// Candidate values that the constraint of chain-wide level L rejected
  /// during generation: each scan of its range minus the values accepted.
  BigCount rejectedAt(std::size_t L) const;
  /// Wall time of the generation that built this space.
  double generationSeconds() const { return Seconds; }

  // A configuration, index, level or coordinate outside the space is a bug
  // of the caller (Support/Bug.h): the functions below report it and abort.
  // What a user gives (an index read from a database) is checked before.

  /// The configuration at Index in [0, size()).
  Configuration at(const BigCount &Index) const;
  /// The index of C.
  BigCount indexOf(const Configuration &C) const;

  /// The configuration at coordinates in (0,1]^L (L of them, the space not
  /// empty).
  Configuration atCoordinates(std::span<const double> Coordinates) const;
  /// Coordinates of the centre of C's cell: atCoordinates gives C back.
  std::vector<double> coordinatesOf(const Configuration &C) const;

  /// A uniformly distributed configuration (the space must not be empty).
  template <class URBG> Configuration sample(URBG &Rng) const {
    Configuration C;
    C.Leaves.reserve(Groups.size());
    for (const GroupTree &G : Groups)
      C.Leaves.push_back(std::uniform_int_distribution<std::uint64_t>(0, G.numLeaves() - 1)(Rng));
    return C;
  }

  /// The configurations one step from C along chain-wide level L: the
  /// previous and the next sibling of C's node on that level, with the
  /// coordinates of the other levels kept. Zero, one or two results.
  std::vector<Configuration> neighbours(const Configuration &C, std::size_t L) const;

  /// Which configurations parameterNeighbours() gives.
  enum class Move {
    /// The nearest valid value below and above the current one.
    Adjacent,
    /// Every other valid value.
    AnyValue
  };
  /// The valid configurations that differ from C in the value of parameter
  /// L only, in ascending value order: every other parameter keeps its
  /// value (not its coordinate). Found by walking the tree below each
  /// sibling of C's node on level L, never by enumerating the space.
  /// AnyValue with Limit: of a level of more siblings, those at Limit
  /// evenly spaced positions and the two beside C's (a parameter of a
  /// million values once gave a million moves each time).
  std::vector<Configuration>
  parameterNeighbours(const Configuration &C, std::size_t L, Move Kind,
                      std::size_t Limit = std::numeric_limits<std::size_t>::max()) const;

  /// The position in its parameter's range of every value of C, in
  /// chain-wide level order.
  std::vector<std::uint64_t> valueIndices(const Configuration &C) const;
  /// The configuration whose values are at these range positions (one per
  /// level), or nullopt where a constraint rejects them.
  std::optional<Configuration> withValueIndices(std::span<const std::uint64_t> Indices) const;

  /// The value of every parameter of C, in chain-wide level order.
  std::vector<Value> values(const Configuration &C) const;

private:
  void checkLeaves(const Configuration &C) const;
  /// The group of chain-wide level L, which must be a level.
  std::size_t checkedGroupOfLevel(std::size_t L) const;

  std::vector<GroupTree> Groups;
  std::vector<std::size_t> LevelGroup;      // chain-wide level -> group
  std::vector<std::size_t> GroupFirstLevel; // group -> first chain-wide level
  BigCount Size = 0;
  double Seconds = 0;
};

} // namespace atfc

#endif
