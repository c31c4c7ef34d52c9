//===- Wisdom/SelectionConstraints.cpp - Constraints in C -----------------===//
#include "Wisdom/SelectionConstraints.h"

#include "Language/ConstraintCode.h"
#include "Support/CStringLiteral.h"
#include "Wisdom/SelectionHeader.h"

#include <fmt/format.h>

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <optional>

namespace atfc {

namespace {

struct Token {
  enum Kind { Name, Number, Operator, End } What = End;
  std::string Text;
  bool Floating = false; // a number's
};

/// Why Text is not a C99 number literal whose meaning C++ shares, or "".
/// Unholdable: whether it is a literal, but one that C (and C++) cannot
/// hold as written: an integer that no integer type holds, a decimal one
/// without `u` beyond long long (read as unsigned), a floating one beyond
/// its type's range or that rounds to 0 there. Compilers warn of each
/// (with -Werror: a header that does not compile), so it is an error.
std::string numberProblem(const std::string &Text, bool &Floating, bool &Unholdable) {
  Unholdable = false;
  std::size_t I = 0;
  const bool Hex = Text.size() > 1 && Text[0] == '0' && (Text[1] == 'x' || Text[1] == 'X');
  Floating = !Hex && Text.find_first_of(".eE") != std::string::npos;
  if (Floating) {
    // digits [. digits] [e [+-] digits] [f l F L]
    std::size_t Digits = 0;
    bool NonZero = false;
    while (I < Text.size() && std::isdigit(static_cast<unsigned char>(Text[I])))
      NonZero |= Text[I] != '0', ++I, ++Digits;
    if (I < Text.size() && Text[I] == '.')
      for (++I; I < Text.size() && std::isdigit(static_cast<unsigned char>(Text[I]));)
        NonZero |= Text[I] != '0', ++I, ++Digits;
    if (Digits == 0)
      return "a number without digits";
    if (I < Text.size() && (Text[I] == 'e' || Text[I] == 'E')) {
      ++I;
      if (I < Text.size() && (Text[I] == '+' || Text[I] == '-'))
        ++I;
      const std::size_t Exponent = I;
      while (I < Text.size() && std::isdigit(static_cast<unsigned char>(Text[I])))
        ++I;
      if (I == Exponent)
        return "an exponent without digits";
    }
    const std::size_t Mantissa = I;
    if (I < Text.size() && std::string_view("fFlL").find(Text[I]) != std::string_view::npos)
      ++I;
    if (I != Text.size())
      return "the number '" + Text + "' (not a C99 literal)";
    // Its value in its type, as the compiler rounds it.
    const std::string Number = Text.substr(0, Mantissa);
    const char Suffix =
        Mantissa < Text.size() ? static_cast<char>(std::tolower(Text[Mantissa])) : 0;
    const char *Type = Suffix == 'f' ? "float" : Suffix == 'l' ? "long double" : "double";
    long double Value = Suffix == 'f'   ? std::strtof(Number.c_str(), nullptr)
                        : Suffix == 'l' ? std::strtold(Number.c_str(), nullptr)
                                        : std::strtod(Number.c_str(), nullptr);
    Unholdable = true;
    if (std::isinf(Value))
      return "the number '" + Text + "' is beyond the range of " + Type;
    if (Value == 0 && NonZero)
      return "the number '" + Text + "' rounds to 0 as " + Type;
    Unholdable = false;
    return "";
  }
  I = Hex ? 2 : 0;
  const std::size_t First = I;
  while (I < Text.size() && (Hex ? std::isxdigit(static_cast<unsigned char>(Text[I]))
                                 : std::isdigit(static_cast<unsigned char>(Text[I]))))
    ++I;
  if (I == First)
    return "the number '" + Text + "' (not a C99 literal)";
  const std::string Digits = Text.substr(0, I);
  if (!Hex && Digits.size() > 1 && Digits[0] == '0' &&
      Digits.find_first_of("89") != std::string::npos)
    return "the number '" + Text + "' (not an octal literal)";
  // u, l, ll in either order and case (ll as `ll` or `LL`): C99's.
  const std::string Suffix = Text.substr(I);
  std::string Lower;
  for (char C : Suffix)
    Lower += static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
  static const char *const Suffixes[] = {"", "u", "l", "ul", "lu", "ll", "ull", "llu"};
  const bool MixedLong =
      Suffix.find("lL") != std::string::npos || Suffix.find("Ll") != std::string::npos;
  bool Known = false;
  for (const char *S : Suffixes)
    Known |= Lower == S && !MixedLong;
  if (!Known)
    return "the number '" + Text + "' (not a C99 literal)";
  errno = 0;
  const unsigned long long Value = std::strtoull(Digits.c_str(), nullptr, 0);
  Unholdable = true;
  if (errno == ERANGE)
    return "the number '" + Text + "' is held by no integer type";
  // A decimal literal without `u` is signed: beyond long long, C and C++
  // read it as unsigned, with a warning.
  const bool Octal = Digits.size() > 1 && Digits[0] == '0';
  if (!Hex && !Octal && Lower.find('u') == std::string::npos &&
      Value > static_cast<unsigned long long>(std::numeric_limits<long long>::max()))
    return "the number '" + Text +
           "' is held by no signed integer type (C reads it as "
           "unsigned; write it with a 'u' suffix)";
  Unholdable = false;
  return "";
}

/// Where the preprocessing number that begins at Text[I] ends: digits,
/// letters, '.', and a sign after e.
std::size_t numberEnd(std::string_view Text, std::size_t I) {
  std::size_t End = I;
  while (End < Text.size() && (std::isalnum(static_cast<unsigned char>(Text[End])) ||
                               Text[End] == '.' || Text[End] == '_' || Text[End] == '\'' ||
                               ((Text[End] == '+' || Text[End] == '-') &&
                                (Text[End - 1] == 'e' || Text[End - 1] == 'E'))))
    ++End;
  return End;
}

/// Whether a number begins at Text[I].
bool beginsNumber(std::string_view Text, std::size_t I) {
  return std::isdigit(static_cast<unsigned char>(Text[I])) ||
         (Text[I] == '.' && I + 1 < Text.size() &&
          std::isdigit(static_cast<unsigned char>(Text[I + 1])));
}

/// C++'s alternative tokens, as C spells them.
const std::map<std::string, std::string> &alternativeTokens() {
  static const std::map<std::string, std::string> Tokens = {
      {"and", "&&"},   {"or", "||"},   {"not", "!"}, {"not_eq", "!="},
      {"bitand", "&"}, {"bitor", "|"}, {"xor", "^"}, {"compl", "~"}};
  return Tokens;
}

/// A parser of the C subset that writes what it read again.
class ExpressionParser {
public:
  ExpressionParser(std::string_view Text, const std::map<std::string, std::string> &Types,
                   const std::string &ZeroFlag)
      : Text(Text), Types(Types), ZeroFlag(ZeroFlag) {}

  Expected<CExpression> parse() {
    if (std::string Why = lex(); !Why.empty())
      return Error(Why);
    CExpression E = conditional();
    if (Problem.empty() && Tokens[At].What != Token::End)
      Problem = "'" + Tokens[At].Text + "' after the expression";
    if (!Problem.empty())
      return Error(Problem);
    E.Names = std::move(Names);
    return E;
  }

private:
  std::string lex() {
    static const char *const Operators[] = {"<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
                                            "+",  "-",  "*",  "/",  "%",  "<",  ">",  "!",
                                            "~",  "&",  "|",  "^",  "?",  ":",  "(",  ")"};
    for (std::size_t I = 0; I < Text.size();) {
      const char C = Text[I];
      if (std::isspace(static_cast<unsigned char>(C))) {
        ++I;
        continue;
      }
      if (std::isalpha(static_cast<unsigned char>(C)) || C == '_') {
        std::size_t End = I;
        while (End < Text.size() &&
               (std::isalnum(static_cast<unsigned char>(Text[End])) || Text[End] == '_'))
          ++End;
        std::string Word(Text.substr(I, End - I));
        I = End;
        if (auto Alt = alternativeTokens().find(Word); Alt != alternativeTokens().end())
          Tokens.push_back({Token::Operator, Alt->second});
        else if (Word == "true" || Word == "false")
          Tokens.push_back({Token::Number, Word == "true" ? "1" : "0"});
        else
          Tokens.push_back({Token::Name, Word});
        continue;
      }
      if (beginsNumber(Text, I)) {
        const std::size_t End = numberEnd(Text, I);
        Token T{Token::Number, std::string(Text.substr(I, End - I))};
        bool Unholdable = false;
        if (std::string Why = numberProblem(T.Text, T.Floating, Unholdable); !Why.empty())
          return Why;
        Tokens.push_back(std::move(T));
        I = End;
        continue;
      }
      bool Known = false;
      for (const char *Op : Operators) {
        const std::string_view O(Op);
        if (Text.substr(I, O.size()) == O && !(O.size() == 1 && Text.substr(I, 2) == "::") &&
            !(O == "<=" && Text.substr(I, 3) == "<=>") &&
            !(O == "<<" && Text.substr(I, 3) == "<<=") &&
            !(O == ">>" && Text.substr(I, 3) == ">>=")) {
          Tokens.push_back({Token::Operator, std::string(O)});
          I += O.size();
          Known = true;
          break;
        }
      }
      if (Known) {
        const std::string &Op = Tokens.back().Text;
        // `a+=b`, `a++`, `a=b`: assignment and increments are not read.
        if (I < Text.size() &&
            ((Text[I] == '=' && Op.size() == 1 && Op != "!" && Op != "~" && Op != "?" &&
              Op != ":" && Op != "(" && Op != ")" && Op != "<" && Op != ">") ||
             ((Op == "+" || Op == "-") && Text[I] == Op[0])))
          return "'" + Op + Text[I] + "', which is not read here";
        continue;
      }
      std::size_t End = I + 1;
      if (C == ':' || C == '-' || C == '=' || C == '<')
        End = Text.find_first_not_of(":->=<", I);
      return "'" + std::string(Text.substr(I, End == std::string_view::npos ? 1 : End - I)) +
             "', which is not C the header reads";
    }
    Tokens.push_back({Token::End, "the end"});
    return "";
  }

  bool accept(const char *Op) {
    if (Tokens[At].What == Token::Operator && Tokens[At].Text == Op) {
      ++At;
      return true;
    }
    return false;
  }

  void fail(const std::string &Why) {
    if (Problem.empty())
      Problem = Why;
  }

  CExpression conditional() {
    CExpression Condition = binary(0);
    if (!accept("?"))
      return Condition;
    CExpression Then = conditional();
    if (!accept(":"))
      fail("a '?' without its ':'");
    CExpression Else = conditional();
    if (!Problem.empty())
      return {};
    return {"(" + Condition.Text + " ? " + Then.Text + " : " + Else.Text + ")",
            Then.Floating || Else.Floating,
            {}};
  }

  /// The binary operators by precedence, loosest first.
  static const std::vector<std::vector<std::string>> &levels() {
    static const std::vector<std::vector<std::string>> Levels = {{"||"},
                                                                 {"&&"},
                                                                 {"|"},
                                                                 {"^"},
                                                                 {"&"},
                                                                 {"==", "!="},
                                                                 {"<", "<=", ">", ">="},
                                                                 {"<<", ">>"},
                                                                 {"+", "-"},
                                                                 {"*", "/", "%"}};
    return Levels;
  }

  CExpression binary(std::size_t Level) {
    if (Level == levels().size())
      return unary();
    CExpression Left = binary(Level + 1);
    for (;;) {
      std::string Op;
      for (const std::string &Candidate : levels()[Level])
        if (accept(Candidate.c_str())) {
          Op = Candidate;
          break;
        }
      if (Op.empty() || !Problem.empty())
        return Left;
      CExpression Right = binary(Level + 1);
      // After an error nothing is written: the text of a refused
      // expression may be huge.
      if (!Problem.empty())
        return {};
      const bool Integral =
          Op == "%" || Op == "<<" || Op == ">>" || Op == "&" || Op == "^" || Op == "|";
      if (Integral && (Left.Floating || Right.Floating))
        fail("'" + Op + "' of a floating-point value");
      const bool Logical = Level <= 1 || (Level >= 5 && Level <= 6);
      CExpression Result;
      Result.Floating = !Logical && (Left.Floating || Right.Floating);
      if ((Op == "/" || Op == "%") && !Result.Floating)
        // An integer division by zero traps; here it makes the
        // configuration not fit. The flag is set in a function: an
        // expression may divide twice, and two assignments in it would be
        // unsequenced; `L * 0 + R * 0` gives the branch the quotient's type.
        Result.Text = "(" + Right.Text + " == 0 ? " + Left.Text + " * 0 + " + Right.Text +
                      " * 0 + atfc_select_zero_(&" + ZeroFlag + ") : (" + Left.Text + " " + Op +
                      " " + Right.Text + "))";
      else
        Result.Text = "(" + Left.Text + " " + Op + " " + Right.Text + ")";
      // A division repeats its divisor: nested ones must not grow without end.
      if (Result.Text.size() > kMaxText)
        fail("an expression longer than " + std::to_string(kMaxText) + " characters in C");
      Left = std::move(Result);
    }
  }

  CExpression unary() {
    // A hostile file's `((((...` must not exhaust the stack.
    if (++Depth > kMaxDepth) {
      fail("an expression nested deeper than " + std::to_string(kMaxDepth));
      At = Tokens.size() - 1;
      return {};
    }
    CExpression Result = unaryOperand();
    --Depth;
    return Result;
  }

  CExpression unaryOperand() {
    for (const char *Op : {"-", "+", "!", "~"})
      if (accept(Op)) {
        CExpression Operand = unary();
        if (!Problem.empty())
          return {};
        if (std::string_view(Op) == "~" && Operand.Floating)
          fail("'~' of a floating-point value");
        return {std::string("(") + Op + Operand.Text + ")",
                std::string_view(Op) != "!" && Operand.Floating,
                {}};
      }
    return primary();
  }

  CExpression primary() {
    const Token T = Tokens[At];
    if (accept("(")) {
      CExpression Inner = conditional();
      if (!accept(")"))
        fail("a '(' without its ')'");
      return Inner;
    }
    if (T.What == Token::Number) {
      ++At;
      return {T.Text, T.Floating, {}};
    }
    if (T.What == Token::Name) {
      ++At;
      auto Type = Types.find(T.Text);
      if (Type == Types.end()) {
        fail("'" + T.Text + "', which is no numeric input or tuning parameter");
        return {};
      }
      if (Tokens[At].What == Token::Operator && Tokens[At].Text == "(")
        fail("a call of '" + T.Text + "'");
      Names.insert(T.Text);
      const std::string &C = Type->second;
      return {T.Text, C == "float" || C == "double" || C == "long double", {}};
    }
    fail(T.What == Token::End ? "an operand missing at the end"
                              : "'" + T.Text + "' where an operand belongs");
    if (T.What != Token::End)
      ++At;
    return {};
  }

  static constexpr std::size_t kMaxDepth = 200;
  static constexpr std::size_t kMaxText = 1 << 16;
  std::string_view Text;
  const std::map<std::string, std::string> &Types;
  const std::string &ZeroFlag;
  std::vector<Token> Tokens;
  std::size_t At = 0;
  std::set<std::string> Names;
  std::string Problem;
  std::size_t Depth = 0;
};

/// The constraints are the user's C++ as written: what a compiler may say
/// about them (`N >= 0` of a size_t, `x && 5`, a constant divisor of 0 in
/// a branch the guard never takes) must not fail a program built with
/// -Werror. GCC and Clang are told so around the fits function: Clang of
/// every warning (`2 ^ 1` is -Wxor-used-as-pow, and a list misses the next
/// one), GCC, which has no such switch, of those its -Wall -Wextra give.
constexpr const char *kQuietBegin =
    "#if defined(__clang__)\n#pragma clang diagnostic push\n"
    "#pragma clang diagnostic ignored \"-Weverything\"\n"
    "#pragma clang diagnostic ignored \"-Wunknown-warning-option\"\n"
    "#pragma clang diagnostic ignored \"-Wtautological-compare\"\n"
    "#pragma clang diagnostic ignored \"-Wtautological-constant-compare\"\n"
    "#pragma clang diagnostic ignored \"-Wint-in-bool-context\"\n"
    "#pragma clang diagnostic ignored \"-Wconstant-logical-operand\"\n"
    "#pragma clang diagnostic ignored \"-Wlogical-not-parentheses\"\n"
    "#pragma clang diagnostic ignored \"-Wdivision-by-zero\"\n"
    "#pragma clang diagnostic ignored \"-Wsign-compare\"\n"
    "#pragma clang diagnostic ignored \"-Wbool-operation\"\n"
    "#pragma clang diagnostic ignored \"-Wparentheses\"\n"
    "#pragma clang diagnostic ignored \"-Winteger-overflow\"\n"
    "#pragma clang diagnostic ignored \"-Wshift-count-overflow\"\n"
    "#pragma clang diagnostic ignored \"-Wshift-count-negative\"\n"
    "#pragma clang diagnostic ignored \"-Wshift-overflow\"\n"
    "#pragma clang diagnostic ignored \"-Wshift-negative-value\"\n"
    "#pragma clang diagnostic ignored \"-Wconversion\"\n"
    "#pragma clang diagnostic ignored \"-Wsign-conversion\"\n"
    "#pragma clang diagnostic ignored \"-Wfloat-equal\"\n"
    "#elif defined(__GNUC__)\n#pragma GCC diagnostic push\n"
    "#pragma GCC diagnostic ignored \"-Wpragmas\"\n"
    "#pragma GCC diagnostic ignored \"-Wxor-used-as-pow\"\n"
    "#pragma GCC diagnostic ignored \"-Wtype-limits\"\n"
    "#pragma GCC diagnostic ignored \"-Wint-in-bool-context\"\n"
    "#pragma GCC diagnostic ignored \"-Wbool-compare\"\n"
    "#pragma GCC diagnostic ignored \"-Wdiv-by-zero\"\n"
    "#pragma GCC diagnostic ignored \"-Wbool-operation\"\n"
    "#pragma GCC diagnostic ignored \"-Wparentheses\"\n"
    "#pragma GCC diagnostic ignored \"-Wsign-compare\"\n"
    "#pragma GCC diagnostic ignored \"-Wtautological-compare\"\n"
    "#pragma GCC diagnostic ignored \"-Wlogical-not-parentheses\"\n"
    "#pragma GCC diagnostic ignored \"-Woverflow\"\n"
    "#pragma GCC diagnostic ignored \"-Wshift-count-overflow\"\n"
    "#pragma GCC diagnostic ignored \"-Wshift-count-negative\"\n"
    "#pragma GCC diagnostic ignored \"-Wshift-overflow\"\n"
    "#pragma GCC diagnostic ignored \"-Wshift-negative-value\"\n"
    "#pragma GCC diagnostic ignored \"-Wconversion\"\n"
    "#pragma GCC diagnostic ignored \"-Wsign-conversion\"\n"
    "#pragma GCC diagnostic ignored \"-Wfloat-equal\"\n#endif\n";
constexpr const char *kQuietEnd = "#if defined(__clang__)\n#pragma clang diagnostic pop\n"
                                  "#elif defined(__GNUC__)\n#pragma GCC diagnostic pop\n#endif\n\n";

} // namespace

Expected<CExpression> expressionInC(std::string_view Text,
                                    const std::map<std::string, std::string> &Types,
                                    const std::string &ZeroFlag) {
  return ExpressionParser(Text, Types, ZeroFlag).parse();
}

std::optional<UnholdableLiteral> unholdableLiteral(std::string_view Text) {
  for (std::size_t I = 0; I < Text.size();) {
    const char C = Text[I];
    if (std::isalpha(static_cast<unsigned char>(C)) || C == '_') { // a name: 'x1e5' is one
      while (I < Text.size() &&
             (std::isalnum(static_cast<unsigned char>(Text[I])) || Text[I] == '_'))
        ++I;
      continue;
    }
    if (!beginsNumber(Text, I)) {
      ++I;
      continue;
    }
    const std::size_t End = numberEnd(Text, I);
    bool Floating = false, Unholdable = false;
    std::string Why = numberProblem(std::string(Text.substr(I, End - I)), Floating, Unholdable);
    if (Unholdable)
      return UnholdableLiteral{I, std::move(Why)};
    I = End;
  }
  return std::nullopt;
}

Expected<FitsCode> fitsFunction(const Wisdom &W, const std::string &Stem,
                                const std::string &InputParameters) {
  const std::string Zero = "atfc_zero";
  // The names a constraint may read, with their C types.
  std::map<std::string, std::string> Types;
  for (const WisdomInput &I : W.Inputs)
    if (std::optional<std::string> T = selectionInputType(I.Type); T && *T != "const char *")
      Types[I.Name] = *T;
  std::map<std::string, std::string> ParameterTypes;
  if (W.Constraints)
    for (const WisdomConstraint &C : *W.Constraints)
      for (const WisdomParameter &P : W.Parameters)
        if (P.Name == C.Parameter && P.Kind != ValueKind::String)
          if (std::optional<std::string> T = selectionInputType(C.Type);
              T && *T != "const char *") {
            if (Types.count(P.Name))
              return Error("the tuning parameter '" + P.Name +
                           "' has the name of an input: the header cannot check constraints "
                           "that read both");
            ParameterTypes[P.Name] = *T;
          }
  Types.insert(ParameterTypes.begin(), ParameterTypes.end());

  FitsCode Result;
  std::string Checks;
  std::set<std::string> Read;
  for (const WisdomConstraint &C : W.Constraints ? *W.Constraints : std::vector<WisdomConstraint>{})
    for (const WisdomConjunct &J : C.Conjuncts) {
      const std::optional<ConjunctShape> Relation = relationShapeOf(J.Shape);
      const std::string Label =
          C.Parameter + ": " + (Relation ? J.Shape + "(" + J.Expression + ")" : J.Expression);
      auto Unchecked = [&](const std::string &Why) {
        Result.Unchecked.push_back(Label + ": " + Why);
      };
      if (J.NamesDeviceLimit) {
        Unchecked("names a device limit, which only the tuner knows");
        continue;
      }
      if (!Relation && J.Shape != "condition") {
        Unchecked("a lambda or aliases under || or !: C++ only");
        continue;
      }
      // A literal C cannot hold is an error, never a header that warns
      // (or, with -Werror, does not compile) at the user's build.
      if (std::optional<UnholdableLiteral> Bad = unholdableLiteral(J.Expression))
        return Error("the constraint " + cStringLiteral(Label) +
                     " has a number the selection header cannot hold: " + Bad->Why);
      auto Candidate = ParameterTypes.find(C.Parameter);
      if (Candidate == ParameterTypes.end()) {
        Unchecked("'" + C.Parameter + "' is no numeric tuning parameter of the wisdom");
        continue;
      }
      Expected<CExpression> E = expressionInC(J.Expression, Types, Zero);
      if (!E) {
        Unchecked("not C the header reads: " + E.error().message());
        continue;
      }
      const std::string &V = C.Parameter;
      const bool Floating = E->Floating || Candidate->second == "float" ||
                            Candidate->second == "double" || Candidate->second == "long double";
      const std::optional<std::string> Condition =
          Relation ? relationInC(*Relation, V, E->Text, Floating) : E->Text;
      if (!Condition) {
        Unchecked("divisibility of floating-point values");
        continue;
      }
      Read.insert(E->Names.begin(), E->Names.end());
      if (Relation) // a condition need not read its own parameter
        Read.insert(V);
      Result.Checked.push_back(Label);
      Checks += fmt::format("  /* {} */\n  if (!{} || {}) return 0;\n", cStringLiteral(Label),
                            *Condition, Zero);
    }

  std::string &H = Result.Code;
  if (!Checks.empty())
    H += relationHelperInC() + kQuietBegin;
  H += fmt::format("/* 1 when *atfc_config satisfies, at these inputs, each constraint of the\n"
                   " * file that this header checks ({} checked, {} not: see the head of\n"
                   " * this file); 0 when one fails or an integer division by zero. */\n"
                   "static inline int {}_fits({}const {}_config *atfc_config) {{\n",
                   Result.Checked.size(), Result.Unchecked.size(), Stem, InputParameters, Stem);
  H += "  (void)atfc_config;\n";
  if (!Checks.empty()) {
    H += "  int " + Zero + " = 0;\n";
    for (const WisdomParameter &P : W.Parameters)
      if (Read.count(P.Name))
        H += fmt::format("  const {0} {1} = ({0})atfc_config->{1};\n", ParameterTypes[P.Name],
                         P.Name);
  }
  for (const WisdomInput &I : W.Inputs)
    if (!Read.count(I.Name))
      H += "  (void)" + I.Name + ";\n";
  H += Checks + "  return 1;\n}\n\n";
  if (!Checks.empty())
    H += kQuietEnd;
  return Result;
}

} // namespace atfc
