//===- runtime/RunReportData.cpp - Runs as report data --------------------===//
#include "runtime/RunReportData.h"
#include "runtime/SafeFiles.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

namespace atfc {
namespace {

std::string durationText(double Seconds) {
  if (Seconds < 120)
    return fmt::format("{:.1f} s", Seconds);
  const auto Whole = static_cast<long long>(Seconds);
  return fmt::format("{:.1f} s ({}h {:02}m {:02}s)", Seconds, Whole / 3600, Whole / 60 % 60,
                     Whole % 60);
}

} // namespace

report::ReportRun reportOfRun(const RunInfo &Run,
                              const std::vector<EvaluationRecord> &Evaluations) {
  report::ReportRun R;
  R.Title = fmt::format("{}: run {}", Run.File, Run.Id);
  R.Facts = {
      {"file", Run.File},
      {"run", fmt::format("{} ({})", Run.Id, runStatusName(Run.Status))},
      {"key", Run.Key},
      {"device", Run.Device},
      {"technique", Run.Technique.empty() ? "auto" : Run.Technique},
      {"abort condition", Run.AbortCondition.empty() ? "the whole space" : Run.AbortCondition},
      {"seed", std::to_string(Run.Seed)},
      {"search space size", Run.SpaceSize},
      {"started", Run.Started},
      {"finished", Run.Finished.empty() ? "-" : Run.Finished},
      {"duration", durationText(Run.ElapsedSeconds)}};
  if (!Run.Arguments.empty()) {
    std::string Args;
    for (const std::string &A : Run.Arguments)
      Args += (Args.empty() ? "" : " ") + A;
    R.Facts.push_back({"arguments", Args});
  }
  R.Parameters = Run.Parameters;
  for (const Objective &O : Run.Objectives) {
    R.Objectives.push_back(O.Name);
    R.Directions.push_back(O.Dir);
  }
  try {
    R.SpaceSize = std::stod(Run.SpaceSize);
  } catch (const std::exception &) {
    R.SpaceSize = 0; // Unknown: the evaluations stand for the space.
  }
  R.Running = Run.Status == RunStatus::Running;
  for (const EvaluationRecord &E : Evaluations) {
    report::ReportEvaluation Out;
    Out.Number = E.Evaluation;
    for (const NamedValue &V : E.Configuration)
      Out.Values.push_back(V.Val);
    Out.Valid = E.Result.Valid;
    Out.Costs = E.Result.Costs;
    Out.Failure = E.Result.Valid ? "" : failureName(E.Result.Failure);
    Out.Reason = E.Result.Reason;
    Out.Log = E.Result.Log;
    Out.Seconds = E.Result.CompileSeconds + E.Result.RunSeconds + E.OverheadSeconds;
    R.Evaluations.push_back(std::move(Out));
  }
  return R;
}

ResultsOr<report::ReportRun> reportOfDatabaseRun(ResultsDatabase &Db, std::int64_t RunId) {
  ResultsOr<report::ReportRun> Result;
  std::optional<RunInfo> Run;
  if (RunId == 0) {
    auto Runs = Db.runs();
    if (!Runs.ok() || Runs.Value.empty()) {
      Result.Error = Runs.ok() ? Db.path() + ": there is no run" : Runs.Error;
      return Result;
    }
    Run = Runs.Value.back();
  } else {
    auto Found = Db.run(RunId);
    if (!Found.ok() || !Found.Value) {
      Result.Error =
          Found.ok() ? fmt::format("{}: there is no run {}", Db.path(), RunId) : Found.Error;
      return Result;
    }
    Run = *Found.Value;
  }
  auto Evaluations = Db.evaluationsOfRun(Run->Id);
  if (!Evaluations.ok()) {
    Result.Error = Evaluations.Error;
    return Result;
  }
  Result.Value = reportOfRun(*Run, Evaluations.Value);
  return Result;
}

report::ReportRun reportOfRecordedData(const RecordedData &Data, const std::string &Path) {
  report::ReportRun R;
  R.Title = Path.substr(Path.find_last_of('/') + 1);
  R.Facts = {{"file", Path},
             {"data", Data.Description},
             {"configurations", std::to_string(Data.Entries.size()) + " recorded"}};
  R.Parameters = Data.Parameters;
  R.Objectives = Data.Objectives;
  R.Directions = Data.Directions;
  R.EvaluationAxis = "entry in the file";
  std::int64_t Number = 0;
  for (const RecordedEntry &E : Data.Entries) {
    report::ReportEvaluation Out;
    Out.Number = ++Number;
    Out.Values = E.Values;
    Out.Valid = E.Valid;
    Out.Costs = E.Costs;
    Out.Failure = E.Valid ? "" : "invalid";
    Out.Reason = E.Error;
    R.Evaluations.push_back(std::move(Out));
  }
  // Recorded data hold the whole space (as far as it is known).
  R.SpaceSize = static_cast<double>(Data.Entries.size());
  return R;
}

bool writeRunReport(ResultsDatabase &Db, std::int64_t RunId, const std::string &Path,
                    std::string &Error) {
  auto Report = reportOfDatabaseRun(Db, RunId);
  if (!Report.ok()) {
    Error = Report.Error;
    return false;
  }
  // Replaced whole: a browser reloading the report never reads half a file.
  return writeFileReplacing(Path, report::runReportHtml(Report.Value), Error);
}

void LiveReport::update() {
  const auto Now = std::chrono::steady_clock::now();
  if (Now < Next)
    return;
  std::string Error;
  write(Error); // A report that cannot be written now may be written later.
  const auto Took = std::chrono::steady_clock::now() - Now;
  Next = Now + std::max<std::chrono::steady_clock::duration>(std::chrono::seconds(5), 20 * Took);
}

bool LiveReport::write(std::string &Error) { return writeRunReport(Db, RunId, Path, Error); }

} // namespace atfc
