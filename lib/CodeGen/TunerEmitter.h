//===- CodeGen/TunerEmitter.h - Writing the tuner program ----*- C++ -*-===//
//
// Code generation: turns an analysed file into the C++ source of its tuner.
// The program is small on purpose: the inputs as typed constants, one
// atfc::group per parameter group in generation order, each constraint
// conjunct as the engine alias it was lowered to (or a predicate), and a
// call into the runtime (runtime/TunerMain.h). Everything else lives in
// compiled libraries.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_CODEGEN_TUNEREMITTER_H
#define ATFC_CODEGEN_TUNEREMITTER_H

#include "Frontend/Frontend.h"

#include <string>
#include <vector>

namespace atfc {

/// The tuner's source, or why there is none.
struct EmittedTuner {
  /// The C++ program (empty when Errors is not).
  std::string Source;
  /// What stops code generation, at the user's positions.
  std::vector<Diagnostic> Errors;
};

/// A parameter pinned to one value (`atfc tune --fix NAME=VALUE`).
struct FixedParameter {
  /// The parameter's name.
  std::string Name;
  /// The value, as a C++ expression of the parameter's type.
  std::string Value;
};

/// Changes to what the file's directives say.
struct EmitOptions {
  /// Parameters restricted to one value: their constraint gets a conjunct
  /// `equal(VALUE)`, so the space keeps only configurations with that value.
  std::vector<FixedParameter> Fixed;
  /// Leaves out how to search (technique, abort condition, seed), which
  /// says nothing about what a measurement means: the program whose name
  /// keys the results (Driver/TunerPipeline.h).
  bool WithoutSearch = false;
};

/// Emits the tuner of a file that the frontend accepted without errors.
EmittedTuner emitTuner(const FrontendResult &File, const EmitOptions &Options = {});

} // namespace atfc

#endif
