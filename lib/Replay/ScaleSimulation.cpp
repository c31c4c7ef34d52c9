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
#include <set>

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
  // What the data recorded for C: its cost, seconds, and whether they
  // were recorded.
  auto Recorded = [&](const Configuration &C) {
    InFlight F{C, std::nullopt, 0, Options.DefaultSeconds, 0, false};
    if (const std::optional<std::size_t> Entry = Backend.find(Space.values(C))) {
      const EvaluationRecord &Record = Backend.data().Entries[*Entry];
      F.End = recordedEvaluationSeconds(Record, Options.DefaultSeconds);
      F.RecordedTime = Record.Result.CompileSeconds + Record.Result.RunSeconds > 0;
      if (Record.Result.Valid)
        F.Cost = Record.Result.Costs;
    }
    return F;
  };
  if (Options.Asynchronous) {
    // Ranks that wait for a configuration, lowest first, and evaluations
    // under way, the one that ends first (then the lowest rank) on top.
    std::set<std::uint64_t> Free;
    for (std::uint64_t K = 0; K < P; ++K)
      Free.insert(K);
    auto Later = [](const InFlight &A, const InFlight &B) {
      return A.End != B.End ? A.End > B.End : A.Rank > B.Rank;
    };
    std::priority_queue<InFlight, std::vector<InFlight>, decltype(Later)> Running(Later);
    double Rank0Free = Now;
    while (!R.Within5Seconds) {
      // Every free rank gets a configuration, as far as the search has one
      // (a proposal may hold fewer new ones than asked: ask again).
      while (!Free.empty() && !E->done()) {
        std::vector<Configuration> More;
        const double Asked = timed([&] { More = E->next(Free.size()); });
        R.SearchSeconds += Asked;
        Rank0Free += Asked;
        if (More.empty())
          break;
        ++R.Batches;
        BatchSizes += More.size();
        for (const Configuration &C : More) {
          InFlight F = Recorded(C);
          F.Rank = *Free.begin();
          Free.erase(Free.begin());
          F.Start = Rank0Free;
          F.End += Rank0Free;
          if (Options.KeepEvaluations)
            R.Order.push_back({F.Config, F.Rank, F.Start, F.End});
          Running.push(std::move(F));
        }
      }
      if (Running.empty())
        break; // the run is over
      // The next result, and every other that came while rank 0 was busy,
      // recorded before it proposes again.
      do {
        InFlight F = Running.top();
        Running.pop();
        const bool Close = F.Cost && F.Cost->front() <= Target;
        const double Arrived = std::max(F.End, Rank0Free);
        const double Took = timed([&] { E->report(F.Config, std::move(F.Cost)); });
        R.SearchSeconds += Took;
        Rank0Free = Arrived + Took;
        RankSeconds += F.End - F.Start;
        Free.insert(F.Rank);
        ++R.Evaluations;
        ++(F.RecordedTime ? R.RecordedTimes : R.DefaultTimes);
        if (Close) {
          R.Within5Seconds = Rank0Free;
          R.Within5Evaluations = R.Evaluations;
        }
      } while (!R.Within5Seconds && !Running.empty() && Running.top().End <= Rank0Free);
    }
    Now = Rank0Free;
    // Evaluations cut short by the end count until then.
    for (; !Running.empty(); Running.pop())
      RankSeconds += std::max(0.0, std::min(Running.top().End, Now) - Running.top().Start);
  }
  while (!Options.Asynchronous && !R.Within5Seconds && !E->done()) {
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
    for (const Configuration &C : Batch) {
      InFlight F = Recorded(C);
      const auto [Start, Rank] = Free.top();
      Free.pop();
      F.Start = Start;
      F.End += Start;
      F.Rank = Rank;
      Free.push({F.End, Rank});
      Flights.push_back(std::move(F));
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
