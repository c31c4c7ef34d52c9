//===- Driver/TuneFile.h - atfc tune, end to end -----------------*- C++ -*-===//
//
// Everything `atfc tune` does after parsing its options: over MPI ranks or
// alone, one run or one per input set, from the file to the tuner's exit
// status and the selection outputs.
//
// Tested by test/atfc/tune/records.test and the other tests there.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DRIVER_TUNEFILE_H
#define ATFC_DRIVER_TUNEFILE_H

#include "Support/Diagnostic.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace atfc {

/// The options of `atfc tune`.
struct TuneOptions {
  std::string File;
  /// -o DIR: where results and outputs go (default FILE.atf).
  std::string OutputDirectory;
  /// Overrides of the file's technique, abort condition and seed.
  std::string Technique;
  std::string AbortCondition;
  std::optional<std::uint64_t> Seed;
  /// --fix NAME=VALUE, each.
  std::vector<std::string> Fixed;
  bool Resume = false;
  bool Verbose = false;
  /// --fresh: measure every configuration again, reusing nothing.
  bool Fresh = false;
  /// --wait: wait for another run into the output directory to end
  /// instead of failing.
  bool Wait = false;
  /// Generation threads (0: all cores).
  unsigned Threads = 0;
  /// The tuned program's arguments ($1, $2, ...).
  std::vector<std::string> ProgramArgs;
  /// --prior DATA, each: earlier data whose best configurations start the
  /// search.
  std::vector<std::string> Priors;
  /// --inputs "ARGS", each: one argument set to tune (InputSets.h).
  std::vector<std::string> InputSets;
  /// --prefix NAME: the selection header's names instead of the file's stem.
  std::string Prefix;
  /// --ranks N: measure on N MPI ranks (docs/scale-out.md); 0 or 1: alone.
  unsigned Ranks = 0;
  /// --compile-ahead N, passed on to the tuner; none: its default.
  std::optional<unsigned> CompileAhead;
  /// --devices 0,1,...: the device of each rank by its node-local rank.
  std::string Devices;
  /// atfc's own command line without argv[0], for `mpiexec -n N atfc ...`.
  std::vector<std::string> CommandLine;
};

/// Checks, emits, builds (cached) and runs the tuner of Options.File;
/// returns the exit status (the tuner's, 1 when it cannot run, 2 for
/// options that contradict each other). Diagnostics go to Diags; Log (the
/// error stream) gets a compiler's own log and --wait's line; Out gets what
/// atfc says about input sets and selection files; the tuner writes to the
/// terminal itself.
int tuneFile(const TuneOptions &Options, DiagnosticSink &Diags, std::ostream &Log,
             llvm::raw_ostream &Out);

} // namespace atfc

#endif
