//===- Directives/ArgumentReader.cpp - Reading directive arguments ---------===//
#include "Directives/ArgumentReader.h"

#include "Support/CStringLiteral.h"

#include "Support/GeneratedName.h"
#include "Support/Suggestions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/ConvertUTF.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace atfc::clauses {

std::string listOf(ArrayRef<StringRef> Words) {
  std::string Out;
  for (std::size_t I = 0; I < Words.size(); ++I) {
    if (I > 0)
      Out += I + 1 == Words.size() ? " or " : ", ";
    Out += Words[I].str();
  }
  return Out;
}

namespace {

// The bracket errors, one wording wherever brackets are matched.
std::string unmatchedBracket(char Close) { return std::string("unmatched '") + Close + "'"; }
std::string mismatchedBracket(char Close, char Opener, const SourcePosition &OpenerAt) {
  return std::string("'") + Close + "' does not match the '" + Opener + "' at " +
         formatPosition(OpenerAt) + "; expected '" + closingBracketOf(Opener) + "'";
}
std::string unclosedBracket(char Opener) {
  return std::string("unclosed '") + Opener + "'; add the matching '" + closingBracketOf(Opener) +
         "'";
}

} // namespace

ArgumentExtent ArgumentReader::scanArgument(std::size_t Begin, ArrayRef<StringRef> Keywords,
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
        error(I, unmatchedBracket(C));
        Extent.Ok = false;
      } else {
        char Opener = Text[Open.back()];
        if (closingBracketOf(Opener) != C) {
          error(I, mismatchedBracket(C, Opener, pos(Open.back())));
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
    error(Index, unclosedBracket(Text[Index]));
    Extent.Ok = false;
  }
  Stop(Text.size());
  return Extent;
}

bool ArgumentReader::followsOperand(std::size_t Begin, std::size_t I) const {
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

std::optional<DecodedString> ArgumentReader::decodeLiteral(std::size_t Open, std::size_t Close) {
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

std::optional<SourceExpr> ArgumentReader::expressionArgument(std::size_t Begin, std::size_t End,
                                                             StringRef After) {
  if (Begin >= End) {
    error(Begin, "expected an argument after '" + After.str() + "'");
    return std::nullopt;
  }
  if (Text[Begin] != '"' || skipLiteral(Text, Begin) != End) {
    SourceExpr X = slice(mapped(*D), Begin, End);
    if (!checkForeignSyntax(Begin, End, After, X))
      return std::nullopt;
    return X;
  }
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
  if (!checkForeignSyntax(Begin, End, After, X))
    return std::nullopt;
  return X;
}

std::optional<StringArgument> ArgumentReader::stringArgument(std::size_t Begin, std::size_t End,
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

std::optional<SourceExpr> ArgumentReader::singleExpression(std::size_t Begin) {
  ArgumentExtent Extent = scanArgument(Begin, {}, /*DetectStrayWords=*/false);
  if (!Extent.Ok)
    return std::nullopt;
  return expressionArgument(Begin, Extent.End, Spelling);
}

std::optional<Identifier> ArgumentReader::identifierFrom(const SourceExpr &X, StringRef What) {
  StringRef Name = X.Text;
  std::size_t Bad = 0;
  if (!Name.empty() && isIdentifierStart(Name[0]))
    Bad = wordEnd(Name, 0);
  if (Bad < Name.size()) {
    error(X.positionOf(Bad), "'" + nameForMessage(Name) + "' is not a valid name for " +
                                 What.str() +
                                 "; use letters, digits and '_', not starting with a digit");
    return std::nullopt;
  }
  if (isCOrCxxKeyword(Name)) {
    error(X.Begin,
          "'" + Name.str() + "' is a keyword of C, C++ or OpenCL C and cannot name " + What.str());
    return std::nullopt;
  }
  return Identifier{Name.str(), X.Begin};
}

void ArgumentReader::reportUnknownClause(std::size_t I, StringRef Word,
                                         ArrayRef<StringRef> Keywords) {
  std::string Message = "unknown clause '" + Word.str() + "' in '" + Spelling + "'; ";
  if (std::string_view Suggestion = closestSpelling(Word, Keywords); !Suggestion.empty())
    Message += "did you mean '" + std::string(Suggestion) + "'?";
  else
    Message += "expected " + listOf(Keywords);
  error(I, std::move(Message));
}

bool ArgumentReader::parseClauseList(std::size_t Begin, ArrayRef<StringRef> Keywords,
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

std::optional<unsigned> ArgumentReader::positionalArgument(std::size_t Dollar) {
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
// Other languages' syntax
//===----------------------------------------------------------------------===//

namespace {

/// Whether C can end an operand: `N`, `4`, `f(x)`, `a[i]`.
bool endsOperand(char C) { return isIdentifierChar(C) || C == ')' || C == ']'; }

/// The comment's text, trimmed and shortened for a message.
std::string quoted(StringRef Body) {
  Body = Body.trim();
  return Body.size() > 40 ? Body.take_front(37).str() + "..." : Body.str();
}

} // namespace

bool ArgumentReader::checkForeignSyntax(std::size_t Begin, std::size_t End, StringRef After,
                                        const SourceExpr &X) {
  bool Ok = true;
  for (const DirectiveComment &C : D->Comments) {
    if (C.Index > Begin && C.Index < End) {
      error(C.Where, C.IsLine ? "this '//' comment inside the argument of '" + After.str() +
                                    "' cuts off '" + quoted(C.Body) +
                                    "' from it; put comments after the directive"
                              : "this /* */ comment stands inside the argument of '" + After.str() +
                                    "' ('/*" + C.Body + "*/'); put comments after the directive");
      Ok = false;
    } else if (C.IsLine && C.Index >= End && End > Begin && endsOperand(Text[End - 1]) &&
               Text.slice(End, std::min(C.Index, Text.size())).trim().empty()) {
      SuspectComments.push_back({C, After.str()});
    }
  }
  if (!checkBrackets(X))
    return false;
  // Outside C-family files, and inside a quoted argument, comments reach
  // the expression as text; Clang would read them as comments.
  StringRef T = X.Text;
  for (std::size_t I = 0; I + 1 < T.size(); ++I) {
    if (opensLiteral(T, I)) {
      I = skipLiteral(T, I);
      if (I == NoIndex)
        break;
      --I;
      continue;
    }
    StringRef Pair = T.substr(I, 2);
    if (Pair != "//" && Pair != "/*" && Pair != "**")
      continue;
    // (Only here: trimming at every character took time quadratic in a run
    // of blanks, minutes for a megabyte of them.)
    std::size_t Before = StringRef(T).take_front(I).rtrim().size();
    bool AfterOperand = Before > 0 && endsOperand(T[Before - 1]);
    if (Pair == "//" || Pair == "/*") {
      std::string Message = "'" + Pair.str() + "' starts a C++ comment, which cuts off '" +
                            quoted(T.substr(I + 2)) + "' from the argument of '" + After.str() +
                            "'";
      if (Pair == "//" && AfterOperand)
        Message += "; '//' is Python's floor division: in C++ write '/', which divides "
                   "integers without a remainder";
      error(X.positionOf(I), std::move(Message));
      return false;
    }
    if (Pair == "**" && AfterOperand) {
      std::size_t WordBegin = Before;
      while (WordBegin > 0 && isIdentifierChar(T[WordBegin - 1]))
        --WordBegin;
      if (isCxxKeyword(T.slice(WordBegin, Before)))
        continue; // A pointer type: `int**`.
      error(X.positionOf(I),
            "'**' is the power operator of Python and Fortran, not of C++ (here it would "
            "multiply by a dereference); write pow(A, B), or 1 << B for a power of two");
      return false;
    }
  }
  return Ok;
}

bool ArgumentReader::checkBrackets(const SourceExpr &X) {
  // Clause arguments were scanned for their extent already, but not the
  // contents of a quoted one, nor an argument that runs to the directive's
  // end (a derived objective's).
  StringRef T = X.Text;
  // Nor may a quoted argument's escapes put a line break or another control
  // character into the code: a line of the tuner that began with `#` would
  // be a preprocessor directive.
  for (std::size_t I = 0; I < T.size(); ++I)
    if ((static_cast<unsigned char>(T[I]) < 0x20 && T[I] != '\t') || T[I] == 0x7f) {
      // A decoded escape maps to its `\`; a byte of the file to itself.
      bool Escape = false;
      for (std::size_t J = 0; J < Text.size(); ++J)
        if (D->positionOf(J) == X.positionOf(I)) {
          Escape = Text[J] == '\\';
          break;
        }
      error(X.positionOf(I),
            Escape ? "the escape " + cStringLiteral(T.substr(I, 1)) +
                         " puts a control character into the expression, which atfc pastes "
                         "into generated code; keep the expression on one line (a line break "
                         "inside a string of it is written \\\\n)"
                   : "the control character " + cStringLiteral(T.substr(I, 1)) +
                         " stands in the expression, which atfc pastes into generated code; "
                         "remove it");
      return false;
    }
  std::vector<std::size_t> Open;
  for (std::size_t I = 0; I < T.size(); ++I) {
    if (opensLiteral(T, I)) {
      const std::size_t Close = skipLiteral(T, I);
      if (Close == NoIndex)
        break; // Clang reports the literal
      I = Close - 1;
    } else if (isOpeningBracket(T[I])) {
      Open.push_back(I);
    } else if (isClosingBracket(T[I])) {
      if (Open.empty()) {
        error(X.positionOf(I), unmatchedBracket(T[I]));
        return false;
      }
      if (closingBracketOf(T[Open.back()]) != T[I]) {
        error(X.positionOf(I), mismatchedBracket(T[I], T[Open.back()], X.positionOf(Open.back())));
        return false;
      }
      Open.pop_back();
    }
  }
  if (!Open.empty()) {
    error(X.positionOf(Open.front()), unclosedBracket(T[Open.front()]));
    return false;
  }
  return true;
}

void ArgumentReader::reportFloorDivisionComments() {
  llvm::StringSet<> Names;
  for (const InputVariable &Input : Spec.Inputs)
    Names.insert(Input.Name.Name);
  for (const TuningParameter &Parameter : Spec.Parameters)
    Names.insert(Parameter.Name.Name);
  std::set<std::pair<unsigned, unsigned>> Reported;
  for (const SuspectComment &Suspect : SuspectComments) {
    if (!Reported.insert({Suspect.Comment.Where.Line, Suspect.Comment.Where.Column}).second)
      continue;
    // The comment reads as the rest of the expression when it is an operand
    // and operators, every word a name of the file: `WPT`, `(N / 2)`.
    StringRef Body = StringRef(Suspect.Comment.Body).trim();
    bool Operand = !Body.empty() && (isIdentifierChar(Body[0]) || Body[0] == '(');
    for (std::size_t I = 0; Operand && I < Body.size();) {
      if (isDigit(Body[I])) {
        I = skipNumber(Body, I);
      } else if (isIdentifierStart(Body[I])) {
        std::size_t WordEnd = wordEnd(Body, I);
        Operand = Names.contains(Body.slice(I, WordEnd));
        I = WordEnd;
      } else {
        Operand = StringRef(" \t()+-*/%<>=!&|").contains(Body[I]);
        ++I;
      }
    }
    if (Operand)
      error(Suspect.Comment.Where,
            "'//' starts a C++ comment, which cuts off '" + quoted(Body) +
                "' from the argument of '" + Suspect.After +
                "'; '//' is Python's floor division: in C++ write '/', which divides "
                "integers without a remainder");
  }
  SuspectComments.clear();
}

} // namespace atfc::clauses
