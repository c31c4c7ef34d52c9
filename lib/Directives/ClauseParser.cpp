//===- Directives/ClauseParser.cpp - Parse directive clauses ----*- C++ -*-===//
//
// Two parts, on top of DirectiveLexing: the reading of arguments into
// SourceExpr / StringArgument / Identifier with their source maps, and one
// parse function per directive, which fills the TuningSpec and reports errors
// at the offending character of the user's file.
//
//===----------------------------------------------------------------------===//
#include "Directives/ClauseParser.h"
#include "Directives/DirectiveLexing.h"
#include "Support/Suggestions.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/ConvertUTF.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

using namespace atfc;
using namespace atfc::lexing;
using llvm::ArrayRef;
using llvm::StringRef;

namespace {

//===----------------------------------------------------------------------===//
// Messages
//===----------------------------------------------------------------------===//

SourcePosition after(SourcePosition P) { return {P.Line, P.Column + 1}; }

std::string formatPosition(SourcePosition P) {
  return std::to_string(P.Line) + ":" + std::to_string(P.Column);
}

/// "a, b, c or d".
std::string listOf(ArrayRef<StringRef> Words) {
  std::string Out;
  for (std::size_t I = 0; I < Words.size(); ++I) {
    if (I > 0)
      Out += I + 1 == Words.size() ? " or " : ", ";
    Out += Words[I].str();
  }
  return Out;
}

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

MappedText mapped(const Directive &D) { return {D.Text, D.TextPositions, D.End}; }
MappedText mapped(const SourceExpr &X) { return {X.Text, X.Positions, X.End}; }

/// The part [Begin, End) of M, blanks around it trimmed.
SourceExpr slice(const MappedText &M, std::size_t Begin, std::size_t End) {
  while (Begin < End && isBlank(M.Text[Begin]))
    ++Begin;
  while (End > Begin && isBlank(M.Text[End - 1]))
    --End;
  SourceExpr X;
  X.Text = M.Text.slice(Begin, End).str();
  X.Positions.assign(M.Positions.begin() + Begin, M.Positions.begin() + End);
  X.Begin = M.positionOf(Begin);
  if (End == Begin)
    X.End = X.Begin;
  else if (End >= M.Text.size())
    X.End = M.End;
  else
    X.End = after(M.Positions[End - 1]);
  return X;
}

/// A string literal's contents, escapes decoded, each character mapped to
/// the file.
struct DecodedString {
  std::string Value;
  std::vector<SourcePosition> Positions;
};

/// The character that the simple escape `\E` stands for, if E makes one.
std::optional<char> simpleEscape(char E) {
  static constexpr StringRef Letters = "ntrabfv\\'\"?";
  static constexpr StringRef Meanings = "\n\t\r\a\b\f\v\\'\"?";
  std::size_t I = Letters.find(E);
  if (I == NoIndex)
    return std::nullopt;
  return Meanings[I];
}

//===----------------------------------------------------------------------===//
// The directives
//===----------------------------------------------------------------------===//

enum class DirectiveKind {
#define ATF_DIRECTIVE(Name, Kind, Where, Summary) Kind,
#include "Directives/Language.def"
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
const DirectiveInfo DirectiveTable[] = {
#define ATF_DIRECTIVE(Name, Kind, Where, Summary) {#Name, DirectiveKind::Kind, Where},
#include "Directives/Language.def"
};
#undef U
#undef O
#undef C

const DirectiveInfo *findDirective(StringRef Name) {
  for (const DirectiveInfo &Info : DirectiveTable)
    if (Info.Name == Name)
      return &Info;
  return nullptr;
}

unsigned prefixMask(StringRef Prefix) {
  if (Prefix.empty())
    return Unprefixed;
  if (Prefix == "ocl" || Prefix == "opencl")
    return OpenCLPrefix;
  if (Prefix == "cuda")
    return CUDAPrefix;
  return 0;
}

/// Every correct spelling of a directive name, for "did you mean".
const std::vector<StringRef> &allDirectiveSpellings() {
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
const StringRef TuningParameterClauses[] = {
#include "Directives/Language.def"
};
#undef ATF_CLAUSE_OF_tp
#undef ATF_CLAUSE_OF_device_info
#define ATF_CLAUSE(Directive, Keyword) ATF_CLAUSE_OF_##Directive(#Keyword)
#define ATF_CLAUSE_OF_tp(Keyword)
#define ATF_CLAUSE_OF_device_info(Keyword) Keyword,
const StringRef DeviceInfoClauses[] = {
#include "Directives/Language.def"
};
#undef ATF_CLAUSE_OF_device_info
#undef ATF_CLAUSE_OF_check
#define ATF_CLAUSE(Directive, Keyword) ATF_CLAUSE_OF_##Directive(#Keyword)
#define ATF_CLAUSE_OF_device_info(Keyword)
#define ATF_CLAUSE_OF_check(Keyword) Keyword,
const StringRef CheckClauses[] = {
#include "Directives/Language.def"
};
#undef ATF_CLAUSE_OF_tp
#undef ATF_CLAUSE_OF_device_info
#undef ATF_CLAUSE_OF_check

/// Makes every capture-less lambda of a constraint capture by reference:
/// the paper's `[](int ls) { return GS % ls == 0; }` names the parameter GS,
/// which in the check unit and in the tuner is a variable of the enclosing
/// function. The inserted `&` maps to the `]`.
void captureByReference(SourceExpr &X) {
  std::string &Text = X.Text;
  for (std::size_t I = 0; I < Text.size();) {
    if (lexing::opensLiteral(Text, I)) {
      I = lexing::skipLiteral(Text, I);
      if (I == NoIndex)
        return;
      continue;
    }
    if (Text[I] != '[') {
      ++I;
      continue;
    }
    // After an operand, `[` subscripts; elsewhere it introduces a lambda.
    std::size_t Before = I;
    while (Before > 0 && isBlank(Text[Before - 1]))
      --Before;
    const bool Subscript = Before > 0 && (isIdentifierChar(Text[Before - 1]) ||
                                          Text[Before - 1] == ')' || Text[Before - 1] == ']');
    const std::size_t Close = skipBlanks(Text, I + 1);
    if (Subscript || Close >= Text.size() || Text[Close] != ']') {
      ++I;
      continue;
    }
    Text.insert(Text.begin() + static_cast<std::ptrdiff_t>(I + 1), '&');
    if (X.Positions.size() + 1 == Text.size())
      X.Positions.insert(X.Positions.begin() + static_cast<std::ptrdiff_t>(I + 1),
                         X.positionOf(Close));
    I = Close + 2;
  }
}

/// Why Name may not be a parameter's or an input's name (each becomes an
/// environment variable of the scripts); empty when it may.
std::string reservedNameReason(StringRef Name) {
#define ATF_RESERVED_NAME(Reserved, Why)                                                           \
  if (Name == #Reserved)                                                                           \
    return Why;
#define ATF_RESERVED_PREFIX(Prefix, Why)                                                           \
  if (Name.startswith(#Prefix))                                                                    \
    return Why;
#include "Directives/Language.def"
  return "";
}

/// The functions an abort condition is built from. A search_technique whose
/// expression starts with one is the slides' spelling of an abort condition.
bool isAbortConditionName(StringRef Word) {
  return Word == "evaluations" || Word == "valid_evaluations" || Word == "fraction" ||
         Word == "duration" || Word == "cost" || Word == "speedup";
}

/// The first word of an expression, past `!`, `(`, blanks and `atf::`.
StringRef leadingName(StringRef Text) {
  std::size_t I = 0;
  while (I < Text.size() && (isBlank(Text[I]) || Text[I] == '!' || Text[I] == '('))
    ++I;
  if (Text.substr(I).startswith("atf::"))
    I += 5;
  return Text.slice(I, wordEnd(Text, I));
}

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
    Result.Diagnostics.push_back({P.Line, P.Column, std::move(Message)});
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
  void parseDepends(std::size_t I);
  void parseObjective(std::size_t I);
  void parseSize(std::size_t I, StringRef Key, std::vector<SourceExpr> &Slot);
  template <typename T>
  void storeOnce(StringRef Key, std::optional<T> Value, std::optional<T> &Slot) {
    if (Value && claimDirective(Key))
      Slot = std::move(Value);
  }

  ClauseParse Result;
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

bool SpecParser::claimDirective(StringRef Key) {
  SourcePosition Here = pos(NameIndex);
  std::optional<SourcePosition> First = firstOccurrence(Key, Here);
  if (!First)
    return true;
  if (Key == "abort_condition")
    error(Here, "the abort condition is already given at " + formatPosition(*First) +
                    "; combine conditions with && or || in one directive");
  else
    error(Here, "'" + Spelling + "' may appear only once per file; the first one is at " +
                    formatPosition(*First));
  return false;
}

bool SpecParser::declareName(const Identifier &Name, bool IsParameter) {
  if (std::string Why = reservedNameReason(Name.Name); !Why.empty()) {
    error(Name.Position, "'" + Name.Name + "' cannot be the name of " +
                             (IsParameter ? "a tuning parameter" : "an input") +
                             ": the scripts see it as an environment variable, and " + Why +
                             "; choose another name");
    return false;
  }
  auto [It, Inserted] = Names.try_emplace(Name.Name, DeclaredName{Name.Position, IsParameter});
  if (Inserted)
    return true;
  const DeclaredName &First = It->second;
  std::string Where = formatPosition(First.Position);
  if (First.IsParameter == IsParameter)
    error(Name.Position, std::string(IsParameter ? "tuning parameter '" : "input '") + Name.Name +
                             "' is already declared at " + Where);
  else
    error(Name.Position, "'" + Name.Name + "' is already declared as " +
                             (First.IsParameter ? "a tuning parameter" : "an input") + " at " +
                             Where + "; " + (IsParameter ? "a tuning parameter" : "an input") +
                             " needs a name of its own");
  return false;
}

bool SpecParser::selectBackend(unsigned Prefix) {
  if (Prefix == Unprefixed)
    return true;
  DeviceBackend Wanted = Prefix == CUDAPrefix ? DeviceBackend::CUDA : DeviceBackend::OpenCL;
  if (Spec.Device.Backend == DeviceBackend::None) {
    Spec.Device.Backend = Wanted;
    BackendPosition = pos(NameIndex);
    return true;
  }
  if (Spec.Device.Backend == Wanted)
    return true;
  bool CUDA = Wanted == DeviceBackend::CUDA;
  error(NameIndex, std::string(CUDA ? "a CUDA" : "an OpenCL") +
                       " directive in a file whose device directives are " +
                       (CUDA ? "OpenCL" : "CUDA") + " (the first at " +
                       formatPosition(BackendPosition) + "); a file targets one backend");
  return false;
}

//===----------------------------------------------------------------------===//
// Reading arguments
//===----------------------------------------------------------------------===//

ArgumentExtent SpecParser::scanArgument(std::size_t Begin, ArrayRef<StringRef> Keywords,
                                        bool DetectStrayWords) {
  ArgumentExtent Extent;
  std::vector<std::size_t> Open;
  std::size_t I = Begin;
  auto Stop = [&](std::size_t At) {
    std::size_t End = At;
    while (End > Begin && isBlank(Text[End - 1]))
      --End;
    Extent.End = End;
    Extent.Next = At;
  };
  while (I < Text.size()) {
    char C = Text[I];
    if (opensLiteral(Text, I)) {
      std::size_t Close = skipLiteral(Text, I);
      if (Close == NoIndex) {
        error(I, C == '"' ? "missing closing '\"' of the string that starts here"
                          : "missing closing ' of the character literal that starts here");
        // What follows is inside the literal: no bracket in it is real.
        Extent.Ok = false;
        Stop(Text.size());
        return Extent;
      }
      I = Close;
      continue;
    }
    if (isOpeningBracket(C)) {
      Open.push_back(I);
    } else if (isClosingBracket(C)) {
      if (Open.empty()) {
        error(I, std::string("unmatched '") + C + "'");
        Extent.Ok = false;
      } else {
        char Opener = Text[Open.back()];
        if (closingBracketOf(Opener) != C) {
          error(I, std::string("'") + C + "' does not match the '" + Opener + "' at " +
                       formatPosition(pos(Open.back())) + "; expected '" +
                       closingBracketOf(Opener) + "'");
          Extent.Ok = false;
        }
        Open.pop_back();
      }
    } else if (isDigit(C)) {
      I = skipNumber(Text, I);
      continue;
    } else if (isIdentifierStart(C)) {
      std::size_t End = wordEnd(Text, I);
      bool Qualified = Text.substr(End).startswith("::") || (I > 0 && Text[I - 1] == ':');
      bool AfterBlank = I == Begin || isBlank(Text[I - 1]);
      if (Open.empty() && AfterBlank && !Qualified) {
        StringRef Word = Text.slice(I, End);
        if (llvm::is_contained(Keywords, Word) ||
            (DetectStrayWords && followsOperand(Begin, I) && !isCxxKeyword(Word))) {
          Stop(I);
          return Extent;
        }
      }
      // `interval<int>(1,N)constraint ...`: the user meant a clause, but
      // without a blank the keyword would be glued to the expression.
      if (Open.empty() && !AfterBlank && !Qualified && I > Begin &&
          (isClosingBracket(Text[I - 1]) || Text[I - 1] == '"') &&
          llvm::is_contained(Keywords, Text.slice(I, End))) {
        error(I, "put a blank before '" + Text.slice(I, End).str() +
                     "': only after a blank does it begin a clause");
        Extent.Ok = false;
        Stop(I);
        return Extent;
      }
      I = End;
      continue;
    }
    ++I;
  }
  for (std::size_t Index : Open) {
    error(Index, std::string("unclosed '") + Text[Index] + "'; add the matching '" +
                     closingBracketOf(Text[Index]) + "'");
    Extent.Ok = false;
  }
  Stop(Text.size());
  return Extent;
}

bool SpecParser::followsOperand(std::size_t Begin, std::size_t I) const {
  std::size_t P = I;
  while (P > Begin && isBlank(Text[P - 1]))
    --P;
  if (P == Begin)
    return false;
  char C = Text[P - 1];
  if (isClosingBracket(C) || C == '"' || C == '\'')
    return true;
  if (!isIdentifierChar(C))
    return false;
  std::size_t WordBegin = P;
  while (WordBegin > Begin && isIdentifierChar(Text[WordBegin - 1]))
    --WordBegin;
  StringRef Previous = Text.slice(WordBegin, P);
  return !isCxxKeyword(Previous) || isOperandKeyword(Previous);
}

std::optional<DecodedString> SpecParser::decodeLiteral(std::size_t Open, std::size_t Close) {
  DecodedString Out;
  bool Ok = true;
  std::size_t I = Open + 1;
  while (I < Close) {
    SourcePosition P = pos(I);
    if (Text[I] != '\\') {
      Out.Value.push_back(Text[I]);
      Out.Positions.push_back(P);
      ++I;
      continue;
    }
    char E = Text[I + 1];
    std::size_t Next = I + 2;
    std::optional<char> Simple = simpleEscape(E);
    if (Simple) {
      Out.Value.push_back(*Simple);
      Out.Positions.push_back(P);
    } else if (E >= '0' && E <= '7') {
      unsigned Value = 0;
      Next = I + 1;
      while (Next < Close && Next < I + 4 && Text[Next] >= '0' && Text[Next] <= '7')
        Value = Value * 8 + static_cast<unsigned>(Text[Next++] - '0');
      if (Value > 0xFF) {
        error(P, "octal escape sequence out of range; the largest is \\377");
        Ok = false;
      }
      Out.Value.push_back(static_cast<char>(Value));
      Out.Positions.push_back(P);
    } else if (E == 'x' || E == 'u' || E == 'U') {
      std::size_t MaxDigits = E == 'x' ? NoIndex : E == 'u' ? 4 : 8;
      std::uint64_t Value = 0;
      std::size_t Digits = 0;
      while (Next < Close && Digits < MaxDigits && isHexDigit(Text[Next])) {
        char H = Text[Next++];
        unsigned Digit = isDigit(H) ? H - '0' : (H | 0x20) - 'a' + 10;
        Value = std::min<std::uint64_t>(Value * 16 + Digit, 0x1FFFFFFFF);
        ++Digits;
      }
      if (Digits == 0 || (E != 'x' && Digits != MaxDigits)) {
        error(P, std::string("\\") + E + " needs " +
                     (E == 'x'   ? "hexadecimal digits"
                      : E == 'u' ? "4 hexadecimal digits"
                                 : "8 hexadecimal digits"));
        Ok = false;
      } else if (E == 'x' && Value > 0xFF) {
        error(P, "hexadecimal escape sequence out of range; the largest is \\xFF");
        Ok = false;
      } else if (E != 'x' && (Value > 0x10FFFF || (Value >= 0xD800 && Value <= 0xDFFF))) {
        error(P, "\\" + std::string(1, E) + " names no Unicode character");
        Ok = false;
      } else if (E == 'x') {
        Out.Value.push_back(static_cast<char>(Value));
        Out.Positions.push_back(P);
      } else {
        char Utf8[UNI_MAX_UTF8_BYTES_PER_CODE_POINT];
        char *Utf8End = Utf8;
        llvm::ConvertCodePointToUTF8(static_cast<unsigned>(Value), Utf8End);
        Out.Value.append(Utf8, Utf8End);
        Out.Positions.insert(Out.Positions.end(), Utf8End - Utf8, P);
      }
    } else {
      error(P, std::string("unknown escape sequence '\\") + E + "'; write '\\\\' for a backslash");
      Ok = false;
    }
    I = Next;
  }
  if (!Ok)
    return std::nullopt;
  return Out;
}

std::optional<SourceExpr> SpecParser::expressionArgument(std::size_t Begin, std::size_t End,
                                                         StringRef After) {
  if (Begin >= End) {
    error(Begin, "expected an argument after '" + After.str() + "'");
    return std::nullopt;
  }
  if (Text[Begin] != '"' || skipLiteral(Text, Begin) != End)
    return slice(mapped(*D), Begin, End);
  // A quoted argument: the expression is the string's contents.
  std::optional<DecodedString> Contents = decodeLiteral(Begin, End - 1);
  if (!Contents)
    return std::nullopt;
  MappedText Inner{Contents->Value, Contents->Positions, pos(End - 1)};
  SourceExpr X = slice(Inner, 0, Contents->Value.size());
  if (X.Text.empty()) {
    error(Begin, "empty argument after '" + After.str() + "'");
    return std::nullopt;
  }
  return X;
}

std::optional<StringArgument> SpecParser::stringArgument(std::size_t Begin, std::size_t End,
                                                         StringRef After) {
  if (Begin >= End) {
    error(Begin, "expected a string after '" + After.str() + "'");
    return std::nullopt;
  }
  StringArgument Out;
  Out.Begin = pos(Begin);
  if (Text[Begin] != '"') {
    Out.Value = Text.slice(Begin, End).str();
    return Out;
  }
  std::size_t I = Begin;
  while (I < End) {
    if (Text[I] != '"') {
      error(I, "unexpected text after the string; put all of the argument inside the quotes");
      return std::nullopt;
    }
    std::size_t Close = skipLiteral(Text, I);
    if (Close == NoIndex) {
      error(I, "missing closing '\"' of the string that starts here");
      return std::nullopt;
    }
    std::optional<DecodedString> Part = decodeLiteral(I, Close - 1);
    if (!Part)
      return std::nullopt;
    Out.Value += Part->Value;
    I = skipBlanks(Text, Close);
  }
  if (Out.Value.empty()) {
    error(Begin, "empty string after '" + After.str() + "'");
    return std::nullopt;
  }
  return Out;
}

/// `depends "a" "b"`: one path per string (unlike a script, adjacent strings
/// do not join).
void SpecParser::parseDepends(std::size_t I) {
  const std::size_t End = Text.size();
  if (I >= End) {
    error(I, "expected the path of a file after 'depends'");
    return;
  }
  while (I < End) {
    if (Text[I] != '"') {
      error(I, "expected a quoted path after 'depends'");
      return;
    }
    const std::size_t Close = skipLiteral(Text, I);
    if (Close == NoIndex) {
      error(I, "missing closing '\"' of the string that starts here");
      return;
    }
    std::optional<DecodedString> Path = decodeLiteral(I, Close - 1);
    if (!Path)
      return;
    if (Path->Value.empty()) {
      error(I, "empty path after 'depends'");
      return;
    }
    Spec.Depends.push_back(StringArgument{Path->Value, pos(I)});
    I = skipBlanks(Text, Close);
  }
}

/// `objective "gflops" max`: a quoted name (a letter, then letters, digits,
/// `_ . / -`: it names columns of results.db's exports), then `min` or
/// `max` (default `min`).
void SpecParser::parseObjective(std::size_t I) {
  const std::size_t End = Text.size();
  if (I >= End || Text[I] != '"') {
    error(I, "expected the objective's name in quotes after 'objective', as in "
             "#atf::objective \"gflops\" max");
    return;
  }
  const std::size_t Close = skipLiteral(Text, I);
  if (Close == NoIndex) {
    error(I, "missing closing '\"' of the string that starts here");
    return;
  }
  std::optional<DecodedString> Name = decodeLiteral(I, Close - 1);
  if (!Name)
    return;
  const std::string &N = Name->Value;
  const bool Good =
      !N.empty() && lexing::isIdentifierStart(N[0]) && std::all_of(N.begin(), N.end(), [](char C) {
        return lexing::isIdentifierChar(C) || C == '.' || C == '/' || C == '-';
      });
  if (!Good) {
    error(I, "an objective's name starts with a letter and holds only letters, digits and "
             "'_', '.', '/', '-' (it names columns of the results), not \"" +
                 N + "\"");
    return;
  }
  for (const ObjectiveSpec &O : Spec.Objectives)
    if (O.Name.Value == N) {
      error(I,
            "the objective \"" + N + "\" is already declared at " + formatPosition(O.Name.Begin));
      return;
    }
  ObjectiveSpec O;
  O.Name = StringArgument{N, pos(I)};
  O.Directive = D->Hash;
  std::size_t W = skipBlanks(Text, Close);
  if (W < End) {
    std::size_t WordEnd = W;
    while (WordEnd < End && lexing::isIdentifierChar(Text[WordEnd]))
      ++WordEnd;
    const StringRef Word = Text.slice(W, WordEnd);
    if (Word != "min" && Word != "max") {
      std::string Message = "expected 'min' or 'max' after the objective's name";
      if (Word.startswith_insensitive("min"))
        Message += "; did you mean 'min'?";
      else if (Word.startswith_insensitive("max"))
        Message += "; did you mean 'max'?";
      error(W, std::move(Message));
      return;
    }
    O.Maximise = Word == "max";
    if (std::size_t After = skipBlanks(Text, WordEnd); After < End) {
      error(After, "unexpected text after '" + Word.str() +
                       "'; write one objective per directive, most significant first");
      return;
    }
  }
  Spec.Objectives.push_back(std::move(O));
}

std::optional<SourceExpr> SpecParser::singleExpression(std::size_t Begin) {
  ArgumentExtent Extent = scanArgument(Begin, {}, /*DetectStrayWords=*/false);
  if (!Extent.Ok)
    return std::nullopt;
  return expressionArgument(Begin, Extent.End, Spelling);
}

std::optional<Identifier> SpecParser::identifierFrom(const SourceExpr &X, StringRef What) {
  StringRef Name = X.Text;
  std::size_t Bad = 0;
  if (!Name.empty() && isIdentifierStart(Name[0]))
    Bad = wordEnd(Name, 0);
  if (Bad < Name.size()) {
    error(X.positionOf(Bad), "'" + Name.str() + "' is not a valid name for " + What.str() +
                                 "; use letters, digits and '_', not starting with a digit");
    return std::nullopt;
  }
  if (isCxxKeyword(Name)) {
    error(X.Begin, "'" + Name.str() + "' is a C++ keyword and cannot name " + What.str());
    return std::nullopt;
  }
  return Identifier{Name.str(), X.Begin};
}

void SpecParser::reportUnknownClause(std::size_t I, StringRef Word, ArrayRef<StringRef> Keywords) {
  std::string Message = "unknown clause '" + Word.str() + "' in '" + Spelling + "'; ";
  if (std::string_view Suggestion = closestSpelling(Word, Keywords); !Suggestion.empty())
    Message += "did you mean '" + std::string(Suggestion) + "'?";
  else
    Message += "expected " + listOf(Keywords);
  error(I, std::move(Message));
}

bool SpecParser::parseClauseList(std::size_t Begin, ArrayRef<StringRef> Keywords,
                                 std::vector<Clause> &Clauses) {
  bool Ok = true;
  std::size_t I = skipBlanks(Text, Begin);
  while (I < Text.size()) {
    std::optional<StringRef> Keyword;
    std::size_t ArgBegin = I;
    StringRef Word = Text.slice(I, isIdentifierStart(Text[I]) ? wordEnd(Text, I) : I);
    if (!Word.empty()) {
      const StringRef *Known = llvm::find(Keywords, Word);
      if (Known != Keywords.end())
        Keyword = *Known;
      else
        reportUnknownClause(I, Word, Keywords);
      Ok &= Keyword.has_value();
      ArgBegin = skipBlanks(Text, I + Word.size());
    } else {
      error(I, "expected a clause keyword (" + listOf(Keywords) + ")");
      Ok = false;
    }
    ArgumentExtent Extent = scanArgument(ArgBegin, Keywords, /*DetectStrayWords=*/true);
    Ok &= Extent.Ok;
    if (Keyword && Extent.Ok) {
      auto Previous =
          llvm::find_if(Clauses, [&](const Clause &C) { return C.Keyword == *Keyword; });
      if (Extent.End == ArgBegin) {
        error(ArgBegin, "expected an argument after '" + Keyword->str() + "'");
        Ok = false;
      } else if (Previous != Clauses.end()) {
        error(I, "duplicate '" + Keyword->str() + "' clause; the first one is at " +
                     formatPosition(pos(Previous->KeywordIndex)));
        Ok = false;
      } else {
        Clauses.push_back({*Keyword, I, ArgBegin, Extent.End});
      }
    }
    I = Extent.Next;
  }
  return Ok;
}

std::optional<unsigned> SpecParser::positionalArgument(std::size_t Dollar) {
  std::size_t Begin = Dollar + 1;
  std::size_t End = wordEnd(Text, Begin);
  if (End == Begin) {
    error(Begin, "expected the number of a command-line argument after '$', as in $1");
    return std::nullopt;
  }
  std::uint64_t Value = 0;
  for (std::size_t I = Begin; I < End; ++I) {
    if (!isDigit(Text[I])) {
      error(I, "'" + Text.slice(Dollar, End).str() +
                   "' is not a command-line argument; write $1 for the first, $2 for the "
                   "second, ...");
      return std::nullopt;
    }
    Value = std::min<std::uint64_t>(Value * 10 + static_cast<unsigned>(Text[I] - '0'),
                                    UINT32_MAX + std::uint64_t(1));
  }
  if (Value == 0) {
    error(Begin, "command-line arguments are numbered from $1; $0 is not one");
    return std::nullopt;
  }
  if (Value > UINT32_MAX) {
    error(Begin,
          "command-line argument number '" + Text.slice(Begin, End).str() + "' is too large");
    return std::nullopt;
  }
  return static_cast<unsigned>(Value);
}

//===----------------------------------------------------------------------===//
// Interpreting arguments
//===----------------------------------------------------------------------===//

std::optional<SourceExpr> SpecParser::elementType(const SourceExpr &X, std::size_t &I,
                                                  StringRef Of) {
  StringRef T = X.Text;
  std::size_t J = skipBlanks(T, I);
  if (J >= T.size() || T[J] != '<')
    return std::nullopt;
  std::size_t Close = findClosingAngle(T, J);
  if (Close == NoIndex) {
    error(X.positionOf(J), "unclosed '<' after '" + Of.str() + "'; add the matching '>'");
    I = NoIndex;
    return std::nullopt;
  }
  SourceExpr Type = slice(mapped(X), J + 1, Close);
  if (Type.Text.empty()) {
    error(X.positionOf(Close), "expected a type between '<' and '>' after '" + Of.str() + "'");
    I = NoIndex;
    return std::nullopt;
  }
  I = Close + 1;
  return Type;
}

std::optional<RangeSpec> SpecParser::classifyRange(const SourceExpr &X) {
  StringRef T = X.Text;
  std::size_t I = T.startswith("atf::") ? 5 : 0;
  RangeSpec Range;
  Range.Expr = X;
  if (I < T.size() && T[I] == '{') {
    Range.Kind = RangeKind::Set;
    return Range;
  }
  StringRef Word = T.slice(I, wordEnd(T, I));
  if (Word == "set" || Word == "interval") {
    Range.Kind = Word == "set" ? RangeKind::Set : RangeKind::Interval;
    I += Word.size();
    Range.ElementType = elementType(X, I, Word);
    if (I == NoIndex)
      return std::nullopt;
    I = skipBlanks(T, I);
    if (I < T.size() && T[I] == '(')
      return Range;
    error(X.positionOf(I),
          "expected '(' after '" + T.take_front(I).rtrim().str() + "', as in interval<int>(1, 10)");
    return std::nullopt;
  }
  error(X.Begin, "a range is a set ({1, 2, 4} or set(1, 2, 4)) or an interval "
                 "(interval<int>(1, N)); found '" +
                     T.str() + "'");
  return std::nullopt;
}

std::optional<KernelInput> SpecParser::classifyInput(const SourceExpr &X) {
  StringRef T = X.Text;
  std::size_t I = T.startswith("atf::") ? 5 : 0;
  StringRef Word = T.slice(I, wordEnd(T, I));
  if (Word != "scalar" && Word != "buffer") {
    error(X.Begin, "a kernel input is scalar<T>(value), scalar<T>() for a random value, or "
                   "buffer<T>(size); found '" +
                       T.str() + "'");
    return std::nullopt;
  }
  KernelInput Input;
  Input.Kind = Word == "scalar" ? KernelInputKind::Scalar : KernelInputKind::Buffer;
  Input.Expr = X;
  I += Word.size();
  Input.ElementType = elementType(X, I, Word);
  if (I == NoIndex)
    return std::nullopt;
  I = skipBlanks(T, I);
  if (I < T.size() && T[I] == '(')
    return Input;
  error(X.positionOf(I), "expected '(' after '" + T.take_front(I).rtrim().str() + "', as in " +
                             Word.str() + "<float>(N)");
  return std::nullopt;
}

std::optional<std::vector<SourceExpr>> SpecParser::splitDimensions(const SourceExpr &X) {
  StringRef T = X.Text;
  std::vector<std::pair<std::size_t, std::size_t>> Parts;
  // `(A, B)` as a whole lists dimensions (the slides' spelling); a comma
  // expression is never meant.
  if (T.startswith("(") && findClosingBracket(T, 0) + 1 == T.size())
    Parts = splitAtCommas(T, 1, T.size() - 1);
  if (Parts.size() < 2)
    Parts = splitAtCommas(T, 0, T.size());
  std::vector<SourceExpr> Dims;
  for (auto [Begin, End] : Parts) {
    SourceExpr Dim = slice(mapped(X), Begin, End);
    if (Dim.Text.empty()) {
      error(Dim.Begin, "empty size in dimension " + std::to_string(Dims.size() + 1) + " of '" +
                           Spelling + "'");
      return std::nullopt;
    }
    if (Dims.size() == 3) {
      error(Dim.Begin, "'" + Spelling + "' has at most 3 dimensions");
      return std::nullopt;
    }
    Dims.push_back(std::move(Dim));
  }
  return Dims;
}

bool SpecParser::parseReference(const SourceExpr &X, std::vector<ReferenceValue> &Out) {
  StringRef T = X.Text;
  if (!T.startswith("{") || findClosingBracket(T, 0) + 1 != T.size()) {
    error(X.Begin, "a reference configuration is a braced list of parameter values, as in "
                   "{.WPT = 1, .LS = 2}");
    return false;
  }
  std::vector<std::pair<std::size_t, std::size_t>> Items = splitAtCommas(T, 1, T.size() - 1);
  for (std::size_t K = 0; K < Items.size(); ++K) {
    std::size_t I = skipBlanks(T, Items[K].first);
    std::size_t End = Items[K].second;
    if (I == End) {
      // Allow `{}` and a trailing comma, as C++ does.
      if (K + 1 == Items.size())
        break;
      error(X.positionOf(I), "empty entry in the reference configuration");
      return false;
    }
    if (T[I] == '.')
      ++I;
    std::size_t NameEnd = isIdentifierStart(T[I]) ? wordEnd(T, I) : I;
    if (NameEnd == I) {
      error(X.positionOf(I), "expected a parameter name in the reference configuration, as in "
                             "{.WPT = 1}");
      return false;
    }
    ReferenceValue Entry;
    Entry.Parameter = {T.slice(I, NameEnd).str(), X.positionOf(I)};
    std::size_t Equals = skipBlanks(T, NameEnd);
    if (Equals >= End || T[Equals] != '=') {
      error(X.positionOf(Equals),
            "expected '=' after '" + Entry.Parameter.Name + "' in the reference configuration");
      return false;
    }
    Entry.Value = slice(mapped(X), Equals + 1, End);
    if (Entry.Value.Text.empty()) {
      error(X.positionOf(skipBlanks(T, Equals + 1)),
            "expected a value after '" + Entry.Parameter.Name + " ='");
      return false;
    }
    for (const ReferenceValue &Previous : Out)
      if (Previous.Parameter.Name == Entry.Parameter.Name) {
        error(Entry.Parameter.Position,
              "'" + Entry.Parameter.Name + "' is set twice in the reference configuration");
        return false;
      }
    Out.push_back(std::move(Entry));
  }
  return true;
}

bool SpecParser::parseBufferNumbers(const SourceExpr &X, std::vector<unsigned> &Out) {
  StringRef T = X.Text;
  std::size_t Begin = 0;
  std::size_t End = T.size();
  if (T.startswith("{") && findClosingBracket(T, 0) + 1 == T.size()) {
    Begin = 1;
    End = T.size() - 1;
  }
  for (auto [ItemBegin, ItemEnd] : splitAtCommas(T, Begin, End)) {
    SourceExpr Item = slice(mapped(X), ItemBegin, ItemEnd);
    StringRef Digits = Item.Text;
    unsigned long long Number = 0;
    if (Digits.empty() || !llvm::all_of(Digits, isDigit) || Digits.getAsInteger(10, Number) ||
        Number > UINT32_MAX) {
      error(Item.Begin, "expected the number of an input directive (1 for the first) in "
                        "'buffers'");
      return false;
    }
    if (Number == 0) {
      error(Item.Begin, "input directives are numbered from 1");
      return false;
    }
    Out.push_back(static_cast<unsigned>(Number));
  }
  return true;
}

//===----------------------------------------------------------------------===//
// The directives
//===----------------------------------------------------------------------===//

void SpecParser::parseVar(std::size_t I) {
  InputVariable Input;
  Input.Directive = D->Hash;
  I = skipBlanks(Text, I);
  if (I < Text.size() && Text[I] == '<') {
    std::size_t Close = findClosingAngle(Text, I);
    if (Close == NoIndex) {
      error(I, "unclosed '<' in the type of this input; add the matching '>'");
      return;
    }
    Input.Type = slice(mapped(*D), I + 1, Close);
    if (Input.Type->Text.empty()) {
      error(Close, "expected a type between '<' and '>'");
      return;
    }
    I = Close + 1;
  }
  bool Positional = Text.substr(I).startswith("::");
  I = Positional ? I + 2 : skipBlanks(Text, I);

  std::size_t NameEnd = wordEnd(Text, I);
  if (NameEnd == I || !isIdentifierStart(Text[I])) {
    error(I, Positional ? "expected the input's name after '::', as in var::N $1"
                        : "expected the input's name, as in var<int> N = 1024");
    return;
  }
  std::optional<Identifier> Name = identifierFrom(slice(mapped(*D), I, NameEnd), "an input");
  if (!Name)
    return;
  Input.Name = *Name;
  I = skipBlanks(Text, NameEnd);

  if (Positional) {
    Input.Kind = InputKind::Positional;
    if (I >= Text.size() || Text[I] != '$') {
      error(I, "expected the command-line argument of '" + Input.Name.Name +
                   "' after its name, as in var::" + Input.Name.Name + " $1");
      return;
    }
    std::optional<unsigned> Index = positionalArgument(I);
    if (!Index)
      return;
    Input.ArgumentIndex = *Index;
    Input.ArgumentPosition = pos(I);
    std::size_t After = skipBlanks(Text, wordEnd(Text, I + 1));
    if (After < Text.size()) {
      error(After, "unexpected text after the command-line argument of '" + Input.Name.Name + "'");
      return;
    }
  } else {
    Input.Kind = InputKind::Constant;
    if (I >= Text.size() || Text[I] != '=') {
      if (I < Text.size() && Text[I] == '$')
        error(I, "an input from the command line is written var::" + Input.Name.Name +
                     " $k or var<T>::" + Input.Name.Name + " $k");
      else
        error(I, "expected '=' and a value after '" + Input.Name.Name + "', as in var<int> " +
                     Input.Name.Name + " = 1024");
      return;
    }
    std::size_t ValueBegin = skipBlanks(Text, I + 1);
    ArgumentExtent Extent = scanArgument(ValueBegin, {}, /*DetectStrayWords=*/false);
    if (!Extent.Ok)
      return;
    if (Extent.End == ValueBegin) {
      error(ValueBegin, "expected a value after '='");
      return;
    }
    Input.Value = slice(mapped(*D), ValueBegin, Extent.End);
  }
  if (declareName(Input.Name, /*IsParameter=*/false))
    Spec.Inputs.push_back(std::move(Input));
}

void SpecParser::parseTuningParameter(std::size_t I) {
  std::vector<Clause> Clauses;
  bool ClausesOk = parseClauseList(I, TuningParameterClauses, Clauses);
  TuningParameter Parameter;
  Parameter.Directive = D->Hash;
  bool Ok = ClausesOk;
  bool HasName = false;
  bool HasRange = false;
  std::optional<Identifier> Name;
  for (const Clause &C : Clauses) {
    std::optional<SourceExpr> X = expressionArgument(C.ArgBegin, C.ArgEnd, C.Keyword);
    HasName |= C.Keyword == "name";
    HasRange |= C.Keyword == "range";
    if (!X) {
      Ok = false;
      continue;
    }
    if (C.Keyword == "name") {
      Name = identifierFrom(*X, "a tuning parameter");
      Ok &= Name.has_value();
    } else if (C.Keyword == "type") {
      Parameter.Type = std::move(X);
    } else if (C.Keyword == "range") {
      std::optional<RangeSpec> Range = classifyRange(*X);
      Ok &= Range.has_value();
      if (Range)
        Parameter.Range = std::move(*Range);
    } else {
      captureByReference(*X);
      Parameter.Constraint = std::move(X);
    }
  }
  // A misspelt keyword or a broken argument often hides the missing clause;
  // do not pile a second error on the first.
  if (ClausesOk && !HasName)
    error(D->End, "'#atf::tp' needs a 'name' clause: the name of the tuning parameter");
  if (ClausesOk && !HasRange)
    error(D->End, (Name ? "tuning parameter '" + Name->Name + "'" : std::string("'#atf::tp'")) +
                      " needs a 'range' clause, as in range {1, 2, 4} or range "
                      "interval<int>(1, 10)");
  if (!Name)
    return;
  Parameter.Name = *Name;
  if (declareName(Parameter.Name, /*IsParameter=*/true) && Ok && HasName && HasRange)
    Spec.Parameters.push_back(std::move(Parameter));
}

void SpecParser::parseSearchTechnique(std::size_t I, bool AsAbortCondition) {
  std::optional<SourceExpr> X = singleExpression(I);
  if (!X)
    return;
  if (AsAbortCondition || isAbortConditionName(leadingName(X->Text)))
    storeOnce<SourceExpr>("abort_condition", std::move(X), Spec.AbortCondition);
  else
    storeOnce<SourceExpr>("search_technique", std::move(X), Spec.SearchTechnique);
}

void SpecParser::parseDeviceInfo(std::size_t I) {
  std::vector<Clause> Clauses;
  if (!parseClauseList(I, DeviceInfoClauses, Clauses))
    return;
  if (Clauses.empty()) {
    error(D->End, "'" + Spelling + "' needs at least one of " + listOf(DeviceInfoClauses));
    return;
  }
  if (!claimDirective("device_info"))
    return;
  DeviceSpec &Device = Spec.Device;
  for (const Clause &C : Clauses) {
    // platform_id and device_id may also be given by directives of their own.
    if (std::optional<SourcePosition> First = firstOccurrence(C.Keyword, pos(C.KeywordIndex))) {
      error(C.KeywordIndex,
            "'" + C.Keyword.str() + "' is already given at " + formatPosition(*First));
      continue;
    }
    if (C.Keyword == "vendor" || C.Keyword == "type") {
      std::optional<StringArgument> S = stringArgument(C.ArgBegin, C.ArgEnd, C.Keyword);
      (C.Keyword == "vendor" ? Device.Vendor : Device.Type) = std::move(S);
      continue;
    }
    std::optional<SourceExpr> X = expressionArgument(C.ArgBegin, C.ArgEnd, C.Keyword);
    if (C.Keyword == "id")
      Device.Index = std::move(X);
    else if (C.Keyword == "platform_id")
      Device.PlatformId = std::move(X);
    else
      Device.DeviceId = std::move(X);
  }
}

void SpecParser::parseCheck(std::size_t I) {
  std::vector<Clause> Clauses;
  bool ClausesOk = parseClauseList(I, CheckClauses, Clauses);
  ResultCheck Check;
  Check.Directive = D->Hash;
  bool Ok = ClausesOk;
  const Clause *Against = nullptr;
  for (const Clause &C : Clauses) {
    bool Gold = C.Keyword == "gold";
    if (Gold || C.Keyword == "reference") {
      if (Against) {
        error(C.KeywordIndex, (llvm::Twine("'") + C.Keyword + "' and '" + Against->Keyword +
                               "' exclude each other: check against a gold file or a "
                               "reference configuration")
                                  .str());
        Ok = false;
        continue;
      }
      Against = &C;
      Check.Kind = Gold ? CheckKind::GoldFile : CheckKind::ReferenceConfiguration;
    }
    if (Gold) {
      std::optional<StringArgument> File = stringArgument(C.ArgBegin, C.ArgEnd, C.Keyword);
      Ok &= File.has_value();
      if (File)
        Check.GoldFile = std::move(*File);
      continue;
    }
    std::optional<SourceExpr> X = expressionArgument(C.ArgBegin, C.ArgEnd, C.Keyword);
    if (!X) {
      Ok = false;
      continue;
    }
    if (C.Keyword == "reference")
      Ok &= parseReference(*X, Check.Reference);
    else if (C.Keyword == "buffers")
      Ok &= parseBufferNumbers(*X, Check.Buffers);
    else
      Check.Tolerance = std::move(X);
  }
  if (ClausesOk && !Against) {
    error(D->End, "'" + Spelling +
                      "' needs what to compare with: gold \"FILE\" or "
                      "reference {.PARAM = VALUE, ...}");
    Ok = false;
  }
  if (Ok && claimDirective("check"))
    Spec.Check = std::move(Check);
}

void SpecParser::parseSize(std::size_t I, StringRef Key, std::vector<SourceExpr> &Slot) {
  std::optional<SourceExpr> X = singleExpression(I);
  if (!X)
    return;
  std::optional<std::vector<SourceExpr>> Dims = splitDimensions(*X);
  if (Dims && claimDirective(Key))
    Slot = std::move(*Dims);
}

void SpecParser::parseDirective() {
  std::size_t I = skipBlanks(Text, 0);
  NameIndex = I;
  std::size_t End = isIdentifierStart(I < Text.size() ? Text[I] : '\0') ? wordEnd(Text, I) : I;
  if (End == I) {
    error(I, "expected a directive name after '#atf::', such as tp or var");
    return;
  }
  if (Text.slice(I, End) == "var") {
    Spelling = "#atf::var";
    parseVar(End);
    return;
  }
  while (Text.substr(End).startswith("::") && End + 2 < Text.size() &&
         isIdentifierStart(Text[End + 2]))
    End = wordEnd(Text, End + 2);
  StringRef Path = Text.slice(I, End);
  Spelling = "#atf::" + Path.str();
  auto [Prefix, Name] = Path.contains("::") ? Path.split("::") : std::make_pair(StringRef(), Path);
  unsigned Where = prefixMask(Prefix);
  const DirectiveInfo *Info = findDirective(Name);

  if (!Info || !Where || !(Info->Where & Where)) {
    std::string Message;
    if (Info && Where == Unprefixed) {
      Message = "'" + Spelling + "' needs a backend prefix: write ";
      if (Info->Where & OpenCLPrefix)
        Message += "#atf::ocl::" + Name.str() + " for OpenCL";
      if ((Info->Where & OpenCLPrefix) && (Info->Where & CUDAPrefix))
        Message += " or ";
      if (Info->Where & CUDAPrefix)
        Message += "#atf::cuda::" + Name.str() + " for CUDA";
    } else if (Info && Where && Info->Where == Unprefixed) {
      Message = "'" + Spelling + "' takes no backend prefix; write #atf::" + Name.str();
    } else if (Info && Where) {
      bool ForCUDA = Info->Where & CUDAPrefix;
      Message = "'" + Name.str() + (ForCUDA ? "' is a CUDA" : "' is an OpenCL") +
                " directive (#atf::" + (ForCUDA ? "cuda::" : "ocl::") + Name.str() +
                (ForCUDA ? "), not an OpenCL one" : "), not a CUDA one");
    } else {
      Message = "unknown directive '" + Spelling + "'";
      if (std::string_view Suggestion = closestSpelling(Path, allDirectiveSpellings());
          !Suggestion.empty())
        Message += "; did you mean '#atf::" + std::string(Suggestion) + "'?";
    }
    error(I, std::move(Message));
    return;
  }
  if (!selectBackend(Where))
    return;

  std::size_t Arg = skipBlanks(Text, End);
  switch (Info->Kind) {
  case DirectiveKind::Var: // Handled above: `var<T>` has no `::` path.
    return;
  case DirectiveKind::TuningParameter:
    return parseTuningParameter(Arg);
  case DirectiveKind::SearchTechnique:
    return parseSearchTechnique(Arg, /*AsAbortCondition=*/false);
  case DirectiveKind::AbortCondition:
    return parseSearchTechnique(Arg, /*AsAbortCondition=*/true);
  case DirectiveKind::Seed:
    return storeOnce("seed", singleExpression(Arg), Spec.Seed);
  case DirectiveKind::Timeout:
    return storeOnce("timeout", singleExpression(Arg), Spec.Timeout);
  case DirectiveKind::Warmups:
    return storeOnce("warmups", singleExpression(Arg), Spec.Warmups);
  case DirectiveKind::Repetitions:
    return storeOnce("repetitions", singleExpression(Arg), Spec.Repetitions);
  case DirectiveKind::CompileScript:
    return storeOnce("compile_script", stringArgument(Arg, Text.size(), Spelling),
                     Spec.CompileScript);
  case DirectiveKind::RunScript:
    return storeOnce("run_script", stringArgument(Arg, Text.size(), Spelling), Spec.RunScript);
  case DirectiveKind::CostFile:
    return storeOnce("cost_file", stringArgument(Arg, Text.size(), Spelling), Spec.CostFile);
  case DirectiveKind::Depends:
    return parseDepends(Arg);
  case DirectiveKind::Objective:
    return parseObjective(Arg);
  case DirectiveKind::Check:
    return parseCheck(Arg);
  case DirectiveKind::DeviceInfo:
    return parseDeviceInfo(Arg);
  case DirectiveKind::PlatformId:
  case DirectiveKind::DeviceId: {
    std::optional<SourceExpr> X = singleExpression(Arg);
    if (!X)
      return;
    bool Platform = Info->Kind == DirectiveKind::PlatformId;
    StringRef Key = Platform ? "platform_id" : "device_id";
    if (std::optional<SourcePosition> First = firstOccurrence(Key, pos(NameIndex))) {
      error(NameIndex, "'" + Key.str() + "' is already given at " + formatPosition(*First));
      return;
    }
    (Platform ? Spec.Device.PlatformId : Spec.Device.DeviceId) = std::move(X);
    return;
  }
  case DirectiveKind::KernelName: {
    std::optional<SourceExpr> X = singleExpression(Arg);
    if (!X)
      return;
    return storeOnce("kernel_name", identifierFrom(*X, "a kernel"), Spec.Device.KernelName);
  }
  case DirectiveKind::Input: {
    std::optional<SourceExpr> X = singleExpression(Arg);
    if (!X)
      return;
    if (std::optional<KernelInput> Input = classifyInput(*X))
      Spec.Device.Inputs.push_back(std::move(*Input));
    return;
  }
  case DirectiveKind::GlobalSize:
    return parseSize(Arg, "global_size", Spec.Device.GlobalSize);
  case DirectiveKind::LocalSize:
    return parseSize(Arg, "local_size", Spec.Device.LocalSize);
  case DirectiveKind::GridDim:
    return parseSize(Arg, "grid_dim", Spec.Device.GridDim);
  case DirectiveKind::BlockDim:
    return parseSize(Arg, "block_dim", Spec.Device.BlockDim);
  }
}

ClauseParse SpecParser::run(const DirectiveScan &Scan) {
  for (const Directive &Each : Scan.Directives) {
    D = &Each;
    Text = Each.Text;
    parseDirective();
  }
  std::stable_sort(Result.Diagnostics.begin(), Result.Diagnostics.end(),
                   [](const ScanDiagnostic &A, const ScanDiagnostic &B) {
                     return std::tie(A.Line, A.Column) < std::tie(B.Line, B.Column);
                   });
  return std::move(Result);
}

} // namespace

ClauseParse atfc::parseClauses(const DirectiveScan &Scan) { return SpecParser().run(Scan); }
