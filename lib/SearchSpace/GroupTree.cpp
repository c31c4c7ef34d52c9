//===- SearchSpace/GroupTree.cpp - The tree of one parameter group --------===//
#include "SearchSpace/GroupTree.h"

#include <algorithm>
#include <cassert>

namespace atfc {

GroupTree::GroupTree(std::vector<ParameterInfo> Params, std::vector<TreeLevel> Levels,
                     std::vector<LevelStats> Stats, double Seconds)
    : Params(std::move(Params)), Levels(std::move(Levels)), Stats(std::move(Stats)),
      Seconds(Seconds) {}

std::uint64_t GroupTree::numNodes() const {
  std::uint64_t N = 0;
  for (const TreeLevel &L : Levels)
    N += L.Values.size();
  return N;
}

std::uint64_t GroupTree::firstLeaf(std::size_t L, std::uint64_t N) const {
  for (; L + 1 < Levels.size(); ++L)
    N = Levels[L].FirstChild[N];
  return N;
}

void GroupTree::pathOfLeaf(std::uint64_t Leaf, std::uint64_t *Nodes) const {
  std::size_t L = Levels.size() - 1;
  Nodes[L] = Leaf;
  // The parent of node N is the last node whose first child is <= N.
  for (std::uint64_t N = Leaf; L-- > 0;) {
    const std::vector<std::uint32_t> &FC = Levels[L].FirstChild;
    N = static_cast<std::uint64_t>(std::upper_bound(FC.begin(), FC.end() - 1, N) - FC.begin()) - 1;
    Nodes[L] = N;
  }
}

std::uint64_t GroupTree::childHoldingLeaf(std::size_t L, std::uint64_t Parent,
                                          std::uint64_t Leaf) const {
  std::uint64_t Lo = L == 0 ? 0 : childBegin(L - 1, Parent);
  std::uint64_t Hi = L == 0 ? numNodes(0) : childEnd(L - 1, Parent);
  // Last child whose first leaf is <= Leaf.
  while (Hi - Lo > 1) {
    std::uint64_t Mid = Lo + (Hi - Lo) / 2;
    if (firstLeaf(L, Mid) <= Leaf)
      Lo = Mid;
    else
      Hi = Mid;
  }
  return Lo;
}

std::size_t GroupTree::memoryBytes() const {
  std::size_t Bytes = sizeof(*this) + Levels.capacity() * sizeof(TreeLevel);
  for (const TreeLevel &L : Levels)
    Bytes += L.Values.memoryBytes() + L.FirstChild.capacity() * sizeof(std::uint32_t);
  return Bytes;
}

} // namespace atfc
