//===- Search/Exploration.cpp - The engine of a tuning run ----------------===//
#include "Search/Exploration.h"

#include "Search/ObservingTechnique.h"
#include "Search/TechniqueFactory.h"
#include "Support/Bug.h"
#include "Support/SplitMix64.h"

#include <chrono>
#include <limits>
#include <string>

namespace atfc {

namespace {

std::function<double()> steadyClockSinceNow() {
  const auto Start = std::chrono::steady_clock::now();
  return [Start] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  };
}

} // namespace

std::size_t ConfigurationHash::operator()(const Configuration &C) const {
  std::uint64_t H = C.Leaves.size();
  for (std::uint64_t Leaf : C.Leaves)
    H = splitMix64Mix(H ^ Leaf);
  return static_cast<std::size_t>(H);
}

Exploration::Exploration(const ChainOfTrees &TheSpace,
                         std::unique_ptr<SearchTechnique> TheTechnique,
                         std::optional<AbortCondition> TheAbort, std::uint64_t TheSeed,
                         std::function<double()> TheClock)
    : Space(&TheSpace), Domain(TheSpace), Technique(std::move(TheTechnique)),
      Abort(std::move(TheAbort)), Seed(TheSeed),
      Clock(TheClock ? std::move(TheClock) : steadyClockSinceNow()),
      FallbackRng(splitMix64Mix(~TheSeed)) {
  if (!Technique)
    reportBug("Exploration: an exploration needs a search technique");
  SpaceSize = TheSpace.size().fits_ulong_p() ? TheSpace.size().get_ui()
                                             : std::numeric_limits<std::uint64_t>::max();
  Status.SpaceSize = TheSpace.size().get_d();
  Technique->initialize(Domain, Seed);
  tick();
  checkEnd();
}

Exploration::~Exploration() = default;

void Exploration::tick() { Status.ElapsedSeconds = Clock(); }

void Exploration::countEvaluation(const Configuration &C, const Entry &E) {
  ++Status.Evaluations;
  if (E.Result)
    ++Status.ValidEvaluations;
  if (betterCost(E.Result, Status.Best)) {
    Status.Best = E.Result;
    Status.BestConfiguration = C;
    Status.Improvements.push_back({Status.Evaluations, Status.ElapsedSeconds, *E.Result, C});
  }
}

// Remembered results count only once proposed: a run that knows everything
// from before still evaluates every configuration (without measuring).
bool Exploration::everyConfigurationKnown() const { return Status.Evaluations >= SpaceSize; }

bool Exploration::evaluatedInThisRun(const Configuration &C) const {
  auto It = Known.find(C);
  return It != Known.end() && (It->second.Counted || It->second.State == EntryState::Pending);
}

void Exploration::checkEnd() {
  if (Finished)
    return;
  if (Abort && Abort->reached(Status))
    Finished = true;
  else if (Pending == 0 && everyConfigurationKnown())
    Finished = true;
  if (Finished)
    Reports.clear(); // the technique will not be asked again
}

void Exploration::flushReports() {
  // In order, up to the first awaiting its result; an asynchronous
  // technique gets every result that came.
  const bool InOrder = !Technique->asynchronous();
  for (auto It = Reports.begin(); It != Reports.end();) {
    if (It->Known->State == EntryState::Pending) {
      if (InOrder)
        return;
      ++It;
      continue;
    }
    Technique->report(It->Where, It->Known->Result);
    It = Reports.erase(It);
  }
}

bool Exploration::techniqueReady() const {
  // A technique that is not asynchronous is asked when its batch and the
  // warm start's are reported (an observing one is told of the warm
  // start's results only between its batches).
  return Technique->asynchronous() || (Reports.empty() && WarmPending.empty());
}

Configuration Exploration::fallbackConfiguration() {
  // Random probes first; when the space is nearly all evaluated, a scan
  // from a random configuration in index order (it ends: one is not).
  Configuration C = Space->sample(FallbackRng);
  for (int Probe = 0; Probe < 64 && evaluatedInThisRun(C); ++Probe)
    C = Space->sample(FallbackRng);
  if (evaluatedInThisRun(C)) {
    BigCount Index = Space->indexOf(C);
    while (evaluatedInThisRun(C)) {
      Index += 1;
      if (Index >= Space->size())
        Index = 0;
      C = Space->at(Index);
    }
  }
  ++Fallbacks;
  return C;
}

std::size_t Exploration::batchLimit(std::size_t Max) {
  if (!Abort)
    return Max;
  // The smallest batch whose evaluations and the outstanding ones, all
  // valid and none better, would reach the abort condition: evaluations(n)
  // is never overshot.
  for (std::size_t K = Pending == 0 ? 1 : 0; K < Max; ++K) {
    Status.Evaluations += Pending + K;
    Status.ValidEvaluations += Pending + K;
    const bool Reached = Abort->reached(Status);
    Status.Evaluations -= Pending + K;
    Status.ValidEvaluations -= Pending + K;
    if (Reached)
      return K;
  }
  return Max;
}

std::vector<Configuration> Exploration::next(std::size_t Max) {
  if (Max == 0)
    Max = 1;
  tick();
  checkEnd();
  std::vector<Configuration> Batch;
  // The warm start first: new configurations only, one batch at a time.
  const std::size_t WarmLimit = batchLimit(Max);
  while (!WarmStart.empty() && Batch.size() < WarmLimit && !Finished) {
    Configuration C = std::move(WarmStart.front());
    WarmStart.pop_front();
    auto [It, Inserted] = Known.try_emplace(C);
    if (Inserted) {
      Batch.push_back(It->first);
      WarmPending.emplace(It->first, true);
      ++Pending;
    } else if (!It->second.Counted && It->second.State == EntryState::Remembered) {
      It->second.Counted = true;
      countEvaluation(It->first, It->second);
      if (ReusedObserver)
        ReusedObserver(It->first);
      showToTechnique(It->first, It->second.Result);
      checkEnd();
    }
  }
  if (Finished) {
    for (const Configuration &C : Batch) {
      Known.erase(C);
      WarmPending.erase(C);
    }
    Pending -= Batch.size();
    return {};
  }
  while (Batch.empty() && !Finished && techniqueReady()) {
    const std::size_t Limit = batchLimit(Max);
    if (Limit == 0)
      break; // the outstanding ones may end the run
    std::vector<Point> Points = Technique->propose(Limit);
    if (Points.empty()) {
      if (Reports.empty())
        reportBug("Exploration::next: the technique proposed nothing while nothing is measured");
      break; // an asynchronous technique waits for a result
    }
    bool AnyNew = false;
    for (Point &Where : Points) {
      auto [It, Inserted] = Known.try_emplace(Domain.configurationAt(Where));
      Entry &E = It->second;
      if (Inserted) {
        Batch.push_back(It->first);
        ++Pending;
        AnyNew = true;
      } else if (!E.Counted && E.State == EntryState::Remembered) {
        // Known from before: a distinct configuration of this run all the
        // same, evaluated without a measurement.
        E.Counted = true;
        countEvaluation(It->first, E);
        if (ReusedObserver)
          ReusedObserver(It->first);
        AnyNew = true;
      }
      Reports.push_back({std::move(Where), &E});
    }
    if (AnyNew) {
      ConsecutiveKnown = 0;
      FruitlessRestarts = 0;
    } else {
      ConsecutiveKnown += Points.size();
    }
    flushReports();
    checkEnd();
    if (Finished) {
      // Reached by a remembered configuration: the new ones are not
      // measured after all.
      for (const Configuration &C : Batch)
        Known.erase(C);
      Pending -= Batch.size();
      return {};
    }
    const bool Restartable = Technique->restartable();
    if (Batch.empty() && ConsecutiveKnown >= (Restartable ? RestartAfterKnown : EndAfterKnown)) {
      // A technique is started again with none of its points outstanding:
      // until then, the caller waits for a result.
      if (!Reports.empty())
        break;
      if (!Restartable) {
        Stalled = Finished = true;
        break;
      }
      ++Restarts;
      Technique->initialize(Domain, splitMix64Mix(Seed ^ splitMix64Mix(Restarts)));
      ConsecutiveKnown = 0;
      if (++FruitlessRestarts > FruitlessRestartLimit) {
        auto [It, Inserted] = Known.try_emplace(fallbackConfiguration());
        if (Inserted) {
          Batch.push_back(It->first);
          ++Pending;
        } else {
          // Remembered from before: evaluated without a measurement.
          It->second.Counted = true;
          countEvaluation(It->first, It->second);
          if (ReusedObserver)
            ReusedObserver(It->first);
          checkEnd();
        }
      }
    }
  }
  return Batch;
}

void Exploration::report(const Configuration &C, OptionalCost Result) {
  auto It = Known.find(C);
  if (It == Known.end() || It->second.State != EntryState::Pending)
    reportBug("Exploration::report: the configuration was not returned by next() or was "
              "reported already");
  Entry &E = It->second;
  E.Result = std::move(Result);
  E.State = EntryState::Measured;
  E.Counted = true;
  --Pending;
  tick();
  countEvaluation(It->first, E);
  if (WarmPending.erase(It->first))
    showToTechnique(It->first, E.Result);
  flushReports();
  checkEnd();
}

void Exploration::showToTechnique(const Configuration &C, const OptionalCost &Result) {
  if (auto *Observing = dynamic_cast<ObservingTechnique *>(Technique.get()))
    Observing->observePrior(Domain.pointOf(C), Result);
}

bool Exploration::inSpace(const Configuration &C) const {
  bool Inside = C.Leaves.size() == Space->numGroups();
  for (std::size_t G = 0; Inside && G < C.Leaves.size(); ++G)
    Inside = C.Leaves[G] < Space->group(G).numLeaves();
  return Inside;
}

void Exploration::warmStart(std::vector<Configuration> First) {
  for (const Configuration &C : First)
    if (!inSpace(C))
      reportBug("Exploration::warmStart: a configuration is not in the space");
  WarmStart.insert(WarmStart.end(), std::make_move_iterator(First.begin()),
                   std::make_move_iterator(First.end()));
}

void Exploration::measuredElsewhere(const std::vector<std::pair<Configuration, double>> &Costs) {
  auto *Observing = dynamic_cast<ObservingTechnique *>(Technique.get());
  if (!Observing || Costs.empty())
    return;
  std::vector<double> Points, Values;
  for (const auto &[C, Cost] : Costs) {
    if (!inSpace(C))
      reportBug("Exploration::measuredElsewhere: a configuration is not in the space");
    const Point P = Domain.pointOf(C);
    Points.insert(Points.end(), P.begin(), P.end());
    Values.push_back(Cost);
  }
  Observing->observeElsewhere(Points, Values);
}

void Exploration::remember(const Configuration &C, OptionalCost Result) {
  if (!inSpace(C))
    reportBug("Exploration::remember: the configuration is not in the space");
  auto [It, Inserted] = Known.try_emplace(C);
  if (Inserted) {
    It->second.Result = std::move(Result);
    It->second.State = EntryState::Remembered;
    checkEnd();
  } else if (It->second.State == EntryState::Pending) {
    report(C, std::move(Result));
  }
}

double Exploration::progress() const {
  if (Finished)
    return 1.0;
  const double Evaluated =
      Status.SpaceSize > 0 ? static_cast<double>(Status.Evaluations) / Status.SpaceSize : 1.0;
  return std::min(1.0, Abort ? std::max(Abort->progress(Status), Evaluated) : Evaluated);
}

ExplorationResult explore(const ChainOfTrees &Space, std::unique_ptr<SearchTechnique> Technique,
                          std::optional<AbortCondition> Abort, std::uint64_t Seed,
                          const std::function<OptionalCost(const Configuration &)> &Cost,
                          std::function<double()> Clock) {
  Exploration Run(Space, std::move(Technique), std::move(Abort), Seed, std::move(Clock));
  ExplorationResult Result;
  while (true) {
    std::vector<Configuration> Batch = Run.next();
    if (Batch.empty())
      break;
    for (const Configuration &C : Batch) {
      OptionalCost Measured = Cost(C);
      Run.report(C, Measured);
      Result.Evaluations.push_back({C, std::move(Measured), Run.status().Evaluations});
    }
  }
  Result.Status = Run.status();
  Result.Restarts = Run.restarts();
  return Result;
}

Expected<ExplorationResult> explore(const ChainOfTrees &Space, const TechniqueExpr &Expr,
                                    std::optional<AbortCondition> Abort, std::uint64_t Seed,
                                    const std::function<OptionalCost(const Configuration &)> &Cost,
                                    std::function<double()> Clock) {
  Expected<std::unique_ptr<SearchTechnique>> Built = makeTechnique(Expr);
  if (!Built)
    return Built.takeError();
  return explore(Space, Built.take(), std::move(Abort), Seed, Cost, std::move(Clock));
}

std::string Exploration::stallMessage() const {
  if (!Stalled)
    return "";
  return "the run ends: the search technique " + describeTechnique() +
         " proposed only configurations evaluated already, " + std::to_string(EndAfterKnown) +
         " in a row (a program's own technique is never restarted, and nothing it did not "
         "propose is measured)";
}

} // namespace atfc
