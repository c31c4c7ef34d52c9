//===- Search/Techniques/LocalSearch.h - Iterated local search on parameters --*- C++ -*-===//
//
// local_search(samples, kick, patience, widen, tabu): iterated tabu search
// with a variable neighbourhood, on the parameters themselves.
//
//  - It starts with `samples` uniformly random configurations (so its first
//    proposals are exactly random search's) and descends from the best.
//    Results observed before (a warm start, another arm's) count as
//    samples.
//  - A descent tries the configurations that move one parameter to its
//    adjacent valid value (ChainOfTrees::parameterNeighbours, Adjacent), in
//    random order, and moves to the first that improves (with a batch: the
//    best of the batch). With `widen` 1, when none does it tries every other
//    valid value of one parameter (AnyValue) too; when nothing improves,
//    the configuration is a local optimum. With `widen` 2 the moves are
//    steps in the parameter's range instead, the others repaired
//    (repairedSteps, ValueChoice.h): a step that a constraint rejects
//    changes the fewest other parameters with it, where the adjacent move
//    skips to the next value the others admit.
//  - At a local optimum every neighbour is known, so a tabu move to the best
//    neighbour not visited before (even a worse one) costs nothing; at most
//    `tabu` of them in a row without a new best.
//  - Then it kicks: `kick` random parameters of the best configuration
//    known move to random valid values, and the descent goes on from there.
//    After `patience` kicks without a new best it restarts: `samples` new
//    random configurations, and a descent from the best of them.
//  - Configurations known (measured, or another arm's) are never proposed
//    again; a known neighbour that improves is moved to at once.
//
// Its numbers, defaults and admitted values: kParameters; the defaults are
// the candidate with the best geometric mean on the shipped Kernel Tuner
// caches among those compared in docs/experiments/2026-11-search-rounds.md
// (it is not the run's default technique).
// A batch is the next untried neighbours.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_TECHNIQUES_LOCALSEARCH_H
#define ATFC_SEARCH_TECHNIQUES_LOCALSEARCH_H

#include "Search/ConfigurationTechnique.h"
#include "Search/HyperParameter.h"

#include <array>
#include <deque>
#include <set>

namespace atfc {

class LocalSearch : public ConfigurationTechnique {
public:
  static constexpr std::size_t kDefaultSamples = 8;
  static constexpr std::size_t kDefaultKick = 3;
  static constexpr std::size_t kDefaultPatience = 3;
  /// The descent's moves: 0 adjacent valid values, 1 those and then any
  /// valid value, 2 repaired steps in the range (docs/experiments/
  /// 2026-11-search-round-five.md: 2 needs a sixth fewer evaluations).
  static constexpr unsigned kDefaultWiden = 2;
  /// Tabu moves (to the best neighbour not visited, even when worse) in a
  /// row without a new best before a kick.
  static constexpr std::size_t kDefaultTabu = 10;
  /// The numbers it takes, in order (Search/HyperParameter.h).
  static constexpr std::array<HyperParameter, 5> kParameters = {{
      countParameter("samples", kDefaultSamples, 1, "random configurations before a descent"),
      countParameter("kick", kDefaultKick, 1, "parameters a kick changes"),
      countParameter("patience", kDefaultPatience, 0, "kicks without a new best before a restart"),
      {"widen", kDefaultWiden, 0, Bound::Included, 2, Bound::Included, true,
       "1: any value of a parameter too; 2: steps in its range, repaired"},
      countParameter("tabu", kDefaultTabu, 0, "tabu moves in a row without a new best"),
  }};

  explicit LocalSearch(std::size_t Samples = kDefaultSamples, std::size_t Kick = kDefaultKick,
                       std::size_t Patience = kDefaultPatience, unsigned Widen = kDefaultWiden,
                       std::size_t Tabu = kDefaultTabu);
  /// From values admitted by kParameters, one per parameter (the factory
  /// checks a directive's numbers against them and adds the defaults).
  explicit LocalSearch(std::span<const double> Values);

  std::string describe() const override;

  /// Kicks and restarts so far (for tests).
  std::size_t kicks() const { return KicksDone; }
  std::size_t restarts() const { return RestartsDone; }
  std::size_t tabuMoves() const { return TabuMoves; }

private:
  void start() override;
  std::vector<Configuration> next(std::size_t Max) override;
  void learn(const Configuration &C, const OptionalCost &Result, bool Own) override;

  /// Makes C the configuration the descent is at, with its adjacent moves.
  void moveTo(const Configuration &C, const OptionalCost &Cost);
  void fillNeighbourhood(ChainOfTrees::Move Kind);
  /// The moves of Kind along parameter L from the current configuration
  /// (with `widen` 2, the repaired steps instead of the adjacent moves).
  std::vector<Configuration> movesAlong(std::size_t L, ChainOfTrees::Move Kind) const;
  /// A kick of the best configuration, or a restart: where to go on from.
  /// At a local optimum: moves to the best neighbour not visited before
  /// (all are known), unless `tabu` such moves found no new best; whether
  /// it moved.
  bool tabuMove();
  Configuration jump();
  Configuration kicked(const Configuration &Base);

  RandomPhase Phase;
  std::size_t Kick, Patience;
  unsigned Widen;
  std::size_t Tabu;
  std::optional<Configuration> Current;
  OptionalCost CurrentCost;
  ChainOfTrees::Move Level = ChainOfTrees::Move::Adjacent;
  std::deque<Configuration> Candidates;
  /// The best own result of the batch in flight that improves on Current.
  std::optional<Configuration> Improved;
  OptionalCost ImprovedCost;
  /// A kick or restart awaiting its report: the descent continues there.
  std::optional<Configuration> Jump;
  std::size_t KicksWithoutBest = 0;
  OptionalCost BestAtLastJump;
  std::size_t KicksDone = 0, RestartsDone = 0, TabuMoves = 0;
  std::size_t TabuWithoutBest = 0;
  OptionalCost BestAtLastTabu;
  /// The best of the samples since the last restart.
  std::optional<Configuration> SampleBest;
  OptionalCost SampleBestCost;
  bool Restarted = false;
  /// Configurations the descent was at when it made a tabu move.
  std::set<Configuration> Visited;
};

} // namespace atfc

#endif
