//===- Search/ExpressionLexer.h - Tokens of search expressions --*- C++ -*-===//
//
// The lexer shared by the parsers of abort conditions and technique
// expressions: C++-like names (with `::`), C++ number literals (digit
// separators and suffixes allowed), and punctuation. Also the error type of
// both parsers' errors: positions in the parsed text.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_EXPRESSIONLEXER_H
#define ATFC_SEARCH_EXPRESSIONLEXER_H

#include "Support/Error.h"

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

namespace atfc {

/// An error at character Offset of a parsed text: no file, line 1, column
/// Offset + 1. The caller, which knows where the text stands in the user's
/// file, moves it there with textOffset().
inline Error textError(std::size_t Offset, std::string Message) {
  return Error(SourceLocation{"", 1, static_cast<unsigned>(Offset + 1)}, std::move(Message));
}

/// The offset in the parsed text that E points at (see textError).
inline std::size_t textOffset(const Error &E) {
  return E.location().Column ? E.location().Column - 1 : 0;
}

enum class TokenKind {
  Name,    ///< evaluations, atf::cost, std::chrono::minutes
  Number,  ///< 42, 1e6, 0.5, 1'000'000, 2.0f
  LParen,  ///< (
  RParen,  ///< )
  Comma,   ///< ,
  Less,    ///< <
  Greater, ///< >
  AndAnd,  ///< && or `and`
  OrOr,    ///< || or `or`
  Not,     ///< ! or `not`
  Minus,   ///< -
  Plus,    ///< +
  End,     ///< the end of the text
  Invalid, ///< a character or literal that is none of the above
};

struct Token {
  TokenKind Kind = TokenKind::End;
  /// The token's characters in the text.
  std::string_view Text;
  /// Offset of the first character in the text.
  std::size_t Offset = 0;
  /// The value of a Number.
  double Number = 0;
};

class ExpressionLexer {
public:
  explicit ExpressionLexer(std::string_view Text);

  /// The next token, without consuming it.
  const Token &peek() const { return Current; }
  /// Consumes and returns the next token.
  Token take();

private:
  Token lex();

  std::string_view Text;
  std::size_t Position = 0;
  Token Current;
};

/// How a token is named in messages: "'foo'", "'('" or "the end".
std::string quoteToken(const Token &T);

/// Name without a leading Prefix ("atf::"), if it has one.
std::string_view withoutPrefix(std::string_view Name, std::string_view Prefix);

} // namespace atfc

#endif
