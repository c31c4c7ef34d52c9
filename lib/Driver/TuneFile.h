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

#include "Invocation/TunerCommandLine.h"
#include "Support/Diagnostic.h"

#include "llvm/Support/raw_ostream.h"

#include <iosfwd>
#include <string>
#include <vector>

namespace atfc {

/// The options of `atfc tune`: those that go to the tuner, as the tuner
/// reads them (Tuner: TunerOptions.def's rows declared InTune, and the
/// program's arguments), and atfc's own.
struct TuneOptions {
  std::string File;
  /// The tuner's options; atfc adds what it computes (the mode, the output
  /// directory, the blanked file, the inputs key, the priors of earlier
  /// input sets) and hands them over as one value.
  TunerOptions Tuner;
  /// --wait: wait for another run into the output directory to end
  /// instead of failing.
  bool Wait = false;
  /// --inputs "ARGS", each: one argument set to tune (InputSets.h).
  std::vector<std::string> InputSets;
  /// --prefix NAME: the selection header's names instead of the file's stem.
  std::string Prefix;
  /// --ranks N: measure on N MPI ranks (docs/scale-out.md); 0 or 1: alone.
  unsigned Ranks = 0;
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
