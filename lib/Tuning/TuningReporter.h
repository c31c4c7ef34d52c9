//===- Tuning/TuningReporter.h - What a tuning run tells its user -*- C++ -*-===//
//
// The one way a tuning run's text reaches the terminal: the tuner's main
// creates the reporter over its standard output and error, and the session,
// the loop and the outputs' writer tell it what happened. Standard output
// gets the run's account (what the cost means, "done after N evaluations",
// the failures grouped by kind, the best configuration); standard error
// gets diagnostics, notices about how the run starts, the progress line and
// --verbose's line per evaluation.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TUNING_TUNINGREPORTER_H
#define ATFC_TUNING_TUNINGREPORTER_H

#include "Backends/FailureSummary.h"
#include "Backends/Measurement.h"
#include "Support/Cost.h"
#include "Support/Diagnostic.h"
#include "Tuning/ProgressLine.h"
#include "Tuning/TuningOutputs.h"

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace atfc {

/// How a run ended, for its summary lines.
struct TuningSummary {
  std::uint64_t Evaluations = 0;
  std::uint64_t ValidEvaluations = 0;
  double ElapsedSeconds = 0;
  /// Evaluations answered from earlier runs' results.
  std::uint64_t Reused = 0;
  /// Evaluations answered from another configuration of the same values.
  std::uint64_t SameValues = 0;
  /// Earlier runs' failures not reused, as their cause lay outside the
  /// configuration (Backends/Measurement.h: failedOutsideConfiguration).
  std::uint64_t Remeasured = 0;
  bool Interrupted = false;
  /// Configurations prepared ahead that the abort condition left
  /// unmeasured (discarded, not evaluations).
  std::uint64_t Discarded = 0;
};

/// The best configuration the outputs hold, and where it came from.
struct WrittenBest {
  BestConfiguration Best;
  /// The run that measured Best: this one, or an earlier one of the key.
  std::int64_t MeasuredByRun = 0;
  /// This run's own best, when an earlier run's is better.
  std::optional<BestConfiguration> RunBest;
};

class TuningReporter {
public:
  /// Progress: draw the progress line on Err (a terminal); Verbose: a line
  /// per evaluation.
  TuningReporter(std::ostream &Out, std::ostream &Err, bool Progress, bool Verbose);

  /// Where errors, warnings and notes go.
  DiagnosticSink &diagnostics() { return Diags; }

  /// The run starts by measuring everything again (--fresh).
  void freshRun(const std::string &FileName);
  /// The run continues the interrupted run RunId.
  void resuming(const std::string &FileName, std::int64_t RunId, std::uint64_t Seed);
  /// Count configurations of earlier data are measured first.
  void warmStart(const std::string &FileName, std::size_t Count);
  /// What the cost means, before the first evaluation.
  void costMeaning(const std::string &FileName, const std::string &Meaning,
                   const ObjectiveList &Objectives);
  /// With --verbose: up to Count configurations are compiled ahead, which
  /// are no evaluations until measured.
  void compilingAhead(const std::string &FileName, unsigned Count);

  /// One evaluation was recorded: redraws the progress line and, with
  /// --verbose, says what was measured.
  void evaluated(const ProgressState &State, const ParameterValues &Values, const Measurement &M);
  /// Evaluation Number, of Values, was answered from an earlier result M
  /// (From: "run 3", "a configuration of the same values"): a failure counts
  /// in the summary's reasons as one measured does and, with --verbose, a
  /// line says so (none did: answered evaluations went unseen).
  void reused(std::int64_t Number, const ParameterValues &Values, const Measurement &M,
              const ObjectiveList &Objectives, const std::string &From);
  /// A resumed run retraced M, which it recorded before it stopped: a
  /// failure counts in the summary's reasons, as it does in the count of
  /// evaluations.
  void retraced(const Measurement &M);
  /// The loop ended: clears the progress line.
  void loopEnded();

  /// "FILE: done after N evaluations (V valid) in T", what was reused and
  /// what not, then a line per kind of failure evaluated (measured or
  /// reused): its count and the first one's reason.
  void finished(const std::string &FileName, const TuningSummary &Summary);
  /// The abort condition held before anything was evaluated.
  void nothingEvaluated(const std::string &FileName, const std::string &AbortName);
  /// No configuration (of the --fix sub-space Fixed) was valid; where to
  /// read why unless OutputDirectory is empty.
  void noValidConfiguration(const std::string &FileName, const std::string &Fixed,
                            const std::string &OutputDirectory);
  /// The best configuration and the files written for it; then ResumeHint
  /// (how an interrupted run goes on) when not empty.
  void bestWritten(const WrittenBest &Written, std::int64_t RunId, const ObjectiveList &Objectives,
                   const std::string &Fixed, const std::vector<std::string> &Files,
                   const std::string &ResumeHint);

private:
  std::ostream &Out;
  std::ostream &Err;
  DiagnosticSink Diags;
  ProgressLine Progress;
  bool Verbose;
  /// The failures evaluated (measured or reused), for the summary.
  FailureTally Failures;
};

/// One line per evaluation for --verbose: "#3 X=1 Y=2 -> 0.5".
std::string evaluationLine(std::uint64_t Number, const ParameterValues &Values,
                           const Measurement &M, const ObjectiveList &Objectives);

} // namespace atfc

#endif
