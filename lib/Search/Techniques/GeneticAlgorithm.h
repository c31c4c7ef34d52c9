//===- Search/Techniques/GeneticAlgorithm.h - A constraint-aware GA --*- C++ -*-===//
//
// genetic_algorithm(population, mutations): a genetic algorithm on the
// parameter values whose children are always valid configurations.
//
//  - The first generation is `population` uniformly random configurations.
//  - A child's parents are the winners of two binary tournaments. Uniform
//    crossover, made constraint-aware: starting from the first parent, each
//    parameter (in random order) where the second differs takes the second's
//    value when the configuration stays valid (a lookup in the chain of
//    trees, ChainOfTrees::withValueIndices), else keeps the first's.
//  - Mutation: each parameter with probability mutations / D moves to an
//    adjacent valid value or, half of the time, to any other valid value
//    (ChainOfTrees::parameterNeighbours). A child the run knows mutates
//    again (a few times, then a random configuration not known is taken).
//  - Elitist replacement: the next population is the best `population` of
//    parents and children.
//
// Its numbers, defaults and admitted values: kParameters. A batch is the
// generation's children not proposed yet.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_TECHNIQUES_GENETICALGORITHM_H
#define ATFC_SEARCH_TECHNIQUES_GENETICALGORITHM_H

#include "Search/ConfigurationTechnique.h"
#include "Search/HyperParameter.h"

#include <array>
#include <deque>

namespace atfc {

class GeneticAlgorithm : public ConfigurationTechnique {
public:
  static constexpr std::size_t kDefaultPopulation = 20;
  static constexpr double kDefaultMutations = 1.5;
  /// The numbers it takes, in order (Search/HyperParameter.h).
  static constexpr std::array<HyperParameter, 2> kParameters = {{
      countParameter("population", kDefaultPopulation, 2, "members of a generation"),
      {"mutations", kDefaultMutations, 0, Bound::Included, kUnbounded, Bound::Excluded, false,
       "expected parameters mutated per child"},
  }};

  explicit GeneticAlgorithm(std::size_t Population = kDefaultPopulation,
                            double Mutations = kDefaultMutations);
  explicit GeneticAlgorithm(std::span<const double> Values);

  std::string describe() const override;

  /// Uniform crossover of A and B that stays in Space (see above).
  static Configuration crossover(const ChainOfTrees &Space, const Configuration &A,
                                 const Configuration &B, std::mt19937_64 &Rng);

private:
  struct Member {
    Configuration Config;
    OptionalCost Cost;
  };

  void start() override;
  std::vector<Configuration> next(std::size_t Max) override;
  void learn(const Configuration &C, const OptionalCost &Result, bool Own) override;

  void breed();
  const Member &tournament();
  void mutate(Configuration &C);

  std::size_t PopulationSize;
  double Mutations;
  std::vector<Member> Population;
  /// Children (or first samples) not proposed yet, and those awaiting a report.
  std::deque<Configuration> Queue;
  std::vector<Member> Offspring;
  std::size_t Outstanding = 0;
};

} // namespace atfc

#endif
