//===- Search/Techniques/DifferentialEvolution.h - DE/rand/1/bin --*- C++ -*-===//
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
// Its numbers, defaults and admitted values: kParameters.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_TECHNIQUES_DIFFERENTIALEVOLUTION_H
#define ATFC_SEARCH_TECHNIQUES_DIFFERENTIALEVOLUTION_H

#include "Search/HyperParameter.h"
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
  /// The numbers it takes, in order (Search/HyperParameter.h).
  static constexpr std::array<HyperParameter, 3> kParameters = {{
      countParameter("population", kDefaultPopulation, 4,
                     "members (a target and three donors at least)"),
      {"f", kDefaultF, 0, Bound::Excluded, 2, Bound::Included, false, "differential weight"},
      {"cr", kDefaultCr, 0, Bound::Included, 1, Bound::Included, false,
       "crossover probability per coordinate"},
  }};

  explicit DifferentialEvolution(std::size_t Population = kDefaultPopulation, double F = kDefaultF,
                                 double Cr = kDefaultCr);
  /// From values admitted by kParameters, one per parameter (the factory
  /// checks a directive's numbers against them and adds the defaults).
  explicit DifferentialEvolution(std::span<const double> Values);

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
