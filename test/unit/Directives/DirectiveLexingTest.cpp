//===- DirectiveLexingTest.cpp - Lexing directive text --------------------===//
#include "Directives/DirectiveLexing.h"

#include <gtest/gtest.h>

#include <string>

using namespace atfc::lexing;
using llvm::StringRef;

namespace {

TEST(DirectiveLexingTest, KnowsCxxKeywords) {
  EXPECT_TRUE(isCxxKeyword("constexpr"));
  EXPECT_TRUE(isCxxKeyword("and"));
  EXPECT_TRUE(isCxxKeyword("xor_eq"));
  EXPECT_FALSE(isCxxKeyword("interval"));
  EXPECT_FALSE(isCxxKeyword("Int"));
  EXPECT_TRUE(isOperandKeyword("nullptr"));
  EXPECT_FALSE(isOperandKeyword("int"));
}

TEST(DirectiveLexingTest, SkipsLiteralsWithEscapes) {
  const StringRef Text = R"(f("a\"b,c", 'x') + 1)";
  ASSERT_TRUE(opensLiteral(Text, 2));
  EXPECT_EQ(skipLiteral(Text, 2), 10u); // just past the closing quote
  ASSERT_TRUE(opensLiteral(Text, 12));
  EXPECT_EQ(skipLiteral(Text, 12), 15u);
  EXPECT_EQ(skipLiteral(R"("unterminated)", 0), NoIndex);
  EXPECT_FALSE(opensLiteral(Text, 0));
}

TEST(DirectiveLexingTest, DigitSeparatorsAreNotQuotes) {
  const StringRef Text = "1'000'000 + 'a'";
  EXPECT_TRUE(isDigitSeparator(Text, 1));
  EXPECT_FALSE(opensLiteral(Text, 1));
  EXPECT_EQ(skipNumber(Text, 0), 9u);
  EXPECT_FALSE(isDigitSeparator(Text, 12));
  EXPECT_TRUE(opensLiteral(Text, 12));
}

TEST(DirectiveLexingTest, NumbersEndWhereCxxSaysTheyDo) {
  for (StringRef Number : {"1e-5", "0x1F", "2.5f", "1'000", "10ull", ".5e+3"}) {
    const std::string Text = Number.str() + " + x";
    EXPECT_EQ(skipNumber(Text, 0), Number.size()) << Number.str();
  }
}

TEST(DirectiveLexingTest, WordsAndBlanks) {
  const StringRef Text = "  \tname_1(x)";
  EXPECT_EQ(skipBlanks(Text, 0), 3u);
  EXPECT_EQ(wordEnd(Text, 3), 9u);
  EXPECT_EQ(wordEnd(Text, 9), 9u); // no identifier characters: I itself
  EXPECT_EQ(skipBlanks("   ", 0), 3u);
}

TEST(DirectiveLexingTest, FindsClosingBracketsOutsideLiterals) {
  const StringRef Text = R"x(f(a[1], ")", {2}) + g())x";
  EXPECT_EQ(findClosingBracket(Text, 1), 16u);
  EXPECT_EQ(findClosingBracket(Text, 3), 5u);
  EXPECT_EQ(findClosingBracket("(a]", 0), NoIndex); // the wrong bracket closes it
  EXPECT_EQ(findClosingBracket("(a", 0), NoIndex);
}

TEST(DirectiveLexingTest, FindsClosingAngles) {
  const StringRef Text = "interval<std::array<int, 2>>(1, 8)";
  EXPECT_EQ(findClosingAngle(Text, 8), 27u);
  EXPECT_EQ(findClosingAngle(Text, 19), 26u);
  EXPECT_EQ(findClosingAngle("set<(a > b)>", 3), 11u); // inside brackets: no angle
  EXPECT_EQ(findClosingAngle("a<b", 1), NoIndex);
}

TEST(DirectiveLexingTest, SplitsAtTopLevelCommas) {
  const StringRef Text = R"(f(1, 2), "x,y", [3, 4] , z)";
  auto Parts = splitAtCommas(Text, 0, Text.size());
  ASSERT_EQ(Parts.size(), 4u);
  EXPECT_EQ(Text.slice(Parts[0].first, Parts[0].second), "f(1, 2)");
  EXPECT_EQ(Text.slice(Parts[1].first, Parts[1].second), R"( "x,y")");
  EXPECT_EQ(Text.slice(Parts[2].first, Parts[2].second), " [3, 4] ");
  EXPECT_EQ(Text.slice(Parts[3].first, Parts[3].second), " z");
}

// Property: for random bracket strings, findClosingBracket agrees with a
// plain stack matcher.
TEST(DirectiveLexingTest, BracketsMatchLikeAStack) {
  const std::string Alphabet = "()[]{}a";
  std::uint32_t State = 99;
  for (int I = 0; I < 5000; ++I) {
    std::string Text;
    for (int L = 0; L < 10; ++L) {
      State = State * 1664525u + 1013904223u;
      Text += Alphabet[(State >> 16) % Alphabet.size()];
    }
    for (std::size_t Open = 0; Open < Text.size(); ++Open) {
      if (!isOpeningBracket(Text[Open]))
        continue;
      std::string Stack;
      std::size_t Expected = NoIndex;
      for (std::size_t J = Open; J < Text.size(); ++J) {
        if (isOpeningBracket(Text[J])) {
          Stack += closingBracketOf(Text[J]);
        } else if (isClosingBracket(Text[J])) {
          if (Text[J] != Stack.back())
            break;
          Stack.pop_back();
          if (Stack.empty()) {
            Expected = J;
            break;
          }
        }
      }
      ASSERT_EQ(findClosingBracket(Text, Open), Expected) << Text << " at " << Open;
    }
  }
}

} // namespace
