//===- AbortConditionParserTest.cpp - Abort conditions as text ------------===//
//
// Every form of the grammar, C++ number literals, precedence, and the error
// messages with the offsets a tool points at.
//
//===----------------------------------------------------------------------===//
#include "Search/AbortConditionParser.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

using namespace atfc;

namespace {

std::string parsed(std::string_view Text) {
  Expected<AbortCondition> R = parseAbortCondition(Text);
  if (!R.ok())
    return "error at " + std::to_string(textOffset(R.error())) + ": " + R.error().message();
  return R->describe();
}

TEST(AbortConditionParserTest, EveryCondition) {
  const std::vector<std::pair<std::string, std::string>> Cases = {
      {"evaluations(100)", "evaluations(100)"},
      {"valid_evaluations(7)", "valid_evaluations(7)"},
      {"fraction(0.5)", "fraction(0.5)"},
      {"duration<seconds>(30)", "duration<seconds>(30)"},
      {"duration<minutes>(10)", "duration<minutes>(10)"},
      {"duration<hours>(2)", "duration<hours>(2)"},
      {"duration<milliseconds>(1500)", "duration<seconds>(1.5)"},
      {"duration<std::chrono::minutes>(3)", "duration<minutes>(3)"},
      {"cost(0.5)", "cost(0.5)"},
      {"cost(1, 2.5)", "cost(1, 2.5)"},
      {"cost(-3)", "cost(-3)"},
      {"speedup(1.05, evaluations(200))", "speedup(1.05, evaluations(200))"},
      {"speedup(2, duration<minutes>(5))", "speedup(2, duration<minutes>(5))"},
      {"speedup<seconds>(1.5, 30)", "speedup(1.5, duration<seconds>(30))"},
      {"atf::evaluations(5)", "evaluations(5)"},
      {"atf::speedup(1.1, atf::evaluations(9))", "speedup(1.1, evaluations(9))"},
  };
  for (const auto &[Text, Expected] : Cases)
    EXPECT_EQ(parsed(Text), Expected) << Text;
}

TEST(AbortConditionParserTest, NumbersAreCppLiterals) {
  EXPECT_EQ(parsed("evaluations(1'000)"), "evaluations(1000)");
  EXPECT_EQ(parsed("evaluations(1e6)"), "evaluations(1000000)");
  EXPECT_EQ(parsed("evaluations(100u)"), "evaluations(100)");
  // Digits are read exactly: a double would make 2^53 + 1 2^53.
  EXPECT_EQ(parsed("evaluations(9007199254740993)"), "evaluations(9007199254740993)");
  EXPECT_EQ(parsed("evaluations(9'007'199'254'740'993ull)"), "evaluations(9007199254740993)");
  EXPECT_EQ(parsed("evaluations(18446744073709551615)"), "evaluations(18446744073709551615)");
  EXPECT_EQ(parsed("cost(.5f)"), "cost(0.5)");
  EXPECT_EQ(parsed("cost(2.5E-3)"), "cost(0.0025)");
  EXPECT_EQ(parsed("fraction(+0.25)"), "fraction(0.25)");
}

TEST(AbortConditionParserTest, PrecedenceAndParentheses) {
  EXPECT_EQ(parsed("evaluations(1) || cost(2) && fraction(0.5)"),
            "evaluations(1) || cost(2) && fraction(0.5)");
  EXPECT_EQ(parsed("(evaluations(1) || cost(2)) && fraction(0.5)"),
            "(evaluations(1) || cost(2)) && fraction(0.5)");
  EXPECT_EQ(parsed("!fraction(0.5) && evaluations(3)"), "!fraction(0.5) && evaluations(3)");
  EXPECT_EQ(parsed("not (evaluations(1) or cost(2)) and fraction(1)"),
            "!(evaluations(1) || cost(2)) && fraction(1)");
  EXPECT_EQ(parsed("  duration<minutes>(10)||cost(0.5)  "), "duration<minutes>(10) || cost(0.5)");

  // && binds tighter than ||: with 2 evaluations of cost 5, "a || b && c"
  // is a || (b && c), reached by a alone.
  Expected<AbortCondition> R = parseAbortCondition("evaluations(2) || cost(1) && fraction(0)");
  ASSERT_TRUE(R.ok());
  SearchStatus S;
  S.Evaluations = 2;
  S.Best = Cost{5.0};
  S.SpaceSize = 10;
  EXPECT_TRUE(R->reached(S));
}

TEST(AbortConditionParserTest, DescribeParsesBack) {
  for (std::string Text : {"speedup(1.05, evaluations(200)) && !fraction(0.5)",
                           "(duration<hours>(1) || cost(0.25, 3)) && valid_evaluations(10)"}) {
    const std::string Once = parsed(Text);
    EXPECT_EQ(parsed(Once), Once);
  }
}

struct BadCase {
  std::string Text;
  std::size_t Offset;
  std::string Message;
};

TEST(AbortConditionParserTest, ErrorsSayWhatAndWhere) {
  const std::vector<BadCase> Cases = {
      {"evalutions(10)", 0, "unknown abort condition 'evalutions'; did you mean 'evaluations'?"},
      {"cost(1) || atf::evalutions(3)", 11,
       "unknown abort condition 'atf::evalutions'; did you mean 'evaluations'?"},
      {"budget(3)", 0,
       "unknown abort condition 'budget'; expected evaluations, valid_evaluations, fraction, "
       "duration, cost or speedup"},
      {"evaluations(10", 14, "expected ')', found the end"},
      {"evaluations 10", 12, "expected '(' after 'evaluations', found '10'"},
      {"", 0, "expected an abort condition, e.g. evaluations(1000)"},
      {"evaluations(10) cost(1)", 16,
       "unexpected 'cost' after the abort condition; expected '&&' or '||'"},
      {"evaluations(10) & cost(1)", 16, "unexpected '&'; did you mean '&&'?"},
      {"evaluations(1.5)", 12,
       "expected a whole number of evaluations from 0 to 18446744073709551615, found 1.5"},
      {"evaluations(-1)", 12,
       "expected a whole number of evaluations from 0 to 18446744073709551615, found -1"},
      // CLI tester: quoted back as written, not as the double it became
      // ("found 1e+23").
      {"evaluations(99999999999999999999999)", 12,
       "expected a whole number of evaluations from 0 to 18446744073709551615, found "
       "99999999999999999999999"},
      {"valid_evaluations(18446744073709551616)", 18,
       "expected a whole number of evaluations from 0 to 18446744073709551615, found "
       "18446744073709551616"},
      {"evaluations(-0.5e1)", 12,
       "expected a whole number of evaluations from 0 to 18446744073709551615, found -0.5e1"},
      {"fraction(2)", 9, "fraction takes a number in [0, 1], the share of the search space"},
      {"duration(5)", 8, "duration needs a unit, e.g. duration<seconds>(10)"},
      {"duration<second>(5)", 9, "unknown duration unit 'second'; did you mean 'seconds'?"},
      {"duration<weeks>(5)", 9,
       "unknown duration unit 'weeks'; expected seconds, minutes, hours or milliseconds"},
      {"duration<seconds(5)", 16, "expected '>', found '('"},
      {"cost<seconds>(5)", 4, "cost takes no unit"},
      {"cost()", 5, "expected a number, found ')'"},
      {"cost(1 2)", 7, "expected ',' or ')', found '2'"},
      {"speedup(0.5, evaluations(3))", 8,
       "speedup takes a factor >= 1 first, e.g. speedup(1.05, evaluations(200))"},
      {"speedup(2, cost(1))", 11, "speedup takes a window: evaluations(n) or duration<unit>(t)"},
      {"speedup(2)", 9, "expected ',' and a window after the speedup factor, found ')'"},
      // A window in which the best cost cannot improve: the run stopped at
      // its first valid result.
      {"speedup(2, evaluations(0))", 23,
       "speedup takes a window of at least one evaluation or more than no time"},
      {"speedup(2, duration<minutes>(0))", 29,
       "speedup takes a window of at least one evaluation or more than no time"},
      {"speedup<seconds>(2, 0)", 20,
       "speedup takes a window of at least one evaluation or more than no time"},
      {"(evaluations(1)", 15, "expected ')', found the end"},
      {"evaluations(1x)", 12, "malformed number '1x'"},
      {"!", 1, "expected an abort condition, found the end"},
      {"evaluations(1) &&", 17, "expected an abort condition, found the end"},
      // The first error deep inside ends the parse, at its place.
      {"!(evaluations(1) || (fraction(2)))", 30,
       "fraction takes a number in [0, 1], the share of the search space"},
      {"speedup(2, evaluations(3)", 25, "expected ')', found the end"},
      {"speedup(2, evaluations(3", 24, "expected ')', found the end"},
      {"speedup(2, duration<minutes>(1)", 31, "expected ')', found the end"},
      {"speedup(2, duration(1))", 19, "duration needs a unit, e.g. duration<seconds>(10)"},
      {"speedup<hours>(2, -1)", 18, "a duration takes a number >= 0"},
      {"cost(1, x)", 8, "expected a number, found 'x'"},
      {"evaluations(1) || valid_evaluations(2) && duration<seconds>(", 60,
       "expected a number, found the end"},
  };
  for (const BadCase &Case : Cases) {
    Expected<AbortCondition> R = parseAbortCondition(Case.Text);
    ASSERT_FALSE(R.ok()) << Case.Text;
    EXPECT_EQ(R.error().message(), Case.Message) << Case.Text;
    EXPECT_EQ(textOffset(R.error()), Case.Offset) << Case.Text;
  }
}

} // namespace
