//===- Search/Techniques/Exhaustive.h - Every configuration once --*- C++ -*-===//
//
// Proposes the configurations in index order (the space's lexicographic
// order), each as the centre of its cell. After the last it starts over at
// the first; the exploration ends the run before that, when every
// configuration is known. Initializing again on the same domain continues
// the enumeration where it stopped: every configuration before that point
// is already known, so starting over would only revisit them. It learns
// nothing from costs, so it is asynchronous.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_TECHNIQUES_EXHAUSTIVE_H
#define ATFC_SEARCH_TECHNIQUES_EXHAUSTIVE_H

#include "Search/SearchTechnique.h"

namespace atfc {

class Exhaustive final : public SearchTechnique {
public:
  void initialize(const SearchDomain &Domain, std::uint64_t Seed) override;
  std::vector<Point> propose(std::size_t Max) override;
  void report(std::span<const double> Where, const OptionalCost &Result) override;
  std::string describe() const override { return "exhaustive"; }
  bool asynchronous() const override { return true; }

private:
  const SearchDomain *Domain = nullptr;
  /// The index of the next configuration to propose.
  BigCount Next = 0;
};

} // namespace atfc

#endif
