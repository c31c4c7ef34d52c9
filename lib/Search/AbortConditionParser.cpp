//===- Search/AbortConditionParser.cpp - Abort conditions as text ---------===//
//
// A recursive-descent parser; the first error ends the parse (it unwinds
// the descent as a ParseFailure, never thrown outside this file, and is
// returned from parseAbortCondition as an Error).
//
//===----------------------------------------------------------------------===//
#include "Search/AbortConditionParser.h"
#include "Support/NumberText.h"
#include "Support/Suggestions.h"

#include <array>
#include <cmath>

namespace atfc {

namespace {

struct ParseFailure {
  std::string Message;
  std::size_t Offset;
};

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

  AbortCondition parseAll() {
    if (Lexer.peek().Kind == TokenKind::End)
      fail("expected an abort condition, e.g. evaluations(1000)", Lexer.peek().Offset);
    AbortCondition Condition = parseOr();
    const Token &Rest = Lexer.peek();
    if (Rest.Kind == TokenKind::Invalid && (Rest.Text == "&" || Rest.Text == "|"))
      fail("unexpected '" + std::string(Rest.Text) + "'; did you mean '" + std::string(Rest.Text) +
               std::string(Rest.Text) + "'?",
           Rest.Offset);
    if (Rest.Kind != TokenKind::End)
      fail("unexpected " + quoteToken(Lexer.peek()) +
               " after the abort condition; expected "
               "'&&' or '||'",
           Lexer.peek().Offset);
    return Condition;
  }

private:
  [[noreturn]] void fail(std::string Message, std::size_t Offset) {
    throw ParseFailure{std::move(Message), Offset};
  }

  Token expect(TokenKind Kind, std::string_view What) {
    if (Lexer.peek().Kind != Kind)
      fail("expected " + std::string(What) + ", found " + quoteToken(Lexer.peek()),
           Lexer.peek().Offset);
    return Lexer.take();
  }

  AbortCondition parseOr() {
    AbortCondition Left = parseAnd();
    while (Lexer.peek().Kind == TokenKind::OrOr) {
      Lexer.take();
      Left = Left || parseAnd();
    }
    return Left;
  }

  AbortCondition parseAnd() {
    AbortCondition Left = parseUnary();
    while (Lexer.peek().Kind == TokenKind::AndAnd) {
      Lexer.take();
      Left = Left && parseUnary();
    }
    return Left;
  }

  AbortCondition parseUnary() {
    switch (Lexer.peek().Kind) {
    case TokenKind::Not:
      Lexer.take();
      return !parseUnary();
    case TokenKind::LParen: {
      Lexer.take();
      AbortCondition Inner = parseOr();
      expect(TokenKind::RParen, "')'");
      return Inner;
    }
    case TokenKind::Name:
      return parseCall();
    case TokenKind::Invalid:
      fail("unexpected " + quoteToken(Lexer.peek()), Lexer.peek().Offset);
    default:
      fail("expected an abort condition, found " + quoteToken(Lexer.peek()), Lexer.peek().Offset);
    }
  }

  /// A name of ConditionNames, or an error that suggests the closest one.
  std::string_view conditionName(const Token &T) {
    const std::string_view Name = withoutPrefix(T.Text, "atf::");
    for (std::string_view Known : ConditionNames)
      if (Name == Known)
        return Known;
    std::string Message = "unknown abort condition '" + std::string(T.Text) + "'";
    if (std::string_view Close = closestSpelling(Name, ConditionNames); !Close.empty())
      Message += "; did you mean '" + std::string(Close) + "'?";
    else
      Message += "; expected evaluations, valid_evaluations, fraction, duration, cost or speedup";
    fail(std::move(Message), T.Offset);
  }

  AbortCondition parseCall() {
    const Token NameToken = Lexer.take();
    const std::string_view Name = conditionName(NameToken);
    std::optional<double> UnitSeconds;
    if (Lexer.peek().Kind == TokenKind::Less) {
      if (Name != "duration" && Name != "speedup")
        fail(std::string(Name) + " takes no unit", Lexer.peek().Offset);
      UnitSeconds = parseUnit();
    }
    if (Name == "duration" && !UnitSeconds)
      fail("duration needs a unit, e.g. duration<seconds>(10)",
           NameToken.Offset + NameToken.Text.size());
    expect(TokenKind::LParen, "'(' after '" + std::string(Name) + "'");

    if (Name == "evaluations" || Name == "valid_evaluations") {
      const std::uint64_t N = parseCount();
      expect(TokenKind::RParen, "')'");
      return Name == "evaluations" ? AbortCondition::evaluations(N)
                                   : AbortCondition::validEvaluations(N);
    }
    if (Name == "fraction") {
      const Token At = Lexer.peek();
      const double F = parseNumber();
      if (!(F >= 0 && F <= 1))
        fail("fraction takes a number in [0, 1], the share of the search space", At.Offset);
      expect(TokenKind::RParen, "')'");
      return AbortCondition::fraction(F);
    }
    if (Name == "duration") {
      const double Seconds = parseDurationAmount() * *UnitSeconds;
      expect(TokenKind::RParen, "')'");
      return AbortCondition::duration(Seconds);
    }
    if (Name == "cost") {
      Cost Target{parseNumber()};
      while (Lexer.peek().Kind == TokenKind::Comma) {
        Lexer.take();
        Target.push_back(parseNumber());
      }
      expect(TokenKind::RParen, "',' or ')'");
      // The target is written in the objectives' units and directions.
      return AbortCondition::cost(searchCost(Target, Objectives), Target);
    }
    // speedup
    const Token FactorToken = Lexer.peek();
    const double S = parseNumber();
    if (!(S >= 1))
      fail("speedup takes a factor >= 1 first, e.g. speedup(1.05, evaluations(200))",
           FactorToken.Offset);
    expect(TokenKind::Comma, "',' and a window after the speedup factor");
    if (UnitSeconds) {
      // The slides' form speedup<unit>(s, t).
      const double Seconds = parseDurationAmount() * *UnitSeconds;
      expect(TokenKind::RParen, "')'");
      return AbortCondition::speedupOverDuration(S, Seconds);
    }
    const Token WindowToken = Lexer.peek();
    const std::string_view Window =
        WindowToken.Kind == TokenKind::Name ? withoutPrefix(WindowToken.Text, "atf::") : "";
    AbortCondition Result = AbortCondition::evaluations(0);
    if (Window == "evaluations") {
      Lexer.take();
      expect(TokenKind::LParen, "'(' after 'evaluations'");
      const std::uint64_t N = parseCount();
      expect(TokenKind::RParen, "')'");
      Result = AbortCondition::speedupOverEvaluations(S, N);
    } else if (Window == "duration") {
      Lexer.take();
      if (Lexer.peek().Kind != TokenKind::Less)
        fail("duration needs a unit, e.g. duration<seconds>(10)", Lexer.peek().Offset);
      const double Unit = parseUnit();
      expect(TokenKind::LParen, "'(' after 'duration<...>'");
      const double Seconds = parseDurationAmount() * Unit;
      expect(TokenKind::RParen, "')'");
      Result = AbortCondition::speedupOverDuration(S, Seconds);
    } else {
      fail("speedup takes a window: evaluations(n) or duration<unit>(t)", WindowToken.Offset);
    }
    expect(TokenKind::RParen, "')'");
    return Result;
  }

  /// `<unit>`, as seconds per unit.
  double parseUnit() {
    expect(TokenKind::Less, "'<'");
    const Token UnitToken =
        expect(TokenKind::Name, "a unit: seconds, minutes, hours or milliseconds");
    const std::string_view Unit = withoutPrefix(UnitToken.Text, "std::chrono::");
    double Seconds = 0;
    for (const DurationUnit &U : Units)
      if (U.Name == Unit)
        Seconds = U.Seconds;
    if (Seconds == 0) {
      std::array<std::string_view, Units.size()> Names;
      for (std::size_t I = 0; I < Units.size(); ++I)
        Names[I] = Units[I].Name;
      std::string Message = "unknown duration unit '" + std::string(UnitToken.Text) + "'";
      if (std::string_view Close = closestSpelling(Unit, Names); !Close.empty())
        Message += "; did you mean '" + std::string(Close) + "'?";
      else
        Message += "; expected seconds, minutes, hours or milliseconds";
      fail(std::move(Message), UnitToken.Offset);
    }
    expect(TokenKind::Greater, "'>'");
    return Seconds;
  }

  double parseNumber() {
    bool Negative = false;
    if (Lexer.peek().Kind == TokenKind::Minus || Lexer.peek().Kind == TokenKind::Plus)
      Negative = Lexer.take().Kind == TokenKind::Minus;
    if (Lexer.peek().Kind == TokenKind::Invalid)
      fail("malformed number " + quoteToken(Lexer.peek()), Lexer.peek().Offset);
    const double X = expect(TokenKind::Number, "a number").Number;
    return Negative ? -X : X;
  }

  double parseDurationAmount() {
    const Token At = Lexer.peek();
    const double T = parseNumber();
    if (!(T >= 0) || std::isinf(T))
      fail("a duration takes a number >= 0", At.Offset);
    return T;
  }

  std::uint64_t parseCount() {
    const Token At = Lexer.peek();
    const double N = parseNumber();
    if (!(N >= 0) || N != std::floor(N) || N > 1.8e19)
      fail("expected a whole number of evaluations >= 0, found " + shortestText(N), At.Offset);
    return static_cast<std::uint64_t>(N);
  }

  ExpressionLexer Lexer;
  /// The objectives a cost() target is written in.
  std::span<const Objective> Objectives;
};

} // namespace

Expected<AbortCondition> parseAbortCondition(std::string_view Text,
                                             std::span<const Objective> Objectives) {
  try {
    return ConditionParser(Text, Objectives).parseAll();
  } catch (ParseFailure &Failure) {
    return textError(Failure.Offset, std::move(Failure.Message));
  }
}

} // namespace atfc
