//===- Directives/MappedText.h - Text with a source map ---------*- C++ -*-===//
//
// The clause parser reads a directive's text, and the arguments cut from
// it, together with where each character is in the user's file, so that
// every error points at its line:col: text with its source map, a part of
// it as a SourceExpr, and string literals decoded with a position per
// character.
//
// Tested through ClauseParserTest.cpp and ClauseParserErrorTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DIRECTIVES_MAPPEDTEXT_H
#define ATFC_DIRECTIVES_MAPPEDTEXT_H

#include "Directives/DirectiveScanner.h"
#include "Language/TuningSpec.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace atfc::clauses {

using llvm::ArrayRef;
using llvm::StringRef;

/// The position one column after P.
SourcePosition after(SourcePosition P);

/// "LINE:COLUMN", for messages that point at another place.
std::string formatPosition(SourcePosition P);

/// Text and where each character of it is in the file: a directive, or an
/// argument already made into a SourceExpr.
struct MappedText {
  StringRef Text;
  ArrayRef<SourcePosition> Positions;
  /// Just past the end of Text.
  SourcePosition End;

  SourcePosition positionOf(std::size_t I) const {
    return I < Positions.size() ? Positions[I] : End;
  }
};

/// A directive's text, or an argument's, with its source map.
MappedText mapped(const Directive &D);
MappedText mapped(const SourceExpr &X);

/// The part [Begin, End) of M, blanks around it trimmed.
SourceExpr slice(const MappedText &M, std::size_t Begin, std::size_t End);

/// A string literal's contents, escapes decoded, each character mapped to
/// the file.
struct DecodedString {
  std::string Value;
  std::vector<SourcePosition> Positions;
};

/// The character that the simple escape `\E` stands for, if E makes one.
std::optional<char> simpleEscape(char E);

} // namespace atfc::clauses

#endif // ATFC_DIRECTIVES_MAPPEDTEXT_H
