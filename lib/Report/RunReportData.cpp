//===- Report/RunReportData.cpp - Runs as report data --------------------===//
#include "Report/RunReportData.h"
#include "Results/ResultsRecorded.h"
#include "System/OutputDirectory.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
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
      {"run", fmt::format("{} ({})", Run.Id, runStatusText(Run))},
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
  R.Table = evaluationTable(Run, Evaluations);
  // Unknown (0): the evaluations stand for the space.
  char *End = nullptr;
  R.SpaceSize = std::strtod(Run.SpaceSize.c_str(), &End);
  if (End == Run.SpaceSize.c_str())
    R.SpaceSize = 0;
  R.Running = Run.Status == RunStatus::Running;
  return R;
}

Expected<report::ReportRun> reportOfDatabaseRun(ResultsDatabase &Db, std::int64_t RunId) {
  std::optional<RunInfo> Run;
  if (RunId == 0) {
    Expected<std::vector<RunInfo>> Runs = Db.runs();
    if (!Runs)
      return Runs.takeError();
    if (Runs->empty())
      return Error(Db.path() + ": there is no run");
    Run = Runs->back();
  } else {
    Expected<RunInfo> Found = Db.existingRun(RunId);
    if (!Found)
      return Found.takeError();
    Run = Found.take();
  }
  Expected<std::vector<EvaluationRecord>> Evaluations = Db.evaluationsOfRun(Run->Id);
  if (!Evaluations)
    return Evaluations.takeError();
  return reportOfRun(*Run, *Evaluations);
}

report::ReportRun reportOfRecordedData(const RecordedData &Data, const std::string &Path) {
  report::ReportRun R;
  R.Title = Path.substr(Path.find_last_of('/') + 1);
  R.Facts = {{"file", Path},
             {"data", Data.Description},
             {"configurations", std::to_string(Data.Entries.size()) + " recorded"}};
  R.Table = Data;
  R.EvaluationAxis = "entry in the file";
  // Recorded data hold the whole space (as far as it is known).
  R.SpaceSize = static_cast<double>(Data.Entries.size());
  return R;
}

Expected<void> writeRunReport(ResultsDatabase &Db, std::int64_t RunId, const std::string &Path) {
  Expected<report::ReportRun> Report = reportOfDatabaseRun(Db, RunId);
  if (!Report)
    return Report.takeError();
  // Replaced whole: a browser reloading the report never reads half a file;
  // a file of its name that atfc did not write is kept (OutputDirectory.h).
  return writeOutputFile(Path, report::runReportHtml(*Report));
}

Expected<void> writeRunReport(ResultsDatabase &Db, std::int64_t RunId, OutputDirectory &Directory,
                              const std::string &Name) {
  Expected<report::ReportRun> Report = reportOfDatabaseRun(Db, RunId);
  if (!Report)
    return Report.takeError();
  return Directory.writeFile(Name, report::runReportHtml(*Report));
}

void LiveReport::update() {
  const auto Now = std::chrono::steady_clock::now();
  if (Now < Next)
    return;
  // A report that cannot be written now may be written later.
  static_cast<void>(write());
  const auto Took = std::chrono::steady_clock::now() - Now;
  Next = Now + std::max<std::chrono::steady_clock::duration>(std::chrono::seconds(5), 20 * Took);
}

Expected<void> LiveReport::write() { return writeRunReport(Db, RunId, Directory, Name); }

} // namespace atfc
