//===- ConstraintTest.cpp - Constraint semantics and composition ----------===//
//
// What each alias means on its own (holds<S>), including mixed signed and
// unsigned operands, zero and negative operands and floating ones; how && ||
// and ! compose; and how predicates see the value and the path.
//
//===----------------------------------------------------------------------===//
#include "SearchSpace/Constraint.h"
#include "SearchSpace/Parameter.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <tuple>
#include <type_traits>

using namespace atfc;
using enum RelationShape;

namespace {

TEST(HoldsTest, DividesAndMultipleOf) {
  EXPECT_TRUE((holds<Divides>(3, 12)));
  EXPECT_FALSE((holds<Divides>(5, 12)));
  EXPECT_TRUE((holds<Divides>(12, 12)));
  EXPECT_FALSE((holds<Divides>(24, 12)));
  EXPECT_TRUE((holds<MultipleOf>(24, 12)));
  EXPECT_FALSE((holds<MultipleOf>(18, 12)));
  // Signs do not matter: divisibility is on magnitudes.
  EXPECT_TRUE((holds<Divides>(-3, 12)));
  EXPECT_TRUE((holds<Divides>(3, -12)));
  EXPECT_TRUE((holds<MultipleOf>(-24, std::size_t(12))));
  EXPECT_TRUE((holds<Divides>(std::size_t(4), std::int64_t(-8))));
}

TEST(HoldsTest, Zero) {
  EXPECT_TRUE((holds<Divides>(7, 0)));  // every nonzero value divides 0
  EXPECT_FALSE((holds<Divides>(0, 0))); // 0 divides nothing
  EXPECT_FALSE((holds<Divides>(0, 5)));
  EXPECT_TRUE((holds<MultipleOf>(0, 0))); // 0 is the only multiple of 0
  EXPECT_FALSE((holds<MultipleOf>(5, 0)));
  EXPECT_TRUE((holds<MultipleOf>(0, 7)));
}

TEST(HoldsTest, ComparisonsAreMathematicalAcrossSignedness) {
  EXPECT_FALSE((holds<LessThanOrEq>(std::size_t(0), -1)));
  EXPECT_TRUE((holds<GreaterThan>(std::size_t(0), -1)));
  EXPECT_TRUE((holds<LessThan>(-1, std::size_t(0))));
  EXPECT_FALSE((holds<Equal>(std::numeric_limits<std::size_t>::max(), -1)));
  EXPECT_TRUE((holds<Unequal>(std::numeric_limits<std::size_t>::max(), -1)));
  EXPECT_TRUE(
      (holds<GreaterThanOrEq>(std::uint64_t(1) << 63, std::numeric_limits<std::int64_t>::max())));
  EXPECT_TRUE((holds<Equal>(std::uint8_t(200), 200)));
}

// std::cmp_less and its kin refuse character types: a wchar_t
// parameter's equal(16) did not compile (the directive generator's find).
TEST(HoldsTest, CharacterTypesCompareAsTheirNumbers) {
  EXPECT_TRUE((holds<Equal>(wchar_t(16), 16)));
  EXPECT_TRUE((holds<LessThan>(char16_t(1), 2u)));
  EXPECT_TRUE((holds<GreaterThan>(char32_t(70000), -1)));
  EXPECT_TRUE((holds<Equal>(char('A'), 65)));
  EXPECT_TRUE((holds<LessThanOrEq>(char8_t(255), std::uint8_t(255))));
  EXPECT_TRUE((holds<Divides>(wchar_t(4), 16)));
}

TEST(HoldsTest, Floating) {
  EXPECT_TRUE((holds<Divides>(0.5, 2.0)));
  EXPECT_FALSE((holds<Divides>(0.75, 2.0)));
  EXPECT_TRUE((holds<MultipleOf>(3.0, 1.5)));
  EXPECT_TRUE((holds<LessThan>(2, 2.5)));
  EXPECT_FALSE((holds<LessThan>(3, 2.5)));
  EXPECT_TRUE((holds<Equal>(0.25, 0.25)));
  EXPECT_FALSE((holds<Divides>(0.0, 2.0)));
}

TEST(ComposeTest, ConjunctionsFlatten) {
  auto C = divides(12) && less_than(10) && (greater_than(1) && unequal(6));
  static_assert(
      std::is_same_v<decltype(C), AllOf<Relation<Divides, int>, Relation<LessThan, int>,
                                        Relation<GreaterThan, int>, Relation<Unequal, int>>>);
  const std::tuple<> Path;
  EXPECT_TRUE(C(2, Path));
  EXPECT_TRUE(C(4, Path));
  EXPECT_FALSE(C(1, Path));
  EXPECT_FALSE(C(6, Path));
  EXPECT_FALSE(C(12, Path));
  EXPECT_FALSE(C(5, Path));
}

TEST(ComposeTest, DisjunctionAndNegation) {
  auto C = equal(1) || multiple_of(4);
  auto N = !divides(12);
  const std::tuple<> Path;
  EXPECT_TRUE(C(1, Path));
  EXPECT_TRUE(C(8, Path));
  EXPECT_FALSE(C(2, Path));
  EXPECT_TRUE(N(5, Path));
  EXPECT_FALSE(N(4, Path));
  EXPECT_TRUE(NoConstraint()(42, Path));
}

// The directive language's mixed forms, as the generated tuner writes them:
// an alias or a lambda with a condition (already evaluated for the
// candidate), and lambdas with each other.
TEST(ComposeTest, MixedFormsOfTheDirectiveLanguage) {
  using namespace atfc::constraint_syntax;
  const std::tuple<> Path;
  for (int X = 1; X <= 20; ++X) {
    const auto DividesOrFive = divides(12) || X == 5;
    EXPECT_EQ(DividesOrFive(X, Path), 12 % X == 0 || X == 5) << X;
    const auto MultipleOrLambda = multiple_of(4) || [](auto V) { return V == 1; };
    EXPECT_EQ(MultipleOrLambda(X, Path), X % 4 == 0 || X == 1) << X;
    const auto Lambdas = [](auto V) { return V == 2; } || [](int V) { return V == 3; };
    EXPECT_EQ(Lambdas(X, Path), X == 2 || X == 3) << X;
    const auto Both = (divides(8) && X > 1) || equals(7);
    EXPECT_EQ(Both(X, Path), (8 % X == 0 && X > 1) || X == 7) << X;
    const auto NotLambda = ![](auto V) { return V < 10; };
    EXPECT_EQ(NotLambda(X, Path), X >= 10) << X;
  }
  // Conditions alone stay the built-in operators.
  static_assert(std::is_same_v<decltype(true || false), bool>);
}

TEST(ComposeTest, ExpressionsReadThePath) {
  const std::tuple<std::size_t, int> Path{12, -3};
  auto C = divides([](const auto &P) { return std::get<0>(P); }) &&
           greater_than([](const auto &P) { return std::get<1>(P); });
  EXPECT_TRUE(C(std::size_t(4), Path));
  EXPECT_FALSE(C(std::size_t(5), Path));
  EXPECT_EQ(evaluate(7, Path), 7);
  EXPECT_EQ(evaluate([](const auto &P) { return std::get<0>(P) / 4; }, Path), 3u);
}

TEST(ComposeTest, PredicatesWithAndWithoutPath) {
  const std::tuple<int, int> Path{10, 0};
  auto ValueOnly = predicate([](int V) { return V % 2 == 0; });
  auto WithPath = predicate([](int V, const auto &P) { return V < std::get<0>(P); });
  EXPECT_TRUE(ValueOnly(4, Path));
  EXPECT_FALSE(ValueOnly(3, Path));
  EXPECT_TRUE(WithPath(9, Path));
  EXPECT_FALSE(WithPath(10, Path));
  EXPECT_TRUE((ValueOnly && WithPath)(8, Path));
  EXPECT_FALSE((ValueOnly && WithPath)(12, Path));
}

TEST(ComposeTest, ParameterWrapsABareCallable) {
  auto P = parameter("X", interval<int>(1, 4), [](int V) { return V != 3; });
  static_assert(ConstraintObject<decltype(P.Constraint)>);
  EXPECT_FALSE(P.Constraint(3, std::tuple<int>{}));
  EXPECT_TRUE(P.Constraint(2, std::tuple<int>{}));
  auto Free = parameter("Y", set<int>({1}));
  static_assert(std::is_same_v<decltype(Free.Constraint), NoConstraint>);

  ParameterInfo Info = describe(P);
  EXPECT_EQ(Info.Name, "X");
  EXPECT_EQ(Info.Kind, ValueKind::Int);
  EXPECT_EQ(Info.RangeSize, 4u);
  EXPECT_EQ(std::get<std::int64_t>(Info.ValueAt(2)), 3);
}

} // namespace
