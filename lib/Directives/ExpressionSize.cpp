//===- Directives/ExpressionSize.cpp - Expressions Clang can analyse ------===//
//
// A scan of the expression's characters, not a parse: string and character
// literals are skipped; an operator character after an operand (a name, a
// number, a closing bracket) is binary, elsewhere it is a prefix operator.
// Multi-character operators (`<=`, `&&`, `->`) count once.
//
//===----------------------------------------------------------------------===//
#include "Directives/ExpressionSize.h"

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

std::optional<ExpressionTooLarge> setTooLarge(llvm::StringRef Text) {
  // Values are separated by the commas one bracket deep.
  std::size_t Depth = 0, Values = 1;
  for (std::size_t I = 0; I < Text.size(); ++I) {
    const char C = Text[I];
    if (C == '"' || C == '\'') {
      for (++I; I < Text.size() && Text[I] != C; ++I)
        if (Text[I] == '\\')
          ++I;
    } else if (C == '(' || C == '[' || C == '{') {
      ++Depth;
    } else if ((C == ')' || C == ']' || C == '}') && Depth > 0) {
      --Depth;
    } else if (C == ',' && Depth == 1 && ++Values > kMaxSetValues) {
      return ExpressionTooLarge{I, "this set has more than " + std::to_string(kMaxSetValues) +
                                       " values, more than atfc analyses; use an interval, or "
                                       "a generator (interval<T>(lo, hi, step, generator))"};
    }
  }
  return std::nullopt;
}

} // namespace atfc
