//===- test/unit/Frontend/ExpressionSizeTest.cpp - Too large to analyse -===//
#include "Frontend/ExpressionSize.h"

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

TEST(ExpressionSizeTest, SetValueListsFindTheValuesOfEveryForm) {
  auto Braces = setValueList("{1, f(2, 3), \"a,b\"}");
  ASSERT_TRUE(Braces);
  EXPECT_EQ(Braces->Open, 0u);
  EXPECT_EQ(Braces->Close, 18u);
  ASSERT_EQ(Braces->Values.size(), 3u);
  EXPECT_EQ(Braces->Values[1], std::make_pair(std::size_t(3), std::size_t(11)));
  EXPECT_TRUE(Braces->Chunkable);
  // The call's bracket, not one in the template arguments.
  auto Typed = setValueList("atf::set<decltype(N)>(N, 2 * N) ");
  ASSERT_TRUE(Typed);
  EXPECT_EQ(Typed->Open, 21u);
  EXPECT_EQ(Typed->Close, 30u);
  EXPECT_EQ(Typed->Values.size(), 2u);
  // A `<` outside literals might open template arguments.
  EXPECT_FALSE(setValueList("set(X < 2, 3)")->Chunkable);
  EXPECT_TRUE(setValueList("set(\"<\", \"b\")")->Chunkable);
  EXPECT_TRUE(setValueList("set()")->Values.empty());
  EXPECT_FALSE(setValueList("set(1, 2"));
  EXPECT_FALSE(setValueList("interval(1, 2) + 1"));
}

TEST(ExpressionSizeTest, SetsAreCountedByTheirValues) {
  EXPECT_FALSE(setTooLarge("{" + repeated("1", 5000, ", ") + "}"));
  EXPECT_FALSE(setTooLarge("set(" + repeated("f(1, 2)", 5000, ", ") + ")"));
  EXPECT_FALSE(setTooLarge("{" + repeated("\"a,b\"", 5000, ", ") + "}"));
  EXPECT_FALSE(setTooLarge("{" + repeated("1", 100, ", ") + "}", 100));
  auto Problem = setTooLarge("{" + repeated("1", 101, ", ") + "}", 100);
  ASSERT_TRUE(Problem);
  EXPECT_EQ(Problem->Index, 1 + 100 * 3 - 2u); // the comma after the 100th value
  EXPECT_NE(Problem->Message.find("more than 100 values"), std::string::npos);
  // Sets that cannot be chunked are checked as one variadic template.
  EXPECT_FALSE(setTooLarge("{" + repeated("1 < X", kMaxUnchunkedSetValues, ", ") + "}"));
  Problem = setTooLarge("{" + repeated("1 < X", kMaxUnchunkedSetValues + 1, ", ") + "}");
  ASSERT_TRUE(Problem);
  EXPECT_NE(Problem->Message.find("more than 1000 values, more than atfc analyses with a '<'"),
            std::string::npos);
}

TEST(ExpressionSizeTest, EachValueOfASetIsCountedOnItsOwn) {
  // 1e-3 counts as a binary operator; 30,000 of them in a set are 30,000
  // small expressions, not one large one.
  EXPECT_FALSE(setTooLarge("{" + repeated("1e-3", kMaxBinaryOperators + 10000, ", ") + "}"));
  const std::string Large = repeated("1", kMaxBinaryOperators + 2, "+");
  auto Problem = setTooLarge("set(1, " + Large + ")");
  ASSERT_TRUE(Problem);
  EXPECT_GT(Problem->Index, 7u);
  EXPECT_NE(Problem->Message.find("binary operators"), std::string::npos);
  Problem = setTooLarge("{1, " + repeated("!", kMaxPrefixOperators + 1) + "true}");
  ASSERT_TRUE(Problem);
  EXPECT_EQ(Problem->Index, 4u);
}
