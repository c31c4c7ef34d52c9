//===- TreeShape.h - A generated tree as plain arrays, for tests -*- C++ -*-===//
//
// Flattens a GroupTree through its public interface into per-level arrays
// (value indices, first children, statistics) that tests compare with
// hand-written trees, with a reference generator, or across thread counts.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TEST_SEARCHSPACE_TREESHAPE_H
#define ATFC_TEST_SEARCHSPACE_TREESHAPE_H

#include "SearchSpace/GroupTree.h"
#include "SearchSpace/SpaceGenerator.h"
#include "Support/Bug.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace atfc::test {

/// A tree as plain arrays: per level the nodes' value indices and, for all
/// but the last level, each node's first child plus the end sentinel; and
/// the generation statistics per level.
struct TreeShape {
  std::vector<std::vector<std::uint64_t>> Values;
  std::vector<std::vector<std::uint64_t>> FirstChild;
  std::vector<std::uint64_t> Accepted, DeadEnds, ParentVisits;
  friend bool operator==(const TreeShape &, const TreeShape &) = default;
};

inline TreeShape shapeOf(const GroupTree &Tree) {
  TreeShape Shape;
  const std::size_t K = Tree.numLevels();
  Shape.Values.resize(K);
  Shape.FirstChild.resize(K - 1);
  for (std::size_t L = 0; L < K; ++L) {
    const std::uint64_t Nodes = Tree.numNodes(L);
    for (std::uint64_t N = 0; N < Nodes; ++N) {
      Shape.Values[L].push_back(Tree.valueIndex(L, N));
      if (L + 1 < K) {
        Shape.FirstChild[L].push_back(Tree.childBegin(L, N));
        // Children are contiguous: a node's end is its successor's begin.
        if (N + 1 < Nodes) {
          EXPECT_EQ(Tree.childEnd(L, N), Tree.childBegin(L, N + 1)) << L << " " << N;
        }
      }
    }
    if (L + 1 < K)
      Shape.FirstChild[L].push_back(Nodes ? Tree.childEnd(L, Nodes - 1) : 0);
    Shape.Accepted.push_back(Tree.stats(L).Accepted);
    Shape.DeadEnds.push_back(Tree.stats(L).DeadEnds);
    Shape.ParentVisits.push_back(Tree.stats(L).ParentVisits);
  }
  return Shape;
}

/// The tree of the only group of Group, generated with Threads threads;
/// InlineCandidates 0 by default, so that a small group too is shared out
/// to the pool (GenerationOptions::InlineCandidates).
inline GroupTree generateWith(unsigned Threads, const auto &Group, double InlineCandidates = 0) {
  GenerationOptions Options{Threads};
  Options.InlineCandidates = InlineCandidates;
  ChainOfTrees S = cantFail(generateSpace(Options, Group));
  return S.group(0);
}

// A in {0,1,2,3}; B in 1..3 with B <= A; C in 1..5 with C == A + B. A = 0
// has no B (a dead end on level 0); (3, 3) has no C (on level 1).
inline auto deadEndGroup() {
  return group(parameter("A", set<int>({0, 1, 2, 3}), greater_than_or_eq(0)),
               parameter("B", interval<int>(1, 3),
                         less_than_or_eq([](const auto &P) { return std::get<0>(P); })),
               parameter("C", interval<int>(1, 5),
                         equal([](const auto &P) { return std::get<0>(P) + std::get<1>(P); })));
}

} // namespace atfc::test

#endif
