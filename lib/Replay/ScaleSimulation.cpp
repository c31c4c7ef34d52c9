//===- Replay/ScaleSimulation.cpp - Tuning on P ranks, simulated ---------===//
#include "Replay/ScaleSimulation.h"

#include "Replay/ReplayExperiment.h"
#include "Search/AbortCondition.h"
#include "Search/Exploration.h"
#include "Search/TechniqueFactory.h"

#include <algorithm>
#include <chrono>
#include <numeric>
#include <queue>

namespace atfc {

namespace {

/// Real seconds Work takes.
template <class Fn> double timed(Fn &&Work) {
  const auto Start = std::chrono::steady_clock::now();
  Work();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
}

} // namespace

double recordedEvaluationSeconds(const EvaluationRecord &E, double Default) {
  const double Recorded = E.Result.CompileSeconds + E.Result.RunSeconds;
  return Recorded > 0 ? Recorded : Default;
}

Expected<ScaleSimulationRun> simulateScaleOut(const ChainOfTrees &Space,
                                              const ReplayBackend &Backend,
                                              const ScaleSimulationOptions &Options) {
  if (Expected<void> Ready = checkReplayable(Space, Backend); !Ready)
    return Ready.takeError();
  const std::string Text =
      Options.Technique.empty() ? std::string(defaultTechniqueText()) : Options.Technique;
  Expected<std::unique_ptr<SearchTechnique>> Technique = makeTechnique(Text);
  if (!Technique)
    return Technique.takeError().context("technique '" + Text + "'");
  const double Target = Backend.optimum()->front() * 1.05;
  const std::uint64_t P = std::max<std::uint64_t>(Options.Ranks, 1);
  const std::uint64_t Ahead = std::max<std::uint64_t>(Options.Ahead, 1);

  ScaleSimulationRun R;
  R.Ranks = P;
  double Now = 0;         // simulated seconds
  double RankSeconds = 0; // seconds the ranks measured
  std::optional<Exploration> E;
  R.SearchSeconds += timed([&] {
    E.emplace(Space, Technique.take(), AbortCondition::evaluations(Options.Evaluations),
              Options.Seed, [&Now] { return Now; });
  });
  Now = R.SearchSeconds;

  struct InFlight {
    Configuration Config;
    OptionalCost Cost;
    double Start, End;
    std::uint64_t Rank;
    bool RecordedTime;
  };
  std::uint64_t BatchSizes = 0;
  while (!R.Within5Seconds && !E->done()) {
    std::vector<Configuration> Batch;
    const double Asked = timed([&] { Batch = E->next(P * Ahead); });
    R.SearchSeconds += Asked;
    Now += Asked;
    if (Batch.empty())
      break;
    ++R.Batches;
    BatchSizes += Batch.size();
    // Every rank is idle between batches; each configuration, in the
    // batch's order, goes to the rank that is free first.
    std::priority_queue<std::pair<double, std::uint64_t>,
                        std::vector<std::pair<double, std::uint64_t>>, std::greater<>>
        Free;
    for (std::uint64_t K = 0; K < P; ++K)
      Free.push({Now, K});
    std::vector<InFlight> Flights;
    for (std::size_t I = 0; I < Batch.size(); ++I) {
      const std::optional<std::size_t> Entry = Backend.find(Space.values(Batch[I]));
      double Seconds = Options.DefaultSeconds;
      bool Recorded = false;
      OptionalCost Cost;
      if (Entry) {
        const EvaluationRecord &Record = Backend.data().Entries[*Entry];
        Seconds = recordedEvaluationSeconds(Record, Options.DefaultSeconds);
        Recorded = Record.Result.CompileSeconds + Record.Result.RunSeconds > 0;
        if (Record.Result.Valid)
          Cost = Record.Result.Costs;
      }
      const auto [Start, Rank] = Free.top();
      Free.pop();
      Free.push({Start + Seconds, Rank});
      Flights.push_back({Batch[I], std::move(Cost), Start, Start + Seconds, Rank, Recorded});
    }
    if (Options.KeepEvaluations)
      for (const InFlight &F : Flights)
        R.Order.push_back({F.Config, F.Rank, F.Start, F.End});
    // Results arrive as the ranks finish; rank 0 records each when it is
    // free (its report() time measured), the exploration shows them to the
    // technique in the batch's order.
    std::vector<std::size_t> ByEnd(Flights.size());
    std::iota(ByEnd.begin(), ByEnd.end(), std::size_t(0));
    std::stable_sort(ByEnd.begin(), ByEnd.end(),
                     [&](std::size_t A, std::size_t B) { return Flights[A].End < Flights[B].End; });
    double Rank0Free = Now;
    for (std::size_t I : ByEnd) {
      InFlight &F = Flights[I];
      const double Arrived = std::max(F.End, Rank0Free);
      const bool Close = F.Cost && F.Cost->front() <= Target;
      const double Took = timed([&] { E->report(F.Config, std::move(F.Cost)); });
      R.SearchSeconds += Took;
      Rank0Free = Arrived + Took;
      ++R.Evaluations;
      ++(F.RecordedTime ? R.RecordedTimes : R.DefaultTimes);
      if (Close) {
        // Known once rank 0 records it; nothing after it counts.
        R.Within5Seconds = Rank0Free;
        R.Within5Evaluations = R.Evaluations;
        break;
      }
    }
    // The run's figures end where the target is reached: the ranks' work
    // until then counts, the rest of the batch does not.
    const double End = R.Within5Seconds ? *R.Within5Seconds : Rank0Free;
    for (const InFlight &F : Flights)
      RankSeconds += std::max(0.0, std::min(F.End, End) - F.Start);
    Now = End;
  }
  R.WallSeconds = Now;
  R.MeanBatch = R.Batches ? static_cast<double>(BatchSizes) / static_cast<double>(R.Batches) : 0;
  if (R.WallSeconds > 0) {
    R.SearchBusyShare = std::min(1.0, R.SearchSeconds / R.WallSeconds);
    R.IdleShare = 1.0 - RankSeconds / (static_cast<double>(P) * R.WallSeconds);
  }
  return R;
}

} // namespace atfc
