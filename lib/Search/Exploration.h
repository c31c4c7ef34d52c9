//===- Search/Exploration.h - The engine of a tuning run --------*- C++ -*-===//
//
// An Exploration drives one tuning run over a space, independent of how
// configurations are measured: the caller asks next() for configurations,
// measures them and report()s their costs. In between, the exploration
//
//  - maps the technique's points to configurations (SearchDomain);
//  - never returns a configuration twice: a point whose configuration is
//    known (measured in this run, or remember()ed from before) is answered
//    at once with the known result, so an evaluation is always a distinct
//    configuration;
//  - keeps the technique's order of reports within a batch (a known point
//    behind a pending one waits for it; two points of one batch on the same
//    new configuration both get its result), unless the technique is
//    asynchronous (SearchTechnique::asynchronous): then each result goes
//    to it as it comes;
//  - lets the caller ask for more configurations while others are
//    measured (asynchronous dispatch: a rank that finishes gets the next
//    one at once). An asynchronous technique is asked then; one that is not
//    is asked once its whole batch is reported, so the caller's loop is the
//    same for both;
//  - restarts a technique that proposes RestartAfterKnown known
//    configurations in a row, with a new seed derived from the run's seed
//    (the best result is kept in the status). When FruitlessRestartLimit
//    restarts in a row produced nothing new, each further restart also
//    measures one configuration not known yet, chosen at random, so that
//    the budget is spent on new configurations even then. A technique
//    that is not restartable() (a program's own) is never restarted and
//    nothing it did not propose is measured: after EndAfterKnown known
//    proposals in a row the run ends (stalled());
//  - measures the configurations given to warmStart() first, before the
//    technique's (the best of earlier data: another GPU, another input
//    size), and shows their results to the technique through observe()
//    where it is an ObservingTechnique;
//  - ends the run when the abort condition is reached (checked after every
//    evaluation) or when every configuration is known.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_EXPLORATION_H
#define ATFC_SEARCH_EXPLORATION_H

#include "Search/AbortCondition.h"
#include "Search/SearchDomain.h"
#include "Search/SearchStatus.h"
#include "Search/SearchTechnique.h"
#include "Search/TechniqueExpr.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <unordered_map>
#include <vector>

namespace atfc {

/// Hashes a configuration's leaf indices.
struct ConfigurationHash {
  std::size_t operator()(const Configuration &C) const;
};

class Exploration {
public:
  /// Known proposals in a row after which the technique restarts.
  static constexpr std::uint64_t RestartAfterKnown = 100;
  /// Restarts in a row without a new configuration after which each further
  /// restart also measures a random configuration not known yet.
  static constexpr std::uint64_t FruitlessRestartLimit = 10;
  /// Known proposals in a row after which a technique that is not
  /// restartable ends the run (as many as a restartable one makes before
  /// the exploration measures configurations it did not propose).
  static constexpr std::uint64_t EndAfterKnown = RestartAfterKnown * FruitlessRestartLimit;

  /// A run over Space (which must outlive the exploration and must not be
  /// empty) with Technique, until Abort is reached or, without one, until
  /// every configuration is known. Clock gives the run's seconds; by default
  /// the steady clock's seconds since construction.
  Exploration(const ChainOfTrees &Space, std::unique_ptr<SearchTechnique> Technique,
              std::optional<AbortCondition> Abort, std::uint64_t Seed,
              std::function<double()> Clock = {});
  ~Exploration();

  /// Up to Max (>= 1) distinct configurations never measured in this run.
  /// Empty when done(), or, while configurations returned before await
  /// their report (outstanding()), when nothing can be proposed before one
  /// comes: a technique that is not asynchronous awaits its whole batch, an
  /// asynchronous one may have nothing to propose, or the outstanding ones
  /// may reach the abort condition. With none outstanding, empty exactly
  /// when done(). The technique is asked for fewer points when fewer
  /// evaluations would reach the abort condition (evaluations(n) is never
  /// overshot, counting the outstanding ones).
  std::vector<Configuration> next(std::size_t Max = 1);
  /// Configurations returned by next() and not reported yet.
  std::size_t outstanding() const { return Pending; }
  /// The result of a configuration returned by next(); counts as an
  /// evaluation. One not awaited is a bug of the caller (Support/Bug.h).
  void report(const Configuration &C, OptionalCost Result);
  /// A result known before (a resumed run, a database): C is never measured
  /// in this run; when the technique proposes it, it gets Result without a
  /// measurement, and C counts as an evaluation then (once). C must be in
  /// the space (callers find it there: Tuning/KnownConfigurations.h).
  void remember(const Configuration &C, OptionalCost Result);
  /// Observer is told of each remembered configuration when it counts as an
  /// evaluation of this run (answered without a measurement), so that the
  /// caller can record it as one.
  void onReused(std::function<void(const Configuration &)> Observer) {
    ReusedObserver = std::move(Observer);
  }

  /// Configurations to evaluate before the technique proposes any (a warm
  /// start), in this order; those known already are skipped. Their results
  /// reach the technique through ObservingTechnique::observe(). Each must
  /// be in the space.
  void warmStart(std::vector<Configuration> First);
  /// Costs of configurations that earlier data measured elsewhere (another
  /// device or input size), for a technique's model: passed on at once
  /// (ObservingTechnique::observeElsewhere). Each must be in the space.
  void measuredElsewhere(const std::vector<std::pair<Configuration, double>> &Costs);

  /// Reads the clock into status().ElapsedSeconds, as each evaluation
  /// does: at a run's end, so that its time includes what came after the
  /// last result (an interrupted run's measurement in flight).
  void tick();

  /// Whether the run is over, as of the last next() or report().
  bool done() const { return Finished; }
  /// Whether it ended because a technique that is not restartable proposed
  /// EndAfterKnown known configurations in a row.
  bool stalled() const { return Stalled; }
  /// Why a stalled run ended, as atfc tune and Python say it; "" for one
  /// that did not stall.
  std::string stallMessage() const;
  const SearchStatus &status() const { return Status; }
  /// How far the run is, in [0,1]: the abort condition's progress, or the
  /// share of the space known when that is further.
  double progress() const;
  const SearchDomain &domain() const { return Domain; }
  /// How often the technique was restarted.
  std::uint64_t restarts() const { return Restarts; }
  /// Configurations measured because the technique stopped finding new ones.
  std::uint64_t fallbacks() const { return Fallbacks; }
  /// Whether the technique takes results in any order and proposes while
  /// others are measured (SearchTechnique::asynchronous()).
  bool asynchronous() const { return Technique->asynchronous(); }
  /// The technique, as it describes itself.
  std::string describeTechnique() const { return Technique->describe(); }

private:
  enum class EntryState : std::uint8_t { Pending, Measured, Remembered };
  struct Entry {
    OptionalCost Result;
    EntryState State = EntryState::Pending;
    /// Whether it counted as an evaluation of this run.
    bool Counted = false;
  };
  using Table = std::unordered_map<Configuration, Entry, ConfigurationHash>;
  /// A proposal of the technique that awaits its report.
  struct Proposal {
    Point Where;
    const Entry *Known;
  };

  /// How many configurations next(Max) may return: 0 when the outstanding
  /// ones may reach the abort condition.
  std::size_t batchLimit(std::size_t Max);
  /// Whether the technique may be asked now.
  bool techniqueReady() const;
  void countEvaluation(const Configuration &C, const Entry &E);
  void checkEnd();
  void flushReports();
  Configuration fallbackConfiguration();
  /// Whether C was evaluated in this run or is being measured.
  bool evaluatedInThisRun(const Configuration &C) const;
  bool everyConfigurationKnown() const;
  bool inSpace(const Configuration &C) const;
  /// The technique's observePrior() of a warm start, where it has one.
  void showToTechnique(const Configuration &C, const OptionalCost &Result);

  const ChainOfTrees *Space;
  SearchDomain Domain;
  std::unique_ptr<SearchTechnique> Technique;
  std::optional<AbortCondition> Abort;
  std::uint64_t Seed;
  std::function<double()> Clock;
  std::mt19937_64 FallbackRng;

  SearchStatus Status;
  Table Known;
  /// Proposals not yet reported to the technique, in the order proposed.
  std::deque<Proposal> Reports;
  /// Configurations returned by next() and not reported yet.
  std::size_t Pending = 0;
  /// |SP| when it fits in 64 bits, else the largest value (never all known).
  std::uint64_t SpaceSize;
  std::uint64_t ConsecutiveKnown = 0;
  std::uint64_t FruitlessRestarts = 0;
  std::uint64_t Restarts = 0;
  std::uint64_t Fallbacks = 0;
  bool Finished = false;
  bool Stalled = false;
  std::function<void(const Configuration &)> ReusedObserver;
  /// warmStart()'s configurations not proposed yet, and those awaiting
  /// their report.
  std::deque<Configuration> WarmStart;
  std::unordered_map<Configuration, bool, ConfigurationHash> WarmPending;
};

/// One evaluation of a run.
struct ExploredEvaluation {
  Configuration Config;
  OptionalCost Result;
  /// Its number in the run, from 1.
  std::uint64_t Number = 0;
};

/// What explore() did.
struct ExplorationResult {
  SearchStatus Status;
  /// Every evaluation, in order.
  std::vector<ExploredEvaluation> Evaluations;
  std::uint64_t Restarts = 0;
};

/// A whole run with Cost as the measurement, one configuration at a time.
ExplorationResult explore(const ChainOfTrees &Space, std::unique_ptr<SearchTechnique> Technique,
                          std::optional<AbortCondition> Abort, std::uint64_t Seed,
                          const std::function<OptionalCost(const Configuration &)> &Cost,
                          std::function<double()> Clock = {});
/// The same with the technique built from Expr, or the factory's error when
/// Expr names no technique.
Expected<ExplorationResult> explore(const ChainOfTrees &Space, const TechniqueExpr &Expr,
                                    std::optional<AbortCondition> Abort, std::uint64_t Seed,
                                    const std::function<OptionalCost(const Configuration &)> &Cost,
                                    std::function<double()> Clock = {});

} // namespace atfc

#endif
