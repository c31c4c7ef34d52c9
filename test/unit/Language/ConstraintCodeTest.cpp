//===- Language/ConstraintCodeTest.cpp - Constraints written as code -*- C++ -*-===//
//
// The one operator map and the code written from it: each relation shape's
// alias is Language.def's, each comparison's mirror reads the same relation
// from the other side, and the tuner's C++ and the selection header's C
// name the shapes the engine numbers them by. The C's meaning is checked by
// compiling it (test/unit/Wisdom/SelectionHeaderTest.cpp).
//
//===----------------------------------------------------------------------===//
#include "Language/ConstraintCode.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace atfc;

namespace {

std::vector<ConjunctShape> relationShapes() {
  return {
#define ATF_RELATION_SHAPE(Shape, Alias, Meaning) ConjunctShape::Shape,
#include "Language/Language.def"
  };
}

/// What `A Operator B` gives on integers.
bool compare(std::string_view Operator, int A, int B) {
  if (Operator == "<")
    return A < B;
  if (Operator == "<=")
    return A <= B;
  if (Operator == ">")
    return A > B;
  if (Operator == ">=")
    return A >= B;
  if (Operator == "==")
    return A == B;
  EXPECT_EQ(Operator, "!=");
  return A != B;
}

TEST(ConstraintCodeTest, ShapesAreNamedByTheirAliasesOfLanguageDef) {
  std::vector<std::string> Aliases = {
#define ATF_RELATION_SHAPE(Shape, Alias, Meaning) #Alias,
#include "Language/Language.def"
  };
  const std::vector<ConjunctShape> Shapes = relationShapes();
  ASSERT_EQ(Shapes.size(), Aliases.size());
  for (std::size_t I = 0; I < Shapes.size(); ++I) {
    EXPECT_EQ(conjunctShapeName(Shapes[I]), Aliases[I]);
    EXPECT_EQ(relationShapeOf(Aliases[I]), Shapes[I]) << Aliases[I];
  }
  EXPECT_EQ(conjunctShapeName(ConjunctShape::Predicate), "predicate");
  // Only the canonical aliases: `equals` is a spelling the user may write.
  EXPECT_EQ(relationShapeOf("equals"), std::nullopt);
  EXPECT_EQ(relationShapeOf("predicate"), std::nullopt);
  EXPECT_EQ(relationShapeOf("condition"), std::nullopt);
}

TEST(ConstraintCodeTest, EachComparisonAndItsMirrorMeanTheSame) {
  int Comparisons = 0;
  for (ConjunctShape Shape : relationShapes()) {
    const std::string_view Operator = comparisonOperator(Shape);
    if (Operator.empty()) {
      EXPECT_TRUE(Shape == ConjunctShape::Divides || Shape == ConjunctShape::MultipleOf);
      continue;
    }
    ++Comparisons;
    ASSERT_EQ(comparisonShape(Operator, false), Shape) << Operator;
    const std::optional<ConjunctShape> Mirrored = comparisonShape(Operator, true);
    ASSERT_TRUE(Mirrored) << Operator;
    // `E op X` is X mirrored-op E, for every pair of values.
    for (int X = -2; X <= 2; ++X)
      for (int E = -2; E <= 2; ++E)
        EXPECT_EQ(compare(Operator, E, X), compare(comparisonOperator(*Mirrored), X, E))
            << E << ' ' << Operator << ' ' << X;
  }
  EXPECT_EQ(Comparisons, 6);
  EXPECT_EQ(comparisonOperator(ConjunctShape::Predicate), "");
  for (const char *NoComparison : {"%", "<=>", "&&", "=", ""})
    EXPECT_EQ(comparisonShape(NoComparison, false), std::nullopt) << NoComparison;
}

TEST(ConstraintCodeTest, TheTunerCallsTheAliasOfTheShape) {
  EXPECT_EQ(relationCall(ConjunctShape::Divides, "(N)"), "divides((N))");
  EXPECT_EQ(relationCall(ConjunctShape::GreaterThanOrEq, "[&](const auto &p) { return 1; }"),
            "greater_than_or_eq([&](const auto &p) { return 1; })");
}

TEST(ConstraintCodeTest, TheSelectionHeaderChecksByTheEnginesNumbers) {
  const std::string Helper = relationHelperInC();
  // The helper's case of each shape is the shape's number, the engine's.
  for (ConjunctShape Shape : relationShapes()) {
    const std::string Case = "case " + std::to_string(static_cast<int>(Shape)) + ": ";
    if (Shape == ConjunctShape::Unequal)
      EXPECT_NE(Helper.find("default: return order != 0;"), std::string::npos);
    else
      EXPECT_NE(Helper.find(Case), std::string::npos) << Case;
  }
  EXPECT_EQ(Helper.rfind("#ifndef ATFC_SELECT_HOLDS_DEFINED\n", 0), 0u);

  const std::optional<std::string> Integer =
      relationInC(ConjunctShape::LessThan, "X", "(N)", false);
  ASSERT_TRUE(Integer);
  EXPECT_EQ(Integer->rfind("atfc_select_holds_(" +
                               std::to_string(static_cast<int>(ConjunctShape::LessThan)) +
                               ", X < X * 0, ",
                           0),
            0u)
      << *Integer;
  EXPECT_EQ(relationInC(ConjunctShape::GreaterThan, "X", "(N)", true), "(X > (N))");
  EXPECT_EQ(relationInC(ConjunctShape::Divides, "X", "(N)", true), std::nullopt);
  EXPECT_EQ(relationInC(ConjunctShape::MultipleOf, "X", "(N)", true), std::nullopt);
}

} // namespace
