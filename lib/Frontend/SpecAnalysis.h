//===- Frontend/SpecAnalysis.h - Semantic analysis of a spec --*- C++ -*-===//
//
// The third stage of the directive frontend: checks the C++ expressions of
// a TuningSpec with Clang and finds what code generation needs to know.
//
//   - Type checking: every input, range, type, constraint, device size and
//     kernel input is compiled, in one Clang parse per file, as part of a
//     synthetic unit (SyntheticUnit.h); every error is reported at the
//     user's file:line:col.
//   - Names: which inputs and tuning parameters each range and constraint
//     names, read from Clang's AST; and where each device limit is named
//     (however spelled), which the tuner reads from the run's limits there.
//   - Groups and order: parameters connected by constraints form a group;
//     inside it, a parameter is generated after those its constraint names.
//     A cycle is an error; an input nothing uses is a warning.
//   - Lowering: each constraint is split at its top-level `&&` into
//     conjuncts, each an alias the search-space engine turns into a loop
//     (divides, multiple_of, bounds, equal, unequal) or a predicate.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_FRONTEND_SPECANALYSIS_H
#define ATFC_FRONTEND_SPECANALYSIS_H

#include "Language/ConstraintCode.h"
#include "Language/TuningSpec.h"
#include "Support/Diagnostic.h"

#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <string>
#include <vector>

namespace atfc {

/// The inputs, parameters and device limits an expression names.
struct NameReferences {
  /// Indices into TuningSpec::Inputs, ascending, each once.
  std::vector<std::size_t> Inputs;
  /// Indices into TuningSpec::Parameters, ascending, each once.
  std::vector<std::size_t> Parameters;
  /// Device limits such as "ocl::max_wg_size" (namespace as declared, without
  /// `atf::`; `opencl::` reads as `ocl::`), sorted, each once.
  std::vector<std::string> DeviceLimits;
};

/// What a Predicate conjunct is, as C++.
enum class PredicateForm {
  /// A boolean expression in which the parameter's name is the candidate,
  /// e.g. `NUM_WG == 1 || NUM_WG % L == 0`.
  Condition,
  /// A lambda (or other callable) that takes the candidate.
  Callable,
  /// Aliases or lambdas combined with `||` or `!`, e.g. `!divides(N)`: a
  /// constraint object of the search-space engine.
  ConstraintObject,
};

/// One conjunct of a constraint's top-level `&&` chain.
struct ConstraintConjunct {
  /// What the search-space engine can make of it.
  ConjunctShape Shape = ConjunctShape::Predicate;
  /// A relation: its operand E, exactly as the user wrote it (`N / WPT` of
  /// `divides(N / WPT)`, `LMEM` of `X <= LMEM`, `N` of `N % X == 0`). A
  /// predicate: the whole conjunct (outer parentheses dropped).
  SourceExpr Expr;
  /// Predicate only: what kind of C++ it is.
  PredicateForm Form = PredicateForm::Condition;
  /// The inputs, parameters and device limits Expr names (a predicate may
  /// name the constrained parameter itself, as the candidate; a relation's E
  /// never does).
  NameReferences Names;
};

/// What the analysis found about one input.
struct AnalyzedInput {
  /// Its C++ type: the `T` of `var<T>` as written; else the type of its value
  /// as Clang sees it (`int`, `double`, `std::string`, ...), or
  /// UntypedPositionalInputType (SyntheticUnit.h) for `var::M $1`.
  std::string TypeName;
  /// The inputs its value names (constants only).
  NameReferences ValueNames;
  /// Whether anything names it: a value, range, constraint, size, kernel
  /// input, another directive's argument or a script.
  bool Used = false;
};

/// What the analysis found about one tuning parameter.
struct AnalyzedParameter {
  /// Its C++ type: the `type` clause as written, else the range's value
  /// type as Clang sees it (`unsigned long` for interval<size_t>, the
  /// common type of a set's values, `std::string` for string literals).
  std::string TypeName;
  /// The inputs its range names (a range may not name parameters).
  NameReferences RangeNames;
  /// The inputs, parameters and device limits its constraint names, the
  /// parameter itself left out.
  NameReferences ConstraintNames;
  /// The conjuncts of its constraint, left to right; empty without one.
  std::vector<ConstraintConjunct> Conjuncts;
  /// The group it belongs to (an index into AnalyzedSpec::Groups).
  std::size_t Group = 0;
  /// Whether its range is an interval of integers without a generator: only
  /// there do bounds cut the loop and the first divides (else multiple_of,
  /// else equal) drive it; anywhere else every conjunct is a filter.
  bool RangeLoops = false;
};

/// A group of interdependent parameters.
struct ParameterGroup {
  /// Indices into TuningSpec::Parameters, in generation order: each after
  /// the parameters its constraint names, ties broken by declaration order.
  std::vector<std::size_t> Parameters;
};

/// A place where the user's text names a device limit (`atf::ocl::max_wg_size`,
/// `ocl::max_wg_size` under the prelude's `using namespace atf`,
/// `max_wg_size` under a `using namespace atf::ocl` of the user's, ...). The
/// tuner reads the limit from the run's DeviceLimits there instead:
/// TunerEmitter rewrites the characters wherever it copies them.
struct DeviceLimitReference {
  /// The limit, e.g. "ocl::max_wg_size".
  std::string Limit;
  /// Where the reference's first character is in the file, and how many
  /// characters of its expression's text it spans (qualifiers included).
  SourcePosition Begin;
  std::size_t Length = 0;
};

/// A lambda of the user's text that reads a device limit but has no capture
/// default: in the tuner it captures the run's limits.
struct DeviceLimitCapture {
  /// Where the `]` of its introducer is in the file.
  SourcePosition Bracket;
  /// Whether it captures something already (`[N]`).
  bool AfterOthers = false;
};

/// The result of analysing a spec.
struct AnalyzedSpec {
  /// One per TuningSpec::Inputs entry, in the same order.
  std::vector<AnalyzedInput> Inputs;
  /// One per TuningSpec::Parameters entry, in the same order.
  std::vector<AnalyzedParameter> Parameters;
  /// The groups, ordered by their first-declared parameter.
  std::vector<ParameterGroup> Groups;
  /// Every reference to a device limit in a range, constraint or launch
  /// size, and the lambdas around them that must capture the limits, in
  /// file order.
  std::vector<DeviceLimitReference> DeviceLimitReferences;
  std::vector<DeviceLimitCapture> DeviceLimitCaptures;
  /// Errors (for Clang's: Clang's message) and warnings, at positions in
  /// the user's file, ordered by position.
  std::vector<Diagnostic> Diagnostics;

  /// Whether any diagnostic is an error. With errors, names, groups and
  /// conjuncts are what could be found, and types may be wrong.
  bool hasErrors() const;
};

/// Analyses Spec, the spec of the file FileName (as it should appear in
/// diagnostics), with one Clang parse. Spec should come from a parse
/// without errors.
AnalyzedSpec analyzeSpec(const TuningSpec &Spec, llvm::StringRef FileName);

} // namespace atfc

#endif // ATFC_FRONTEND_SPECANALYSIS_H
