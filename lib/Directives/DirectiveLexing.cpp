//===- Directives/DirectiveLexing.cpp - Lexing directive text ---*- C++ -*-===//
//
// Literals, numbers and brackets are scanned the way a C++ lexer would, but
// only as far as finding where something ends: the text is analysed later, by
// Clang.
//
//===----------------------------------------------------------------------===//
#include "Directives/DirectiveLexing.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace atfc;
using llvm::ArrayRef;
using llvm::StringRef;

bool lexing::isCxxKeyword(StringRef Word) {
  static const StringRef Keywords[] = {"alignas",       "alignof",     "and",
                                       "and_eq",        "asm",         "auto",
                                       "bitand",        "bitor",       "bool",
                                       "break",         "case",        "catch",
                                       "char",          "char8_t",     "char16_t",
                                       "char32_t",      "class",       "compl",
                                       "concept",       "const",       "consteval",
                                       "constexpr",     "constinit",   "const_cast",
                                       "continue",      "co_await",    "co_return",
                                       "co_yield",      "decltype",    "default",
                                       "delete",        "do",          "double",
                                       "dynamic_cast",  "else",        "enum",
                                       "explicit",      "export",      "extern",
                                       "false",         "float",       "for",
                                       "friend",        "goto",        "if",
                                       "inline",        "int",         "long",
                                       "mutable",       "namespace",   "new",
                                       "noexcept",      "not",         "not_eq",
                                       "nullptr",       "operator",    "or",
                                       "or_eq",         "private",     "protected",
                                       "public",        "register",    "reinterpret_cast",
                                       "requires",      "return",      "short",
                                       "signed",        "sizeof",      "static",
                                       "static_assert", "static_cast", "struct",
                                       "switch",        "template",    "this",
                                       "thread_local",  "throw",       "true",
                                       "try",           "typedef",     "typeid",
                                       "typename",      "union",       "unsigned",
                                       "using",         "virtual",     "void",
                                       "volatile",      "wchar_t",     "while",
                                       "xor",           "xor_eq"};
  return llvm::is_contained(Keywords, Word);
}

bool lexing::isOperandKeyword(StringRef Word) {
  return Word == "true" || Word == "false" || Word == "this" || Word == "nullptr";
}

bool lexing::isDigitSeparator(StringRef Text, std::size_t I) {
  std::size_t Begin = I;
  while (Begin > 0 &&
         (isIdentifierChar(Text[Begin - 1]) || Text[Begin - 1] == '\'' || Text[Begin - 1] == '.'))
    --Begin;
  return Begin < I && isDigit(Text[Begin]);
}

bool lexing::opensLiteral(StringRef Text, std::size_t I) {
  return Text[I] == '"' || (Text[I] == '\'' && !isDigitSeparator(Text, I));
}

std::size_t lexing::skipLiteral(StringRef Text, std::size_t I) {
  char Quote = Text[I];
  for (std::size_t J = I + 1; J < Text.size(); ++J) {
    if (Text[J] == '\\')
      ++J;
    else if (Text[J] == Quote)
      return J + 1;
  }
  return NoIndex;
}

std::size_t lexing::skipNumber(StringRef Text, std::size_t I) {
  std::size_t J = I;
  while (J < Text.size()) {
    char C = Text[J];
    if (isIdentifierChar(C) || C == '.')
      ++J;
    else if (C == '\'' && J + 1 < Text.size() && isIdentifierChar(Text[J + 1]))
      ++J;
    else if ((C == '+' || C == '-') && J > I &&
             (Text[J - 1] == 'e' || Text[J - 1] == 'E' || Text[J - 1] == 'p' || Text[J - 1] == 'P'))
      ++J;
    else
      break;
  }
  return J;
}

std::size_t lexing::wordEnd(StringRef Text, std::size_t I) {
  while (I < Text.size() && isIdentifierChar(Text[I]))
    ++I;
  return I;
}

std::size_t lexing::findClosingBracket(StringRef Text, std::size_t Open) {
  std::vector<char> Expected;
  std::size_t I = Open;
  while (I < Text.size()) {
    char C = Text[I];
    if (opensLiteral(Text, I)) {
      I = skipLiteral(Text, I);
      if (I == NoIndex)
        return NoIndex;
      continue;
    }
    if (isOpeningBracket(C)) {
      Expected.push_back(closingBracketOf(C));
    } else if (isClosingBracket(C)) {
      if (Expected.empty() || Expected.back() != C)
        return NoIndex;
      Expected.pop_back();
      if (Expected.empty())
        return I;
    }
    ++I;
  }
  return NoIndex;
}

std::size_t lexing::findClosingAngle(StringRef Text, std::size_t Open) {
  unsigned Depth = 0;
  std::size_t I = Open;
  while (I < Text.size()) {
    char C = Text[I];
    if (opensLiteral(Text, I)) {
      I = skipLiteral(Text, I);
      if (I == NoIndex)
        return NoIndex;
      continue;
    }
    if (isOpeningBracket(C)) {
      I = findClosingBracket(Text, I);
      if (I == NoIndex)
        return NoIndex;
    } else if (C == '<') {
      ++Depth;
    } else if (C == '>') {
      if (--Depth == 0)
        return I;
    }
    ++I;
  }
  return NoIndex;
}

std::vector<std::pair<std::size_t, std::size_t>>
lexing::splitAtCommas(StringRef Text, std::size_t Begin, std::size_t End) {
  std::vector<std::pair<std::size_t, std::size_t>> Parts;
  std::size_t PartBegin = Begin;
  std::size_t I = Begin;
  while (I < End) {
    if (opensLiteral(Text, I)) {
      I = std::min(skipLiteral(Text, I), End);
      continue;
    }
    if (isOpeningBracket(Text[I])) {
      std::size_t Close = findClosingBracket(Text, I);
      I = Close == NoIndex || Close >= End ? End : Close + 1;
      continue;
    }
    if (Text[I] == ',') {
      Parts.emplace_back(PartBegin, I);
      PartBegin = I + 1;
    }
    ++I;
  }
  Parts.emplace_back(PartBegin, End);
  return Parts;
}

std::size_t lexing::skipBlanks(StringRef Text, std::size_t I) {
  while (I < Text.size() && isBlank(Text[I]))
    ++I;
  return I;
}
