//===- Replay/ReplayExperiment.h - Tuning runs replayed on data -*- C++ -*-===//
//
// Compares search techniques on recorded performance data: for each
// technique, R independent tuning runs of N evaluations each (run r with
// seed S + r) search a space whose costs are looked up in the data instead
// of measured, and the report gives, over the runs,
//
//  - the best cost found relative to the data's optimum (best / optimum,
//    1 is the optimum) after each of a few budgets of evaluations
//    (25, 50, 100, 200, 500, 1000, 2000, 5000, ... below N, and N): min,
//    quartiles, max;
//  - how many evaluations it took to come within 5 % and within 10 % of
//    the optimum: quartiles, and how many runs never got there within N;
//  - with P parallel evaluators (--parallel P), how many rounds of up to P
//    evaluations that took (the technique proposes P at once);
//  - the performance score of the auto-tuning methodology (ReplayScore.h);
//  - with a prior (--prior OTHER), the runs start with the best
//    configurations of the other data (WarmStart.h).
//
// The runs go through the Search core's exploration (no configuration
// measured twice, restarts, the technique's own seed), so an evaluation is
// a distinct configuration, as it is in a real tuning run. Runs are spread
// over threads with oneTBB; each run's result depends only on its seed, so
// the report is the same whatever the number of threads.
//
// Shared by `atfc replay DATA` (space from the data) and a generated
// tuner's `--replay` mode (space from the directive file), which parse the
// same options (ReplayOptions.h) and end in runReplay; the text and JSON
// reports are ReplayTables.h's, the HTML page ReplayReportWriter.h's.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_REPLAY_REPLAYEXPERIMENT_H
#define ATFC_REPLAY_REPLAYEXPERIMENT_H

#include "Replay/ReplayBackend.h"
#include "Replay/ReplayOptions.h"
#include "Replay/WarmStart.h"
#include "Results/RecordedData.h"
#include "SearchSpace/ChainOfTrees.h"

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace atfc {

/// Min, quartiles and max of a sample; +infinity stands for "never" (a run
/// that did not reach a target), and quartiles are interpolated linearly
/// between order statistics (infinity where either neighbour is infinite).
struct Quartiles {
  double Min = 0, Q1 = 0, Median = 0, Q3 = 0, Max = 0;
};
Quartiles quartilesOf(std::vector<double> Sample);

/// One tuning run.
struct ReplayRun {
  std::uint64_t Seed = 0;
  /// Distinct configurations evaluated (N unless the space ran out), and
  /// how many of them were valid.
  std::uint64_t Evaluations = 0;
  std::uint64_t ValidEvaluations = 0;
  /// Each improvement of the best: the evaluation that found it (1-based)
  /// and its primary cost relative to the optimum.
  std::vector<std::pair<std::uint64_t, double>> Improvements;
  /// The evaluation at which the best came within 5 % and 10 % of the
  /// optimum; nullopt when it never did within N.
  std::optional<std::uint64_t> Within5, Within10;
  /// The technique's restarts (exploration: no new configurations).
  std::uint64_t Restarts = 0;
  /// The round (batch of up to P evaluations, from 1) of each evaluation.
  std::vector<std::uint64_t> RoundOf;
  /// The round at which the best came within 5 % and 10 %.
  std::optional<std::uint64_t> Within5Round, Within10Round;
  /// The methodology's performance score (ReplayScore.h).
  double Score = 0;

  /// The best relative cost after B evaluations (+infinity before any
  /// valid configuration).
  double bestAfter(std::uint64_t B) const;
};

/// The runs of one technique and their summary.
struct TechniqueReplay {
  /// As given, and as the technique describes itself.
  std::string Text;
  std::string Description;
  std::vector<ReplayRun> Runs;
  /// Per budget (ReplayExperimentResult::Budgets): best / optimum.
  std::vector<Quartiles> BestAfter;
  /// Evaluations to come within 5 % / 10 % (+infinity: never within N).
  Quartiles Within5, Within10;
  /// Runs that never came within 5 % / 10 %.
  std::uint64_t NotWithin5 = 0, NotWithin10 = 0;
  /// Rounds to come within 5 % / 10 % (+infinity: never).
  Quartiles RoundsWithin5, RoundsWithin10;
  /// The performance score over the runs, and its mean.
  Quartiles Score;
  double MeanScore = 0;
};

struct ReplayExperimentResult {
  /// The budgets the report looks at, ascending, the last one N.
  std::vector<std::uint64_t> Budgets;
  /// The data's best cost (all components) and its primary component,
  /// which relative costs divide by.
  std::vector<double> Optimum;
  std::uint64_t Evaluations = 0, Runs = 0, Seed = 0, Parallel = 1;
  /// The configurations every run starts with (--prior), best first.
  std::vector<Configuration> WarmStart;
  std::vector<TechniqueReplay> Techniques;
  /// How many of the space's configurations the data holds (all of them
  /// without --space), and that share. CoverageExact is false for a space
  /// too large to count through (over kCountedCoverage configurations):
  /// Covered is then the data's size, an upper bound.
  std::uint64_t Covered = 0;
  double Coverage = 1.0;
  bool CoverageExact = true;
  /// Whether the performance scores mean something: the data covers at
  /// least kScoredCoverage of the space. Their baseline, random search, is
  /// taken over the data; on a space mostly unrecorded a technique meets
  /// "not recorded" where that baseline never does, and the score says
  /// nothing of the technique (a mean of -290 on 12 of 800).
  bool Scored = true;
};

/// The largest space whose configurations are counted through for the
/// coverage.
inline constexpr std::uint64_t kCountedCoverage = 4'000'000;
/// The least coverage at which the scores are given.
inline constexpr double kScoredCoverage = 0.5;

/// The budgets of a report on N evaluations.
std::vector<std::uint64_t> replayBudgets(std::uint64_t N);

/// Whether Backend's data can be replayed over Space: it was read, holds a
/// valid configuration (the optimum runs are judged by) and Space is not
/// empty. What every experiment over recorded data checks first.
Expected<void> checkReplayable(const ChainOfTrees &Space, const ReplayBackend &Backend);

/// Runs the experiment on Space (not empty) with costs from Backend; every
/// run measures Prior's configurations first, and its technique sees the
/// costs Prior measured (a model learns from them). The error says what
/// stopped it (a technique text that names no technique, data without a
/// valid entry, ...).
Expected<ReplayExperimentResult> runReplayExperiment(const ChainOfTrees &Space,
                                                     const ReplayBackend &Backend,
                                                     const ReplayOptions &Options,
                                                     PriorStart Prior = {});

/// Reads Options.DataPath, replays on Space and writes the report to Out;
/// errors go to Err as diagnostics (Support/Diagnostic.h). Returns the exit status: 0,
/// 1 when the data cannot be read or does not fit the space, 2 for options
/// that are wrong. With Options.Help it prints the usage instead.
int runReplay(const ChainOfTrees &Space, const ReplayOptions &Options, std::ostream &Out,
              std::ostream &Err);
/// The same on the space of the configurations in the data.
int runReplay(const ReplayOptions &Options, std::ostream &Out, std::ostream &Err);

} // namespace atfc

#endif
