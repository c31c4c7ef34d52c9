//===- Frontend/Frontend.h - The directive frontend, end to end -*- C++ -*-===//
//
// Runs the frontend's stages on one annotated file: scan the directives,
// parse their clauses, analyse their expressions with Clang. Each stage's
// findings become Diagnostics at the user's file:line:col; a stage
// runs only when the one before it found no error, so that one mistake is
// not reported three times.
//
// Tested by test/atfc/check/saxpy-summary.test and the other tests there.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_FRONTEND_FRONTEND_H
#define ATFC_FRONTEND_FRONTEND_H

#include "Directives/DirectiveScanner.h"
#include "Frontend/SpecAnalysis.h"
#include "Language/TuningSpec.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace atfc {

/// Everything the frontend knows about one file.
struct FrontendResult {
  /// The file as named on the command line, and its contents.
  std::string FileName;
  std::string Source;
  /// The stages' results (later ones empty if an earlier one failed).
  DirectiveScan Scan;
  TuningSpec Spec;
  AnalyzedSpec Analysis;
  /// Findings of all stages, ordered by position.
  std::vector<Diagnostic> Diagnostics;

  bool hasErrors() const;
};

/// Runs the frontend on Source, the contents of FileName.
FrontendResult runFrontend(llvm::StringRef FileName, std::string Source);

/// Prints Result's diagnostics through Sink, which shows Result.Source's
/// line and a caret under each.
void reportDiagnostics(DiagnosticSink &Sink, const FrontendResult &Result);

/// What the search-space engine makes of a conjunct of a constraint.
enum class ConjunctRole {
  Loop,   ///< drives the loop: divisors, multiples or the one equal value
  Bound,  ///< cuts the loop's range
  Filter, ///< checked on each value the loop visits
};

/// The role of each of P's conjuncts, as the engine decides it.
std::vector<ConjunctRole> conjunctRoles(const AnalyzedParameter &P);

/// "loop  ", "bound " or "filter" (one width, for the summary's column).
llvm::StringRef conjunctRoleName(ConjunctRole Role);

/// Prints what `atfc check` reports about a file without errors: inputs,
/// parameters with types and ranges, groups in generation order, and each
/// constraint's conjuncts with the loop or filter they become.
void printSummary(llvm::raw_ostream &OS, const FrontendResult &Result);

} // namespace atfc

#endif
