//===- Language/ConstraintCode.h - Constraints written as code -*- C++ -*-===//
//
// The one generator of code from lowered constraints, with the one map of
// their operators. The analysis lowers a constraint to conjuncts (the
// frontend's ConstraintLowering): each is a relation shape of Language.def
// (divides, less_than, ...) and its operand, or a predicate. Two programs
// check them, and both are written here:
//
//   - the generated tuner (CodeGen/TunerEmitter.cpp), whose engine takes
//     each shape as its alias, in C++: `less_than(E)`;
//   - the selection header (Wisdom/SelectionConstraints.cpp), which checks
//     a tuned configuration at the program's own inputs, in C: integers on
//     sign and magnitude through one shared helper, as the engine decides
//     them (SearchSpace/Constraint.h), floating-point values with the
//     shape's operator.
//
// The lowering reads the same operator map back: `X < E` is less_than(E),
// `E < X` greater_than(E). It works on the lowered form only (shapes and
// text), so neither Clang nor LLVM: the selection header's library, which
// generated tuners link, uses it. The text it is given is already checked
// (the selection header pastes only C it parsed and wrote again).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_LANGUAGE_CONSTRAINTCODE_H
#define ATFC_LANGUAGE_CONSTRAINTCODE_H

#include <optional>
#include <string>
#include <string_view>

namespace atfc {

/// What a conjunct of a constraint is: one of the relation shapes of
/// Language.def (the engine's RelationShape, in the same order), or a filter.
enum class ConjunctShape {
#define ATF_RELATION_SHAPE(Shape, Alias, Meaning) Shape,
#include "Language/Language.def"
  Predicate, ///< anything else: a filter
};

/// The canonical alias of a shape ("divides", "less_than", ...), as the
/// engine and the check prelude spell it; "predicate" for a filter.
std::string_view conjunctShapeName(ConjunctShape Shape);

/// The relation shape whose canonical alias is Alias, if it is one.
std::optional<ConjunctShape> relationShapeOf(std::string_view Alias);

/// The C and C++ comparison operator of a shape ("<" for less_than); empty
/// for divides, multiple_of and a predicate.
std::string_view comparisonOperator(ConjunctShape Shape);

/// The shape of `X Operator E`, X the constrained value; of `E Operator X`
/// when Mirrored. None when Operator is no comparison of the map.
std::optional<ConjunctShape> comparisonShape(std::string_view Operator, bool Mirrored);

/// C++ for the tuner's engine: the alias of relation Shape applied to
/// Operand (`less_than(Operand)`).
std::string relationCall(ConjunctShape Shape, std::string_view Operand);

/// C: the helper that relationInC's integer relations call,
/// `atfc_select_holds_`, and `atfc_select_zero_` for a division by zero,
/// under their own include guard, so that several headers may hold them.
std::string relationHelperInC();

/// C: whether V stands in relation Shape to E (both C expressions, fully
/// parenthesised or names); integers through relationHelperInC's helper,
/// floating-point values (Floating) with the shape's operator. None for a
/// divisibility of floating-point values, which C cannot say as the
/// engine means it.
std::optional<std::string> relationInC(ConjunctShape Shape, const std::string &V,
                                       const std::string &E, bool Floating);

} // namespace atfc

#endif // ATFC_LANGUAGE_CONSTRAINTCODE_H
