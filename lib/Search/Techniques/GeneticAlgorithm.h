//===- Search/Techniques/GeneticAlgorithm.h - A constraint-aware GA --*- C++ -*-===//
//
// genetic_algorithm(population, mutations, repair): a genetic algorithm on
// the parameter values whose children are always valid configurations.
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
//  - With `repair` 1, crossover and mutation first build the child's value
//    vector freely (each parameter from either parent, then each with
//    probability mutations / D to a random value of its range or the next
//    one below or above), and the child is the valid configuration nearest
//    to it (nearestValid, ValueChoice.h: exact, through the trees), the
//    mutated parameters kept where any valid configuration keeps them.
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
  static constexpr bool kDefaultRepair = false;
  /// The numbers it takes, in order (Search/HyperParameter.h).
  static constexpr std::array<HyperParameter, 3> kParameters = {{
      countParameter("population", kDefaultPopulation, 2, "members of a generation"),
      {"mutations", kDefaultMutations, 0, Bound::Included, kUnbounded, Bound::Excluded, false,
       "expected parameters mutated per child"},
      {"repair", kDefaultRepair ? 1.0 : 0.0, 0, Bound::Included, 1, Bound::Included, true,
       "1: free crossover and mutation, repaired to the nearest valid configuration"},
  }};

  explicit GeneticAlgorithm(std::size_t Population = kDefaultPopulation,
                            double Mutations = kDefaultMutations, bool Repair = kDefaultRepair);
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
  /// A child of A and B by free crossover and mutation, then repair.
  Configuration repairedChild(const Configuration &A, const Configuration &B);

  std::size_t PopulationSize;
  double Mutations;
  bool Repair;
  std::vector<Member> Population;
  /// Children (or first samples) not proposed yet, and those awaiting a report.
  std::deque<Configuration> Queue;
  std::vector<Member> Offspring;
  std::size_t Outstanding = 0;
};

} // namespace atfc

#endif
