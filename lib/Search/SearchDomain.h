//===- Search/SearchDomain.h - The space as a technique sees it -*- C++ -*-===//
//
// The coordinate space (0,1]^D over a chain of trees. D counts only the tree
// levels where some node has more than one child: stepping along a level
// without choice only revisits the same configuration, so such a level takes
// no dimension (its coordinate is fixed). Every point maps to a valid
// configuration, and the centre of a configuration's cell maps back to it.
//
// Two ways to split a level among a node's children: by their leaf counts
// (atfc's default: uniform points are uniform configurations), or evenly,
// as the ATF TACO paper (section 5) maps a coordinate l to child ceil(l k)
// of k children, which gives a child with few leaves below it as much room
// as one with many.
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
  /// How a coordinate chooses among the children of a node.
  enum class Split {
    /// Each child's share of (0,1] is proportional to its leaves.
    ByLeaves,
    /// k children share (0,1] evenly: child i (1-based) holds ((i-1)/k, i/k],
    /// the bounds computed as double(i) / k.
    Even
  };

  /// The domain of Space, which must outlive it and must not be empty.
  explicit SearchDomain(const ChainOfTrees &Space, Split How = Split::ByLeaves);

  Split split() const { return How; }

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
  Split How;
  std::vector<std::size_t> SearchLevels;
  /// The dimension of each chain-wide level, or dimensions() where it has none.
  std::vector<std::size_t> DimensionOf;
};

} // namespace atfc

#endif
