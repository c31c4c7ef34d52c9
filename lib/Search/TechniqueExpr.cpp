//===- Search/TechniqueExpr.cpp - Technique expressions as text -----------===//
#include "Search/TechniqueExpr.h"
#include "Support/NumberText.h"

namespace atfc {

namespace {

/// A recursive-descent parser: each function returns its part of the
/// expression or the first error, which ends the parse.
class TechniqueParser {
public:
  explicit TechniqueParser(std::string_view Text) : Lexer(Text) {}

  Expected<TechniqueExpr> parseAll() {
    Expected<TechniqueExpr> Expr = parseTechniqueExpr();
    if (Expr && Lexer.peek().Kind != TokenKind::End)
      return fail("unexpected " + quoteToken(Lexer.peek()) + " after the search technique",
                  Lexer.peek().Offset);
    return Expr;
  }

private:
  static Error fail(std::string Message, std::size_t Offset) {
    return textError(Offset, std::move(Message));
  }

  Expected<TechniqueExpr> parseTechniqueExpr() {
    const Token Next = Lexer.peek();
    if (Next.Kind != TokenKind::Name)
      return fail("expected a search technique, found " + quoteToken(Next) + ", e.g. auc_bandit",
                  Next.Offset);
    const Token NameToken = Lexer.take();
    TechniqueExpr Expr;
    Expr.Name = std::string(withoutPrefix(NameToken.Text, "atf::"));
    Expr.Offset = NameToken.Offset;
    if (Lexer.peek().Kind != TokenKind::LParen)
      return Expr;
    Lexer.take();
    if (Lexer.peek().Kind == TokenKind::RParen) {
      Lexer.take();
      return Expr;
    }
    while (true) {
      const Token Argument = Lexer.peek();
      if (Argument.Kind == TokenKind::Name) {
        Expected<TechniqueExpr> Sub = parseTechniqueExpr();
        if (!Sub)
          return Sub;
        Expr.Techniques.push_back(Sub.take());
      } else if (Argument.Kind == TokenKind::Number || Argument.Kind == TokenKind::Minus ||
                 Argument.Kind == TokenKind::Plus) {
        const bool Negative = Lexer.take().Kind == TokenKind::Minus;
        if (Argument.Kind != TokenKind::Number) {
          if (Lexer.peek().Kind != TokenKind::Number)
            return fail("expected a number, found " + quoteToken(Lexer.peek()),
                        Lexer.peek().Offset);
          Expr.Numbers.push_back(Negative ? -Lexer.take().Number : Lexer.take().Number);
        } else {
          Expr.Numbers.push_back(Argument.Number);
        }
      } else if (Argument.Kind == TokenKind::Invalid) {
        return fail("unexpected " + quoteToken(Argument), Argument.Offset);
      } else {
        return fail("expected a number or a search technique, found " + quoteToken(Argument),
                    Argument.Offset);
      }
      if (Lexer.peek().Kind == TokenKind::Comma) {
        Lexer.take();
        continue;
      }
      if (Lexer.peek().Kind == TokenKind::RParen) {
        Lexer.take();
        return Expr;
      }
      return fail("expected ',' or ')', found " + quoteToken(Lexer.peek()), Lexer.peek().Offset);
    }
  }

  ExpressionLexer Lexer;
};

} // namespace

Expected<TechniqueExpr> parseTechnique(std::string_view Text) {
  return TechniqueParser(Text).parseAll();
}

std::string describe(const TechniqueExpr &Expr) {
  std::string Text = Expr.Name;
  if (Expr.Numbers.empty() && Expr.Techniques.empty())
    return Text;
  Text += "(";
  bool First = true;
  for (double X : Expr.Numbers) {
    Text += (First ? "" : ", ") + shortestText(X);
    First = false;
  }
  for (const TechniqueExpr &Sub : Expr.Techniques) {
    Text += (First ? "" : ", ") + describe(Sub);
    First = false;
  }
  return Text + ")";
}

} // namespace atfc
