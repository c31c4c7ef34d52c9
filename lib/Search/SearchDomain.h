//===- Search/SearchDomain.h - The space as a technique sees it -*- C++ -*-===//
//
// The coordinate space (0,1]^D over a chain of trees. D counts only the tree
// levels where some node has more than one child: stepping along a level
// without choice only revisits the same configuration, so such a level takes
// no dimension (its coordinate is fixed). Every point maps to a valid
// configuration, and the centre of a configuration's cell maps back to it.
//
// Tested through SearchTechniqueTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_SEARCHDOMAIN_H
#define ATFC_SEARCH_SEARCHDOMAIN_H

#include "SearchSpace/ChainOfTrees.h"

#include <cstddef>
#include <span>
#include <vector>

namespace atfc {

class SearchDomain {
public:
  /// The domain of Space, which must outlive it and must not be empty.
  explicit SearchDomain(const ChainOfTrees &Space);

  /// D: the number of search dimensions.
  std::size_t dimensions() const { return SearchLevels.size(); }
  /// The chain-wide tree level of dimension I.
  std::size_t levelOf(std::size_t I) const { return SearchLevels[I]; }
  /// |SP|.
  const BigCount &size() const { return Space->size(); }
  const ChainOfTrees &space() const { return *Space; }

  /// The configuration at Where, a point of (0,1]^D; coordinates outside
  /// (0,1] are clamped into it.
  Configuration configurationAt(std::span<const double> Where) const;
  /// The centre of C's cell: configurationAt(pointOf(C)) == C.
  std::vector<double> pointOf(const Configuration &C) const;

private:
  const ChainOfTrees *Space;
  std::vector<std::size_t> SearchLevels;
};

} // namespace atfc

#endif
