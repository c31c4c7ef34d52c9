//===- Directives/SpecParser.h - The clause parser's state ------*- C++ -*-===//
//
// Internal to the clause parser (ClauseParser.h is its interface): the
// directive table, the clause keyword lists, text with a source map, and
// the class that parses one file's directives into a TuningSpec, whose
// member functions four files share:
//   ClauseParser.cpp           the directive table, dispatch and the entry
//   ClauseArguments.cpp        reading arguments (extent, literals, lists)
//   ClauseInterpretation.cpp   interpreting arguments (ranges, inputs, sizes)
//   DirectiveClauses.cpp       one parse function per directive
//
// Tested through ClauseParserTest.cpp and ClauseParserErrorTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DIRECTIVES_SPECPARSER_H
#define ATFC_DIRECTIVES_SPECPARSER_H

#include "Directives/ClauseParser.h"
#include "Directives/DirectiveLexing.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace atfc::clauses {

using llvm::ArrayRef;
using llvm::StringRef;
using namespace atfc::lexing;

//===----------------------------------------------------------------------===//
// Messages
//===----------------------------------------------------------------------===//

/// The position one column after P.
SourcePosition after(SourcePosition P);

/// "LINE:COLUMN", for messages that point at another place.
std::string formatPosition(SourcePosition P);

/// "a, b, c or d".
std::string listOf(ArrayRef<StringRef> Words);

//===----------------------------------------------------------------------===//
// Text with a source map
//===----------------------------------------------------------------------===//

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

//===----------------------------------------------------------------------===//
// The directives
//===----------------------------------------------------------------------===//

enum class DirectiveKind {
#define ATF_DIRECTIVE(Name, Kind, Where, Summary) Kind,
#include "Language/Language.def"
};

/// Where a directive may be written: without a backend prefix, after
/// `ocl::`/`opencl::`, after `cuda::` (a mask).
enum : unsigned { Unprefixed = 1, OpenCLPrefix = 2, CUDAPrefix = 4 };

struct DirectiveInfo {
  StringRef Name;
  DirectiveKind Kind;
  unsigned Where;
};

// Language.def writes where a directive may stand as U, O and C.
#define U Unprefixed
#define O OpenCLPrefix
#define C CUDAPrefix
inline const DirectiveInfo DirectiveTable[] = {
#define ATF_DIRECTIVE(Name, Kind, Where, Summary) {#Name, DirectiveKind::Kind, Where},
#include "Language/Language.def"
};
#undef U
#undef O
#undef C

inline const DirectiveInfo *findDirective(StringRef Name) {
  for (const DirectiveInfo &Info : DirectiveTable)
    if (Info.Name == Name)
      return &Info;
  return nullptr;
}

unsigned prefixMask(StringRef Prefix);

/// Every correct spelling of a directive name, for "did you mean".
inline const std::vector<StringRef> &allDirectiveSpellings() {
  static const std::vector<std::string> Storage = [] {
    std::vector<std::string> Names;
    for (const DirectiveInfo &Info : DirectiveTable) {
      if (Info.Where & Unprefixed)
        Names.push_back(Info.Name.str());
      if (Info.Where & OpenCLPrefix) {
        Names.push_back("ocl::" + Info.Name.str());
        Names.push_back("opencl::" + Info.Name.str());
      }
      if (Info.Where & CUDAPrefix)
        Names.push_back("cuda::" + Info.Name.str());
    }
    return Names;
  }();
  static const std::vector<StringRef> Refs(Storage.begin(), Storage.end());
  return Refs;
}

#define ATF_CLAUSE(Directive, Keyword) ATF_CLAUSE_OF_##Directive(#Keyword)
#define ATF_CLAUSE_OF_tp(Keyword) Keyword,
#define ATF_CLAUSE_OF_device_info(Keyword)
#define ATF_CLAUSE_OF_check(Keyword)
#define ATF_CLAUSE_OF_input(Keyword)
inline const StringRef TuningParameterClauses[] = {
#include "Language/Language.def"
};
#undef ATF_CLAUSE_OF_tp
#undef ATF_CLAUSE_OF_device_info
#define ATF_CLAUSE(Directive, Keyword) ATF_CLAUSE_OF_##Directive(#Keyword)
#define ATF_CLAUSE_OF_tp(Keyword)
#define ATF_CLAUSE_OF_device_info(Keyword) Keyword,
inline const StringRef DeviceInfoClauses[] = {
#include "Language/Language.def"
};
#undef ATF_CLAUSE_OF_device_info
#undef ATF_CLAUSE_OF_check
#define ATF_CLAUSE(Directive, Keyword) ATF_CLAUSE_OF_##Directive(#Keyword)
#define ATF_CLAUSE_OF_device_info(Keyword)
#define ATF_CLAUSE_OF_check(Keyword) Keyword,
inline const StringRef CheckClauses[] = {
#include "Language/Language.def"
};
#undef ATF_CLAUSE_OF_tp
#undef ATF_CLAUSE_OF_device_info
#undef ATF_CLAUSE_OF_check
#undef ATF_CLAUSE_OF_input
#define ATF_CLAUSE(Directive, Keyword) ATF_CLAUSE_OF_##Directive(#Keyword)
#define ATF_CLAUSE_OF_tp(Keyword)
#define ATF_CLAUSE_OF_device_info(Keyword)
#define ATF_CLAUSE_OF_check(Keyword)
#define ATF_CLAUSE_OF_input(Keyword) Keyword,
inline const StringRef InputClauses[] = {
#include "Language/Language.def"
};
#undef ATF_CLAUSE_OF_tp
#undef ATF_CLAUSE_OF_device_info
#undef ATF_CLAUSE_OF_check
#undef ATF_CLAUSE_OF_input

/// Makes every capture-less lambda of a constraint capture by reference:
/// the paper's `[](int ls) { return GS % ls == 0; }` names the parameter GS,
/// which in the check unit and in the tuner is a variable of the enclosing
/// function. The inserted `&` maps to the `]`.
void captureByReference(SourceExpr &X);

/// Why Name may not be a parameter's or an input's name (each becomes an
/// environment variable of the scripts); empty when it may.
std::string reservedNameReason(StringRef Name);

/// The functions an abort condition is built from. A search_technique whose
/// expression starts with one is the slides' spelling of an abort condition.
bool isAbortConditionName(StringRef Word);

/// The first word of an expression, past `!`, `(`, blanks and `atf::`.
StringRef leadingName(StringRef Text);

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

/// Parses the directives of one file into a TuningSpec.
class SpecParser {
public:
  ClauseParse run(const DirectiveScan &Scan);

private:
  // Reporting.
  void error(SourcePosition P, std::string Message) {
    Result.Diagnostics.push_back(
        diagnosticAt(Severity::Error, {FileName, P.Line, P.Column}, std::move(Message)));
  }
  void error(std::size_t Index, std::string Message) { error(pos(Index), std::move(Message)); }
  SourcePosition pos(std::size_t Index) const { return D->positionOf(Index); }

  /// Registers Key as given at P. When it was given before, returns where.
  std::optional<SourcePosition> firstOccurrence(StringRef Key, SourcePosition P) {
    auto [It, Inserted] = FirstSeen.try_emplace(Key, P);
    if (Inserted)
      return std::nullopt;
    return It->second;
  }
  /// Registers a directive that may appear once; false (and an error) when
  /// it appeared before.
  bool claimDirective(StringRef Key);
  /// Registers a name; false (and an error) when an input or parameter
  /// already has it.
  bool declareName(const Identifier &Name, bool IsParameter);
  /// Notes the backend a prefixed directive selects; false (and an error)
  /// when the file already uses the other one.
  bool selectBackend(unsigned Prefix);

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

  // Interpreting arguments: the little of their shape this stage needs.
  std::optional<RangeSpec> classifyRange(const SourceExpr &X);
  std::optional<KernelInput> classifyInput(const SourceExpr &X);
  /// `A`, `A, B`, or `(A, B)` as 1 to 3 sizes.
  std::optional<std::vector<SourceExpr>> splitDimensions(const SourceExpr &X);
  /// `{.P = V, ...}` of a check's reference configuration.
  bool parseReference(const SourceExpr &X, std::vector<ReferenceValue> &Out);
  /// `N`, `N, M` or `{N, M}` of a check's buffers clause.
  bool parseBufferNumbers(const SourceExpr &X, std::vector<unsigned> &Out);
  /// An optional `<T>` at X.Text[I] of a range or input named Of; moves I
  /// past it, to NoIndex after an error.
  std::optional<SourceExpr> elementType(const SourceExpr &X, std::size_t &I, StringRef Of);

  // The directives.
  void parseDirective();
  void parseVar(std::size_t I);
  void parseTuningParameter(std::size_t I);
  void parseSearchTechnique(std::size_t I, bool AsAbortCondition);
  void parseDeviceInfo(std::size_t I);
  void parseCheck(std::size_t I);
  void parseKernelInput(std::size_t I);
  /// `fill 0`, `fill 1.5`, `fill index`, `fill random(LO, HI)`.
  std::optional<InputFill> parseFill(const SourceExpr &X);
  void parseDepends(std::size_t I);
  void parseObjective(std::size_t I);
  void parseRepetitions(std::size_t I);
  void parseSize(std::size_t I, StringRef Key, std::vector<SourceExpr> &Slot);
  template <typename T>
  void storeOnce(StringRef Key, std::optional<T> Value, std::optional<T> &Slot) {
    if (Value && claimDirective(Key))
      Slot = std::move(Value);
  }

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
  /// Where each thing that may be given once was first given.
  llvm::StringMap<SourcePosition> FirstSeen;
  struct DeclaredName {
    SourcePosition Position;
    bool IsParameter;
  };
  llvm::StringMap<DeclaredName> Names;
  /// The first directive that selected Spec.Device.Backend.
  SourcePosition BackendPosition;
};

} // namespace atfc::clauses

#endif
