//===- Search/Techniques/RandomSearch.cpp - Uniformly random configurations --===//
#include "Search/Techniques/RandomSearch.h"

namespace atfc {

void RandomSearch::initialize(const SearchDomain &Domain, std::uint64_t Seed) {
  Dimensions = Domain.dimensions();
  Rng.seed(Seed);
}

std::vector<Point> RandomSearch::propose(std::size_t Max) {
  std::vector<Point> Points(Max, Point(Dimensions));
  for (Point &P : Points)
    for (double &X : P)
      // 53 random bits in [0,1), mirrored into (0,1].
      X = 1.0 - static_cast<double>(Rng() >> 11) * 0x1p-53;
  return Points;
}

void RandomSearch::report(std::span<const double>, const OptionalCost &) {}

} // namespace atfc
