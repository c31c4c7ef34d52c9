//===- Search/DifferentialEvolution.h - DE/rand/1/bin -----------*- C++ -*-===//
//
// differential_evolution(population, f, cr): Storn and Price's DE/rand/1/bin
// on (0,1]^D. A generation builds one trial vector per member (the target):
// mutant = a + f * (b - c) from three donors a, b, c that are distinct and
// differ from the target, binomial crossover with rate cr (one coordinate
// always from the mutant), coordinates reflected into (0,1]. A trial
// replaces its target when it is not worse. The generation's trials are one
// batch. When a generation changes no member, all members but the best are
// drawn anew, so the search goes on elsewhere instead of repeating itself.
//
// Defaults: population 20, f 0.7, cr 0.9.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_DIFFERENTIALEVOLUTION_H
#define ATFC_SEARCH_DIFFERENTIALEVOLUTION_H

#include "Search/SearchTechnique.h"

#include <array>
#include <deque>
#include <random>

namespace atfc {

class DifferentialEvolution : public SearchTechnique {
public:
  static constexpr std::size_t kDefaultPopulation = 20;
  static constexpr double kDefaultF = 0.7;
  static constexpr double kDefaultCr = 0.9;

  /// Throws std::invalid_argument for a population below 4, f outside
  /// (0,2] or cr outside [0,1].
  explicit DifferentialEvolution(std::size_t Population = kDefaultPopulation, double F = kDefaultF,
                                 double Cr = kDefaultCr);
  /// From a directive's numbers; numbers not given take the defaults.
  explicit DifferentialEvolution(std::span<const double> Numbers);
  /// Why Numbers are wrong for the technique ("" when right).
  static std::string checkNumbers(std::span<const double> Numbers);

  void initialize(const SearchDomain &Domain, std::uint64_t Seed) override;
  std::vector<Point> propose(std::size_t Max) override;
  void report(std::span<const double> Where, const OptionalCost &Result) override;
  std::string describe() const override;

  /// Three donor indices for Target out of Population members: pairwise
  /// distinct and all different from Target (Population >= 4).
  static std::array<std::size_t, 3> pickDonors(std::size_t Target, std::size_t Population,
                                               std::mt19937_64 &Rng);

  /// The members and their costs (nullopt: invalid or not yet measured).
  const std::vector<Point> &members() const { return Members; }
  const std::vector<OptionalCost> &memberCosts() const { return Costs; }

private:
  /// A proposed point and the member it competes for.
  struct Candidate {
    Point Where;
    std::size_t Target;
  };
  void startGeneration();
  void redrawAllButBest();

  std::size_t PopulationSize;
  double F, Cr;
  const SearchDomain *Domain = nullptr;
  std::mt19937_64 Rng;
  std::vector<Point> Members;
  std::vector<OptionalCost> Costs;
  /// Whether the initial members are still being measured.
  bool Seeding = true;
  /// Members replaced in the current generation.
  std::size_t Replaced = 0;
  std::deque<Candidate> Queue;   // built, not yet proposed
  std::deque<Candidate> Pending; // proposed, awaiting report
};

} // namespace atfc

#endif
