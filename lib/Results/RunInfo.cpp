//===- Results/RunInfo.cpp - One tuning run, as recorded ------------------===//
//
// A run's status as the results database stores it: the words are the
// schema's (docs/results.md), so reading maps them back exactly.
//
//===----------------------------------------------------------------------===//
#include "Results/RunInfo.h"

namespace atfc {

const char *runStatusName(RunStatus Status) {
  switch (Status) {
  case RunStatus::Running:
    return "running";
  case RunStatus::Finished:
    return "finished";
  case RunStatus::Interrupted:
    return "interrupted";
  case RunStatus::Failed:
    return "failed";
  }
  return "running";
}

std::optional<RunStatus> parseRunStatus(std::string_view Name) {
  for (RunStatus S :
       {RunStatus::Running, RunStatus::Finished, RunStatus::Interrupted, RunStatus::Failed})
    if (Name == runStatusName(S))
      return S;
  return std::nullopt;
}

std::string runStatusText(const RunInfo &Run) {
  std::string Text = runStatusName(Run.Status);
  if (Run.Resumes == 0)
    return Text;
  const std::string Times = Run.Resumes == 1   ? "once"
                            : Run.Resumes == 2 ? "twice"
                                               : std::to_string(Run.Resumes) + " times";
  return Text + ", resumed " + Times + " after it stopped";
}

} // namespace atfc
