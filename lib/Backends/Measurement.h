//===- Backends/Measurement.h - What measuring a configuration gave -*- C++ -*-===//
//
// The common currency of the backends: a configuration goes in
// (SearchSpace/Configuration.h), a Measurement comes out. A configuration
// that fails in any way (build error, non-zero exit, timeout, crash, wrong
// result, unreadable cost) is an invalid measurement with its reason; it
// never ends the tuning run. Backends know nothing about search.
//
// Tested by test/unit/Backends/MeasurementTest.cpp and through
// ProcessBackendTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_BACKENDS_MEASUREMENT_H
#define ATFC_BACKENDS_MEASUREMENT_H

#include "SearchSpace/Configuration.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace atfc {

/// Why a measurement is invalid.
enum class FailureKind {
  /// Valid: not a failure.
  None,
  /// The compile script, or the kernel's build, failed.
  BuildFailed,
  /// The run script exited with a non-zero status, or the kernel launch
  /// failed (e.g. an illegal local size).
  RunFailed,
  /// A script or kernel ran past the timeout and was killed.
  TimedOut,
  /// The measuring process died of a signal.
  Crashed,
  /// The cost file is missing or holds no number.
  BadCost,
  /// The result check found outputs that differ from the reference.
  WrongResult,
  /// Recorded data has no valid entry for the configuration.
  NotRecorded,
  /// The result check itself failed (a check script that crashed, timed
  /// out, or exited with a status other than 0 and 1): it says nothing of
  /// the configuration.
  CheckFailed,
};

/// The outcome of measuring one configuration.
struct Measurement {
  /// Whether the configuration is valid and Costs hold its cost.
  bool Valid = false;
  /// The cost(s), most significant first; a time in seconds unless the
  /// backend says otherwise (the replay backend keeps the data's unit).
  std::vector<double> Costs;
  /// Why it is invalid; None when valid.
  FailureKind Failure = FailureKind::None;
  /// What happened, for the user: "exit status 2", "timed out after 30 s",
  /// "crashed", "timed out", "build failed", "results differ at y[17]: ...".
  std::string Reason;
  /// The tail of the failing step's output (stderr, build log), for the log.
  std::string Log;
  /// Seconds spent compiling (compile script or kernel build), and running
  /// (run script or kernel launches, warm-ups included).
  double CompileSeconds = 0;
  double RunSeconds = 0;

  static Measurement valid(std::vector<double> Costs) {
    Measurement M;
    M.Valid = true;
    M.Costs = std::move(Costs);
    return M;
  }
  /// What a cost function returned: invalid where there is no cost, or a
  /// cost is not a number or infinite, naming it, as a cost file refuses
  /// one (a NaN or -inf would win the run); else valid. Every interface's cost function
  /// (<atf.hpp>, CallableMeasurer) takes its costs this way.
  static Measurement ofCosts(std::vector<double> Costs);
  static Measurement invalid(FailureKind Kind, std::string Reason, std::string Log = {}) {
    Measurement M;
    M.Failure = Kind;
    M.Reason = std::move(Reason);
    M.Log = std::move(Log);
    return M;
  }
};

/// A short name of a failure kind for logs and databases: "build failed",
/// "run failed", "timed out", "crashed", "bad cost", "wrong result",
/// "not recorded", "check failed"; "" for None.
const char *failureName(FailureKind Kind);

/// How the reason of a program's cost function that raised (Python's, which
/// ends the run with the exception) begins: the program's mistake, never
/// the configuration's.
inline constexpr std::string_view kCostFunctionRaised = "the cost function raised";

/// How the reason begins where atfc could not set a configuration up (make
/// its directory, write its source): atfc's trouble, never the
/// configuration's.
inline constexpr std::string_view kCouldNotSetUp = "atfc could not set up the configuration: ";

/// How the reason begins where a result check's reference configuration
/// failed: it says nothing of the configuration checked against it.
inline constexpr std::string_view kReferenceInvalid =
    "the reference configuration of the result check is invalid";

/// What the reason of a configuration with another number of costs than
/// the run's first valid result says: a verdict of the order in which the
/// configurations came, not of this one alone.
inline constexpr std::string_view kFirstValidResultHad = "where the first valid result had";

/// Whether M failed for a cause outside its configuration, which a later
/// run measures again instead of reusing: a failed check, a timeout (load
/// on the machine), a tool or interpreter that could not be started (a
/// script's status 126 or 127 from /bin/sh, "cannot start"), a device
/// worker that failed to start, a rank's measuring process lost, a cost
/// function that raised, a configuration atfc could not set up, a failed
/// reference configuration, a number of costs judged against the first
/// valid result.
bool failedOutsideConfiguration(const Measurement &M);

/// How the costs of a configuration's repetitions become its cost
/// (`#atf::repetitions N statistic median|mean|min`).
enum class RepetitionStatistic {
  /// The middle cost (the lower middle for an even count: a measured cost).
  Median,
  /// The arithmetic mean (pyATF's choice).
  Mean,
  /// The smallest cost (the least disturbed run).
  Min,
};

/// "median", "mean", "min".
const char *statisticName(RepetitionStatistic Statistic);

/// The statistic of that name; none for another word.
std::optional<RepetitionStatistic> statisticNamed(std::string_view Name);

/// The statistic of Costs (not empty).
double summarize(std::span<const double> Costs, RepetitionStatistic Statistic);

} // namespace atfc

#endif
