//===- Frontend/SyntheticUnit.h - The C++ unit that is analysed -*- C++ -*-===//
//
// The semantic analysis checks a file's expressions by handing Clang one
// synthetic C++ translation unit: a prelude that declares the directive
// language (namespace atf: interval, set, pow2, the constraint aliases, the
// device limits), then every input, range, type, constraint, size and kernel
// input of the file in a declaration that gives it its meaning:
//
//   inputs        `extern const T N;` in file order, and for a constant
//                 `inline const T atf_input_value_I = VALUE;` (an input may
//                 name the inputs before it); declaring N apart from its
//                 value keeps N usable when the value has an error;
//   ranges        `inline const auto atf_range_I = RANGE;` after the inputs,
//                 where only inputs are visible, with the parameter's type
//                 inferred from it (`using atf_type_I = ...`);
//   constraints   `auto &&atf_value = CONSTRAINT;` in a function whose
//                 parameters are all inputs and all tuning parameters, so
//                 that the parameter's own name is the candidate;
//   sizes, kernel inputs   the same, one function each;
//   plain arguments        (the seed, timeout, counts, device numbers,
//                 tolerances, reference values: what the tuner evaluates
//                 once in its main(), where only the inputs are known) in a
//                 function of the inputs, inside exactly the conversion the
//                 tuner wraps them in (plainArguments(), which the emitter
//                 uses too), so that `repetitions 3 foo` fails here and not
//                 in the tuner's build;
//   derived objectives     (`objective "gflops" max = EXPR`) in a function
//                 of the inputs, the parameters and `const double time`, the
//                 measured time, inside the conversion to double that the
//                 tuner's Derive function wraps them in.
//
// Each user expression is copied verbatim (a set's outer braces become
// parentheses, so that `{1, 2}` reads as `atf::set(1, 2)`) behind a `#line`
// directive and padding that put its first character at its line and column
// in the user's file; where the expression spans physical lines (a `\`
// continuation) a new `#line` starts each of them. Clang's own locations thus
// point at the user's file, and the unit also keeps an exact map from each
// copied byte back to the expression character it came from, which is what
// diagnostics are mapped with (it stays exact where padding cannot: in a
// quoted argument whose escapes were decoded).
//
// Standard headers cost parse time, so beyond <cstddef>, <cstdint> and
// <type_traits> one is included only when a name in the expressions needs
// it: <string> for a string literal, <cmath> for sqrt, <algorithm> for
// std::max, and so on.
//
// Status constants (`constexpr int atf_status = atf_detail::..._status<...>()`)
// record what the prelude's type traits think of each expression (an empty
// range, a lambda that cannot take the candidate, ...); the AST walk reads
// them, so that no check needs a static_assert that would fail inside the
// prelude.
//
// Tested through LanguageTableTest.cpp and SpecAnalysisTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_FRONTEND_SYNTHETICUNIT_H
#define ATFC_FRONTEND_SYNTHETICUNIT_H

#include "Language/TuningSpec.h"

#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace atfc {

/// What a user expression is in the synthetic unit.
enum class ExpressionRole {
  InputType,        ///< the T of `var<T>`
  InputValue,       ///< the initializer of a constant input
  ParameterType,    ///< the `type` clause of a tuning parameter
  Range,            ///< the `range` clause
  Constraint,       ///< the `constraint` clause
  Size,             ///< a dimension of global_size/local_size/grid_dim/block_dim, shared_memory
  KernelInput,      ///< `scalar<T>(E)`, `buffer<T>(E)` or `local<T>(E)`
  PlainArgument,    ///< an argument the tuner converts once (plainArguments())
  DerivedObjective, ///< the EXPR of `objective "NAME" max = EXPR`
};

/// Which device size a Size expression belongs to.
enum class SizeKind { GlobalSize, LocalSize, GridDim, BlockDim, SharedMemory };

/// One user expression placed in the unit.
struct PlacedExpression {
  /// What it is.
  ExpressionRole Role = ExpressionRole::Constraint;
  /// The input (InputType, InputValue), parameter (ParameterType, Range,
  /// Constraint), size dimension, kernel input or objective it belongs to:
  /// an index into the TuningSpec's vector of those.
  std::size_t Owner = 0;
  /// Size only: which size, and the dimension (0-based).
  SizeKind Size = SizeKind::GlobalSize;
  unsigned Dimension = 0;
  /// The expression as the user wrote it.
  const SourceExpr *Expr = nullptr;
  /// The unit's bytes of the declaration that holds the expression (its
  /// wrapper included), [WrapperBegin, WrapperEnd): an error there that is
  /// not in the user's own characters is attributed to this expression.
  unsigned WrapperBegin = 0;
  unsigned WrapperEnd = 0;
  /// The top-level declaration that holds it: the variable whose initializer
  /// it is (input values, ranges), the alias whose type it is (types) or the
  /// function whose `atf_value` it initializes (constraints, sizes, kernel
  /// inputs).
  std::string HolderName;
  /// Where the declaration of the variable it initializes begins in the
  /// unit: Clang reports a failed initialization (a value that does not
  /// convert to the input's type, a void constraint) between there and the
  /// expression. NoOffset for types.
  unsigned DeclarationBegin = NoOffset;
  static constexpr unsigned NoOffset = ~0u;
};

/// A run of unit bytes copied from one expression.
struct CopiedRun {
  /// Where the run starts in the unit.
  unsigned UnitOffset = 0;
  /// Its length in bytes.
  unsigned Length = 0;
  /// The expression it came from (an index into SyntheticUnit::Expressions).
  unsigned Expression = 0;
  /// The index in the expression's Text of the run's first byte.
  std::size_t TextIndex = 0;
};

/// Where a unit byte came from in the user's expressions.
struct UserCharacter {
  /// The expression (an index into SyntheticUnit::Expressions).
  unsigned Expression = 0;
  /// The index into its Text.
  std::size_t TextIndex = 0;
};

/// The synthetic translation unit of one file, and its map back to the file.
struct SyntheticUnit {
  /// The unit's C++ text.
  std::string Text;
  /// The name the unit is parsed under (not the user's file).
  std::string UnitName;
  /// The user's file, as named in the `#line` directives.
  std::string FileName;
  /// Bytes [0, PreludeEnd) are the prelude.
  unsigned PreludeEnd = 0;
  /// The user expressions, in the order they appear in the unit.
  std::vector<PlacedExpression> Expressions;
  /// The copied runs, by UnitOffset.
  std::vector<CopiedRun> Runs;
  /// The check functions of constraints, sizes and kernel inputs take the
  /// NumInputs inputs first, then the NumParameters tuning parameters, each
  /// in file order and under its own name.
  std::size_t NumInputs = 0;
  std::size_t NumParameters = 0;

  /// The user character that unit byte Offset is a copy of; none for the
  /// prelude and the wrappers.
  std::optional<UserCharacter> userCharacterAt(unsigned Offset) const;
  /// The expression whose wrapper contains unit byte Offset; none outside
  /// every wrapper.
  std::optional<unsigned> expressionAt(unsigned Offset) const;
};

/// An argument that the tuner evaluates once, before it opens the device,
/// where only the inputs are known, and how it converts it: the tuner's
/// text is Before + the user's expression + After.
struct PlainArgument {
  const SourceExpr *Expr = nullptr;
  /// The directive or clause, for messages ("repetitions").
  std::string What;
  std::string Before, After;
  /// A reference value's parameter; empty for the others.
  std::string Parameter;
};

/// The plain arguments of Spec, in one order for the emitter and the unit.
/// A reference value converts to its parameter's type, which
/// ParameterType(P) spells (the unit's alias, the tuner's type name).
std::vector<PlainArgument>
plainArguments(const TuningSpec &Spec,
               const std::function<std::string(std::size_t)> &ParameterType);

/// Builds the synthetic unit of Spec, with `#line` directives naming
/// FileName. The spec must outlive the unit (expressions are pointed to).
SyntheticUnit buildSyntheticUnit(const TuningSpec &Spec, llvm::StringRef FileName);

/// The C++ text of the prelude, after the standard headers.
llvm::StringRef syntheticPrelude();

/// The type an untyped positional input (`var::M $1`) has.
inline constexpr llvm::StringLiteral UntypedPositionalInputType = "std::int64_t";

/// The verdicts of the prelude's type traits, as stored in the unit's status
/// constants. Each enum must match its `*_status_code` enum in the prelude
/// (SyntheticPrelude.cpp); SpecAnalysisTest has a test per value.
namespace status {
enum Range : int {
  RangeOk,
  RangeEmpty,
  RangeNoCommonType,
  RangeValueNotConvertible,
  RangeBoundNotConvertible,
  RangeNotNumeric,
  RangeGeneratorNotCallable,
  RangeNotARange
};
enum Constraint : int {
  ConstraintOk,
  ConstraintNotCondition,
  ConstraintNotCallable,
  ConstraintResultNotCondition,
  /// Plus the alias (ConjunctShape, Divides = 0 ... Unequal = 7) that does
  /// not apply to the parameter's type.
  ConstraintRelationBase = 100
};
enum Size : int { SizeOk, SizeNotInteger };
enum KernelInput : int {
  InputOk,
  InputScalarNeedsType,
  InputScalarArguments,
  InputScalarNotConvertible,
  InputBufferNeedsType,
  InputBufferArguments,
  InputBufferSizeNotInteger,
  InputLocalNeedsType,
  InputLocalArguments,
  InputLocalCountNotInteger,
  InputNotAnInput
};
} // namespace status

/// Names of the synthetic declarations, shared by the unit's writer and its
/// AST walk. I is the index of the input or parameter they belong to.
namespace synthetic {
std::string inputTypeAlias(std::size_t I);      ///< the input's type, cv removed
std::string inputValueVariable(std::size_t I);  ///< a constant input's value
std::string rangeVariable(std::size_t I);       ///< the range object
std::string rangeValueAlias(std::size_t I);     ///< the range's value type
std::string rangeStatusVariable(std::size_t I); ///< the range's status
std::string setCulpritVariable(std::size_t I);  ///< a set's value at fault
std::string parameterTypeAlias(std::size_t I);  ///< the parameter's type
std::string constraintFunction(std::size_t I);  ///< the constraint's check
std::string sizeFunction(std::size_t I);        ///< the I-th size dimension's check
std::string kernelInputFunction(std::size_t I); ///< the I-th kernel input's check
std::string plainFunction(std::size_t I);       ///< the I-th plain argument's check
std::string derivedFunction(std::size_t I);     ///< the I-th objective's, if derived
/// The variable a check function initializes with the user's expression.
inline constexpr llvm::StringLiteral ValueVariable = "atf_value";
/// The constexpr int a check function sets to the prelude's verdict.
inline constexpr llvm::StringLiteral StatusVariable = "atf_status";
} // namespace synthetic

} // namespace atfc

#endif // ATFC_FRONTEND_SYNTHETICUNIT_H
