//===- Tuning/TuningReporter.cpp - What a tuning run tells its user ------===//
#include "Tuning/TuningReporter.h"

#include "Results/RunObjectives.h"

#include <fmt/format.h>

#include <ostream>

namespace atfc {

std::string evaluationLine(std::uint64_t Number, const ParameterValues &Values,
                           const Measurement &M, const ObjectiveList &Objectives) {
  std::string Text = fmt::format("#{}", Number);
  for (const NamedValue &V : Values)
    Text += fmt::format(" {}={}", V.Name, toString(V.Val));
  if (M.Valid)
    Text += " -> " + formatNamedCost(M.Costs, Objectives);
  else
    Text += fmt::format(" -> invalid ({})", M.Reason.empty() ? failureName(M.Failure) : M.Reason);
  return Text;
}

TuningReporter::TuningReporter(std::ostream &Out, std::ostream &Err, bool ShowProgress,
                               bool Verbose)
    : Out(Out), Err(Err), Diags(Err), Progress(Err, ShowProgress), Verbose(Verbose) {}

void TuningReporter::freshRun(const std::string &FileName) {
  Err << FileName
      << ": fresh run: measuring every configuration again, reusing no earlier result\n";
}

void TuningReporter::resuming(const std::string &FileName, std::int64_t RunId, std::uint64_t Seed) {
  Err << FileName << ": resuming run " << RunId << " (seed " << Seed << ")\n";
}

void TuningReporter::warmStart(const std::string &FileName, std::size_t Count) {
  Err << FileName << ": warm start: " << Count
      << (Count == 1 ? " configuration" : " configurations") << " of earlier data first\n";
}

void TuningReporter::compilingAhead(const std::string &FileName, unsigned Count) {
  if (!Verbose || Count == 0)
    return;
  Out << fmt::format("{}: compiling up to {} configuration{} ahead, beside the one measured; "
                     "an evaluation is a configuration measured, and those compiled ahead are "
                     "discarded when the run stops first\n",
                     FileName, Count, Count == 1 ? "" : "s");
}

void TuningReporter::costMeaning(const std::string &FileName, const std::string &Meaning,
                                 const ObjectiveList &Objectives) {
  Out << FileName << ": cost = " << Meaning;
  if (!Objectives.empty()) {
    Out << "; objectives ";
    for (std::size_t I = 0; I < Objectives.size(); ++I)
      Out << (I ? ", " : "") << Objectives[I].Name << " (" << directionName(Objectives[I].Dir)
          << ")";
    if (Objectives.size() > 1)
      Out << ", compared in that order";
  }
  Out << '\n';
}

void TuningReporter::evaluated(const ProgressState &State, const ParameterValues &Values,
                               const Measurement &M) {
  if (!M.Valid)
    Failures.add(M);
  Progress.update(State);
  if (!Verbose)
    return;
  Progress.clear();
  Err << evaluationLine(State.Evaluations, Values, M, State.Objectives) << '\n';
}

void TuningReporter::retraced(const Measurement &M) {
  if (!M.Valid)
    Failures.add(M);
}

void TuningReporter::reused(std::int64_t Number, const ParameterValues &Values,
                            const Measurement &M, const ObjectiveList &Objectives,
                            const std::string &From) {
  if (!M.Valid)
    Failures.add(M);
  if (!Verbose)
    return;
  Progress.clear();
  Err << evaluationLine(static_cast<std::uint64_t>(Number), Values, M, Objectives)
      << " (answered from " << From << ")\n";
}

void TuningReporter::loopEnded() { Progress.clear(); }

void TuningReporter::finished(const std::string &FileName, const TuningSummary &Summary) {
  Out << fmt::format("{}: {} after {} evaluation{} ({} valid) in {}", FileName,
                     Summary.Interrupted ? "interrupted" : "done", Summary.Evaluations,
                     Summary.Evaluations == 1 ? "" : "s", Summary.ValidEvaluations,
                     formatDuration(Summary.ElapsedSeconds));
  if (Summary.Reused > 0)
    Out << fmt::format("; {} answered from earlier runs' results", Summary.Reused);
  if (Summary.SameValues > 0)
    Out << fmt::format("; {} answered from {} of the same values", Summary.SameValues,
                       Summary.SameValues == 1 ? "a configuration" : "configurations");
  if (Summary.Remeasured > 0)
    Out << fmt::format("; {} earlier failure{} not reused, as {} cause lay outside the "
                       "configuration (a failed check, a timeout, a missing tool)",
                       Summary.Remeasured, Summary.Remeasured == 1 ? "" : "s",
                       Summary.Remeasured == 1 ? "its" : "their");
  if (Summary.Discarded > 0)
    Out << fmt::format("; {} prepared ahead and discarded unmeasured", Summary.Discarded);
  Out << '\n';
  // Why configurations failed, so that "2 valid" is not all the user
  // learns, reused failures included; `atfc results` has each one's log.
  const std::vector<FailureGroup> Groups = Failures.groups();
  const std::size_t Width = Groups.empty() ? 0 : std::to_string(Groups.front().Count).size();
  for (const FailureGroup &Group : Groups)
    Out << fmt::format("  {:>{}} {}\n", Group.Count, Width, Group.Example);
}

void TuningReporter::nothingEvaluated(const std::string &FileName, const std::string &AbortName) {
  Out << FileName << ": the abort condition '" << AbortName
      << "' held before the first evaluation, so nothing was evaluated\n";
}

void TuningReporter::noValidConfiguration(const std::string &FileName, const std::string &Fixed,
                                          const std::string &OutputDirectory) {
  Out << FileName << ": no valid configuration found";
  if (!Fixed.empty())
    Out << " in the sub-space of --fix " << Fixed;
  if (!OutputDirectory.empty())
    Out << "; see `atfc results " << OutputDirectory << "/results.db` for the reasons";
  Out << '\n';
}

void TuningReporter::bestWritten(const WrittenBest &Written, std::int64_t RunId,
                                 const ObjectiveList &Objectives, const std::string &Fixed,
                                 const std::vector<std::string> &Files,
                                 const std::string &ResumeHint) {
  Out << "best cost " << formatNamedCost(Written.Best.Costs, Objectives) << ":";
  for (const NamedValue &V : Written.Best.Values)
    Out << ' ' << V.Name << '=' << toString(V.Val);
  if (Written.MeasuredByRun != RunId && Written.RunBest) {
    Out << "\n  (measured by run " << Written.MeasuredByRun << " of the same key; this run's best";
    if (!Fixed.empty())
      Out << " in the sub-space of --fix " << Fixed;
    Out << " is " << formatNamedCost(Written.RunBest->Costs, Objectives) << ")";
  }
  Out << '\n';
  if (!Files.empty()) {
    Out << "written: ";
    for (std::size_t I = 0; I < Files.size(); ++I)
      Out << (I ? ", " : "") << Files[I];
    Out << '\n';
  }
  if (!ResumeHint.empty())
    Out << ResumeHint << '\n';
}

} // namespace atfc
