//===- Search/Techniques/TabuSearch.h - Tabu search on parameters --*- C++ -*-===//
//
// tabu_search(samples, tenure, patience, kick, widen): a best-improvement
// tabu search with restarts, on the parameters themselves (Kernel Tuner's
// greedy ILS / tabu family).
//
//  - It starts with `samples` uniformly random configurations (results
//    seen before, another arm's, count as samples; a warm start's end the
//    random phase) and steps from the best.
//  - A step evaluates every unknown neighbour of the configuration it is
//    at that moves one parameter to its adjacent valid value
//    (ChainOfTrees::parameterNeighbours, Adjacent); with `widen`, when none
//    of them improves, every other valid value of one parameter (AnyValue)
//    too. Then it moves to the best admissible neighbour, even a worse one.
//  - A move that returns a parameter to a value it left within the last
//    `tenure` moves is tabu, unless the neighbour beats the best the run
//    knew when the step began (aspiration).
//  - After `patience` moves without a new best of the run it restarts from
//    `kick` random parameters of the best configuration set to random valid
//    values; every third restart without a new best, from a random
//    configuration. The tabu list empties at a restart.
//  - Configurations known (measured, or another arm's) are never proposed
//    again; their results count in a step.
//
// Its defaults are the setting with the best geometric mean alone on the
// shipped Kernel Tuner caches among the four compared in
// docs/experiments/2026-11-search-rounds.md.
// A batch is the next unknown neighbours of the step.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_TECHNIQUES_TABUSEARCH_H
#define ATFC_SEARCH_TECHNIQUES_TABUSEARCH_H

#include "Search/ConfigurationTechnique.h"
#include "Search/HyperParameter.h"

#include <array>
#include <deque>
#include <utility>

namespace atfc {

class TabuSearch : public ConfigurationTechnique {
public:
  static constexpr std::size_t kDefaultSamples = 8;
  static constexpr std::size_t kDefaultTenure = 4;
  static constexpr std::size_t kDefaultPatience = 4;
  static constexpr std::size_t kDefaultKick = 3;
  static constexpr bool kDefaultWiden = false;
  /// The numbers it takes, in order (Search/HyperParameter.h).
  static constexpr std::array<HyperParameter, 5> kParameters = {{
      countParameter("samples", kDefaultSamples, 1, "random configurations before the first step"),
      countParameter("tenure", kDefaultTenure, 0, "moves a parameter's left value stays tabu"),
      countParameter("patience", kDefaultPatience, 1, "moves without a new best before a restart"),
      countParameter("kick", kDefaultKick, 1, "parameters a restart changes in the best"),
      {"widen", kDefaultWiden ? 1.0 : 0.0, 0, Bound::Included, 1, Bound::Included, true,
       "1: any value of a parameter when no adjacent one improves"},
  }};

  explicit TabuSearch(std::size_t Samples = kDefaultSamples, std::size_t Tenure = kDefaultTenure,
                      std::size_t Patience = kDefaultPatience, std::size_t Kick = kDefaultKick,
                      bool Widen = kDefaultWiden);
  /// From values admitted by kParameters, one per parameter.
  explicit TabuSearch(std::span<const double> Values);

  std::string describe() const override;

  /// Moves, those to a worse configuration, tabu moves allowed by
  /// aspiration, and restarts so far (for tests).
  std::size_t moves() const { return Moves; }
  std::size_t worseMoves() const { return WorseMoves; }
  std::size_t aspirations() const { return Aspirations; }
  std::size_t restarts() const { return Restarts; }

private:
  void start() override;
  std::vector<Configuration> next(std::size_t Max) override;
  void learn(const Configuration &C, const OptionalCost &Result, bool Own) override;

  /// Makes C the configuration the search is at; a step begins.
  void moveTo(const Configuration &C, const OptionalCost &Cost);
  void fillNeighbourhood(ChainOfTrees::Move Kind);
  /// Ends a step: moves to the best admissible neighbour with a result;
  /// whether it moved.
  bool step();
  /// Where a restart goes on from.
  Configuration restart();

  struct Neighbour {
    Configuration C;
    std::size_t Level;
  };

  RandomPhase Phase;
  std::size_t Tenure, Patience, Kick;
  bool Widen;
  std::optional<Configuration> Current;
  OptionalCost CurrentCost;
  std::vector<std::uint64_t> CurrentValues;
  ChainOfTrees::Move Level = ChainOfTrees::Move::Adjacent;
  /// The step's neighbours, all kinds so far, and those still to propose.
  std::vector<Neighbour> Neighbourhood;
  std::deque<Neighbour> Candidates;
  /// The best cost known when the step began (aspiration's bar).
  OptionalCost StepBest;
  /// (level, value index) pairs a recent move left: tabu to return to.
  std::deque<std::pair<std::size_t, std::uint64_t>> TabuList;
  /// A restart awaiting its report: the search continues there.
  std::optional<Configuration> Jump;
  std::size_t MovesWithoutBest = 0, RestartsWithoutBest = 0;
  OptionalCost BestAtLastMove, BestAtLastRestart;
  std::size_t Moves = 0, WorseMoves = 0, Aspirations = 0, Restarts = 0;
};

} // namespace atfc

#endif
