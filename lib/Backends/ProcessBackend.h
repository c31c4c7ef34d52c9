//===- Backends/ProcessBackend.h - Measuring with scripts -------*- C++ -*-===//
//
// The backend for any language: a configuration is measured by an optional
// compile script and a run script, and costs either the run script's wall
// time or what it wrote into a cost file. Parameter values reach the scripts
// only through the environment, never through a command line. Each
// configuration gets its own directory; each script its own process group,
// killed as a whole on a timeout. Compile scripts of configurations the
// search will ask for next run ahead, in parallel with the current
// measurement (prepare()).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_BACKENDS_PROCESSBACKEND_H
#define ATFC_BACKENDS_PROCESSBACKEND_H

#include "Backends/Measurement.h"

#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace atfc {

/// What the process backend runs and where.
struct ProcessBackendOptions {
  /// The compile script (`#atf::compile_script`); empty: none.
  std::string CompileScript;
  /// The run script (`#atf::run_script`).
  std::string RunScript;
  /// The cost file (`#atf::cost_file`), relative to the configuration's
  /// directory unless absolute; empty: the cost is the run script's wall
  /// time in seconds.
  std::string CostFile;
  /// Seconds each of the compile and the run script may take; 0: no limit.
  double TimeoutSeconds = 0;
  /// Runs of the run script before measuring, whose costs are dropped, and
  /// measured runs: the cost is Statistic of the measured runs' costs
  /// (per objective), and the log keeps every measured run's costs. The
  /// compile script runs once.
  unsigned Warmups = 0;
  unsigned Repetitions = 1;
  RepetitionStatistic Statistic = RepetitionStatistic::Median;
  /// The annotated file's name, e.g. "gemm.cpp": ATF_SOURCE is a file of
  /// this name in the configuration's directory ("source" if empty).
  std::string SourceName;
  /// The annotated file with every directive blanked (same lines).
  std::string BlankedSource;
  /// Per parameter, in configuration order, the 1-based line of its
  /// `#atf::tp` directive (see substituteConfiguration).
  std::vector<unsigned> DefineLines;
  /// Whether ATF_SOURCE gets `#define` lines (C-family); false: it is the
  /// blanked source as is.
  bool CFamily = true;
  /// The annotated file's directory, exported as ATF_FILE_DIR.
  std::string FileDirectory;
  /// Where the configurations' directories go; empty: a fresh temporary
  /// directory, removed with the backend.
  std::string WorkDirectory;
  /// The tuner's inputs, exported to the scripts like parameters.
  std::vector<NamedValue> Inputs;
  /// How many compile scripts of prepared configurations run at once.
  unsigned CompileAhead = 2;
  /// A value as the scripts' environment holds it; empty: toString()
  /// (42, 0.5, true). The Python package's is Python's str() (2.0, True),
  /// as pyATF's generic cost function exports them.
  std::function<std::string(const Value &)> EnvironmentText;
};

/// Measures configurations with scripts.
///
/// Each configuration runs in a fresh directory under the work directory,
/// removed after its measurement, failed or not (a failure keeps the tail of
/// the failing script's output in Measurement::Log). The scripts run as
/// `/bin/sh -c SCRIPT` in that directory with the tuner's environment plus
/// NAME=value for each parameter and input, ATF_SOURCE (absolute path of the
/// configuration's source), ATF_FILE_DIR and ATF_WORK_DIR (the
/// configuration's directory).
///
/// measure() and prepare() are called from one thread; interrupt() from any
/// thread or a signal handler. The backend makes the process adopt orphaned
/// descendants (PR_SET_CHILD_SUBREAPER) so that nothing a script started
/// outlives its measurement.
class ProcessBackend {
public:
  explicit ProcessBackend(ProcessBackendOptions Options);
  /// Kills running compile-ahead scripts and removes every directory left.
  ~ProcessBackend();
  ProcessBackend(const ProcessBackend &) = delete;
  ProcessBackend &operator=(const ProcessBackend &) = delete;

  /// Declares the configurations the search will ask for next, in order:
  /// their compile scripts start in the background, at most CompileAhead at
  /// once. The latest list is the whole wish list: a configuration prepared
  /// earlier but not in it is dropped (its compile, if running, finishes and
  /// its directory is then removed). Does nothing without a compile script.
  void prepare(std::span<const ParameterValues> Upcoming);

  /// Measures one configuration; a prepared one waits for its compile
  /// instead of compiling again. Invalid on a failing compile script
  /// (BuildFailed; the run script is not run), a failing run script
  /// (RunFailed), a timeout (TimedOut) or an unusable cost file (BadCost).
  Measurement measure(const ParameterValues &Configuration);

  /// Stops measuring, now and for good: running scripts' groups are killed
  /// (SIGTERM, SIGKILL after a second), the current measure() returns an
  /// invalid measurement with reason "interrupted", and so does every later
  /// one. Async-signal-safe and thread-safe.
  void interrupt() noexcept;

  /// Whether interrupt() was called: an "interrupted" measurement says
  /// nothing about its configuration and should not be recorded.
  bool interrupted() const noexcept;

private:
  struct State;
  std::unique_ptr<State> S;
};

} // namespace atfc

#endif
