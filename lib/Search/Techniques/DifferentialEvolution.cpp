//===- Search/Techniques/DifferentialEvolution.cpp - DE/rand/1/bin --------===//
#include "Search/Techniques/DifferentialEvolution.h"

#include "Search/TechniqueText.h"
#include "Search/Techniques/PointMoves.h"
#include "Support/Bug.h"

#include <algorithm>

namespace atfc {

DifferentialEvolution::DifferentialEvolution(std::size_t Population, double F, double Cr)
    : PopulationSize(Population), F(F), Cr(Cr) {}

std::array<std::size_t, 3> DifferentialEvolution::pickDonors(std::size_t Target,
                                                             std::size_t Population,
                                                             std::mt19937_64 &Rng) {
  // Rejection: redraw a member that is the target or a donor already.
  std::uniform_int_distribution<std::size_t> Member(0, Population - 1);
  std::array<std::size_t, 3> Donors{};
  for (std::size_t I = 0; I < 3; ++I) {
    std::size_t K;
    do
      K = Member(Rng);
    while (K == Target || std::find(Donors.begin(), Donors.begin() + I, K) != Donors.begin() + I);
    Donors[I] = K;
  }
  return Donors;
}

DifferentialEvolution::DifferentialEvolution(std::span<const double> Values)
    : DifferentialEvolution(static_cast<std::size_t>(Values[0]), Values[1], Values[2]) {}

void DifferentialEvolution::initialize(const SearchDomain &TheDomain, std::uint64_t Seed) {
  Domain = &TheDomain;
  Rng.seed(Seed);
  Members.clear();
  Costs.assign(PopulationSize, std::nullopt);
  Queue.clear();
  Pending.clear();
  Seeding = true;
  for (std::size_t I = 0; I < PopulationSize; ++I) {
    Members.push_back(uniformPoint(Domain->dimensions(), Rng));
    Queue.push_back({Members.back(), I});
  }
}

void DifferentialEvolution::redrawAllButBest() {
  std::size_t Best = 0;
  for (std::size_t I = 1; I < PopulationSize; ++I)
    if (betterCost(Costs[I], Costs[Best]))
      Best = I;
  Seeding = true;
  for (std::size_t I = 0; I < PopulationSize; ++I) {
    if (I == Best)
      continue;
    Members[I] = uniformPoint(Domain->dimensions(), Rng);
    Costs[I].reset();
    Queue.push_back({Members[I], I});
  }
}

void DifferentialEvolution::startGeneration() {
  const std::size_t D = Domain->dimensions();
  std::uniform_real_distribution<double> Unit(0.0, 1.0);
  std::uniform_int_distribution<std::size_t> AnyDimension(0, D ? D - 1 : 0);
  Replaced = 0;
  for (std::size_t T = 0; T < PopulationSize; ++T) {
    const auto [A, B, C] = pickDonors(T, PopulationSize, Rng);
    Point Trial = Members[T];
    const std::size_t Forced = AnyDimension(Rng);
    for (std::size_t I = 0; I < D; ++I)
      if (I == Forced || Unit(Rng) < Cr)
        Trial[I] = reflectIntoUnit(Members[A][I] + F * (Members[B][I] - Members[C][I]));
    Queue.push_back({std::move(Trial), T});
  }
}

std::vector<Point> DifferentialEvolution::propose(std::size_t Max) {
  if (Queue.empty()) {
    if (!Seeding && Replaced == 0)
      redrawAllButBest();
    else
      startGeneration();
  }
  return takeBatch(Queue, Max, [&](Candidate &&C) {
    Point Where = C.Where;
    Pending.push_back(std::move(C));
    return Where;
  });
}

void DifferentialEvolution::report(std::span<const double>, const OptionalCost &Result) {
  if (Pending.empty())
    reportBug("differential_evolution: a report without a proposal");
  Candidate Done = std::move(Pending.front());
  Pending.pop_front();
  if (Seeding) {
    Costs[Done.Target] = Result;
    if (Queue.empty() && Pending.empty()) {
      Seeding = false;
      Replaced = 1; // a fresh population always evolves first
    }
    return;
  }
  // Not worse: an equal cost still moves the population (across plateaus).
  if (Result && !betterCost(Costs[Done.Target], Result)) {
    if (!(Domain->configurationAt(Done.Where) == Domain->configurationAt(Members[Done.Target])))
      ++Replaced;
    Members[Done.Target] = std::move(Done.Where);
    Costs[Done.Target] = Result;
  }
}

std::string DifferentialEvolution::describe() const {
  return callText("differential_evolution", {double(PopulationSize), F, Cr});
}

} // namespace atfc
