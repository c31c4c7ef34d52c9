//===- Search/Techniques/RoundRobin.h - Techniques taking turns --*- C++ -*-===//
//
// A meta-technique: its sub-techniques propose in turn, and each gets the
// reports of its own proposals only. With batches of one point the turns
// alternate point by point; a batch of Max points is shared evenly among
// the next min(Max, n) sub-techniques, each asked once.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_TECHNIQUES_ROUNDROBIN_H
#define ATFC_SEARCH_TECHNIQUES_ROUNDROBIN_H

#include "Search/SearchTechnique.h"

#include <deque>
#include <memory>

namespace atfc {

class RoundRobin final : public SearchTechnique {
public:
  /// Techniques must not be empty; round_robin takes no numbers.
  RoundRobin(std::span<const double> Values,
             std::vector<std::unique_ptr<SearchTechnique>> Techniques);
  explicit RoundRobin(std::vector<std::unique_ptr<SearchTechnique>> Techniques)
      : RoundRobin({}, std::move(Techniques)) {}

  void initialize(const SearchDomain &Domain, std::uint64_t Seed) override;
  std::vector<Point> propose(std::size_t Max) override;
  void report(std::span<const double> Where, const OptionalCost &Result) override;
  std::string describe() const override;

private:
  std::vector<std::unique_ptr<SearchTechnique>> Techniques;
  /// The sub-technique whose turn is next.
  std::size_t Turn = 0;
  /// The owner of each proposed point still to be reported, in order.
  std::deque<std::size_t> Owners;
};

} // namespace atfc

#endif
