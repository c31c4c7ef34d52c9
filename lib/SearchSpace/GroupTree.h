//===- SearchSpace/GroupTree.h - The tree of one parameter group -*- C++ -*-===//
//
// The generated space of one group of interdependent parameters: a tree with
// one level per parameter whose root-to-leaf paths are the group's valid
// configurations, in generation (lexicographic) order.
//
// Nodes are numbered per level in depth-first order, so the children of a
// node, and the leaves below it, are contiguous; a leaf's index is its node
// number on the last level. A level is stored as segments, one per subtree
// that generation produced in parallel, kept where they were built instead
// of being copied together. A segment holds its nodes' value indices (a
// PackedIndexArray) and, except on the last level, each node's first child
// relative to the segment's ChildBase, plus an end sentinel. Nothing is
// allocated per node; subtree leaf counts follow from the child offsets.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCHSPACE_GROUPTREE_H
#define ATFC_SEARCHSPACE_GROUPTREE_H

#include "SearchSpace/PackedIndexArray.h"
#include "SearchSpace/Parameter.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace atfc {

/// Consecutive nodes of one level.
struct TreeSegment {
  /// Number of the segment's first node on its level.
  std::uint64_t First = 0;
  /// Number on the next level that FirstChild entries are relative to.
  std::uint64_t ChildBase = 0;
  /// Value index (into the parameter's range) of each node.
  PackedIndexArray Values;
  /// First child of each node relative to ChildBase, plus an end sentinel;
  /// empty on the last level. Four bytes wide.
  PackedIndexArray FirstChild{0xffffffff};
};

/// Number of nodes in the segments of a level.
inline std::uint64_t nodesIn(const std::vector<TreeSegment> &Level) {
  return Level.empty() ? 0 : Level.back().First + Level.back().Values.size();
}

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
  /// Levels[L] are the segments of level L, in node order.
  GroupTree(std::vector<ParameterInfo> Params, std::vector<std::vector<TreeSegment>> Levels,
            std::vector<LevelStats> Stats, double Seconds);

  std::size_t numLevels() const { return Levels.size(); }
  const ParameterInfo &parameter(std::size_t Level) const { return Params[Level]; }
  /// Number of valid configurations of this group.
  std::uint64_t numLeaves() const { return Levels.empty() ? 0 : numNodes(Levels.size() - 1); }
  /// Nodes on one level.
  std::uint64_t numNodes(std::size_t Level) const { return Sizes[Level]; }
  /// Nodes on all levels.
  std::uint64_t numNodes() const;
  const LevelStats &stats(std::size_t Level) const { return Stats[Level]; }
  /// Wall time spent generating this group.
  double generationSeconds() const { return Seconds; }

  /// Value index of node N of level L.
  std::uint64_t valueIndex(std::size_t L, std::uint64_t N) const {
    const TreeSegment &S = segmentOf(L, N);
    return S.Values[N - S.First];
  }
  /// The children of node N of level L (< last) are [childBegin, childEnd).
  std::uint64_t childBegin(std::size_t L, std::uint64_t N) const {
    const TreeSegment &S = segmentOf(L, N);
    return S.ChildBase + S.FirstChild[N - S.First];
  }
  std::uint64_t childEnd(std::size_t L, std::uint64_t N) const {
    const TreeSegment &S = segmentOf(L, N);
    return S.ChildBase + S.FirstChild[N - S.First + 1];
  }
  /// Index of the first leaf below node N of level L; N == numNodes(L)
  /// gives numLeaves().
  std::uint64_t firstLeaf(std::size_t L, std::uint64_t N) const;
  /// Node numbers, level by level, of the path that ends in Leaf.
  void pathOfLeaf(std::uint64_t Leaf, std::uint64_t *Nodes) const;
  /// The node of level L below node Parent of level L-1 (ignored for L == 0)
  /// whose subtree holds leaf Leaf.
  std::uint64_t childHoldingLeaf(std::size_t L, std::uint64_t Parent, std::uint64_t Leaf) const;
  /// The nodes of level L below node Parent of level L-1 (ignored for
  /// L == 0): [first, last). Siblings are in ascending value index order.
  std::pair<std::uint64_t, std::uint64_t> childrenOf(std::size_t L, std::uint64_t Parent) const {
    if (L == 0)
      return {0, numNodes(0)};
    return {childBegin(L - 1, Parent), childEnd(L - 1, Parent)};
  }
  /// The child of Parent (as in childrenOf) on level L whose value index is
  /// ValueIndex, or numNodes(L) where Parent has none: a binary search.
  std::uint64_t childWithValue(std::size_t L, std::uint64_t Parent, std::uint64_t ValueIndex) const;
  /// The leaf below node Node of level L reached by the value indices
  /// Values[L+1..] on the levels below, or numLeaves() where that path is
  /// not in the tree (a constraint rejects it).
  std::uint64_t leafBelow(std::size_t L, std::uint64_t Node, const std::uint64_t *Values) const;

  /// Bytes held by the tree.
  std::size_t memoryBytes() const;

private:
  const TreeSegment &segmentOf(std::size_t L, std::uint64_t N) const;
  /// The node of level L whose children include node Child of level L+1.
  std::uint64_t parentOf(std::size_t L, std::uint64_t Child) const;

  std::vector<ParameterInfo> Params;
  std::vector<std::vector<TreeSegment>> Levels;
  std::vector<std::uint64_t> Sizes;
  std::vector<LevelStats> Stats;
  double Seconds = 0;
};

} // namespace atfc

#endif
