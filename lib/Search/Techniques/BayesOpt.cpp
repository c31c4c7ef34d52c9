//===- Search/Techniques/BayesOpt.cpp - Bayesian optimisation with a GP ---===//
#include "Search/Techniques/BayesOpt.h"

#include "Search/TechniqueText.h"
#include "Search/Techniques/GaussianProcess.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <numeric>
#include <set>

namespace atfc {

namespace {

/// Neighbours of this many best results join a sampled pool.
constexpr std::size_t kBestNeighbourhoods = 5;
/// The weight of the deviation in the lower confidence bound.
constexpr double kConfidence = 2.0;
/// Expected improvement's margin, in standard deviations of the targets:
/// an improvement smaller than this is not worth an evaluation.
constexpr double kImprovementMargin = 0.01;
/// With more training rows than this, the length scale and nugget are
/// chosen again only every kTuneEvery model batches (the grid costs 15
/// factorisations; between two batches the choice rarely moves).
constexpr std::size_t kAlwaysTuneBelow = 64;
constexpr std::size_t kTuneEvery = 4;
/// At most this many of its proposals still measured are believed at
/// their predicted means before a proposal (asynchronous dispatch): the
/// latest, which a new proposal would crowd most. Each costs a condition
/// of the posterior (GaussianProcess::Posterior::condition).
constexpr std::size_t kBelievedOutstanding = 32;
/// With this many of its proposals in flight per proposal chosen ahead,
/// one model chooses several (asynchronous dispatch over many ranks).
constexpr std::size_t kInFlightPerChoice = 16;
/// Results known after which the model forgets the costs measured
/// elsewhere (docs/experiments/2026-11-search-rounds.md: kept for good,
/// they lowered the long-run scores on both GEMM pairs).
constexpr std::size_t kElsewhereUntil = 50;

double expectedImprovement(double Best, double Mean, double Sd) {
  if (Sd <= 0)
    return std::max(Best - Mean, 0.0);
  const double Z = (Best - Mean) / Sd;
  const double Cdf = 0.5 * std::erfc(-Z / std::numbers::sqrt2);
  const double Pdf = std::exp(-0.5 * Z * Z) / std::sqrt(2.0 * std::numbers::pi);
  return (Best - Mean) * Cdf + Sd * Pdf;
}

} // namespace

BayesOpt::BayesOpt(std::size_t Samples, Acquisition Kind, std::size_t Training,
                   std::size_t Candidates)
    : Samples(Samples), Kind(Kind), Training(Training), Candidates(Candidates) {}

BayesOpt::BayesOpt(std::span<const double> Values)
    : BayesOpt(static_cast<std::size_t>(Values[0]), static_cast<Acquisition>(Values[1]),
               static_cast<std::size_t>(Values[2]), static_cast<std::size_t>(Values[3])) {}

std::string BayesOpt::describe() const {
  return callText("bayes_opt", {static_cast<double>(Samples), static_cast<double>(Kind),
                                static_cast<double>(Training), static_cast<double>(Candidates)});
}

std::size_t BayesOpt::features() const { return space().numLevels() + (Elsewhere.empty() ? 0 : 1); }

void BayesOpt::appendFeatures(const Configuration &C, std::vector<double> &Row) const {
  const std::vector<std::uint64_t> V = space().valueIndices(C);
  for (std::size_t L = 0; L < V.size(); ++L) {
    const std::uint64_t Size = space().parameter(L).RangeSize;
    Row.push_back(Size > 1 ? static_cast<double>(V[L]) / static_cast<double>(Size - 1) : 0.0);
  }
  if (!Elsewhere.empty()) {
    auto It = Elsewhere.find(C);
    Row.push_back(It != Elsewhere.end() ? It->second : ElsewhereMean);
  }
}

void BayesOpt::observeElsewhere(std::span<const double> Points, std::span<const double> Costs) {
  // Log costs, as the model's targets: a device twice as fast elsewhere
  // shifts them all alike.
  const std::size_t Dims = Costs.empty() ? 0 : Points.size() / Costs.size();
  std::map<Configuration, double> Logs;
  for (std::size_t I = 0; I < Costs.size(); ++I)
    if (Costs[I] > 0 && std::isfinite(Costs[I]))
      Logs.emplace(domain().configurationAt(Points.subspan(I * Dims, Dims)), std::log(Costs[I]));
  if (Logs.size() < 2)
    return;
  const auto [Low, High] = std::minmax_element(
      Logs.begin(), Logs.end(), [](const auto &A, const auto &B) { return A.second < B.second; });
  const double From = Low->second, Span = High->second - Low->second;
  if (!(Span > 0))
    return; // all alike: no ranking to learn
  double Sum = 0;
  for (auto &[C, Log] : Logs) {
    Log = (Log - From) / Span;
    Sum += Log;
  }
  Elsewhere = std::move(Logs);
  ElsewhereMean = Sum / static_cast<double>(Elsewhere.size());
  rebuildFeatures();
}

void BayesOpt::start() {
  Outstanding.clear();
  Prepared.clear();
  Chosen = Learnt = 0;
  ModelBatches = 0;
  SinceTuning = 0;
  LengthScale = Nugget = 0;
  X.clear();
  Costs.clear();
  Seen.clear();
  Everything.clear();
  EverythingX.clear();
  // A small space is scored whole: enumerate it once.
  if (space().size() <= Candidates) {
    const std::size_t Size = space().size().get_ui();
    Everything.reserve(Size);
    for (std::size_t I = 0; I < Size; ++I) {
      Everything.push_back(space().at(BigCount(static_cast<unsigned long>(I))));
      appendFeatures(Everything.back(), EverythingX);
    }
  }
}

void BayesOpt::learn(const Configuration &C, const OptionalCost &Result, bool) {
  if (auto It = std::find(Outstanding.begin(), Outstanding.end(), C); It != Outstanding.end())
    Outstanding.erase(It);
  ++Learnt;
  appendFeatures(C, X);
  Costs.push_back(Result && !Result->empty() && Result->front() > 0
                      ? std::optional<double>(std::log(Result->front()))
                      : std::nullopt);
  Seen.push_back(C);
  // Once this run's results are many, they rank better than another
  // device's: the costs elsewhere leave the model.
  if (!Elsewhere.empty() && Seen.size() >= kElsewhereUntil) {
    Elsewhere.clear();
    rebuildFeatures();
  }
}

void BayesOpt::rebuildFeatures() {
  X.clear();
  for (const Configuration &C : Seen)
    appendFeatures(C, X);
  EverythingX.clear();
  for (const Configuration &C : Everything)
    appendFeatures(C, EverythingX);
  LengthScale = 0; // chosen again for the new inputs
}

std::vector<Configuration> BayesOpt::candidatePool(const std::vector<double> &Y,
                                                   std::vector<double> &PoolX) {
  std::vector<Configuration> Pool;
  const std::size_t D = features();
  if (!Everything.empty()) {
    for (std::size_t I = 0; I < Everything.size(); ++I)
      if (!known(Everything[I])) {
        Pool.push_back(Everything[I]);
        PoolX.insert(PoolX.end(), EverythingX.begin() + static_cast<std::ptrdiff_t>(I * D),
                     EverythingX.begin() + static_cast<std::ptrdiff_t>((I + 1) * D));
      }
    return Pool;
  }
  std::set<Configuration> Unique;
  for (std::size_t I = 0; I < 2 * Candidates && Unique.size() < Candidates; ++I)
    if (Configuration C = unknownSample(); !known(C))
      Unique.insert(std::move(C));
  std::vector<std::size_t> Order(Y.size());
  std::iota(Order.begin(), Order.end(), 0);
  const std::size_t Top = std::min(kBestNeighbourhoods, Order.size());
  std::partial_sort(Order.begin(), Order.begin() + static_cast<std::ptrdiff_t>(Top), Order.end(),
                    [&](std::size_t A, std::size_t B) { return Y[A] < Y[B]; });
  for (std::size_t T = 0; T < Top; ++T)
    for (std::size_t L = 0; L < space().numLevels(); ++L)
      for (Configuration &C :
           space().parameterNeighbours(Seen[Order[T]], L, ChainOfTrees::Move::AnyValue, Candidates))
        if (!known(C))
          Unique.insert(std::move(C));
  Pool.assign(std::make_move_iterator(Unique.begin()), std::make_move_iterator(Unique.end()));
  for (const Configuration &C : Pool)
    appendFeatures(C, PoolX);
  return Pool;
}

std::vector<Configuration> BayesOpt::next(std::size_t Max) {
  std::vector<Configuration> Batch;
  // Those chosen ahead, while the model that chose them is recent enough.
  if (Learnt >= Chosen)
    Prepared.clear();
  std::size_t Taken = 0;
  for (; Taken < Prepared.size() && Batch.size() < Max; ++Taken)
    if (!known(Prepared[Taken]))
      Batch.push_back(Prepared[Taken]);
  Prepared.erase(Prepared.begin(), Prepared.begin() + static_cast<std::ptrdiff_t>(Taken));
  if (Batch.empty()) {
    const std::size_t Ahead = Outstanding.size() / kInFlightPerChoice;
    const bool Modelled = Costs.size() + awaited() >= Samples;
    Batch = choose(Modelled ? std::max(Max, Ahead) : Max);
    if (Batch.size() > Max) {
      Prepared.assign(Batch.begin() + static_cast<std::ptrdiff_t>(Max), Batch.end());
      Batch.resize(Max);
      Chosen = Prepared.size();
      Learnt = 0;
    }
  }
  Outstanding.insert(Outstanding.end(), Batch.begin(), Batch.end());
  return Batch;
}

std::vector<Configuration> BayesOpt::choose(std::size_t Max) {
  std::vector<Configuration> Batch;
  // The random phase: until `samples` results are known or awaited. A
  // batch larger than that is random throughout (there is no model to ask
  // yet), so that many ranks start at once (docs/scale-out.md).
  if (Costs.size() + awaited() < Samples)
    while (Batch.size() < Max &&
           (Costs.size() + awaited() + Batch.size() < Samples || Costs.size() + awaited() == 0))
      Batch.push_back(unknownSample());
  if (!Batch.empty())
    return Batch;

  // Targets: log cost; a failure counts as the worst valid result.
  double Worst = -std::numeric_limits<double>::infinity();
  for (const std::optional<double> &C : Costs)
    if (C)
      Worst = std::max(Worst, *C);
  if (!std::isfinite(Worst))
    return {unknownSample()};
  std::vector<double> Y;
  Y.reserve(Costs.size());
  for (const std::optional<double> &C : Costs)
    Y.push_back(C ? *C : Worst);

  // The training rows: all, or the best half of `training` and a uniform
  // sample of the rest.
  const std::size_t D = features();
  std::vector<std::size_t> Rows;
  for (std::size_t R = 0; R < Costs.size(); ++R)
    if (Costs[R])
      Rows.push_back(R);
  if (Rows.size() < 2)
    return {unknownSample()};
  bool AnyFailed = Rows.size() < Costs.size();
  if (Rows.size() > Training) {
    const std::size_t Best = Training / 2;
    std::partial_sort(Rows.begin(), Rows.begin() + static_cast<std::ptrdiff_t>(Best), Rows.end(),
                      [&](std::size_t A, std::size_t B) { return Y[A] < Y[B]; });
    std::shuffle(Rows.begin() + static_cast<std::ptrdiff_t>(Best), Rows.end(), Rng);
    Rows.resize(Training);
  }
  std::vector<double> TrainX, TrainY;
  TrainX.reserve(Rows.size() * D);
  for (std::size_t R : Rows) {
    TrainX.insert(TrainX.end(), X.begin() + static_cast<std::ptrdiff_t>(R * D),
                  X.begin() + static_cast<std::ptrdiff_t>((R + 1) * D));
    TrainY.push_back(Y[R]);
  }
  GaussianProcess Model;
  if (TrainY.size() < kAlwaysTuneBelow || SinceTuning + 1 >= kTuneEvery || LengthScale == 0) {
    Model.fit(TrainX, D, TrainY);
    LengthScale = Model.lengthScale();
    Nugget = Model.nugget();
    SinceTuning = 0;
  } else {
    Model.fit(TrainX, D, TrainY, LengthScale, Nugget);
    ++SinceTuning;
  }

  std::vector<double> PoolX;
  std::vector<Configuration> Pool = candidatePool(Y, PoolX);
  if (Pool.empty())
    return {unknownSample()};
  // Its latest proposals still measured join the queries, to be believed
  // measured first.
  const std::size_t Candidates = Pool.size();
  for (auto It = Outstanding.rbegin();
       It != Outstanding.rend() && Pool.size() - Candidates < kBelievedOutstanding; ++It) {
    Pool.push_back(*It);
    appendFeatures(*It, PoolX);
  }
  GaussianProcess::Posterior Posterior(Model, PoolX);
  const std::vector<double> &Mean = Posterior.mean(), &Variance = Posterior.variance();
  // Failures train their own model: the chance that a candidate runs.
  std::vector<double> Runs(Pool.size(), 1.0);
  std::vector<double> FX, FY;
  if (AnyFailed) {
    std::vector<std::size_t> All(Costs.size());
    std::iota(All.begin(), All.end(), 0);
    if (All.size() > Training) {
      std::shuffle(All.begin(), All.end(), Rng);
      All.resize(Training);
    }
    for (std::size_t R : All) {
      FX.insert(FX.end(), X.begin() + static_cast<std::ptrdiff_t>(R * D),
                X.begin() + static_cast<std::ptrdiff_t>((R + 1) * D));
      FY.push_back(Costs[R] ? 1.0 : 0.0);
    }
    AnyFailed = std::find(FY.begin(), FY.end(), 0.0) != FY.end() &&
                std::find(FY.begin(), FY.end(), 1.0) != FY.end();
  }
  if (AnyFailed) {
    GaussianProcess Feasible;
    Feasible.fit(FX, D, FY, Model.lengthScale(), Model.nugget());
    std::vector<double> FMean, FVar;
    Feasible.predict(PoolX, FMean, FVar);
    for (std::size_t I = 0; I < Pool.size(); ++I)
      Runs[I] = std::clamp(FMean[I], 0.0, 1.0);
  }

  const bool Improvement = Kind == Acquisition::ExpectedImprovement ||
                           (Kind == Acquisition::Alternating && ModelBatches % 2 == 0);
  ++ModelBatches;
  double BestY = *std::min_element(TrainY.begin(), TrainY.end());
  double Spread = 0;
  for (double V : TrainY)
    Spread = std::max(Spread, std::abs(V - BestY));
  const double Margin = kImprovementMargin * Spread;
  // A batch is chosen one candidate at a time, each the best by the
  // acquisition once the model believes the earlier ones measured at
  // their predicted means (GaussianProcess::Posterior): their neighbours
  // lose the uncertainty that made them attractive, so the batch spreads.
  // The first choice is the one of a batch of one.
  const std::size_t Take = std::min(Max, Candidates);
  std::vector<bool> Chosen(Pool.size());
  // Proposals still measured, as if measured at their predicted means
  // (as a batch's earlier choices are below): a proposal made while they
  // are measured does not crowd them.
  for (std::size_t I = Candidates; I < Pool.size(); ++I) {
    Chosen[I] = true;
    BestY = std::min(BestY, Mean[I]);
    Posterior.condition(I);
  }
  // Higher is better for both scores; a chosen candidate scores -inf.
  std::vector<double> Score(Pool.size());
  constexpr double None = -std::numeric_limits<double>::infinity();
  auto Lower = [&](std::size_t I) {
    return -(Runs[I] * (Mean[I] - kConfidence * std::sqrt(Variance[I])) + (1 - Runs[I]) * Worst);
  };
  for (std::size_t Pick = 0; Pick < Take; ++Pick) {
    for (std::size_t I = 0; I < Pool.size(); ++I) {
      if (Chosen[I])
        Score[I] = None;
      else if (Improvement)
        Score[I] = Runs[I] * expectedImprovement(BestY - Margin, Mean[I], std::sqrt(Variance[I]));
      else
        Score[I] = Lower(I);
    }
    // Expected improvement can vanish everywhere (a flat model): then the
    // lower confidence bound ranks.
    if (Improvement && *std::max_element(Score.begin(), Score.end()) <= 0)
      for (std::size_t I = 0; I < Pool.size(); ++I)
        Score[I] = Chosen[I] ? None : Lower(I);
    // The first of the highest.
    const auto Best =
        static_cast<std::size_t>(std::max_element(Score.begin(), Score.end()) - Score.begin());
    Chosen[Best] = true;
    Batch.push_back(Pool[Best]);
    if (Pick + 1 < Take) {
      // The believed observation joins the data: the incumbent follows it.
      BestY = std::min(BestY, Mean[Best]);
      Posterior.condition(Best);
    }
  }
  return Batch;
}

} // namespace atfc
