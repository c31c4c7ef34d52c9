//===- SearchSpace/GroupTree.cpp - The tree of one parameter group --------===//
#include "SearchSpace/GroupTree.h"

#include <algorithm>

namespace atfc {

GroupTree::GroupTree(std::vector<ParameterInfo> Params,
                     std::vector<std::vector<TreeSegment>> Levels, std::vector<LevelStats> Stats,
                     double Seconds)
    : Params(std::move(Params)), Levels(std::move(Levels)), Stats(std::move(Stats)),
      Seconds(Seconds) {
  for (const std::vector<TreeSegment> &Level : this->Levels)
    Sizes.push_back(nodesIn(Level));
}

std::uint64_t GroupTree::numNodes() const {
  std::uint64_t N = 0;
  for (std::uint64_t S : Sizes)
    N += S;
  return N;
}

const TreeSegment &GroupTree::segmentOf(std::size_t L, std::uint64_t N) const {
  const std::vector<TreeSegment> &Level = Levels[L];
  if (Level.size() == 1)
    return Level.front();
  // The last segment that starts at or before N.
  auto It = std::upper_bound(Level.begin(), Level.end(), N,
                             [](std::uint64_t X, const TreeSegment &S) { return X < S.First; });
  return *(It - 1);
}

std::uint64_t GroupTree::firstLeaf(std::size_t L, std::uint64_t N) const {
  for (; L + 1 < Levels.size(); ++L)
    N = N == Sizes[L] ? Sizes[L + 1] : childBegin(L, N);
  return N;
}

std::uint64_t GroupTree::parentOf(std::size_t L, std::uint64_t Child) const {
  const std::vector<TreeSegment> &Level = Levels[L];
  // The last segment whose first child is <= Child, then the last node there.
  auto It = std::upper_bound(
      Level.begin(), Level.end(), Child,
      [](std::uint64_t X, const TreeSegment &S) { return X < S.ChildBase + S.FirstChild[0]; });
  const TreeSegment &S = *(It - 1);
  const std::uint64_t Local = Child - S.ChildBase;
  // The last node (the sentinel excluded) whose first child is <= Local.
  std::uint64_t Lo = 0, Hi = S.Values.size();
  while (Hi - Lo > 1) {
    const std::uint64_t Mid = Lo + (Hi - Lo) / 2;
    if (S.FirstChild[Mid] <= Local)
      Lo = Mid;
    else
      Hi = Mid;
  }
  return S.First + Lo;
}

void GroupTree::pathOfLeaf(std::uint64_t Leaf, std::uint64_t *Nodes) const {
  std::size_t L = Levels.size() - 1;
  Nodes[L] = Leaf;
  while (L-- > 0)
    Nodes[L] = parentOf(L, Nodes[L + 1]);
}

std::uint64_t GroupTree::childHoldingLeaf(std::size_t L, std::uint64_t Parent,
                                          std::uint64_t Leaf) const {
  std::uint64_t Lo = L == 0 ? 0 : childBegin(L - 1, Parent);
  std::uint64_t Hi = L == 0 ? numNodes(0) : childEnd(L - 1, Parent);
  // The last child whose first leaf is <= Leaf.
  while (Hi - Lo > 1) {
    std::uint64_t Mid = Lo + (Hi - Lo) / 2;
    if (firstLeaf(L, Mid) <= Leaf)
      Lo = Mid;
    else
      Hi = Mid;
  }
  return Lo;
}

std::uint64_t GroupTree::childWithValue(std::size_t L, std::uint64_t Parent,
                                        std::uint64_t ValueIndex) const {
  const auto [First, Last] = childrenOf(L, Parent);
  std::uint64_t Lo = First, Hi = Last;
  // The first child whose value index is >= ValueIndex.
  while (Lo < Hi) {
    const std::uint64_t Mid = Lo + (Hi - Lo) / 2;
    if (valueIndex(L, Mid) < ValueIndex)
      Lo = Mid + 1;
    else
      Hi = Mid;
  }
  return Lo < Last && valueIndex(L, Lo) == ValueIndex ? Lo : numNodes(L);
}

std::uint64_t GroupTree::leafBelow(std::size_t L, std::uint64_t Node,
                                   const std::uint64_t *Values) const {
  for (std::size_t M = L + 1; M < Levels.size(); ++M) {
    Node = childWithValue(M, Node, Values[M]);
    if (Node == numNodes(M))
      return numLeaves();
  }
  return Node;
}

std::size_t GroupTree::memoryBytes() const {
  std::size_t Bytes = sizeof(*this) + Sizes.capacity() * sizeof(std::uint64_t);
  for (const std::vector<TreeSegment> &Level : Levels) {
    Bytes += Level.capacity() * sizeof(TreeSegment);
    for (const TreeSegment &S : Level)
      Bytes += S.Values.memoryBytes() + S.FirstChild.memoryBytes();
  }
  return Bytes;
}

} // namespace atfc
