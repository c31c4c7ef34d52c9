//===- Directives/DirectiveLexing.h - Lexing directive text -----*- C++ -*-===//
//
// What the clause parser knows of C++'s lexical shape: enough to find where
// an argument, a literal, a bracketed group or a template argument list ends
// inside a directive's text, without analysing the C++ in it.
//
// All positions are indices into the text they are given.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DIRECTIVES_DIRECTIVELEXING_H
#define ATFC_DIRECTIVES_DIRECTIVELEXING_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

namespace atfc::lexing {

/// The index returned when there is nothing to find.
constexpr std::size_t NoIndex = llvm::StringRef::npos;

inline bool isBlank(char C) { return C == ' ' || C == '\t' || C == '\f' || C == '\v'; }
inline bool isDigit(char C) { return C >= '0' && C <= '9'; }
inline bool isHexDigit(char C) {
  return isDigit(C) || (C >= 'a' && C <= 'f') || (C >= 'A' && C <= 'F');
}
inline bool isIdentifierStart(char C) {
  return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') || C == '_';
}
inline bool isIdentifierChar(char C) { return isIdentifierStart(C) || isDigit(C); }
/// The brackets that nest: (), [] and {}. `<` and `>` may be comparisons.
inline bool isOpeningBracket(char C) { return C == '(' || C == '[' || C == '{'; }
inline bool isClosingBracket(char C) { return C == ')' || C == ']' || C == '}'; }
inline char closingBracketOf(char Open) { return Open == '(' ? ')' : Open == '[' ? ']' : '}'; }

/// Whether Word is a keyword of C++20 (alternative tokens such as `and`
/// included).
bool isCxxKeyword(llvm::StringRef Word);

/// Whether Word is a keyword that is itself an operand (`true`, `false`,
/// `this`, `nullptr`).
bool isOperandKeyword(llvm::StringRef Word);

/// Whether the quote at Text[I] is a C++14 digit separator (`1'000`) rather
/// than the start of a character literal: it is inside a number.
bool isDigitSeparator(llvm::StringRef Text, std::size_t I);

/// Whether Text[I] opens a string or character literal.
bool opensLiteral(llvm::StringRef Text, std::size_t I);

/// The index just past the literal that opens at Text[I]; NoIndex when the
/// text ends before its closing quote.
std::size_t skipLiteral(llvm::StringRef Text, std::size_t I);

/// The index just past the preprocessing number that starts at Text[I]
/// (`1e-5`, `0x1F`, `1'000`, `2.5f`), so that its letters are not words.
std::size_t skipNumber(llvm::StringRef Text, std::size_t I);

/// The index just past the identifier characters from Text[I] on (I itself
/// if there are none).
std::size_t wordEnd(llvm::StringRef Text, std::size_t I);

/// The index of the first non-blank character from Text[I] on, or the size.
std::size_t skipBlanks(llvm::StringRef Text, std::size_t I);

/// The index of the bracket that closes the one at Text[Open], literals
/// skipped; NoIndex when it is not closed or a wrong bracket closes it.
std::size_t findClosingBracket(llvm::StringRef Text, std::size_t Open);

/// The index of the `>` that closes the `<` at Text[Open], counting nested
/// `<...>` outside brackets and literals; NoIndex when there is none.
std::size_t findClosingAngle(llvm::StringRef Text, std::size_t Open);

/// Splits Text[Begin, End) at the commas outside brackets and literals into
/// half-open index ranges (not trimmed). Commas inside `<...>` also split:
/// that is rare in the lists this is used for.
std::vector<std::pair<std::size_t, std::size_t>> splitAtCommas(llvm::StringRef Text,
                                                               std::size_t Begin, std::size_t End);

} // namespace atfc::lexing

#endif // ATFC_DIRECTIVES_DIRECTIVELEXING_H
