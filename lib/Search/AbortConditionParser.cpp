//===- Search/AbortConditionParser.cpp - Abort conditions as text ---------===//
//
// A recursive-descent parser: each function returns its part of the
// condition or the first error, which ends the parse (no exception).
//
//===----------------------------------------------------------------------===//
#include "Search/AbortConditionParser.h"
#include "Support/NumberText.h"
#include "Support/Suggestions.h"

#include <array>
#include <charconv>
#include <cmath>
#include <limits>

namespace atfc {

namespace {

constexpr std::array<std::string_view, 6> ConditionNames = {
    "evaluations", "valid_evaluations", "fraction", "duration", "cost", "speedup"};

struct DurationUnit {
  std::string_view Name;
  double Seconds;
};
constexpr std::array<DurationUnit, 5> Units = {{{"seconds", 1.0},
                                                {"minutes", 60.0},
                                                {"hours", 3600.0},
                                                {"milliseconds", 1e-3},
                                                {"microseconds", 1e-6}}};

class ConditionParser {
public:
  ConditionParser(std::string_view Text, std::span<const Objective> Objectives)
      : Lexer(Text), Objectives(Objectives) {}

  Expected<AbortCondition> parseAll() {
    if (Lexer.peek().Kind == TokenKind::End)
      return fail("expected an abort condition, e.g. evaluations(1000)", Lexer.peek().Offset);
    Expected<AbortCondition> Condition = parseOr();
    if (!Condition)
      return Condition;
    const Token &Rest = Lexer.peek();
    if (Rest.Kind == TokenKind::Invalid && (Rest.Text == "&" || Rest.Text == "|"))
      return fail("unexpected '" + std::string(Rest.Text) + "'; did you mean '" +
                      std::string(Rest.Text) + std::string(Rest.Text) + "'?",
                  Rest.Offset);
    if (Rest.Kind != TokenKind::End)
      return fail("unexpected " + quoteToken(Lexer.peek()) +
                      " after the abort condition; expected "
                      "'&&' or '||'",
                  Lexer.peek().Offset);
    return Condition;
  }

private:
  static Error fail(std::string Message, std::size_t Offset) {
    return textError(Offset, std::move(Message));
  }

  /// The next token, taken, when it is of Kind.
  Expected<Token> expect(TokenKind Kind, std::string_view What) {
    if (Lexer.peek().Kind != Kind)
      return fail("expected " + std::string(What) + ", found " + quoteToken(Lexer.peek()),
                  Lexer.peek().Offset);
    return Lexer.take();
  }

  Expected<AbortCondition> parseOr() {
    Expected<AbortCondition> Left = parseAnd();
    while (Left && Lexer.peek().Kind == TokenKind::OrOr) {
      Lexer.take();
      Expected<AbortCondition> Right = parseAnd();
      if (!Right)
        return Right;
      Left = *Left || *Right;
    }
    return Left;
  }

  Expected<AbortCondition> parseAnd() {
    Expected<AbortCondition> Left = parseUnary();
    while (Left && Lexer.peek().Kind == TokenKind::AndAnd) {
      Lexer.take();
      Expected<AbortCondition> Right = parseUnary();
      if (!Right)
        return Right;
      Left = *Left && *Right;
    }
    return Left;
  }

  Expected<AbortCondition> parseUnary() {
    switch (Lexer.peek().Kind) {
    case TokenKind::Not: {
      Lexer.take();
      Expected<AbortCondition> Operand = parseUnary();
      if (!Operand)
        return Operand;
      return !*Operand;
    }
    case TokenKind::LParen: {
      Lexer.take();
      Expected<AbortCondition> Inner = parseOr();
      if (!Inner)
        return Inner;
      if (Expected<Token> Closed = expect(TokenKind::RParen, "')'"); !Closed)
        return Closed.takeError();
      return Inner;
    }
    case TokenKind::Name:
      return parseCall();
    case TokenKind::Invalid:
      return fail("unexpected " + quoteToken(Lexer.peek()), Lexer.peek().Offset);
    default:
      return fail("expected an abort condition, found " + quoteToken(Lexer.peek()),
                  Lexer.peek().Offset);
    }
  }

  /// A name of ConditionNames, or an error that suggests the closest one.
  static Expected<std::string_view> conditionName(const Token &T) {
    const std::string_view Name = withoutPrefix(T.Text, "atf::");
    for (std::string_view Known : ConditionNames)
      if (Name == Known)
        return Known;
    std::string Message = "unknown abort condition '" + std::string(T.Text) + "'";
    if (std::string_view Close = closestSpelling(Name, ConditionNames); !Close.empty())
      Message += "; did you mean '" + std::string(Close) + "'?";
    else
      Message += "; expected evaluations, valid_evaluations, fraction, duration, cost or speedup";
    return fail(std::move(Message), T.Offset);
  }

  /// Value, once the call's ')' follows (What names what was expected).
  template <class T> Expected<T> closed(T Value, std::string_view What = "')'") {
    if (Expected<Token> Closed = expect(TokenKind::RParen, What); !Closed)
      return Closed.takeError();
    return Value;
  }

  Expected<AbortCondition> parseCall() {
    const Token NameToken = Lexer.take();
    const Expected<std::string_view> Known = conditionName(NameToken);
    if (!Known)
      return Known.error();
    const std::string_view Name = *Known;
    std::optional<double> UnitSeconds;
    if (Lexer.peek().Kind == TokenKind::Less) {
      if (Name != "duration" && Name != "speedup")
        return fail(std::string(Name) + " takes no unit", Lexer.peek().Offset);
      Expected<double> Unit = parseUnit();
      if (!Unit)
        return Unit.takeError();
      UnitSeconds = *Unit;
    }
    if (Name == "duration" && !UnitSeconds)
      return fail("duration needs a unit, e.g. duration<seconds>(10)",
                  NameToken.Offset + NameToken.Text.size());
    if (Expected<Token> Open = expect(TokenKind::LParen, "'(' after '" + std::string(Name) + "'");
        !Open)
      return Open.takeError();

    if (Name == "evaluations" || Name == "valid_evaluations") {
      const Expected<std::uint64_t> N = parseCount();
      if (!N)
        return N.error();
      return closed(Name == "evaluations" ? AbortCondition::evaluations(*N)
                                          : AbortCondition::validEvaluations(*N));
    }
    if (Name == "fraction") {
      const Token At = Lexer.peek();
      const Expected<double> F = parseNumber();
      if (!F)
        return F.error();
      if (!(*F >= 0 && *F <= 1))
        return fail("fraction takes a number in [0, 1], the share of the search space", At.Offset);
      return closed(AbortCondition::fraction(*F));
    }
    if (Name == "duration") {
      const Expected<double> Amount = parseDurationAmount();
      if (!Amount)
        return Amount.error();
      return closed(AbortCondition::duration(*Amount * *UnitSeconds));
    }
    if (Name == "cost")
      return parseCostTarget();
    return parseSpeedup(UnitSeconds);
  }

  /// The numbers of cost(c, ...) after its '(', and its ')'.
  Expected<AbortCondition> parseCostTarget() {
    Cost Target;
    do {
      if (!Target.empty())
        Lexer.take(); // the comma
      const Expected<double> X = parseNumber();
      if (!X)
        return X.error();
      Target.push_back(*X);
    } while (Lexer.peek().Kind == TokenKind::Comma);
    // The target is written in the objectives' units and directions.
    return closed(AbortCondition::cost(searchCost(Target, Objectives), Target), "',' or ')'");
  }

  /// speedup's arguments after its '(', and its ')'; UnitSeconds: the unit
  /// of speedup<unit>(s, t).
  Expected<AbortCondition> parseSpeedup(std::optional<double> UnitSeconds) {
    const Token FactorToken = Lexer.peek();
    const Expected<double> S = parseNumber();
    if (!S)
      return S.error();
    if (!(*S >= 1))
      return fail("speedup takes a factor >= 1 first, e.g. speedup(1.05, evaluations(200))",
                  FactorToken.Offset);
    if (Expected<Token> Comma =
            expect(TokenKind::Comma, "',' and a window after the speedup factor");
        !Comma)
      return Comma.takeError();
    if (UnitSeconds) {
      // The slides' form speedup<unit>(s, t).
      const Token AmountToken = Lexer.peek();
      const Expected<double> Amount = parseDurationAmount();
      if (!Amount)
        return Amount.error();
      if (*Amount == 0)
        return emptyWindow(AmountToken);
      return closed(AbortCondition::speedupOverDuration(*S, *Amount * *UnitSeconds));
    }
    const Token WindowToken = Lexer.peek();
    const std::string_view Window =
        WindowToken.Kind == TokenKind::Name ? withoutPrefix(WindowToken.Text, "atf::") : "";
    if (Window == "evaluations") {
      Lexer.take();
      if (Expected<Token> Open = expect(TokenKind::LParen, "'(' after 'evaluations'"); !Open)
        return Open.takeError();
      const Token CountToken = Lexer.peek();
      const Expected<std::uint64_t> N = parseCount();
      if (!N)
        return N.error();
      if (*N == 0)
        return emptyWindow(CountToken);
      // The window's ')', then speedup's.
      if (Expected<Token> Closed = expect(TokenKind::RParen, "')'"); !Closed)
        return Closed.takeError();
      return closed(AbortCondition::speedupOverEvaluations(*S, *N));
    }
    if (Window == "duration") {
      Lexer.take();
      if (Lexer.peek().Kind != TokenKind::Less)
        return fail("duration needs a unit, e.g. duration<seconds>(10)", Lexer.peek().Offset);
      const Expected<double> Unit = parseUnit();
      if (!Unit)
        return Unit.error();
      if (Expected<Token> Open = expect(TokenKind::LParen, "'(' after 'duration<...>'"); !Open)
        return Open.takeError();
      const Token AmountToken = Lexer.peek();
      const Expected<double> Amount = parseDurationAmount();
      if (!Amount)
        return Amount.error();
      if (*Amount == 0)
        return emptyWindow(AmountToken);
      if (Expected<Token> Closed = expect(TokenKind::RParen, "')'"); !Closed)
        return Closed.takeError();
      return closed(AbortCondition::speedupOverDuration(*S, *Amount * *Unit));
    }
    return fail("speedup takes a window: evaluations(n) or duration<unit>(t)", WindowToken.Offset);
  }

  /// A speedup window of no evaluation or no time: the best cost cannot
  /// improve within it, so the run would stop at its first valid result.
  static Error emptyWindow(const Token &At) {
    return fail("speedup takes a window of at least one evaluation or more than no time",
                At.Offset);
  }

  /// `<unit>`, as seconds per unit.
  Expected<double> parseUnit() {
    if (Expected<Token> Open = expect(TokenKind::Less, "'<'"); !Open)
      return Open.takeError();
    const Expected<Token> UnitToken =
        expect(TokenKind::Name, "a unit: seconds, minutes, hours or milliseconds");
    if (!UnitToken)
      return UnitToken.error();
    const std::string_view Unit = withoutPrefix(UnitToken->Text, "std::chrono::");
    double Seconds = 0;
    for (const DurationUnit &U : Units)
      if (U.Name == Unit)
        Seconds = U.Seconds;
    if (Seconds == 0) {
      std::array<std::string_view, Units.size()> Names;
      for (std::size_t I = 0; I < Units.size(); ++I)
        Names[I] = Units[I].Name;
      std::string Message = "unknown duration unit '" + std::string(UnitToken->Text) + "'";
      if (std::string_view Close = closestSpelling(Unit, Names); !Close.empty())
        Message += "; did you mean '" + std::string(Close) + "'?";
      else
        Message += "; expected seconds, minutes, hours or milliseconds";
      return fail(std::move(Message), UnitToken->Offset);
    }
    if (Expected<Token> Close = expect(TokenKind::Greater, "'>'"); !Close)
      return Close.takeError();
    return Seconds;
  }

  /// A number, signed or not; Written, when given, is set to its text as
  /// written ("-0.5e1").
  Expected<double> parseNumber(std::string *Written = nullptr) {
    std::string Sign;
    if (Lexer.peek().Kind == TokenKind::Minus || Lexer.peek().Kind == TokenKind::Plus)
      Sign = std::string(Lexer.take().Text);
    if (Lexer.peek().Kind == TokenKind::Invalid)
      return fail("malformed number " + quoteToken(Lexer.peek()), Lexer.peek().Offset);
    const Expected<Token> X = expect(TokenKind::Number, "a number");
    if (!X)
      return X.error();
    if (Written)
      *Written = Sign + std::string(X->Text);
    return Sign == "-" ? -X->Number : X->Number;
  }

  Expected<double> parseDurationAmount() {
    const Token At = Lexer.peek();
    const Expected<double> T = parseNumber();
    if (T && (!(*T >= 0) || std::isinf(*T)))
      return fail("a duration takes a number >= 0", At.Offset);
    return T;
  }

  /// A count as written: digits are read exactly (a double would turn
  /// 2^53 + 1 into 2^53, and quote 10^23 back as 1e+23); another whole
  /// number (`1e3`, `5.0`) as a number.
  Expected<std::uint64_t> parseCount() {
    const Token At = Lexer.peek();
    std::string Written;
    const Expected<double> N = parseNumber(&Written);
    if (!N)
      return N.error();
    std::string Decimal; // without digit separators and suffixes: 1'000u
    for (char C : Written)
      if (C != '\'' && C != '+')
        Decimal += C;
    while (!Decimal.empty() && std::string_view("uUlL").find(Decimal.back()) != std::string::npos)
      Decimal.pop_back();
    if (!Decimal.empty() && Decimal.find_first_not_of("0123456789") == std::string::npos &&
        (Decimal.size() == 1 || Decimal[0] != '0')) {
      std::uint64_t Count = 0;
      const char *Last = Decimal.data() + Decimal.size();
      const auto [End, Error] = std::from_chars(Decimal.data(), Last, Count);
      if (Error == std::errc() && End == Last)
        return Count;
    }
    if (*N >= 0 && *N == std::floor(*N) && *N < 0x1p64)
      return static_cast<std::uint64_t>(*N);
    return fail("expected a whole number of evaluations from 0 to " +
                    std::to_string(std::numeric_limits<std::uint64_t>::max()) + ", found " +
                    Written,
                At.Offset);
  }

  ExpressionLexer Lexer;
  /// The objectives a cost() target is written in.
  std::span<const Objective> Objectives;
};

} // namespace

Expected<AbortCondition> parseAbortCondition(std::string_view Text,
                                             std::span<const Objective> Objectives) {
  return ConditionParser(Text, Objectives).parseAll();
}

} // namespace atfc
