//===- Tuning/TuningRun.h - The tuning loop --------------------*- C++ -*-===//
//
// A tuning run: the search technique proposes configurations (lib/Search),
// the measurer measures them (lib/Backends), every result goes into the
// results database at once (TuningSession.h), and at the end (or at
// Ctrl-C) the best configuration is written out as best.json, best.h and
// the tuned source (TuningOutputs.h).
//
// Results are keyed by what they depend on: the tuner (the directives'
// meaning and the toolchain), the blanked source, the arguments and the
// device. A configuration measured before under the same key is never
// measured again: its stored result answers. --resume continues the last
// interrupted run with its own seed, technique and abort condition; because
// techniques are deterministic, the run retraces its steps from the stored
// results and goes on where it stopped.
//
// What the run tells the user goes through a TuningReporter. A program
// that tunes in-process runs the steps itself (open the session, choose
// the search, begin, the loop, conclude) with any ConfigurationMeasurer,
// a plain callable among them (CallableMeasurer.h); runTuning() runs them
// as a generated tuner does and maps the outcome to its exit status.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TUNING_TUNINGRUN_H
#define ATFC_TUNING_TUNINGRUN_H

#include "Backends/ConfigurationMeasurer.h"
#include "Tuning/LoopSetup.h"
#include "Tuning/TuningReporter.h"
#include "Tuning/TuningSession.h"

#include <iosfwd>
#include <optional>

namespace atfc {

/// Exit status of a run that Ctrl-C interrupted (results kept); another
/// signal S gives 128 + S.
inline constexpr int kInterruptedExitCode = 130;
/// Exit status for a bad command line or input.
inline constexpr int kUsageExitCode = 2;
/// Exit status when the space cannot be generated or reported, or a run
/// finds no valid configuration.
inline constexpr int kFailureExitCode = 1;

/// How the measuring loop ended.
struct TuningLoopEnd {
  /// A signal stopped it (the run is marked interrupted; --resume
  /// continues it).
  bool Interrupted = false;
  /// The signal that stopped it; 0 when none did.
  int Signal = 0;
  /// Configurations handed out for preparing ahead (compiled ahead) that
  /// the abort condition left unmeasured: discarded, never recorded.
  std::uint64_t Discarded = 0;
  /// Why the run stopped where it could not go on (Interrupted is then
  /// true, and Signal 0): a file the results key covers
  /// (TunerOptions::DependedFiles) changed during it, or the measurer can
  /// measure nothing more (ConfigurationMeasurer::cannotGoOn).
  std::optional<Error> Halted;
};

/// Measures what the session's exploration proposes until it is done or a
/// signal arrives, recording every result; fails when the database does.
Expected<TuningLoopEnd> runTuningLoop(TuningSession &Session, ConfigurationMeasurer &Measurer,
                                      TuningReporter &Reporter);

/// What a finished loop left.
enum class TuningOutcome {
  /// The best configuration known under the key was written out.
  BestWritten,
  /// The abort condition held before the first evaluation.
  NothingEvaluated,
  /// Every configuration evaluated was invalid.
  NoValidConfiguration,
};

/// Says how the run ended and writes the outputs for its best
/// configuration (TuningOutputs.h); fails when they cannot be written.
Expected<TuningOutcome> concludeTuning(TuningSession &Session, const TuningLoopEnd &End,
                                       TuningReporter &Reporter);

/// A whole tuning run of Space: the session opened, the loop, the outputs,
/// telling the user on Out and Err. Returns the exit status a tuner gives
/// for it: 0 when a valid configuration was found, 1 when none was (or on
/// an error), 2 for bad options, 128 + the signal when interrupted (130
/// for Ctrl-C).
int runTuning(const ChainOfTrees &Space, const LoopSetup &Setup, const TuningRunOptions &Options,
              ConfigurationMeasurer &Measurer, std::ostream &Out, std::ostream &Err);

} // namespace atfc

#endif
