//===- Search/Techniques/RoundRobin.cpp - Techniques taking turns ---------===//
#include "Search/Techniques/RoundRobin.h"

#include "Support/SplitMix64.h"

#include <cassert>

namespace atfc {

RoundRobin::RoundRobin(std::span<const double>,
                       std::vector<std::unique_ptr<SearchTechnique>> TheTechniques)
    : Techniques(std::move(TheTechniques)) {
  assert(!Techniques.empty() && "the factory checks that round_robin has techniques");
}

void RoundRobin::initialize(const SearchDomain &Domain, std::uint64_t Seed) {
  // Distinct seeds, so that two copies of one technique do not propose the
  // same points.
  for (std::size_t I = 0; I < Techniques.size(); ++I)
    Techniques[I]->initialize(Domain, Seed + kSplitMix64Gamma * (I + 1));
  Turn = 0;
  Owners.clear();
}

std::vector<Point> RoundRobin::propose(std::size_t Max) {
  const std::size_t Asked = std::min(Max, Techniques.size());
  std::vector<Point> Points;
  for (std::size_t K = 0; K < Asked; ++K) {
    const std::size_t Share = Max / Asked + (K < Max % Asked ? 1 : 0);
    std::vector<Point> Part = Techniques[Turn]->propose(Share);
    for (Point &P : Part) {
      Points.push_back(std::move(P));
      Owners.push_back(Turn);
    }
    Turn = (Turn + 1) % Techniques.size();
  }
  return Points;
}

void RoundRobin::report(std::span<const double> Where, const OptionalCost &Result) {
  const std::size_t Owner = Owners.front();
  Owners.pop_front();
  Techniques[Owner]->report(Where, Result);
}

std::string RoundRobin::describe() const {
  std::string Text = "round_robin(";
  for (std::size_t I = 0; I < Techniques.size(); ++I)
    Text += (I ? ", " : "") + Techniques[I]->describe();
  return Text + ")";
}

} // namespace atfc
