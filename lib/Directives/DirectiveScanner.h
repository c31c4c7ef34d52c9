//===- Directives/DirectiveScanner.h - Find #atf:: directives ---*- C++ -*-===//
//
// The first stage of the directive frontend: finds the `#atf::` directives of
// an annotated source file and hands each on as one logical line of text, with
// a source map back to the file so that later stages (clause parsing, Clang
// analysis) can report an error at `file:line:col` of the user's file. It also
// blanks the directives out of the source that is compiled for a
// configuration, keeping every other line where it was.
//
// In C-family files (OpenCL, CUDA, C, C++) directives are found with Clang's
// raw lexer, so an `#atf::` inside a comment or a string literal is not one,
// and comments inside a directive are dropped. Any other file (scripts,
// Python, Fortran, ...) is scanned line by line without knowing its comments.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DIRECTIVES_DIRECTIVESCANNER_H
#define ATFC_DIRECTIVES_DIRECTIVESCANNER_H

#include "Language/SourcePosition.h"
#include "Support/Diagnostic.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <string>
#include <vector>

namespace atfc {

/// How the scanner reads a file.
enum class SourceLanguage {
  /// OpenCL, CUDA, C or C++: lexed with Clang, comments and literals respected.
  CFamily,
  /// Anything else: scanned line by line.
  Other,
};

/// The language of a file with the given extension (with or without the dot,
/// any case): `cl`, `cu`, `cuh`, `c`, `h`, `cpp`, `cc`, `cxx`, `hpp` and the
/// other usual C/C++ extensions are CFamily, everything else is Other.
SourceLanguage sourceLanguageForExtension(llvm::StringRef Extension);

/// The language of the file at Path, by its extension.
SourceLanguage sourceLanguageForPath(llvm::StringRef Path);

/// A comment that the scanner dropped from a directive's text (C-family
/// files only), kept so that one standing inside an argument can be told
/// from one after it.
struct DirectiveComment {
  /// Where in the directive's Text it stood (for a block comment: the space
  /// that replaces it).
  std::size_t Index = 0;
  /// Its opening `/`.
  SourcePosition Where;
  /// `//` rather than `/* */`.
  bool IsLine = false;
  /// Its text without the delimiters (a line comment's up to a splicing `\`).
  std::string Body;
};

/// One `#atf::` directive: its text as one logical line, and where each
/// character of that text came from.
struct Directive {
  /// Everything after `#atf::`, continuation lines joined: each join (a `\`
  /// and its newline, or the line break before an indented clause line)
  /// becomes one space, with the blanks around it dropped. In C-family files
  /// comments are dropped too (a block comment becomes one space). Trailing
  /// blanks are removed.
  std::string Text;
  /// Where Text[I] is in the file. A joining space maps to the `\` it
  /// replaces or to the end of the line it follows.
  std::vector<SourcePosition> TextPositions;
  /// The position just past the last character of Text, where an error about
  /// something missing at the end of the directive points.
  SourcePosition End;
  /// The `#` that begins the directive.
  SourcePosition Hash;
  /// The comments dropped from Text, in order.
  std::vector<DirectiveComment> Comments;
  /// The physical lines the directive occupies, inclusive (1-based).
  unsigned FirstLine = 0;
  unsigned LastLine = 0;

  /// Where character Index of Text is in the file; End for Index at or past
  /// the end of Text.
  SourcePosition positionOf(std::size_t Index) const {
    return Index < TextPositions.size() ? TextPositions[Index] : End;
  }
};

/// Everything found in one file.
struct DirectiveScan {
  /// The file's name as given to scanDirectives, for `file:line:col`.
  std::string FileName;
  /// The directives, in file order.
  std::vector<Directive> Directives;
  /// The errors (e.g. a file that ends inside a continuation) and warnings
  /// (a misspelt prefix, with the line as it should read as fix-it), in file
  /// order. A directive with an error is still listed.
  std::vector<Diagnostic> Diagnostics;

  bool hasErrors() const { return atfc::hasErrors(Diagnostics); }
};

/// Finds the directives of a file: lines whose first non-blank characters
/// are `#atf::` (outside comments and literals in CFamily files).
///
/// A directive continues onto the next line when its line ends with `\`
/// (blanks after it are allowed), and when the next line is indented and its
/// first word is a clause keyword of the directive (`name`, `type`, `range`,
/// `constraint` for `tp`; `vendor`, `type`, `id`, `platform_id`,
/// `device_id` for `device_info`), so that the papers' multi-line listings
/// read unchanged. In CFamily files a block comment that starts in a
/// directive takes the directive on to the line where it ends.
DirectiveScan scanDirectives(llvm::StringRef FileName, llvm::StringRef Source,
                             SourceLanguage Language);

/// Source with every line of the given directives replaced by an empty line.
/// Line endings are kept, so all other lines keep their line numbers and
/// compiler errors still point at the user's lines.
std::string blankDirectives(llvm::StringRef Source, llvm::ArrayRef<Directive> Directives);

} // namespace atfc

#endif // ATFC_DIRECTIVES_DIRECTIVESCANNER_H
