//===- Driver/TunerPipeline.h - File to running tuner -----------*- C++ -*-===//
//
// The steps every subcommand that runs a tuner shares: read and analyse the
// file (reporting diagnostics like a compiler to the tool's sink), emit its
// tuner, and build it (or find it in the cache); running it is
// TunerProcess.h. The tool gives the sink and the stream for a compiler's
// own log: these functions print nothing themselves.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DRIVER_TUNERPIPELINE_H
#define ATFC_DRIVER_TUNERPIPELINE_H

#include "CodeGen/TunerEmitter.h"
#include "Frontend/Frontend.h"
#include "Support/Diagnostic.h"
#include "System/OutputDirectory.h"
#include "Wisdom/Wisdom.h"

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace atfc {

/// The largest annotated file atfc reads (64 MiB): Clang's analysis of a
/// larger one would not end in reasonable time or memory anyway.
inline constexpr std::uint64_t kMaxSourceFileBytes = std::uint64_t(64) << 20;

/// Reads File (a regular file of at most kMaxSourceFileBytes: a FIFO, a
/// device or a directory is refused unread) and runs the frontend on it,
/// reporting its diagnostics to Diags; nullopt when the file cannot be read
/// or has errors.
std::optional<FrontendResult> analyzeFile(const std::string &File, DiagnosticSink &Diags);

/// The tuner program of an analysed file, reporting every diagnostic on
/// the way to Diags; nullopt when there is none. Options as in emitTuner.
std::optional<std::string> emitTunerProgram(const FrontendResult &File, DiagnosticSink &Diags,
                                            const EmitOptions &Options = {});

/// Emits and builds the tuner of an analysed file into CacheDir; the
/// binary's path, or nullopt after reporting why not (a compiler's own
/// lines go to Log).
std::optional<std::string> buildTunerOf(const FrontendResult &File, const EmitOptions &Options,
                                        const std::string &CacheDir, DiagnosticSink &Diags,
                                        std::ostream &Log);

/// Analyses, emits and builds the tuner of File into File.atf/.
std::optional<std::string> buildTunerOf(const std::string &File, DiagnosticSink &Diags,
                                        std::ostream &Log, const EmitOptions &Options = {});

/// A built tuner and the file with its directives blanked, which the
/// tuner's measurers read (--blanked).
struct PreparedTuner {
  std::string Binary;
  std::string BlankedSource;
  /// The hash of the files its results depend on besides the source
  /// (MeasuredFiles.h); part of the results key.
  std::string InputsKey;
  /// Those files, absolute, and the environment variables, by name
  /// (MeasuredFiles.h).
  std::vector<std::string> DependedFiles;
  std::vector<std::string> Variables;
  /// The file's positional inputs, in declaration order.
  std::vector<WisdomInput> Inputs;
  /// The name the tuner of the whole space has without how it searches
  /// (EmitOptions::WithoutSearch): the results key's, so that a --fix
  /// sub-space's results join the whole space's, and an edited technique,
  /// abort condition or seed keeps the key.
  std::string SpaceIdentity;
  /// The constraints of its tuning parameters, for the selection header.
  std::vector<WisdomConstraint> Constraints;
};

/// The positional inputs of an analysed file (`#atf::var<T>::N $k`), in
/// declaration order, with their declared types.
std::vector<WisdomInput> positionalInputsOf(const FrontendResult &File);

/// The constraints of an analysed file's tuning parameters as the analysis
/// lowered them (each parameter's type, its conjuncts' aliases and
/// operands), which the selection header checks at a program's inputs
/// (Wisdom/SelectionConstraints.h).
std::vector<WisdomConstraint> parameterConstraintsOf(const FrontendResult &File);

/// The exit status of a command whose tuner could not be built or prepared:
/// 128 + the signal that interrupted the build (as a signal's death would
/// have been), else 1.
int failedBuildStatus();

/// Opens (creating) Output as File's output directory: an error when it is
/// not the user's, is open to others or holds File itself.
Expected<OutputDirectory> openOutputDirectory(const std::string &File, const std::string &Output);

/// Builds the tuner of the analysed file (cached) into Output and writes
/// the blanked source there; nullopt after reporting why not (as
/// buildTunerOf).
std::optional<PreparedTuner> prepareTuner(const FrontendResult &Analyzed, const EmitOptions &Emit,
                                          const std::string &Output, DiagnosticSink &Diags,
                                          std::ostream &Log);

} // namespace atfc

#endif
