//===- test/unit/Directives/ExpressionSizeTest.cpp - Too large to analyse -===//
#include "Directives/ExpressionSize.h"

#include <gtest/gtest.h>

#include <string>

using namespace atfc;

namespace {

std::string repeated(const std::string &Part, std::size_t N, const std::string &Separator = "") {
  std::string Text;
  for (std::size_t I = 0; I < N; ++I)
    Text += (I ? Separator : "") + Part;
  return Text;
}

} // namespace

TEST(ExpressionSizeTest, PrefixRunsAreCountedWhereTheyStart) {
  EXPECT_FALSE(expressionTooLarge("X < 4 && !(X % 2 == 0)"));
  EXPECT_FALSE(expressionTooLarge(repeated("!", kMaxPrefixOperators) + "true"));
  auto Problem = expressionTooLarge("X && " + repeated("!", kMaxPrefixOperators + 1) + "true");
  ASSERT_TRUE(Problem);
  EXPECT_EQ(Problem->Index, 5u);
  EXPECT_NE(Problem->Message.find("prefix operators"), std::string::npos);
  // Runs broken by operands do not add up.
  EXPECT_FALSE(expressionTooLarge(repeated("-1", 5000, " + ")));
}

TEST(ExpressionSizeTest, BinaryOperatorsAreCountedOnce) {
  EXPECT_FALSE(expressionTooLarge(repeated("1", kMaxBinaryOperators + 1, "+")));
  auto Problem = expressionTooLarge(repeated("1", kMaxBinaryOperators + 2, "+"));
  ASSERT_TRUE(Problem);
  EXPECT_NE(Problem->Message.find("binary operators"), std::string::npos);
  // `<=`, `&&` and `||` are one operator each.
  EXPECT_FALSE(expressionTooLarge(repeated("X <= 1", kMaxBinaryOperators / 2, " || ")));
  // Operators inside literals do not count.
  EXPECT_FALSE(expressionTooLarge("\"" + repeated("!+", 50000) + "\" == S"));
}

TEST(ExpressionSizeTest, SetsAreCountedByTheirValues) {
  EXPECT_FALSE(setTooLarge("{" + repeated("1", kMaxSetValues, ", ") + "}"));
  EXPECT_FALSE(setTooLarge("set(" + repeated("f(1, 2)", kMaxSetValues, ", ") + ")"));
  EXPECT_FALSE(setTooLarge("{" + repeated("\"a,b\"", kMaxSetValues, ", ") + "}"));
  auto Problem = setTooLarge("{" + repeated("1", kMaxSetValues + 1, ", ") + "}");
  ASSERT_TRUE(Problem);
  EXPECT_NE(Problem->Message.find("more than 1000 values"), std::string::npos);
}
