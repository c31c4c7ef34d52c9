//===- Search/ExpressionLexer.cpp - Tokens of search expressions ----------===//
#include "Search/ExpressionLexer.h"

#include <algorithm>
#include <charconv>
#include <numeric>
#include <vector>

namespace atfc {

namespace {

bool isNameStart(char C) { return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') || C == '_'; }
bool isDigit(char C) { return C >= '0' && C <= '9'; }
bool isNameChar(char C) { return isNameStart(C) || isDigit(C); }

} // namespace

ExpressionLexer::ExpressionLexer(std::string_view TheText) : Text(TheText) { Current = lex(); }

Token ExpressionLexer::take() {
  Token Taken = Current;
  Current = lex();
  return Taken;
}

Token ExpressionLexer::lex() {
  while (Position < Text.size() && (Text[Position] == ' ' || Text[Position] == '\t' ||
                                    Text[Position] == '\n' || Text[Position] == '\r'))
    ++Position;
  Token T;
  T.Offset = Position;
  if (Position == Text.size()) {
    T.Kind = TokenKind::End;
    return T;
  }
  const std::size_t Start = Position;
  const char C = Text[Position];
  auto Finish = [&](TokenKind Kind, std::size_t Length) {
    Position += Length;
    T.Kind = Kind;
    T.Text = Text.substr(Start, Length);
    return T;
  };
  if (isNameStart(C)) {
    std::size_t End = Start;
    while (true) {
      while (End < Text.size() && isNameChar(Text[End]))
        ++End;
      // `a::b` is one name; a lone ':' ends it.
      if (End + 2 < Text.size() && Text[End] == ':' && Text[End + 1] == ':' &&
          isNameStart(Text[End + 2]))
        End += 2;
      else
        break;
    }
    const std::string_view Name = Text.substr(Start, End - Start);
    if (Name == "and")
      return Finish(TokenKind::AndAnd, End - Start);
    if (Name == "or")
      return Finish(TokenKind::OrOr, End - Start);
    if (Name == "not")
      return Finish(TokenKind::Not, End - Start);
    return Finish(TokenKind::Name, End - Start);
  }
  if (isDigit(C) || (C == '.' && Position + 1 < Text.size() && isDigit(Text[Position + 1]))) {
    // A C++ literal: digits with ' separators, a fraction, an exponent, then
    // suffix letters (u, l, f) that do not change the value here.
    std::size_t End = Start;
    std::string Digits;
    while (End < Text.size() && (isDigit(Text[End]) || Text[End] == '.' || Text[End] == '\'')) {
      if (Text[End] != '\'')
        Digits += Text[End];
      ++End;
    }
    if (End < Text.size() && (Text[End] == 'e' || Text[End] == 'E')) {
      std::size_t Exponent = End + 1;
      if (Exponent < Text.size() && (Text[Exponent] == '+' || Text[Exponent] == '-'))
        ++Exponent;
      if (Exponent < Text.size() && isDigit(Text[Exponent])) {
        Digits += Text.substr(End, Exponent - End);
        End = Exponent;
        while (End < Text.size() && isDigit(Text[End]))
          Digits += Text[End++];
      }
    }
    while (End < Text.size() &&
           std::string_view("uUlLfF").find(Text[End]) != std::string_view::npos)
      ++End;
    const bool Glued = End < Text.size() && (isNameChar(Text[End]) || Text[End] == '.');
    auto [Ptr, Error] = std::from_chars(Digits.data(), Digits.data() + Digits.size(), T.Number);
    if (Glued || Error != std::errc() || Ptr != Digits.data() + Digits.size() ||
        Text[End - 1] == '\'') {
      while (End < Text.size() && (isNameChar(Text[End]) || Text[End] == '.' || Text[End] == '\''))
        ++End;
      return Finish(TokenKind::Invalid, End - Start);
    }
    return Finish(TokenKind::Number, End - Start);
  }
  const std::string_view Rest = Text.substr(Start);
  if (Rest.starts_with("&&"))
    return Finish(TokenKind::AndAnd, 2);
  if (Rest.starts_with("||"))
    return Finish(TokenKind::OrOr, 2);
  switch (C) {
  case '(':
    return Finish(TokenKind::LParen, 1);
  case ')':
    return Finish(TokenKind::RParen, 1);
  case ',':
    return Finish(TokenKind::Comma, 1);
  case '<':
    return Finish(TokenKind::Less, 1);
  case '>':
    return Finish(TokenKind::Greater, 1);
  case '!':
    return Finish(TokenKind::Not, 1);
  case '-':
    return Finish(TokenKind::Minus, 1);
  case '+':
    return Finish(TokenKind::Plus, 1);
  default:
    return Finish(TokenKind::Invalid, 1);
  }
}

std::string quoteToken(const Token &T) {
  if (T.Kind == TokenKind::End)
    return "the end";
  return "'" + std::string(T.Text) + "'";
}

std::string_view withoutPrefix(std::string_view Name, std::string_view Prefix) {
  if (Name.starts_with(Prefix))
    Name.remove_prefix(Prefix.size());
  return Name;
}

} // namespace atfc
