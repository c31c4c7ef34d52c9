//===- Directives/ArgumentReader.h - Reading directive arguments -*- C++ -*-===//
//
// The clause parser's reading of one directive at a time: where an
// argument ends (brackets, literals, the next clause keyword), string
// literals decoded with their source map, expressions, identifiers, clause
// lists and positional arguments (`$1`), each error reported at the user's
// line:col. It holds what the parser reads into (the spec, the
// diagnostics) and the directive being read; ArgumentShapes and
// DirectiveClauses build on it, ClauseParser.cpp runs them.
//
// Tested through ClauseParserTest.cpp and ClauseParserErrorTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DIRECTIVES_ARGUMENTREADER_H
#define ATFC_DIRECTIVES_ARGUMENTREADER_H

#include "Directives/ClauseParser.h"
#include "Directives/DirectiveLexing.h"
#include "Directives/MappedText.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace atfc::clauses {

using llvm::ArrayRef;
using llvm::StringRef;
using namespace atfc::lexing;

/// "a, b, c or d".
std::string listOf(ArrayRef<StringRef> Words);

/// One `KEYWORD ARGUMENT` of a directive with clauses.
struct Clause {
  /// The keyword, as in the directive's keyword table.
  StringRef Keyword;
  /// Index of the keyword in the directive's text.
  std::size_t KeywordIndex = 0;
  /// The argument, blanks around it trimmed; never empty.
  std::size_t ArgBegin = 0;
  std::size_t ArgEnd = 0;
};

/// Where an argument stops.
struct ArgumentExtent {
  /// Just past its last non-blank character.
  std::size_t End = 0;
  /// Where the next clause (or something taken for one) begins, or the end
  /// of the text.
  std::size_t Next = 0;
  /// False when an error was reported inside it (an unterminated literal or
  /// a bracket that does not match).
  bool Ok = true;
};

/// Reads the arguments of the directive being parsed.
class ArgumentReader {
protected:
  // Reporting.
  void error(SourcePosition P, std::string Message) {
    Result.Diagnostics.push_back(
        diagnosticAt(Severity::Error, {FileName, P.Line, P.Column}, std::move(Message)));
  }
  void error(std::size_t Index, std::string Message) { error(pos(Index), std::move(Message)); }
  SourcePosition pos(std::size_t Index) const { return D->positionOf(Index); }

  // Reading arguments. Each reports its own errors and returns nothing
  // (or false) after one.

  /// Finds where the argument that starts at Begin ends: at the next of
  /// Keywords after a blank at bracket depth 0, at a word that cannot go on
  /// an expression (with DetectStrayWords), or at the end.
  ArgumentExtent scanArgument(std::size_t Begin, ArrayRef<StringRef> Keywords,
                              bool DetectStrayWords);
  /// Whether the text of the argument from Begin up to the word at I ends
  /// with a complete operand, after which no word can follow in C++.
  bool followsOperand(std::size_t Begin, std::size_t I) const;
  /// The contents of the literal from the quote at Open to the one at Close.
  std::optional<DecodedString> decodeLiteral(std::size_t Open, std::size_t Close);
  /// Text[Begin, End) as an expression: quotes around all of it stripped.
  std::optional<SourceExpr> expressionArgument(std::size_t Begin, std::size_t End, StringRef After);
  /// Text[Begin, End) as a string: one or more literals, or the bare text.
  std::optional<StringArgument> stringArgument(std::size_t Begin, std::size_t End, StringRef After);
  /// The argument of a directive that takes one expression: the rest of it.
  std::optional<SourceExpr> singleExpression(std::size_t Begin);
  /// X as the name of What ("a tuning parameter").
  std::optional<Identifier> identifierFrom(const SourceExpr &X, StringRef What);
  /// Splits the text from Begin into clauses; false after an error, when
  /// Clauses holds the ones that were read correctly.
  bool parseClauseList(std::size_t Begin, ArrayRef<StringRef> Keywords,
                       std::vector<Clause> &Clauses);
  void reportUnknownClause(std::size_t I, StringRef Word, ArrayRef<StringRef> Keywords);
  /// Reads `$k` at Text[Dollar].
  std::optional<unsigned> positionalArgument(std::size_t Dollar);

  // Other languages' syntax inside an argument.

  /// Reports a comment that stands inside the argument Text[Begin, End) of
  /// After, and an operator of another language (`**`, Python's `//`) in X,
  /// the expression read from it; false after one. A line comment right
  /// after the argument is kept in SuspectComments.
  bool checkForeignSyntax(std::size_t Begin, std::size_t End, StringRef After, const SourceExpr &X);
  /// Reports a bracket of X that is not matched within X: atfc wraps each
  /// expression in code of its own (the analysis unit, the tuner), which a
  /// `)` of the user's would close, making the rest statements of the
  /// tuner (`1)); f(); ((1`). False after one.
  bool checkBrackets(const SourceExpr &X);
  /// Reports the suspect comments whose text names only inputs, parameters
  /// and numbers (`constraint BY == TS // WPT`): Python's floor division,
  /// which C++ reads as a comment. Run once every name is declared.
  void reportFloorDivisionComments();

  /// A line comment right after an expression argument.
  struct SuspectComment {
    DirectiveComment Comment;
    std::string After;
  };
  std::vector<SuspectComment> SuspectComments;

  ClauseParse Result;
  /// The scanned file's name, for the diagnostics' locations.
  std::string FileName;
  TuningSpec &Spec = Result.Spec;
  /// The directive being parsed, its text, and how it was spelt
  /// (`#atf::ocl::input`) for messages.
  const Directive *D = nullptr;
  StringRef Text;
  std::string Spelling;
  /// The first character of the directive's name.
  std::size_t NameIndex = 0;
};

} // namespace atfc::clauses

#endif // ATFC_DIRECTIVES_ARGUMENTREADER_H
