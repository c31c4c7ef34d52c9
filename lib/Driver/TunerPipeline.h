//===- Driver/TunerPipeline.h - File to running tuner -----------*- C++ -*-===//
//
// The steps every subcommand that runs a tuner shares: read and analyse the
// file (printing diagnostics like a compiler), emit its tuner, and build it
// (or find it in the cache); running it is TunerProcess.h.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DRIVER_TUNERPIPELINE_H
#define ATFC_DRIVER_TUNERPIPELINE_H

#include "Directives/Frontend.h"
#include "Directives/TunerEmitter.h"
#include "Wisdom/Wisdom.h"

#include <optional>
#include <string>
#include <vector>

namespace atfc {

/// Reads File and runs the frontend on it, printing its diagnostics;
/// nullopt when the file cannot be read or has errors.
std::optional<FrontendResult> analyzeFile(const std::string &File);

/// The tuner program of an analysed file, printing every diagnostic on the
/// way; nullopt when there is none. Options as in emitTuner.
std::optional<std::string> emitTunerProgram(const FrontendResult &File,
                                            const EmitOptions &Options = {});

/// Emits and builds the tuner of an analysed file into CacheDir; the
/// binary's path, or nullopt after printing why not.
std::optional<std::string> buildTunerOf(const FrontendResult &File, const EmitOptions &Options,
                                        const std::string &CacheDir);

/// Analyses, emits and builds the tuner of File into File.atf/.
std::optional<std::string> buildTunerOf(const std::string &File, const EmitOptions &Options = {});

/// A built tuner and the file with its directives blanked, which the
/// tuner's measurers read (--blanked).
struct PreparedTuner {
  std::string Binary;
  std::string BlankedSource;
  /// The hash of the files its results depend on besides the source
  /// (MeasuredFiles.h); part of the results key.
  std::string InputsKey;
  /// The file's positional inputs, in declaration order.
  std::vector<WisdomInput> Inputs;
  /// With --fix values: the name the whole space's tuner has, so that the
  /// sub-space's results join the whole space's key; else empty.
  std::string SpaceIdentity;
};

/// The positional inputs of an analysed file (`#atf::var<T>::N $k`), in
/// declaration order, with their declared types.
std::vector<WisdomInput> positionalInputsOf(const FrontendResult &File);

/// Checks File, builds its tuner (cached) into Output and writes the
/// blanked source there; nullopt after printing why not.
std::optional<PreparedTuner> prepareTuner(const std::string &File, const EmitOptions &Emit,
                                          const std::string &Output);

} // namespace atfc

#endif
