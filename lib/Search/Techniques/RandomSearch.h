//===- Search/Techniques/RandomSearch.h - Uniformly random configurations --*- C++ -*-===//
//
// Proposes uniformly random points of (0,1]^D. The coordinate mapping splits
// each level by the children's leaf counts, so uniform points give uniformly
// distributed configurations. Learns nothing from costs, so it is
// asynchronous: reports in any order, proposals at any time.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_TECHNIQUES_RANDOMSEARCH_H
#define ATFC_SEARCH_TECHNIQUES_RANDOMSEARCH_H

#include "Search/SearchTechnique.h"

#include <random>

namespace atfc {

class RandomSearch final : public SearchTechnique {
public:
  void initialize(const SearchDomain &Domain, std::uint64_t Seed) override;
  std::vector<Point> propose(std::size_t Max) override;
  void report(std::span<const double> Where, const OptionalCost &Result) override;
  std::string describe() const override { return "random"; }
  bool asynchronous() const override { return true; }

private:
  std::size_t Dimensions = 0;
  std::mt19937_64 Rng;
};

} // namespace atfc

#endif
