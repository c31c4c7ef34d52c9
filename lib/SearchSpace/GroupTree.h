//===- SearchSpace/GroupTree.h - The tree of one parameter group -*- C++ -*-===//
//
// The generated space of one group of interdependent parameters: a tree with
// one level per parameter whose root-to-leaf paths are the group's valid
// configurations, in generation (lexicographic) order.
//
// Layout: per level, a PackedIndexArray of the nodes' value indices and, for
// all but the last level, FirstChild (nodes + 1 entries): the children of node
// n are nodes FirstChild[n] .. FirstChild[n+1]-1 of the next level. Nodes
// appear in depth-first order, so the leaves below a node are contiguous and
// a leaf's index is its node index on the last level. Nothing is allocated
// per node, and subtree leaf counts follow from FirstChild.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCHSPACE_GROUPTREE_H
#define ATFC_SEARCHSPACE_GROUPTREE_H

#include "SearchSpace/PackedIndexArray.h"
#include "SearchSpace/Parameter.h"

#include <cstdint>
#include <vector>

namespace atfc {

/// One level of a GroupTree.
struct TreeLevel {
  /// Value index (into the parameter's range) of every node on this level.
  PackedIndexArray Values;
  /// First child of each node on the next level, plus an end sentinel; empty
  /// on the last level.
  std::vector<std::uint32_t> FirstChild;
};

/// What generation did on one level (parameter) of a group.
struct LevelStats {
  /// Times the parameter's range was scanned: the nodes of the level above
  /// (one for the first level), dead ends included.
  std::uint64_t ParentVisits = 0;
  /// Candidates that passed the parameter's constraint.
  std::uint64_t Accepted = 0;
  /// Accepted nodes removed again because no valid configuration lay below.
  std::uint64_t DeadEnds = 0;
};

class GroupTree {
public:
  GroupTree() = default;
  GroupTree(std::vector<ParameterInfo> Params, std::vector<TreeLevel> Levels,
            std::vector<LevelStats> Stats, double Seconds);

  std::size_t numLevels() const { return Levels.size(); }
  const ParameterInfo &parameter(std::size_t Level) const { return Params[Level]; }
  /// Number of valid configurations of this group.
  std::uint64_t numLeaves() const { return Levels.empty() ? 0 : Levels.back().Values.size(); }
  /// Nodes on one level.
  std::uint64_t numNodes(std::size_t Level) const { return Levels[Level].Values.size(); }
  /// Nodes on all levels.
  std::uint64_t numNodes() const;
  const TreeLevel &level(std::size_t L) const { return Levels[L]; }
  const LevelStats &stats(std::size_t Level) const { return Stats[Level]; }
  /// Wall time spent generating this group.
  double generationSeconds() const { return Seconds; }

  /// Index of the first leaf below node N of level L (N may be numNodes(L)).
  std::uint64_t firstLeaf(std::size_t L, std::uint64_t N) const;
  /// Range [begin, end) of the children of node N of level L (< last).
  std::uint64_t childBegin(std::size_t L, std::uint64_t N) const {
    return Levels[L].FirstChild[N];
  }
  std::uint64_t childEnd(std::size_t L, std::uint64_t N) const {
    return Levels[L].FirstChild[N + 1];
  }
  /// Node indices, level by level, of the path that ends in Leaf.
  void pathOfLeaf(std::uint64_t Leaf, std::uint64_t *Nodes) const;
  /// The child of node Parent (at level L-1; ignored for L == 0) that holds
  /// leaf Leaf in its subtree.
  std::uint64_t childHoldingLeaf(std::size_t L, std::uint64_t Parent, std::uint64_t Leaf) const;

  /// Bytes held by the tree's arrays.
  std::size_t memoryBytes() const;

private:
  std::vector<ParameterInfo> Params;
  std::vector<TreeLevel> Levels;
  std::vector<LevelStats> Stats;
  double Seconds = 0;
};

} // namespace atfc

#endif
