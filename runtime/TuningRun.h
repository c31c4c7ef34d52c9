//===- runtime/TuningRun.h - The tuning loop --------------------*- C++ -*-===//
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
// What the run tells the user goes through a TuningReporter; the exit
// status it leads to is the tuner's main's to decide (TunerMain.h).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_RUNTIME_TUNINGRUN_H
#define ATFC_RUNTIME_TUNINGRUN_H

#include "runtime/ConfigurationMeasurer.h"
#include "runtime/TuningReporter.h"
#include "runtime/TuningSession.h"

namespace atfc {

/// Exit status of a run that Ctrl-C interrupted (results kept); another
/// signal S gives 128 + S.
inline constexpr int kInterruptedExitCode = 130;

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

} // namespace atfc

#endif
