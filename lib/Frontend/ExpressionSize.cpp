//===- Frontend/ExpressionSize.cpp - Expressions Clang can analyse ------===//
//
// A scan of the expression's characters, not a parse: string and character
// literals are skipped; an operator character after an operand (a name, a
// number, a closing bracket) is binary, elsewhere it is a prefix operator.
// Multi-character operators (`<=`, `&&`, `->`) count once.
//
//===----------------------------------------------------------------------===//
#include "Frontend/ExpressionSize.h"

#include "Directives/DirectiveLexing.h"

#include <algorithm>
#include <cctype>

namespace atfc {

std::optional<ExpressionTooLarge> expressionTooLarge(llvm::StringRef Text) {
  static constexpr llvm::StringRef Operators = "!~-+*/%&|^<>=?:";
  std::size_t Binary = 0, Prefix = 0, PrefixStart = 0;
  // After an operand, an operator is binary; right after a binary operator's
  // first character, another one continues it (`<=`, `&&`).
  bool AfterOperand = false, InBinary = false;
  for (std::size_t I = 0; I < Text.size(); ++I) {
    const char C = Text[I];
    if (C == '"' || C == '\'') { // a literal is an operand
      for (++I; I < Text.size() && Text[I] != C; ++I)
        if (Text[I] == '\\')
          ++I;
      AfterOperand = true;
      InBinary = false;
      Prefix = 0;
      continue;
    }
    if (std::isspace(static_cast<unsigned char>(C))) {
      InBinary = false;
      continue;
    }
    if (!Operators.contains(C)) {
      AfterOperand = std::isalnum(static_cast<unsigned char>(C)) || C == '_' || C == ')' ||
                     C == ']' || C == '}' || C == '.';
      InBinary = false;
      Prefix = 0;
      continue;
    }
    if (AfterOperand) {
      if (++Binary > kMaxBinaryOperators)
        return ExpressionTooLarge{
            I, "this expression has more than " + std::to_string(kMaxBinaryOperators) +
                   " binary operators, more than atfc analyses; compute it in a function of the "
                   "program, or in several steps"};
      AfterOperand = false;
      InBinary = true;
      continue;
    }
    if (InBinary) {
      InBinary = false;
      continue;
    }
    if (Prefix++ == 0)
      PrefixStart = I;
    if (Prefix > kMaxPrefixOperators)
      return ExpressionTooLarge{PrefixStart, "this expression applies more than " +
                                                 std::to_string(kMaxPrefixOperators) +
                                                 " prefix operators in a row, more than atfc "
                                                 "analyses"};
  }
  return std::nullopt;
}

std::optional<SetValueList> setValueList(llvm::StringRef Text) {
  const std::size_t Last = Text.find_last_not_of(" \t\r\n\f\v");
  if (Last == llvm::StringRef::npos || (Text[Last] != ')' && Text[Last] != '}'))
    return std::nullopt;
  SetValueList List;
  List.Close = Last;
  // The bracket that the last character closes: `{` at the start, or the
  // call's `(` after `set` or `set<T>` (whose own brackets are skipped).
  List.Open = lexing::NoIndex;
  for (std::size_t I = 0; I < Last;) {
    if (lexing::opensLiteral(Text, I)) {
      I = lexing::skipLiteral(Text, I);
      continue;
    }
    if (!lexing::isOpeningBracket(Text[I])) {
      ++I;
      continue;
    }
    const std::size_t Closing = lexing::findClosingBracket(Text, I);
    if (Closing == Last) {
      List.Open = I;
      break;
    }
    if (Closing == lexing::NoIndex)
      return std::nullopt;
    I = Closing + 1;
  }
  if (List.Open == lexing::NoIndex)
    return std::nullopt;
  List.Values = lexing::splitAtCommas(Text, List.Open + 1, List.Close);
  if (List.Values.size() == 1 &&
      Text.slice(List.Values[0].first, List.Values[0].second).trim().empty())
    List.Values.clear(); // set()
  List.Chunkable = true;
  for (std::size_t I = List.Open + 1; I < List.Close;) {
    if (lexing::opensLiteral(Text, I)) {
      I = lexing::skipLiteral(Text, I);
      continue;
    }
    if (Text[I++] == '<')
      List.Chunkable = false;
  }
  return List;
}

std::optional<ExpressionTooLarge> setTooLarge(llvm::StringRef Text, std::size_t MaxValues) {
  std::optional<SetValueList> List = setValueList(Text);
  if (!List)
    return expressionTooLarge(Text);
  const std::size_t Limit =
      List->Chunkable ? MaxValues : std::min(MaxValues, kMaxUnchunkedSetValues);
  if (List->Values.size() > Limit) {
    std::string Message =
        "this set has more than " + std::to_string(Limit) + " values, more than atfc analyses";
    Message += List->Chunkable
                   ? "; use an interval, or a generator (interval<T>(lo, hi, step, generator))"
                   : " with a '<' among them (whose commas might be template arguments'); use a "
                     "set without '<', an interval, or a generator";
    // At the comma after the last value it analyses.
    return ExpressionTooLarge{List->Values[Limit].first - 1, std::move(Message)};
  }
  if (std::optional<ExpressionTooLarge> Problem = expressionTooLarge(Text.take_front(List->Open)))
    return Problem;
  for (const auto &[Begin, End] : List->Values)
    if (std::optional<ExpressionTooLarge> Problem = expressionTooLarge(Text.slice(Begin, End))) {
      Problem->Index += Begin;
      return Problem;
    }
  return std::nullopt;
}

} // namespace atfc
