//===- Search/Techniques/EvenSplit.cpp - The TACO paper's mapping ---------===//
#include "Search/Techniques/EvenSplit.h"

#include <cassert>

namespace atfc {

EvenSplit::EvenSplit(std::span<const double>,
                     std::vector<std::unique_ptr<SearchTechnique>> Techniques) {
  assert(Techniques.size() == 1 && "the factory checks that even_split has one technique");
  Inner = std::move(Techniques.front());
}

void EvenSplit::initialize(const SearchDomain &Domain, std::uint64_t Seed) {
  Outer = &Domain;
  // Emplacing keeps Even's address: Inner may hold it from before.
  Even.emplace(Domain.space(), SearchDomain::Split::Even);
  Pending.clear();
  Inner->initialize(*Even, Seed);
}

std::vector<Point> EvenSplit::propose(std::size_t Max) {
  std::vector<Point> Points = Inner->propose(Max);
  for (Point &P : Points) {
    Point Mapped = Outer->pointOf(Even->configurationAt(P));
    Pending.push_back(std::move(P));
    P = std::move(Mapped);
  }
  return Points;
}

void EvenSplit::report(std::span<const double>, const OptionalCost &Result) {
  const Point Own = std::move(Pending.front());
  Pending.pop_front();
  Inner->report(Own, Result);
}

std::string EvenSplit::describe() const { return "even_split(" + Inner->describe() + ")"; }

} // namespace atfc
