//===- Frontend/UnitASTReader.h - Facts from the unit's AST ---*- C++ -*-===//
//
// Reads what the semantic analysis needs from the AST of a parsed synthetic
// unit (SyntheticUnit.h), per user expression: the inputs, parameters and
// device limits it names (DeclRefExprs, found with a RecursiveASTVisitor;
// for a device limit also the extent of its name and the lambdas around it
// that capture nothing by default, which the tuner's rewrite needs),
// the alias calls in it, the prelude's verdict on it (its status constant),
// the C++ types involved, and for constraints the lowering into conjuncts
// (ConstraintLowering.h). All positions are byte offsets in the unit; the
// caller maps them back to the user's file.
//
// Tested through SpecAnalysisTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_FRONTEND_UNITASTREADER_H
#define ATFC_FRONTEND_UNITASTREADER_H

#include "Frontend/ConstantInterval.h"
#include "Frontend/SpecAnalysis.h"
#include "Frontend/SyntheticUnit.h"
#include "Language/TuningSpec.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Frontend/ASTUnit.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace atfc {

/// What a name in an expression refers to.
enum class SymbolKind { Input, Parameter, DeviceLimit };

/// One name an expression uses.
struct SymbolUse {
  SymbolKind Kind = SymbolKind::Input;
  /// Input or parameter: its index in the spec.
  std::size_t Index = 0;
  /// Device limit: e.g. "ocl::max_wg_size".
  std::string DeviceLimit;
  /// Where the name (with its qualifier, if any) starts in the unit.
  unsigned Offset = 0;
  /// Device limit: just past its name in the unit (0 when unknown), and
  /// what keeps the tuner from reading it where it is written: the macro
  /// whose expansion holds it, or a using-declaration that names it.
  unsigned End = 0;
  std::string Macro;
  bool InUsingDeclaration = false;
};

/// A lambda around a device limit's use that has no capture default.
struct LambdaIntroducer {
  /// Its `]` in the unit.
  unsigned Bracket = 0;
  /// Whether it has explicit captures.
  bool HasCaptures = false;
};

/// A call of a constraint alias (`divides(E)`, ...), at any depth.
struct AliasCall {
  /// Which alias.
  ConjunctShape Shape = ConjunctShape::Divides;
  /// The call's first character in the unit.
  unsigned Offset = 0;
  /// Its argument, [ArgumentBegin, ArgumentEnd) in the unit.
  unsigned ArgumentBegin = 0;
  unsigned ArgumentEnd = 0;
  /// The argument's C++ type.
  std::string ArgumentType;
};

/// One conjunct of a constraint, in unit offsets.
struct UnitConjunct {
  ConjunctShape Shape = ConjunctShape::Predicate;
  PredicateForm Form = PredicateForm::Condition;
  /// E of a relation, or the whole predicate: [Begin, End) in the unit.
  unsigned Begin = 0;
  unsigned End = 0;
  /// A Condition that is a number or a pointer, not a bool (`42`, `X`):
  /// its type, and whether it is a constant; empty for others.
  std::string NumberType;
  bool Constant = false;
};

/// What a check's value is, as C++.
enum class ValueKind { Other, Lambda, ConstraintObject };

/// The facts of one placed expression.
struct ExpressionFacts {
  /// The names it uses, in the order met.
  std::vector<SymbolUse> Uses;
  /// The alias calls in it (constraints).
  std::vector<AliasCall> AliasCalls;
  /// The lambdas without a capture default around its device limits.
  std::vector<LambdaIntroducer> LimitLambdas;
  /// The prelude's verdict (the status constant); none when Clang could not
  /// evaluate it, e.g. after an error in the expression.
  std::optional<int> Status;
  /// Constraints, sizes, kernel inputs: the type of the expression's value.
  std::string ValueType;
  /// Constraints: whether the value is a lambda or a constraint object.
  ValueKind Kind = ValueKind::Other;
  /// Whether Clang marked the expression as containing errors.
  bool ContainsErrors = false;
  /// Constraints without errors: the top-level conjuncts.
  std::vector<UnitConjunct> Conjuncts;
  /// Constraints: the operators that convert a signed integer into an
  /// unsigned one (SignMixing.h), by unit offset.
  struct SignMixingAt {
    unsigned Offset = 0;
    bool Negative = false;
    std::string Message;
  };
  std::vector<SignMixingAt> SignMixings;
  /// The calls that may have side effects (ImpureCalls.h): the callee's
  /// unit offset and name.
  struct CallAt {
    unsigned Offset = 0;
    std::string Name;
  };
  std::vector<CallAt> ImpureCalls;
  /// Range only: an interval of integers without a generator, whose
  /// bounds, divisors and steps the search-space engine turns into loops.
  bool LoopsOverIntegers = false;
  /// Range only: what is wrong with an interval whose bounds or step are
  /// constants (ConstantInterval.h), where (the unit offset of the step or
  /// bound at fault; none: the interval), and why.
  IntervalProblem ConstantProblem = IntervalProblem::None;
  std::optional<unsigned> ConstantProblemOffset;
  std::string ConstantProblemDetail;
  /// Range: the first constant value of a set that the parameter's type
  /// cannot hold as it is (ConstantInterval.h's constantValueProblem);
  /// input value: a constant that the input's type cannot hold. Where it
  /// starts in the unit, and why.
  std::optional<unsigned> InexactValueOffset;
  std::string InexactValueDetail;
  /// Kernel input only: the count of a `local<T>(count)` whose count is a
  /// constant.
  std::optional<long double> ConstantLocalCount;
  /// Plain argument only: its value where it is a constant (a timeout's
  /// number, whatever its unit), before the tuner's conversion.
  std::optional<long double> ConstantPlainValue;
  /// Plain argument only: why its constant would not keep its value in the
  /// type it is converted into (a reference value 1.5 of an int parameter,
  /// which the tuner took as 1): constantValueProblem's words.
  std::optional<std::string> PlainValueProblem;
};

/// The facts of a whole unit.
struct UnitFacts {
  /// One per SyntheticUnit::Expressions entry.
  std::vector<ExpressionFacts> Expressions;
  /// Per input: its type as Clang sees it (cv-qualifiers dropped).
  std::vector<std::string> InputTypes;
  /// Per parameter: its type, and its range's value type.
  std::vector<std::string> ParameterTypes;
  /// Per input and per parameter: why the tuner cannot hold values of its
  /// type (valueTypeProblem); empty where it can.
  std::vector<std::string> InputTypeProblems;
  std::vector<std::string> ParameterTypeProblems;
  std::vector<std::string> RangeValueTypes;
  /// Per parameter: the range's status (see the prelude's
  /// range_status_code); none when it could not be evaluated.
  std::vector<std::optional<int>> RangeStatuses;
  /// Per parameter whose range is a set with a value at fault (a value of
  /// no common type with the first, or one that does not convert to the
  /// parameter's type): where that value starts in the unit.
  std::vector<std::optional<unsigned>> RangeCulpritOffsets;
};

/// Reads the facts of Unit, the unit of Spec, from its parsed AST.
UnitFacts readUnitFacts(clang::ASTUnit &AST, const SyntheticUnit &Unit, const TuningSpec &Spec);

/// Why the tuner cannot hold values of type T, the type of a tuning
/// parameter or an input (Subject: "a tuning parameter", "an input"): its
/// values are stored as SearchSpace/Value.h's Value, which holds integers of
/// at most 64 bits, float, double and long double, bool and strings, and
/// they are kept in std::vectors, which refuse a const or volatile element
/// type. Empty for a type it can hold.
std::string valueTypeProblem(const clang::ASTContext &Context, clang::QualType T,
                             llvm::StringRef Subject);

/// Byte offsets in the unit of Clang's source locations.
class UnitOffsets {
public:
  UnitOffsets(const clang::ASTContext &Context) : Context(Context) {}

  /// The offset of Loc in the unit; none outside it.
  std::optional<unsigned> offsetOf(clang::SourceLocation Loc) const;
  /// The offset just past the token at Loc; none outside the unit.
  std::optional<unsigned> endOf(clang::SourceLocation Loc) const;
  const clang::ASTContext &context() const { return Context; }

private:
  const clang::ASTContext &Context;
};

/// The C++ type T as the user should read it: canonical, without
/// references and cv-qualifiers, and a std::basic_string<char> as
/// `std::string`.
std::string printType(const clang::ASTContext &Context, clang::QualType T);

} // namespace atfc

#endif // ATFC_FRONTEND_UNITASTREADER_H
