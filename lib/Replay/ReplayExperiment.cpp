//===- Replay/ReplayExperiment.cpp - Tuning runs replayed on data --------===//
#include "Replay/ReplayExperiment.h"
#include "Replay/ReplayReportWriter.h"
#include "Replay/ReplayTables.h"

#include "Replay/RecordedSpace.h"
#include "Replay/ReplayScore.h"
#include "Replay/WarmStart.h"
#include "Search/AbortCondition.h"
#include "Search/Exploration.h"
#include "Search/TechniqueFactory.h"
#include "Support/Diagnostic.h"

#include <fmt/format.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <ostream>

namespace atfc {

namespace {

constexpr double kNever = std::numeric_limits<double>::infinity();

} // namespace

Quartiles quartilesOf(std::vector<double> Sample) {
  Quartiles Q;
  if (Sample.empty())
    return Q;
  std::sort(Sample.begin(), Sample.end());
  auto At = [&](double P) {
    const double Pos = P * static_cast<double>(Sample.size() - 1);
    const auto Lo = static_cast<std::size_t>(std::floor(Pos));
    const std::size_t Hi = std::min(Lo + 1, Sample.size() - 1);
    const double Frac = Pos - static_cast<double>(Lo);
    if (Frac == 0)
      return Sample[Lo];
    if (std::isinf(Sample[Lo]) || std::isinf(Sample[Hi]))
      return kNever;
    return Sample[Lo] + Frac * (Sample[Hi] - Sample[Lo]);
  };
  Q.Min = Sample.front();
  Q.Q1 = At(0.25);
  Q.Median = At(0.5);
  Q.Q3 = At(0.75);
  Q.Max = Sample.back();
  return Q;
}

double ReplayRun::bestAfter(std::uint64_t B) const {
  double Best = kNever;
  for (const auto &[Evaluation, Relative] : Improvements) {
    if (Evaluation > B)
      break;
    Best = Relative;
  }
  return Best;
}

std::vector<std::uint64_t> replayBudgets(std::uint64_t N) {
  std::vector<std::uint64_t> Budgets;
  for (std::uint64_t B : {25, 50, 100, 200, 500})
    if (B < N)
      Budgets.push_back(B);
  for (std::uint64_t B = 1000; B < N && B <= std::numeric_limits<std::uint64_t>::max() / 10;
       B *= 10) {
    Budgets.push_back(B);
    if (2 * B < N)
      Budgets.push_back(2 * B);
    if (5 * B < N)
      Budgets.push_back(5 * B);
  }
  Budgets.push_back(N);
  return Budgets;
}

/// Why the data holds no valid configuration: " (it records no
/// configuration)", or " (its 3 configurations failed: 2 InvalidConfig, 1
/// no time)", the commonest reasons first.
static std::string failuresOf(const RecordedData &Data) {
  if (Data.Entries.empty())
    return " (it records no configuration)";
  std::map<std::string, std::size_t> Count;
  for (const EvaluationRecord &E : Data.Entries)
    ++Count[E.Result.Reason.empty() ? std::string("no cost") : E.Result.Reason];
  std::vector<std::pair<std::string, std::size_t>> Reasons(Count.begin(), Count.end());
  std::stable_sort(Reasons.begin(), Reasons.end(),
                   [](const auto &A, const auto &B) { return A.second > B.second; });
  std::string Text = " (its " + std::to_string(Data.Entries.size()) +
                     (Data.Entries.size() == 1 ? " configuration" : " configurations") +
                     " failed: ";
  for (std::size_t I = 0; I < Reasons.size() && I < 3; ++I)
    Text += (I ? ", " : "") + std::to_string(Reasons[I].second) + " " + Reasons[I].first;
  return Text + (Reasons.size() > 3 ? ", ...)" : ")");
}

Expected<void> checkReplayable(const ChainOfTrees &Space, const ReplayBackend &Backend) {
  if (!Backend.ok())
    return Error(Backend.error());
  if (!Backend.optimum())
    return Error("the data holds no valid configuration" + failuresOf(Backend.data()));
  if (Space.empty())
    return Error("the search space is empty");
  return success();
}

Expected<ReplayExperimentResult> runReplayExperiment(const ChainOfTrees &Space,
                                                     const ReplayBackend &Backend,
                                                     const ReplayOptions &Options,
                                                     PriorStart Prior) {
  ReplayExperimentResult R;
  if (Expected<void> Ready = checkReplayable(Space, Backend); !Ready)
    return Ready.takeError();
  R.Optimum = *Backend.optimum();
  R.Evaluations = Options.Evaluations;
  R.Runs = Options.Runs;
  R.Seed = Options.Seed;
  R.Parallel = std::max<std::uint64_t>(Options.Parallel, 1);
  R.WarmStart = std::move(Prior.Configurations);
  R.Budgets = replayBudgets(Options.Evaluations);
  if (Space.size() <= kCountedCoverage) {
    const std::uint64_t Size = Space.size().get_ui();
    for (std::uint64_t I = 0; I < Size; ++I)
      R.Covered += Backend.find(Space.values(Space.at(I))).has_value();
  } else {
    R.Covered = Backend.data().Entries.size();
    R.CoverageExact = false;
  }
  R.Coverage = static_cast<double>(R.Covered) / Space.size().get_d();
  R.Scored = R.Coverage >= kScoredCoverage;
  std::vector<std::string> Texts = Options.Techniques;
  if (Texts.empty())
    Texts.emplace_back(defaultTechniqueText());
  for (const std::string &Text : Texts) {
    Expected<std::unique_ptr<SearchTechnique>> T = makeTechnique(Text);
    if (!T)
      return T.takeError().context("technique '" + Text + "'");
    TechniqueReplay TR;
    TR.Text = Text;
    TR.Description = (*T)->describe();
    TR.Runs.resize(Options.Runs);
    R.Techniques.push_back(std::move(TR));
  }

  const double Optimum = R.Optimum.front();
  const std::size_t NumRuns = Options.Runs;
  // Random search's expected best per budget, over the data's entries.
  std::vector<double> Relative;
  double Worst = 1.0;
  for (const EvaluationRecord &E : Backend.data().Entries) {
    const bool Valid = E.Result.Valid && !E.Result.Costs.empty();
    Relative.push_back(Valid ? E.Result.Costs.front() / Optimum : kNever);
    if (Valid)
      Worst = std::max(Worst, E.Result.Costs.front() / Optimum);
  }
  const std::vector<double> Random = randomSearchExpectation(std::move(Relative), R.Evaluations);
  // A configuration's cost: the data's, or none when it failed there or
  // the data lacks it.
  auto Cost = [&](const Configuration &C) -> OptionalCost {
    std::optional<std::size_t> I = Backend.find(Space.values(C));
    if (!I)
      return std::nullopt;
    const EvaluationRecord &E = Backend.data().Entries[*I];
    if (!E.Result.Valid)
      return std::nullopt;
    return E.Result.Costs;
  };
  auto RunOne = [&](std::size_t Task) {
    TechniqueReplay &TR = R.Techniques[Task / NumRuns];
    ReplayRun &Run = TR.Runs[Task % NumRuns];
    Run.Seed = Options.Seed + Task % NumRuns;
    Exploration E(Space, makeTechnique(TR.Text).take(), // checked above
                  AbortCondition::evaluations(R.Evaluations), Run.Seed, [] { return 0.0; });
    E.warmStart(R.WarmStart);
    E.measuredElsewhere(Prior.Measured);
    // Rounds of up to P evaluations, each measured before the next round.
    // A run that has found the optimum stops: nothing after it could change
    // the run's figures, and it spares most of a long budget's proposals.
    for (std::uint64_t Round = 1; E.status().Best != R.Optimum; ++Round) {
      std::vector<Configuration> Batch = E.next(R.Parallel);
      if (Batch.empty())
        break;
      for (const Configuration &C : Batch)
        E.report(C, Cost(C));
      Run.RoundOf.resize(E.status().Evaluations, Round);
    }
    const SearchStatus &Status = E.status();
    Run.Evaluations = Status.Evaluations;
    Run.ValidEvaluations = Status.ValidEvaluations;
    Run.Restarts = E.restarts();
    for (const Improvement &Step : Status.Improvements) {
      const double Best = Step.BestCost.front();
      Run.Improvements.emplace_back(Step.Evaluation, Best / Optimum);
      const std::uint64_t Round = Run.RoundOf.at(Step.Evaluation - 1);
      if (!Run.Within10 && Best <= Optimum * 1.10) {
        Run.Within10 = Step.Evaluation;
        Run.Within10Round = Round;
      }
      if (!Run.Within5 && Best <= Optimum * 1.05) {
        Run.Within5 = Step.Evaluation;
        Run.Within5Round = Round;
      }
    }
    Run.Score = performanceScore(Run.Improvements, Random, Worst);
  };
  std::string Failure;
  auto RunAll = [&] { tbb::parallel_for(std::size_t(0), R.Techniques.size() * NumRuns, RunOne); };
  try {
    if (Options.Threads == 0) {
      RunAll();
    } else {
      // More threads than cores would only make oneTBB warn.
      tbb::task_arena Arena(
          std::min(static_cast<int>(Options.Threads), tbb::info::default_concurrency()));
      Arena.execute(RunAll);
    }
  } catch (const std::exception &E) {
    return Error(std::string("a tuning run failed: ") + E.what());
  }

  for (TechniqueReplay &TR : R.Techniques) {
    for (std::uint64_t B : R.Budgets) {
      std::vector<double> Sample;
      for (const ReplayRun &Run : TR.Runs)
        Sample.push_back(Run.bestAfter(B));
      TR.BestAfter.push_back(quartilesOf(std::move(Sample)));
    }
    std::vector<double> Five, Ten, FiveRounds, TenRounds, Scores;
    auto Sample = [](const std::optional<std::uint64_t> &V) {
      return V ? static_cast<double>(*V) : kNever;
    };
    for (const ReplayRun &Run : TR.Runs) {
      Five.push_back(Sample(Run.Within5));
      Ten.push_back(Sample(Run.Within10));
      FiveRounds.push_back(Sample(Run.Within5Round));
      TenRounds.push_back(Sample(Run.Within10Round));
      Scores.push_back(Run.Score);
      TR.MeanScore += Run.Score / static_cast<double>(TR.Runs.size());
      TR.NotWithin5 += !Run.Within5;
      TR.NotWithin10 += !Run.Within10;
    }
    TR.Within5 = quartilesOf(std::move(Five));
    TR.Within10 = quartilesOf(std::move(Ten));
    TR.RoundsWithin5 = quartilesOf(std::move(FiveRounds));
    TR.RoundsWithin10 = quartilesOf(std::move(TenRounds));
    TR.Score = quartilesOf(std::move(Scores));
  }
  return R;
}

namespace {

int replayOn(const ChainOfTrees &Space, const RecordedData &Data, const ReplayOptions &Options,
             std::ostream &Out, std::ostream &Err) {
  DiagnosticSink Diags(Err);
  std::vector<std::string> Names;
  for (std::size_t L = 0; L < Space.numLevels(); ++L)
    Names.push_back(Space.parameter(L).Name);
  // The search minimises: maximised objectives as their search costs.
  const RecordedData Minimised = minimisedForm(Data);
  ReplayBackend Backend(Minimised, std::move(Names));
  PriorStart WarmStart;
  if (!Options.PriorPath.empty()) {
    Expected<RecordedData> Prior = readRecordedData(Options.PriorPath);
    if (!Prior) {
      Diags.error(Prior.error().message());
      return 1;
    }
    // As in a tuning run: at most a quarter of the budget.
    Expected<PriorStart> Start = warmStartConfigurations(
        Space, minimisedForm(*Prior),
        warmStartCount(Options.Evaluations ? std::optional<std::uint64_t>(Options.Evaluations)
                                           : std::nullopt));
    if (!Start) {
      Diags.error(SourceLocation{Options.PriorPath}, Start.error().message());
      return 1;
    }
    if (!Start->Missing.empty())
      Diags.note(SourceLocation{Options.PriorPath}, missingParametersNote(Start->Missing));
    WarmStart = Start.take();
  }
  Expected<ReplayExperimentResult> E =
      runReplayExperiment(Space, Backend, Options, std::move(WarmStart));
  if (!E) {
    Diags.error(SourceLocation{Options.DataPath}, E.error().message());
    return 1;
  }
  if (E->Covered < Space.size()) {
    std::string Coverage = fmt::format(
        "the data holds {}{} of the space's {} configurations ({:.3g} %); the others are "
        "evaluated as failed ('not recorded')",
        E->CoverageExact ? "" : "at most ", E->Covered, Space.size().get_str(),
        100.0 * E->Coverage);
    if (E->Scored)
      Diags.note(SourceLocation{Options.DataPath}, Coverage);
    else
      Diags.warning(SourceLocation{Options.DataPath},
                    Coverage +
                        ", so the runs say little about the techniques and the performance "
                        "scores are left out (they need the data to hold at least " +
                        fmt::format("{:.0f}", 100 * kScoredCoverage) + " % of the space)");
  }
  if (Options.Json)
    printReplayJson(Out, *E, Data, Space);
  else
    printReplayText(Out, *E, Data, Space);
  if (!Options.ReportPath.empty()) {
    if (Expected<void> Written = writeReplayReport(Options.ReportPath, *E, Data, Space); !Written) {
      Diags.error(Written.error().message());
      return 1;
    }
  }
  return Out.good() ? 0 : 1;
}

} // namespace

int runReplay(const ChainOfTrees &Space, const ReplayOptions &Options, std::ostream &Out,
              std::ostream &Err) {
  DiagnosticSink Diags(Err);
  if (Options.Help) {
    Out << replayUsage("TUNER --replay", /*WithSpace=*/false);
    return 0;
  }
  Expected<RecordedData> Data = readRecordedData(Options.DataPath);
  if (!Data) {
    Diags.error(Data.error().message());
    return 1;
  }
  return replayOn(Space, *Data, Options, Out, Err);
}

int runReplay(const ReplayOptions &Options, std::ostream &Out, std::ostream &Err) {
  DiagnosticSink Diags(Err);
  if (Options.Help) {
    Out << replayUsage("atfc replay", /*WithSpace=*/true);
    return 0;
  }
  Expected<RecordedData> Data = readRecordedData(Options.DataPath);
  if (!Data) {
    Diags.error(Data.error().message());
    return 1;
  }
  Expected<ChainOfTrees> Space = recordedSpace(*Data);
  if (!Space) {
    Diags.error(SourceLocation{Options.DataPath}, Space.error().message());
    return 1;
  }
  return replayOn(*Space, *Data, Options, Out, Err);
}

} // namespace atfc
