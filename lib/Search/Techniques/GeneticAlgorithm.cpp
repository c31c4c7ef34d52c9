//===- Search/Techniques/GeneticAlgorithm.cpp - A constraint-aware GA -----===//
#include "Search/Techniques/GeneticAlgorithm.h"

#include "Search/TechniqueText.h"
#include "Search/Techniques/ValueChoice.h"

#include <algorithm>
#include <numeric>
#include <set>
#include <stdexcept>

namespace atfc {

GeneticAlgorithm::GeneticAlgorithm(std::size_t Population, double Mutations, bool Repair)
    : PopulationSize(Population), Mutations(Mutations), Repair(Repair) {}

GeneticAlgorithm::GeneticAlgorithm(std::span<const double> Values)
    : GeneticAlgorithm(static_cast<std::size_t>(Values[0]), Values[1], Values[2] != 0) {}

std::string GeneticAlgorithm::describe() const {
  return callText("genetic_algorithm",
                  {static_cast<double>(PopulationSize), Mutations, Repair ? 1.0 : 0.0});
}

void GeneticAlgorithm::start() {
  Population.clear();
  Queue.clear();
  Offspring.clear();
  Outstanding = 0;
  for (std::size_t I = 0; I < PopulationSize; ++I)
    Queue.push_back(unknownSample());
}

const GeneticAlgorithm::Member &GeneticAlgorithm::tournament() {
  std::uniform_int_distribution<std::size_t> Pick(0, Population.size() - 1);
  const Member &A = Population[Pick(Rng)], &B = Population[Pick(Rng)];
  return betterCost(B.Cost, A.Cost) ? B : A;
}

Configuration GeneticAlgorithm::crossover(const ChainOfTrees &Space, const Configuration &A,
                                          const Configuration &B, std::mt19937_64 &Rng) {
  std::vector<std::uint64_t> Child = Space.valueIndices(A);
  const std::vector<std::uint64_t> Other = Space.valueIndices(B);
  std::vector<std::size_t> Levels(Child.size());
  std::iota(Levels.begin(), Levels.end(), 0);
  std::shuffle(Levels.begin(), Levels.end(), Rng);
  Configuration Result = A;
  std::bernoulli_distribution Coin(0.5);
  for (std::size_t L : Levels) {
    if (Child[L] == Other[L] || !Coin(Rng))
      continue;
    const std::uint64_t Kept = Child[L];
    Child[L] = Other[L];
    if (std::optional<Configuration> C = Space.withValueIndices(Child))
      Result = std::move(*C);
    else
      Child[L] = Kept;
  }
  return Result;
}

void GeneticAlgorithm::mutate(Configuration &C) {
  const std::size_t Levels = space().numLevels();
  const double Rate = std::min(1.0, Mutations / static_cast<double>(Levels));
  std::bernoulli_distribution Mutates(Rate), Anywhere(0.5);
  for (std::size_t L = 0; L < Levels; ++L) {
    if (!Mutates(Rng))
      continue;
    std::vector<Configuration> Ns = space().parameterNeighbours(
        C, L, Anywhere(Rng) ? ChainOfTrees::Move::AnyValue : ChainOfTrees::Move::Adjacent);
    if (!Ns.empty())
      C = Ns[std::uniform_int_distribution<std::size_t>(0, Ns.size() - 1)(Rng)];
  }
}

Configuration GeneticAlgorithm::repairedChild(const Configuration &A, const Configuration &B) {
  const ChainOfTrees &Space = space();
  std::vector<std::uint64_t> Target = Space.valueIndices(A);
  const std::vector<std::uint64_t> Other = Space.valueIndices(B);
  const std::size_t Levels = Target.size();
  // A mutated parameter weighs more than all others together: it keeps its
  // new value wherever some valid configuration does.
  std::vector<std::uint64_t> Weights(Levels, 1);
  std::bernoulli_distribution Coin(0.5);
  const double Rate = std::min(1.0, Mutations / static_cast<double>(Levels));
  std::bernoulli_distribution Mutates(Rate), Anywhere(0.5);
  for (std::size_t L = 0; L < Levels; ++L) {
    if (Coin(Rng))
      Target[L] = Other[L];
    const std::uint64_t Range = Space.parameter(L).RangeSize;
    if (Range < 2 || !Mutates(Rng))
      continue;
    if (Anywhere(Rng)) {
      const std::uint64_t V = std::uniform_int_distribution<std::uint64_t>(0, Range - 2)(Rng);
      Target[L] = V >= Target[L] ? V + 1 : V;
    } else if (Target[L] == 0 || (Target[L] + 1 < Range && Coin(Rng))) {
      ++Target[L];
    } else {
      --Target[L];
    }
    Weights[L] = Levels + 1;
  }
  return nearestValid(Space, Target, Weights);
}

void GeneticAlgorithm::breed() {
  std::set<Configuration> Children;
  for (std::size_t I = 0; I < PopulationSize; ++I) {
    Configuration Child;
    if (Repair) {
      Child = repairedChild(tournament().Config, tournament().Config);
    } else {
      Child = crossover(space(), tournament().Config, tournament().Config, Rng);
      mutate(Child);
    }
    // One parameter moves per further try until the child is new.
    for (int Try = 0; Try < 8 && (known(Child) || Children.count(Child)); ++Try) {
      const std::size_t L =
          std::uniform_int_distribution<std::size_t>(0, space().numLevels() - 1)(Rng);
      std::vector<Configuration> Ns =
          space().parameterNeighbours(Child, L, ChainOfTrees::Move::AnyValue);
      if (!Ns.empty())
        Child = Ns[std::uniform_int_distribution<std::size_t>(0, Ns.size() - 1)(Rng)];
    }
    if (known(Child) || Children.count(Child))
      Child = unknownSample();
    Children.insert(Child);
    Queue.push_back(std::move(Child));
  }
}

std::vector<Configuration> GeneticAlgorithm::next(std::size_t Max) {
  if (Queue.empty())
    breed();
  std::vector<Configuration> Batch;
  while (!Queue.empty() && Batch.size() < Max) {
    Batch.push_back(std::move(Queue.front()));
    Queue.pop_front();
    ++Outstanding;
  }
  return Batch;
}

void GeneticAlgorithm::learn(const Configuration &C, const OptionalCost &Result, bool Own) {
  if (!Own)
    return;
  Offspring.push_back({C, Result});
  if (Outstanding > 0)
    --Outstanding;
  if (Outstanding > 0 || !Queue.empty())
    return;
  // The generation is complete: the best of parents and children survive,
  // each configuration once.
  for (Member &M : Offspring)
    Population.push_back(std::move(M));
  Offspring.clear();
  std::stable_sort(Population.begin(), Population.end(),
                   [](const Member &A, const Member &B) { return betterCost(A.Cost, B.Cost); });
  std::vector<Member> Next;
  std::set<Configuration> Seen;
  for (Member &M : Population)
    if (Next.size() < PopulationSize && Seen.insert(M.Config).second)
      Next.push_back(std::move(M));
  Population = std::move(Next);
}

} // namespace atfc
