//===- Replay/ReplayReportWriter.cpp - A replay's HTML report ------------===//
#include "Replay/ReplayReportWriter.h"

#include "Report/ReplayReport.h"
#include "System/SafeFiles.h"

#include <fmt/format.h>

#include <cerrno>
#include <cmath>
#include <cstring>

namespace atfc {

Expected<void> writeReplayReport(const std::string &Path, const ReplayExperimentResult &Result,
                                 const RecordedData &Data, const ChainOfTrees &Space) {
  report::ReplayReport R;
  R.Title = "replay: " + Data.Description;
  std::size_t Valid = 0;
  const double Optimum = Result.Optimum.empty() ? 1 : Result.Optimum.front();
  for (const EvaluationRecord &E : Data.Entries)
    if (E.Result.Valid && !E.Result.Costs.empty() && std::isfinite(E.Result.Costs.front())) {
      ++Valid;
      R.RelativeCosts.push_back(E.Result.Costs.front() / Optimum);
    }
  // Configurations of the space that the data lack are invalid in a replay.
  R.SpaceSize = std::max(Space.size().get_d(), static_cast<double>(Data.Entries.size()));
  R.Facts = {
      {"data", Data.Description},
      {"configurations", fmt::format("{} recorded ({} valid)", Data.Entries.size(), Valid)},
      {"optimum", fmt::format("{:.6g}", Optimum)},
      {"search space", Space.size().get_str()},
      {"runs", fmt::format("{} per technique, {} evaluations each, seeds {}..{}", Result.Runs,
                           Result.Evaluations, Result.Seed, Result.Seed + Result.Runs - 1)}};
  R.Evaluations = Result.Evaluations;
  for (const TechniqueReplay &T : Result.Techniques) {
    report::ReplayCurves C;
    C.Name = T.Text;
    for (const ReplayRun &Run : T.Runs)
      C.Runs.push_back(Run.Improvements);
    R.Techniques.push_back(std::move(C));
  }
  // A link at Path is replaced, not followed (System/SafeFiles.h).
  return writeFileReplacing(Path, report::replayReportHtml(R));
}

} // namespace atfc
