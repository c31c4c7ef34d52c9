//===- runtime/TuningRun.h - The tuning loop --------------------*- C++ -*-===//
//
// A tuning run: the search technique proposes configurations (lib/Search),
// the measurer measures them (lib/Backends), every result goes into the
// results database at once, and at the end (or at Ctrl-C) the best
// configuration is written out as best.json, best.h and the tuned source.
//
// Results are keyed by what they depend on: the tuner (the directives'
// meaning and the toolchain), the blanked source, the arguments and the
// device. A configuration measured before under the same key is never
// measured again: its stored result answers. --resume continues the last
// interrupted run with its own seed, technique and abort condition; because
// techniques are deterministic, the run retraces its steps from the stored
// results and goes on where it stopped.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_RUNTIME_TUNINGRUN_H
#define ATFC_RUNTIME_TUNINGRUN_H

#include "Invocation/TunerCommandLine.h"
#include "SearchSpace/ChainOfTrees.h"
#include "runtime/ConfigurationMeasurer.h"
#include "runtime/TuningSetup.h"

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace atfc {

/// How to run, besides what the file says.
struct TuningRunOptions {
  /// The annotated file as the user named it.
  std::string FileName;
  /// Where best.json, best.h, the tuned source and results.db go.
  std::string OutputDirectory;
  /// The file with its directives blanked.
  std::string BlankedSource;
  /// The tuned program's arguments ($1, $2, ...).
  std::vector<std::string> Arguments;
  /// What identifies the tuner program (its content hash).
  std::string TunerIdentity;
  /// A hash of the files the results depend on besides the source (its
  /// includes, scripts, #atf::depends); joins the key when not empty.
  std::string InputsKey;
  /// The --fix values (NAME=VALUE) when the space is a sub-space of the
  /// file's: the key is the whole space's (TunerIdentity names its tuner).
  std::vector<std::string> Fixed;
  /// Measure every configuration again, reusing nothing.
  bool Fresh = false;
  /// Earlier data whose best configurations are measured first
  /// (TuningPriors.h); none for a cold start.
  std::vector<PriorData> Priors;
  /// Overrides of the file's technique, abort condition and seed.
  std::string Technique;
  std::string AbortCondition;
  std::optional<std::uint64_t> Seed;
  /// Continue the last interrupted run.
  bool Resume = false;
  /// A line per evaluation.
  bool Verbose = false;
  /// Draw the progress line (standard error is a terminal).
  bool Progress = false;
};

/// Exit status of a run that Ctrl-C interrupted (results kept); another
/// signal S gives 128 + S.
inline constexpr int kInterruptedExitCode = 130;

/// Runs the tuning loop; returns the tuner's exit status: 0 when a valid
/// configuration was found, 1 when none was (or on an error), 2 for bad
/// options, 128 + the signal when interrupted (130 for Ctrl-C).
int runTuning(const ChainOfTrees &Space, const TuningSetup &Setup, const TuningRunOptions &Options,
              ConfigurationMeasurer &Measurer, std::ostream &Out, std::ostream &Err);

} // namespace atfc

#endif
