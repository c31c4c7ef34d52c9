//===- ExpressionLexerTest.cpp - Tokens of search expressions -------------===//
#include "Search/ExpressionLexer.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace atfc {
namespace {

std::vector<Token> tokens(std::string_view Text) {
  ExpressionLexer Lexer(Text);
  std::vector<Token> All;
  while (true) {
    All.push_back(Lexer.take());
    if (All.back().Kind == TokenKind::End)
      return All;
  }
}

std::vector<TokenKind> kinds(std::string_view Text) {
  std::vector<TokenKind> Kinds;
  for (const Token &T : tokens(Text))
    Kinds.push_back(T.Kind);
  return Kinds;
}

TEST(ExpressionLexerTest, NamesKeepTheirNamespaces) {
  const std::vector<Token> T = tokens("atf::evaluations(std::chrono::minutes)");
  ASSERT_EQ(T.size(), 5u);
  EXPECT_EQ(T[0].Kind, TokenKind::Name);
  EXPECT_EQ(T[0].Text, "atf::evaluations");
  EXPECT_EQ(T[2].Text, "std::chrono::minutes");
  EXPECT_EQ(T[2].Offset, 17u);
  EXPECT_EQ(withoutPrefix(T[0].Text, "atf::"), "evaluations");
  EXPECT_EQ(withoutPrefix("evaluations", "atf::"), "evaluations");
}

TEST(ExpressionLexerTest, NumbersAreCxxLiterals) {
  struct Case {
    std::string_view Text;
    double Value;
  };
  for (const Case &C : {Case{"42", 42}, Case{"1e6", 1e6}, Case{"0.5", 0.5}, Case{"1'000'000", 1e6},
                        Case{"2.0f", 2.0}, Case{"100ull", 100}, Case{".25", 0.25}}) {
    const std::vector<Token> T = tokens(C.Text);
    ASSERT_EQ(T.size(), 2u) << C.Text;
    EXPECT_EQ(T[0].Kind, TokenKind::Number) << C.Text;
    EXPECT_DOUBLE_EQ(T[0].Number, C.Value) << C.Text;
    EXPECT_EQ(T[0].Text, C.Text);
  }
}

TEST(ExpressionLexerTest, OperatorsAndTheirWords) {
  using K = TokenKind;
  EXPECT_EQ(kinds("( ) , < > && || ! - +"),
            (std::vector<K>{K::LParen, K::RParen, K::Comma, K::Less, K::Greater, K::AndAnd, K::OrOr,
                            K::Not, K::Minus, K::Plus, K::End}));
  EXPECT_EQ(kinds("and or not"), (std::vector<K>{K::AndAnd, K::OrOr, K::Not, K::End}));
  // A lone & or | is no operator of the language: the parsers say so.
  EXPECT_EQ(kinds("&"), (std::vector<K>{K::Invalid, K::End}));
  EXPECT_EQ(kinds("a @ b"), (std::vector<K>{K::Name, K::Invalid, K::Name, K::End}));
}

TEST(ExpressionLexerTest, PeekDoesNotConsume) {
  ExpressionLexer Lexer("cost(1)");
  EXPECT_EQ(Lexer.peek().Text, "cost");
  EXPECT_EQ(Lexer.peek().Text, "cost");
  EXPECT_EQ(Lexer.take().Text, "cost");
  EXPECT_EQ(Lexer.peek().Kind, TokenKind::LParen);
}

TEST(ExpressionLexerTest, TokensAreQuotedForMessages) {
  const std::vector<Token> T = tokens("x");
  EXPECT_EQ(quoteToken(T[0]), "'x'");
  EXPECT_EQ(quoteToken(T[1]), "the end");
}

TEST(ExpressionLexerTest, ErrorsPointIntoTheText) {
  const Error E = textError(7, "expected ')'");
  EXPECT_EQ(textOffset(E), 7u);
  EXPECT_EQ(E.location().Line, 1u);
  EXPECT_EQ(E.location().Column, 8u);
  EXPECT_FALSE(E.location().hasFile());
}

// Property: the tokens of any text cover it in order, each starting where
// its text does, with only blanks between them: nothing is lost or made up.
TEST(ExpressionLexerTest, TokensCoverTheText) {
  const std::string Alphabet = "ab1.e'_:()<>,&|!-+ \t@x9";
  std::uint32_t State = 12345;
  for (int I = 0; I < 3000; ++I) {
    std::string Text;
    for (int L = 0; L < 12; ++L) {
      State = State * 1664525u + 1013904223u;
      Text += Alphabet[(State >> 16) % Alphabet.size()];
    }
    std::size_t Position = 0;
    for (const Token &T : tokens(Text)) {
      ASSERT_GE(T.Offset, Position) << Text;
      for (std::size_t P = Position; P < T.Offset; ++P)
        ASSERT_TRUE(Text[P] == ' ' || Text[P] == '\t') << Text;
      if (T.Kind == TokenKind::End) {
        ASSERT_EQ(T.Offset, Text.size()) << Text;
        break;
      }
      ASSERT_FALSE(T.Text.empty()) << Text;
      ASSERT_EQ(Text.substr(T.Offset, T.Text.size()), T.Text) << Text;
      Position = T.Offset + T.Text.size();
    }
  }
}

} // namespace
} // namespace atfc
