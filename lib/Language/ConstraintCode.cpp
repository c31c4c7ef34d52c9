//===- Language/ConstraintCode.cpp - Constraints written as code ----------===//
#include "Language/ConstraintCode.h"

#include <iterator>

namespace atfc {

namespace {

/// The canonical aliases, in Language.def's order: a shape's alias is
/// kAliases[Shape], and its code in relationHelperInC's helper is Shape.
constexpr std::string_view kAliases[] = {
#define ATF_RELATION_SHAPE(Shape, Alias, Meaning) #Alias,
#include "Language/Language.def"
};

/// The one operator map: each comparison shape, its operator in C and C++,
/// and the shape that `E op X` (the operands swapped) reads as.
struct Comparison {
  ConjunctShape Shape;
  std::string_view Operator;
  ConjunctShape Mirrored;
};
constexpr Comparison kComparisons[] = {
    {ConjunctShape::LessThan, "<", ConjunctShape::GreaterThan},
    {ConjunctShape::LessThanOrEq, "<=", ConjunctShape::GreaterThanOrEq},
    {ConjunctShape::GreaterThan, ">", ConjunctShape::LessThan},
    {ConjunctShape::GreaterThanOrEq, ">=", ConjunctShape::LessThanOrEq},
    {ConjunctShape::Equal, "==", ConjunctShape::Equal},
    {ConjunctShape::Unequal, "!=", ConjunctShape::Unequal},
};

std::string code(ConjunctShape Shape) { return std::to_string(static_cast<int>(Shape)); }

/// The sign and magnitude of integer X as the helper's two arguments.
std::string signAndMagnitude(const std::string &X) {
  return X + " < " + X + " * 0, (" + X + " < " + X + " * 0 ? 0ULL - (unsigned long long)" + X +
         " : (unsigned long long)" + X + ")";
}

} // namespace

std::string_view conjunctShapeName(ConjunctShape Shape) {
  const auto Index = static_cast<std::size_t>(Shape);
  return Index < std::size(kAliases) ? kAliases[Index] : "predicate";
}

std::optional<ConjunctShape> relationShapeOf(std::string_view Alias) {
  for (std::size_t I = 0; I < std::size(kAliases); ++I)
    if (kAliases[I] == Alias)
      return static_cast<ConjunctShape>(I);
  return std::nullopt;
}

std::string_view comparisonOperator(ConjunctShape Shape) {
  for (const Comparison &C : kComparisons)
    if (C.Shape == Shape)
      return C.Operator;
  return {};
}

std::optional<ConjunctShape> comparisonShape(std::string_view Operator, bool Mirrored) {
  for (const Comparison &C : kComparisons)
    if (C.Operator == Operator)
      return Mirrored ? C.Mirrored : C.Shape;
  return std::nullopt;
}

std::string relationCall(ConjunctShape Shape, std::string_view Operand) {
  return std::string(conjunctShapeName(Shape)) + "(" + std::string(Operand) + ")";
}

std::string relationHelperInC() {
  return "#ifndef ATFC_SELECT_HOLDS_DEFINED\n#define ATFC_SELECT_HOLDS_DEFINED\n"
         "/* Whether integer v stands in relation `shape` to integer e, each given\n"
         " * as sign and magnitude: divisibility on magnitudes, comparisons\n"
         " * without wrapping, as atfc's tuner decides them. Every selection\n"
         " * header has it. */\n"
         "static inline int atfc_select_holds_(int shape, int v_negative, unsigned long long v,\n"
         "                                     int e_negative, unsigned long long e) {\n"
         "  int order = v_negative != e_negative ? (v_negative ? -1 : 1)\n"
         "              : v == e ? 0 : ((v < e) != (v_negative != 0) ? -1 : 1);\n"
         "  switch (shape) {\n"
         "  case " +
         code(ConjunctShape::Divides) +
         ": return v != 0 && e % v == 0; /* divides */\n"
         "  case " +
         code(ConjunctShape::MultipleOf) +
         ": return e == 0 ? v == 0 : v % e == 0; /* multiple_of */\n"
         "  case " +
         code(ConjunctShape::LessThan) + ": return order < 0;\n  case " +
         code(ConjunctShape::LessThanOrEq) + ": return order <= 0;\n  case " +
         code(ConjunctShape::GreaterThan) + ": return order > 0;\n  case " +
         code(ConjunctShape::GreaterThanOrEq) + ": return order >= 0;\n  case " +
         code(ConjunctShape::Equal) +
         ": return order == 0;\n  default: return order != 0;\n  }\n}\n\n"
         "/* What an integer division by zero gives: 0, and *zero = 1 (the\n"
         " * configuration does not fit). */\n"
         "static inline int atfc_select_zero_(int *zero) {\n  *zero = 1;\n  return 0;\n}\n"
         "#endif\n\n";
}

std::optional<std::string> relationInC(ConjunctShape Shape, const std::string &V,
                                       const std::string &E, bool Floating) {
  if (!Floating)
    return "atfc_select_holds_(" + code(Shape) + ", " + signAndMagnitude(V) + ", " +
           signAndMagnitude(E) + ")";
  const std::string_view Operator = comparisonOperator(Shape);
  if (Operator.empty())
    return std::nullopt;
  return "(" + V + " " + std::string(Operator) + " " + E + ")";
}

} // namespace atfc
