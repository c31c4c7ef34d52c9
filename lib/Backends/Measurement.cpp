//===- Backends/Measurement.cpp - Failure names ---------------------------===//
#include "Backends/Measurement.h"

#include "Support/NumberText.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace atfc {

Measurement Measurement::ofCosts(std::vector<double> Costs) {
  // (An empty list was once a valid configuration, and the best.)
  if (Costs.empty())
    return invalid(FailureKind::RunFailed, "the cost function returned no cost");
  for (const double C : Costs)
    if (!std::isfinite(C))
      return invalid(FailureKind::RunFailed,
                     "the cost function returned " + shortestText(C) + ", which is no cost");
  return valid(std::move(Costs));
}

const char *failureName(FailureKind Kind) {
  switch (Kind) {
  case FailureKind::None:
    return "";
  case FailureKind::BuildFailed:
    return "build failed";
  case FailureKind::RunFailed:
    return "run failed";
  case FailureKind::TimedOut:
    return "timed out";
  case FailureKind::Crashed:
    return "crashed";
  case FailureKind::BadCost:
    return "bad cost";
  case FailureKind::WrongResult:
    return "wrong result";
  case FailureKind::NotRecorded:
    return "not recorded";
  case FailureKind::CheckFailed:
    return "check failed";
  }
  return "";
}

bool failedOutsideConfiguration(const Measurement &M) {
  if (M.Valid)
    return false;
  if (std::string_view(M.Reason).starts_with(kReferenceInvalid))
    return true;
  switch (M.Failure) {
  case FailureKind::CheckFailed:
  case FailureKind::TimedOut:
    return true;
  case FailureKind::BuildFailed:
  case FailureKind::RunFailed: {
    // ProcessBackend.cpp's and DeviceBackend.cpp's words for a script that
    // named a missing program, or a step that could not start at all.
    const std::string_view Reason = M.Reason;
    return Reason == "exit status 126" || Reason == "exit status 127" ||
           Reason.starts_with("cannot start the ") ||
           Reason == "the device worker failed to start" ||
           Reason.starts_with(kCostFunctionRaised) || Reason.starts_with(kCouldNotSetUp);
  }
  case FailureKind::Crashed:
    // Ranks/RankedMeasurer.cpp: a rank's process lost mid-measurement.
    return M.Reason.find("measuring process ended while measuring it") != std::string::npos;
  case FailureKind::BadCost:
    return M.Reason.find(kFirstValidResultHad) != std::string::npos;
  case FailureKind::None:
  case FailureKind::WrongResult:
  case FailureKind::NotRecorded:
    return false;
  }
  return false;
}

const char *statisticName(RepetitionStatistic Statistic) {
  switch (Statistic) {
  case RepetitionStatistic::Median:
    return "median";
  case RepetitionStatistic::Mean:
    return "mean";
  case RepetitionStatistic::Min:
    return "min";
  }
  return "";
}

std::optional<RepetitionStatistic> statisticNamed(std::string_view Name) {
  for (RepetitionStatistic S :
       {RepetitionStatistic::Median, RepetitionStatistic::Mean, RepetitionStatistic::Min})
    if (Name == statisticName(S))
      return S;
  return std::nullopt;
}

double summarize(std::span<const double> Costs, RepetitionStatistic Statistic) {
  std::vector<double> Sorted(Costs.begin(), Costs.end());
  std::sort(Sorted.begin(), Sorted.end());
  switch (Statistic) {
  case RepetitionStatistic::Median:
    return Sorted[(Sorted.size() - 1) / 2];
  case RepetitionStatistic::Mean:
    // Without the division's noise in the last bits (Support/NumberText.h).
    return fifteenDigits(std::accumulate(Sorted.begin(), Sorted.end(), 0.0) /
                         static_cast<double>(Sorted.size()));
  case RepetitionStatistic::Min:
    return Sorted.front();
  }
  return Sorted.front();
}

} // namespace atfc
