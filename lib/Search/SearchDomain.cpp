//===- Search/SearchDomain.cpp - The space as a technique sees it ---------===//
#include "Search/SearchDomain.h"

#include "Support/Bug.h"

#include <algorithm>
#include <string>

namespace atfc {

SearchDomain::SearchDomain(const ChainOfTrees &TheSpace) : Space(&TheSpace) {
  if (TheSpace.empty())
    reportBug("SearchDomain: the search space is empty");
  // Every node has a child (dead ends are removed), so a level offers a
  // choice exactly when it has more nodes than the level above it.
  for (std::size_t G = 0; G < TheSpace.numGroups(); ++G) {
    const GroupTree &Tree = TheSpace.group(G);
    std::uint64_t Above = 1;
    for (std::size_t L = 0; L < Tree.numLevels(); ++L) {
      if (Tree.numNodes(L) > Above)
        SearchLevels.push_back(TheSpace.firstLevelOf(G) + L);
      Above = Tree.numNodes(L);
    }
  }
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
  return Space->atCoordinates(Coordinates);
}

std::vector<double> SearchDomain::pointOf(const Configuration &C) const {
  const std::vector<double> Coordinates = Space->coordinatesOf(C);
  std::vector<double> Where(dimensions());
  for (std::size_t I = 0; I < Where.size(); ++I)
    Where[I] = Coordinates[SearchLevels[I]];
  return Where;
}

} // namespace atfc
