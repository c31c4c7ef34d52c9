//===- Search/Techniques/GreyWolf.h - A pack of searchers led by the best --*- C++ -*-===//
//
// grey_wolf(pack, shake, jump, stagnation, restart, temperature, screen):
// the idea of Kernel Tuner 1.4's adaptive tabu grey wolf strategy, on the
// chain of trees.
//
//  - A pack of `pack` configurations, uniformly random first (results seen
//    before, another arm's or a warm start's, join the pack).
//  - A generation: the three best wolves (alpha, beta, delta) lead; every
//    other wolf gets a child whose value on each parameter is alpha's,
//    beta's, delta's or its own, chosen at random among the combinations
//    that are valid (Search/ValueChoice.h: a walk of the trees, never a
//    repair of an invalid mixture). Good configurations share most values,
//    so a few leaders span a small product space that holds many good
//    configurations.
//  - Shaking: with probability min(0.5, shake * (1 + stagnant generations /
//    stagnation)) the child moves on: with probability `jump` one random
//    parameter takes a random valid value, else a box move (every
//    parameter to its value or the nearest valid one below or above, at
//    once: Kernel Tuner's "adjacent" neighbours).
//  - A child the run knows is tabu: a random other value of one parameter
//    instead (a few tries); if that is known too, its known result is used
//    at no cost.
//  - `screen` > 1: that many children are drawn per wolf and the one a
//    k-nearest-neighbour model (k = 5, Hamming distance over the values,
//    the log cost of every result known) predicts best is measured (the
//    screening of Kernel Tuner's hybrid_vndx).
//  - The child replaces its wolf when better, or when worse with
//    probability exp(-relative increase / T), T = temperature *
//    exp(-own evaluations / 400), reheated by a fifth of `temperature`
//    every stagnation / 2 stagnant generations.
//  - After `stagnation` generations without a better pack, the worst
//    `restart` share of the pack is replaced by random configurations.
//
// Never proposes a configuration it knows. A batch is the generation's
// children that are still to be measured. Pack, shake, jump, stagnation
// and restart are Kernel Tuner's defaults; temperature 0 and screen 4 were
// the better settings of a first 20-run check (the fourth round of
// docs/experiments/2026-11-search-rounds.md has the measurements; it is
// not part of the default bandit).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_TECHNIQUES_GREYWOLF_H
#define ATFC_SEARCH_TECHNIQUES_GREYWOLF_H

#include "Search/ConfigurationTechnique.h"
#include "Search/HyperParameter.h"

#include <array>
#include <deque>

namespace atfc {

class GreyWolf : public ConfigurationTechnique {
public:
  static constexpr std::size_t kDefaultPack = 8;
  static constexpr double kDefaultShake = 0.2;
  static constexpr double kDefaultJump = 0.15;
  static constexpr std::size_t kDefaultStagnation = 80;
  static constexpr double kDefaultRestart = 0.3;
  static constexpr double kDefaultTemperature = 0;
  static constexpr std::size_t kDefaultScreen = 4;
  /// The numbers it takes, in order (Search/HyperParameter.h).
  static constexpr std::array<HyperParameter, 7> kParameters = {{
      countParameter("pack", kDefaultPack, 4, "wolves (three leaders and at least one follower)"),
      {"shake", kDefaultShake, 0, Bound::Included, 1, Bound::Included, false,
       "base probability that a child moves on"},
      {"jump", kDefaultJump, 0, Bound::Included, 1, Bound::Included, false,
       "share of those moves that set one parameter to any value"},
      countParameter("stagnation", kDefaultStagnation, 1,
                     "generations without a better pack before a partial restart"),
      {"restart", kDefaultRestart, 0, Bound::Excluded, 1, Bound::Included, false,
       "share of the pack a restart replaces"},
      {"temperature", kDefaultTemperature, 0, Bound::Included, kUnbounded, Bound::Excluded, false,
       "start temperature of accepting a worse child (relative cost)"},
      countParameter("screen", kDefaultScreen, 1,
                     "children drawn per wolf; the model's best is measured"),
  }};

  explicit GreyWolf(std::size_t Pack = kDefaultPack, double Shake = kDefaultShake,
                    double Jump = kDefaultJump, std::size_t Stagnation = kDefaultStagnation,
                    double Restart = kDefaultRestart, double Temperature = kDefaultTemperature,
                    std::size_t Screen = kDefaultScreen);
  /// From values admitted by kParameters, one per parameter.
  explicit GreyWolf(std::span<const double> Values);

  std::string describe() const override;

  /// Generations ended, children measured or taken from what the run knew,
  /// children accepted while worse than their wolf, partial restarts (for
  /// tests).
  std::size_t generations() const { return Generations; }
  std::size_t children() const { return Children; }
  std::size_t worseAccepted() const { return WorseAccepted; }
  std::size_t restarts() const { return Restarts; }

private:
  void start() override;
  std::vector<Configuration> next(std::size_t Max) override;
  void learn(const Configuration &C, const OptionalCost &Result, bool Own) override;

  struct Wolf {
    Configuration C;
    OptionalCost Cost;
  };
  /// A configuration of the generation awaiting its result: a wolf's child
  /// or (Replace) a random newcomer that takes the wolf's place.
  struct Pending {
    std::size_t Wolf;
    Configuration C;
    bool Replace = false;
    bool Proposed = false;
  };

  void beginGeneration();
  void endGeneration();
  /// A child of wolf W, unknown where a few tries find one.
  Configuration childOf(std::size_t W);
  Configuration drawChild(std::size_t W);
  /// The model's prediction of C's log cost.
  double predict(const Configuration &C) const;
  void settle(const Pending &P, const OptionalCost &Result);
  void join(const Configuration &C, const OptionalCost &Result);

  std::size_t PackSize, Stagnation, Screen;
  double Shake, Jump, RestartShare, Temperature;
  std::size_t Sampled = 0;
  std::vector<Wolf> Pack;
  std::deque<Pending> Generation;
  bool InGeneration = false;
  OptionalCost PackBestBefore;
  std::size_t Stagnant = 0, OwnEvaluations = 0;
  /// Value indices and log costs of every valid result (the model's data).
  std::vector<std::vector<std::uint64_t>> SeenValues;
  std::vector<double> SeenLogCost;
  double WorstLogCost = 0;
  std::size_t Generations = 0, Children = 0, WorseAccepted = 0, Restarts = 0;
};

} // namespace atfc

#endif
