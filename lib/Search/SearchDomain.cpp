//===- Search/SearchDomain.cpp - The space as a technique sees it ---------===//
#include "Search/SearchDomain.h"

#include "Support/Bug.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace atfc {

namespace {

/// The child (0-based) of K that coordinate X in (0,1] picks when K children
/// share (0,1] evenly: the i with (i-1)/K < X <= i/K. ceil(X K) can be one
/// off where X K rounds across a whole number; the bounds are checked as
/// the same doubles double(i) / K that evenCentre's cells lie between.
std::uint64_t evenChild(double X, std::uint64_t K) {
  const auto Width = static_cast<double>(K);
  auto I = static_cast<std::uint64_t>(std::ceil(X * Width));
  I = std::clamp<std::uint64_t>(I, 1, K);
  while (I > 1 && X <= static_cast<double>(I - 1) / Width)
    --I;
  while (I < K && X > static_cast<double>(I) / Width)
    ++I;
  return I - 1;
}

/// The centre of child I (0-based) of K in the even split.
double evenCentre(std::uint64_t I, std::uint64_t K) {
  return (static_cast<double>(I) + 0.5) / static_cast<double>(K);
}

} // namespace

SearchDomain::SearchDomain(const ChainOfTrees &TheSpace, Split TheSplit)
    : Space(&TheSpace), How(TheSplit) {
  if (TheSpace.empty())
    reportBug("SearchDomain: the search space is empty");
  // Every node has a child (dead ends are removed), so a level offers a
  // choice exactly when it has more nodes than the level above it.
  DimensionOf.assign(TheSpace.numLevels(), TheSpace.numLevels());
  for (std::size_t G = 0; G < TheSpace.numGroups(); ++G) {
    const GroupTree &Tree = TheSpace.group(G);
    std::uint64_t Above = 1;
    for (std::size_t L = 0; L < Tree.numLevels(); ++L) {
      if (Tree.numNodes(L) > Above) {
        DimensionOf[TheSpace.firstLevelOf(G) + L] = SearchLevels.size();
        SearchLevels.push_back(TheSpace.firstLevelOf(G) + L);
      }
      Above = Tree.numNodes(L);
    }
  }
  for (std::size_t &D : DimensionOf)
    D = std::min(D, SearchLevels.size());
}

Configuration SearchDomain::configurationAt(std::span<const double> Where) const {
  if (Where.size() != dimensions())
    reportBug("SearchDomain::configurationAt: expected " + std::to_string(dimensions()) +
              " coordinates, got " + std::to_string(Where.size()));
  // A level without choice has one child per node: any coordinate picks it.
  std::vector<double> Coordinates(Space->numLevels(), 1.0);
  for (std::size_t I = 0; I < Where.size(); ++I) {
    const double X = Where[I];
    // The smallest positive double keeps a coordinate of 0 (or NaN) inside.
    Coordinates[SearchLevels[I]] = X > 0.0 ? std::min(X, 1.0) : 0x1p-60;
  }
  if (How == Split::ByLeaves)
    return Space->atCoordinates(Coordinates);
  Configuration C;
  C.Leaves.resize(Space->numGroups());
  for (std::size_t G = 0; G < Space->numGroups(); ++G) {
    const GroupTree &Tree = Space->group(G);
    std::uint64_t Node = 0;
    for (std::size_t L = 0; L < Tree.numLevels(); ++L) {
      const auto [First, Last] = Tree.childrenOf(L, Node);
      Node = First + evenChild(Coordinates[Space->firstLevelOf(G) + L], Last - First);
    }
    C.Leaves[G] = Node;
  }
  return C;
}

std::vector<double> SearchDomain::pointOf(const Configuration &C) const {
  std::vector<double> Where(dimensions());
  if (How == Split::ByLeaves) {
    const std::vector<double> Coordinates = Space->coordinatesOf(C);
    for (std::size_t I = 0; I < Where.size(); ++I)
      Where[I] = Coordinates[SearchLevels[I]];
    return Where;
  }
  if (C.Leaves.size() != Space->numGroups())
    reportBug("SearchDomain::pointOf: a configuration of another space");
  std::vector<std::uint64_t> Path;
  for (std::size_t G = 0; G < Space->numGroups(); ++G) {
    const GroupTree &Tree = Space->group(G);
    if (C.Leaves[G] >= Tree.numLeaves())
      reportBug("SearchDomain::pointOf: leaf " + std::to_string(C.Leaves[G]) + " out of range");
    Path.resize(Tree.numLevels());
    Tree.pathOfLeaf(C.Leaves[G], Path.data());
    for (std::size_t L = 0; L < Tree.numLevels(); ++L) {
      const std::size_t D = DimensionOf[Space->firstLevelOf(G) + L];
      if (D == dimensions())
        continue;
      const auto [First, Last] = Tree.childrenOf(L, L == 0 ? 0 : Path[L - 1]);
      Where[D] = evenCentre(Path[L] - First, Last - First);
    }
  }
  return Where;
}

} // namespace atfc
