//===- Search/Techniques/Exhaustive.cpp - Every configuration once --------===//
#include "Search/Techniques/Exhaustive.h"

namespace atfc {

void Exhaustive::initialize(const SearchDomain &TheDomain, std::uint64_t) {
  if (Domain != &TheDomain)
    Next = 0;
  Domain = &TheDomain;
}

std::vector<Point> Exhaustive::propose(std::size_t Max) {
  std::vector<Point> Points;
  Points.reserve(Max);
  for (std::size_t I = 0; I < Max; ++I) {
    if (Next >= Domain->size())
      Next = 0;
    Points.push_back(Domain->pointOf(Domain->space().at(Next)));
    ++Next;
  }
  return Points;
}

void Exhaustive::report(std::span<const double>, const OptionalCost &) {}

} // namespace atfc
