//===- Tuning/TuningSession.h - A run in the results database --*- C++ -*-===//
//
// The bookkeeping of a tuning run against results.db: it opens the
// database, computes the run's key, starts a new run or reopens the
// interrupted one that --resume continues, chooses the search (technique,
// abort condition, seed), tells the exploration every result stored under
// the key, records each measurement, and finds the best configuration
// known under the key at the end. The loop that measures is TuningRun.h.
//
// Starting takes three steps, so that the tuner's main can tell a user's
// mistake (chooseSearch: exit status 2) from a failure of the tuner
// (open, begin: status 1).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TUNING_TUNINGSESSION_H
#define ATFC_TUNING_TUNINGSESSION_H

#include "Backends/ConfigurationMeasurer.h"
#include "Invocation/TunerCommandLine.h"
#include "Results/ResultsDatabase.h"
#include "Search/Exploration.h"
#include "SearchSpace/ChainOfTrees.h"
#include "Support/Error.h"
#include "System/OutputDirectory.h"
#include "Tuning/LoopSetup.h"
#include "Tuning/TuningReporter.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace atfc {

/// How to run: the options as given (the one value atfc tune, a tuner's
/// command line or an in-process caller fills), and what the tuner derives
/// from them and from its file.
struct TuningRunOptions {
  /// The options as given; the loop reads its technique, abort condition,
  /// seed, arguments, inputs key, --fix values, priors, --fresh, --resume
  /// and --verbose here.
  TunerOptions Given;
  /// The annotated file as the user named it.
  std::string FileName;
  /// Where best.json, best.h, the tuned source and results.db go (--output,
  /// else FILE.atf).
  std::string OutputDirectory;
  /// The text of the file with its directives blanked (Given.BlankedSource
  /// is the path it was read from).
  std::string BlankedSource;
  /// What identifies the tuner program (its content hash; a sub-space's
  /// run is keyed by its whole space's tuner, Given.SpaceIdentity).
  std::string TunerIdentity;
  /// Draw the progress line (standard error is a terminal).
  bool Progress = false;
  /// The output directory is removed when the run ends (a program's
  /// tuning that keeps no results): its results database is in memory,
  /// and the run names no files it wrote and writes no live report page.
  bool TemporaryOutput = false;
  /// What the last line of an interrupted run tells the user to do to go
  /// on; empty: nothing (nothing was kept).
  std::string ResumeHint = "resume with --resume";
};

class TuningSession {
public:
  /// Opens results.db in the output directory (creating the directory)
  /// and, for --resume, finds the run to continue (a note through Reporter
  /// when there is none). Fails for an empty space and when the database
  /// cannot be opened or read. On the heap: the exploration calls back into
  /// the session, which therefore never moves.
  static Expected<std::unique_ptr<TuningSession>>
  open(const ChainOfTrees &Space, const LoopSetup &Setup, const TuningRunOptions &Options,
       ConfigurationMeasurer &Measurer, TuningReporter &Reporter);

  TuningSession(const TuningSession &) = delete;
  TuningSession &operator=(const TuningSession &) = delete;
  ~TuningSession();

  /// Chooses the technique, abort condition and seed (the options', else
  /// the file's; a resumed run's own) and creates the exploration. Fails,
  /// at the offending text, when one does not parse, or when the options
  /// would change the resumed run.
  Expected<void> chooseSearch();

  /// Records the run (new, or the resumed one reopened), reads the priors
  /// and tells the exploration every result known under the key; notices
  /// go through Reporter, which must outlive the session.
  Expected<void> begin(TuningReporter &Reporter);

  /// Stores the measurement of C and reports it to the exploration.
  Expected<void> record(const Configuration &C, const ParameterValues &Named, const Measurement &M,
                        double WallSeconds);

  /// Answers C from the result the run already has for its values (measured
  /// in this run, or stored under the key): a range that lists a value
  /// twice (a set {1, 1, 2}, a generator that repeats one) gives two
  /// configurations of one meaning, and nothing is measured twice. Records
  /// C as an evaluation answered so (reused = 1), reports it to the
  /// exploration and tells Reporter. The result, or null where the values
  /// are new; where recording fails, the next record() says so.
  const Measurement *answerFromSameValues(const Configuration &C, const ParameterValues &Named,
                                          TuningReporter &Reporter);

  /// Fails when recording an evaluation answered from an earlier result
  /// failed since.
  Expected<void> reusedRecorded();

  /// Marks the run finished, or interrupted (--resume continues it).
  Expected<void> finish(bool Interrupted);

  /// The best configuration known under the key when it beats RunBest
  /// (this run's best), with the run that measured it; else RunBest.
  Expected<WrittenBest> bestUnderKey(const BestConfiguration &RunBest);

  /// best.json's "run": the run's id, search, counts, key and inputs.
  nlohmann::ordered_json runJson() const;

  /// Makes M invalid (a bad cost) when its costs do not fit the declared
  /// objectives or, with none declared, when it has another number of
  /// costs than the first valid result this run saw: costs of different
  /// lengths cannot be compared (a decimal comma, `1,5`, is two costs).
  void checkCost(Measurement &M);

  /// What the search sees of a measurement: its search cost (a maximised
  /// objective as its reciprocal), or none. A stored result that no longer
  /// fits the objectives counts as invalid.
  OptionalCost searchCostOf(const Measurement &M);

  /// The measured cost of the exploration's best, exactly as measured: a
  /// maximised objective's 1 / (1 / x) may differ from x in the last bit.
  OptionalCost bestMeasuredCost() const;

  const ChainOfTrees &space() const { return Space; }
  const LoopSetup &setup() const { return Setup; }
  const TuningRunOptions &options() const { return Options; }
  ResultsDatabase &database() { return *Database; }
  /// The output directory, opened and checked when the session began and
  /// held since: the run's files are written through its descriptor.
  OutputDirectory &outputDirectory() { return *Directory; }
  Exploration &exploration() { return *Explorer; }
  const Exploration &exploration() const { return *Explorer; }
  std::int64_t runId() const { return RunId; }
  /// The abort condition as the summary names it ("the whole space" when
  /// none).
  const std::string &abortName() const { return AbortName; }
  /// Evaluations answered from earlier runs' results.
  std::uint64_t reused() const { return Reused; }
  /// Evaluations answered from another configuration's result of the same
  /// values (answerFromSameValues).
  std::uint64_t sameValues() const { return SameValues; }
  /// Earlier runs' failures not reused, as their cause lay outside the
  /// configuration (failedOutsideConfiguration): measured again when the
  /// search proposes them.
  std::uint64_t remeasured() const { return Remeasured; }

private:
  TuningSession(const ChainOfTrees &Space, const LoopSetup &Setup, const TuningRunOptions &Options,
                ConfigurationMeasurer &Measurer);

  /// Whether the options leave the resumed run as it was; else what
  /// differs (a resumed run keeps its technique, abort condition and seed).
  Expected<void> checkSameAsResumed(const RunInfo &Run) const;
  /// What --resume says where no run of the key stopped before its end:
  /// the interrupted run of File with these Arguments (JSON text) that a
  /// change keys apart, where there is one.
  std::string noResumableRunNote(const std::string &File, const std::string &Arguments) const;
  Expected<void> loadKnownResults();
  /// The earlier result recorded for C, or null (none, or this run's own).
  const EvaluationRecord *recordReused(const Configuration &C);
  /// Keeps M as the result of the values Key names, unless one is known.
  void keepResultOfValues(std::string Key, const Measurement &M);
  /// Tells the exploration C's measurement and keeps its measured cost.
  void tellExploration(const Configuration &C, const Measurement &M, bool Remembered);
  Error errorOfFile(std::string Message) const;

  const ChainOfTrees &Space;
  const LoopSetup &Setup;
  const TuningRunOptions &Options;
  ConfigurationMeasurer &Measurer;

  std::optional<OutputDirectory> Directory;
  std::unique_ptr<ResultsDatabase> Database;
  /// A descriptor of the database file (-1 in memory): a run whose file
  /// was removed or replaced (no link left) stops.
  int DatabaseFd = -1;
  std::unique_ptr<Exploration> Explorer;
  std::string Key;
  /// The interrupted run that --resume continues; none for a new run.
  std::optional<RunInfo> Resumed;
  std::int64_t RunId = 0;
  std::int64_t NextNumber = 1;
  std::string TechniqueName;
  std::string AbortText;
  std::string AbortName;
  std::uint64_t RunSeed = 0;
  std::size_t WarmStartCount = 0;
  /// Results of earlier runs under the key, by configuration values.
  std::unordered_map<std::string, EvaluationRecord> Earlier;
  std::uint64_t Reused = 0;
  /// The result known for each configuration's values (measured in this
  /// run or stored under the key and reused), without its log.
  std::unordered_map<std::string, Measurement> ResultOfValues;
  /// By values, the failures this run recorded before it stopped (with
  /// their logs), for a resumed run's summary when it retraces them.
  std::unordered_map<std::string, Measurement> OwnFailures;
  std::uint64_t SameValues = 0;
  std::uint64_t Remeasured = 0;
  /// The configurations of the priors, measured first, and the costs
  /// measured by the first prior that has any, for a model.
  std::vector<Configuration> WarmStart;
  std::vector<std::pair<Configuration, double>> MeasuredElsewhere;
  /// Why recording a reused result failed; the next record() returns it.
  std::optional<Error> ReuseFailure;
  /// The measured cost of each search cost told to the exploration (the
  /// first, where several measured costs have one search cost).
  std::map<Cost, Cost> MeasuredOfSearch;
  /// Without declared objectives: how many costs the first valid result
  /// had, which every other must have.
  std::optional<std::size_t> CostCount;
};

} // namespace atfc

#endif
