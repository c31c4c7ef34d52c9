//===- Online/OnlineTuning.h - The tuning loop for a program ----*- C++ -*-===//
//
// A program that tunes in-process (C++'s atf::tuner, Python's atfc.Tuner)
// runs the same loop as a generated tuner (lib/Tuning): a session in a
// results database, the exploration, the measurer, the reporter. This is
// that loop with what such a program needs besides: the results database
// in a directory of the program's choosing, or in a temporary one removed
// at the end; the whole run, or one step at a time (program-guided
// tuning: the program asks for a configuration, runs it its own way, and
// reports its cost); and the run's status at any time.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_ONLINE_ONLINETUNING_H
#define ATFC_ONLINE_ONLINETUNING_H

#include "Backends/ConfigurationMeasurer.h"
#include "Results/EvaluationRecord.h"
#include "Results/ResultsDatabase.h"
#include "SearchSpace/ChainOfTrees.h"
#include "Support/Error.h"
#include "Tuning/LoopSetup.h"
#include "Tuning/TuningReporter.h"
#include "Tuning/TuningRun.h"
#include "Tuning/TuningSession.h"

#include <limits>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace atfc::online {

struct OnlineSetup {
  /// The technique, abort condition, seed and objectives.
  LoopSetup Loop;
  /// What the results are keyed and reported by: the program's name.
  std::string ProgramName;
  /// A digest of the program's own code (a C++ program's executable:
  /// ExecutableDigest.h; a Python program's own modules),
  /// which joins the results key, so that an edited program is measured
  /// anew; empty: the key does not cover it.
  std::string ProgramCode;
  /// Where results.db and best.json go; empty: a temporary directory,
  /// removed when the tuning ends.
  std::string ResultsDirectory;
  /// A line per evaluation (else only the summary).
  bool Verbose = false;
  /// Nothing on the streams at all.
  bool Silent = false;
};

class OnlineTuning {
public:
  /// Opens the results database and chooses the search. Space and Measurer
  /// must outlive the tuning.
  static Expected<std::unique_ptr<OnlineTuning>> open(const ChainOfTrees &Space, OnlineSetup Setup,
                                                      ConfigurationMeasurer &Measurer,
                                                      std::ostream &Out, std::ostream &Err);
  ~OnlineTuning();
  OnlineTuning(const OnlineTuning &) = delete;
  OnlineTuning &operator=(const OnlineTuning &) = delete;

  /// Measures until the abort condition holds (or Ctrl-C), then says how
  /// it ended and writes best.json.
  Expected<TuningOutcome> run();

  /// Program-guided tuning: the next configuration to measure, or none
  /// when the abort condition holds.
  std::optional<Configuration> next();
  /// Records the measurement of the configuration next() returned.
  Expected<void> report(const Configuration &C, const Measurement &M, double Seconds);
  /// Ends a program-guided run (also done by the destructor).
  Expected<void> finish();

  const TuningSession &session() const { return *Session; }
  /// Every evaluation this run recorded, numbered after AfterEvaluation,
  /// in order.
  Expected<std::vector<EvaluationRecord>>
  evaluations(std::int64_t AfterEvaluation = std::numeric_limits<std::int64_t>::min()) {
    return Session->database().evaluationsOfRun(Session->runId(), AfterEvaluation);
  }
  const SearchStatus &status() const { return Session->exploration().status(); }
  /// Whether a signal stopped run().
  bool interrupted() const { return Interrupted; }
  /// The directory results.db is in.
  const std::string &resultsDirectory() const { return Options.OutputDirectory; }

private:
  OnlineTuning(const ChainOfTrees &Space, OnlineSetup Setup, ConfigurationMeasurer &Measurer,
               std::ostream &Out, std::ostream &Err);

  const ChainOfTrees &Space;
  OnlineSetup Setup;
  ConfigurationMeasurer &Measurer;
  TuningRunOptions Options;
  std::unique_ptr<std::ostream> Discard;
  TuningReporter Reporter;
  std::unique_ptr<TuningSession> Session;
  bool Temporary = false;
  /// Whether the session began (only then is it concluded), and ended.
  bool Begun = false;
  bool Finished = false;
  bool Interrupted = false;
  std::optional<Configuration> Awaited;
};

} // namespace atfc::online

#endif
