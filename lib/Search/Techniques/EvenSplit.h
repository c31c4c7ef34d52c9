//===- Search/Techniques/EvenSplit.h - The TACO paper's mapping -*- C++ -*-===//
//
// `even_split(t)`: technique t on the coordinate space of the ATF TACO paper
// (section 5), where each level of the chain of trees is split evenly among
// a node's children (coordinate l picks child ceil(l k) of k), instead of
// atfc's leaf-weighted split. Any technique can be wrapped, so the paper's
// exploration can be reproduced with every coordinate-space technique
// (`even_split(atf_portfolio)` is ATF's) and compared with the default split.
//
// t sees a SearchDomain with the even split; each of its points is handed
// on as the centre of its configuration's cell in the exploration's domain,
// and its reports carry its own points back. Techniques on the parameters
// themselves (local search, GA) propose configurations: wrapping them
// changes nothing but their random draws of coordinates, if any.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_TECHNIQUES_EVENSPLIT_H
#define ATFC_SEARCH_TECHNIQUES_EVENSPLIT_H

#include "Search/SearchTechnique.h"

#include <deque>
#include <memory>
#include <optional>

namespace atfc {

class EvenSplit final : public SearchTechnique {
public:
  /// Exactly one technique; even_split takes no numbers.
  EvenSplit(std::span<const double> Values,
            std::vector<std::unique_ptr<SearchTechnique>> Techniques);

  void initialize(const SearchDomain &Domain, std::uint64_t Seed) override;
  std::vector<Point> propose(std::size_t Max) override;
  void report(std::span<const double> Where, const OptionalCost &Result) override;
  std::string describe() const override;

private:
  std::unique_ptr<SearchTechnique> Inner;
  const SearchDomain *Outer = nullptr;
  /// The even-split domain of Outer's space, which Inner works on.
  std::optional<SearchDomain> Even;
  /// Inner's points still to be reported, in the order proposed.
  std::deque<Point> Pending;
};

} // namespace atfc

#endif
