//===- CodeGen/FixValue.cpp - A --fix value as tuner code -----------------===//
#include "CodeGen/FixValue.h"

#include "Directives/DirectiveLexing.h"

#include "llvm/ADT/StringSet.h"

#include <algorithm>

namespace atfc {

namespace {

/// The side effect of the operator at Value[I], or "": `=` and the compound
/// assignments (`<<=`, not `<=`), `++` and `--`. Inside a value that is
/// evaluated once per run, each would change an input or fail to compile.
std::string sideEffectAt(llvm::StringRef Value, std::size_t I) {
  const llvm::StringRef Rest = Value.substr(I);
  if (Rest.startswith("++") || Rest.startswith("--"))
    return Rest.startswith("++") ? "an increment '++'" : "a decrement '--'";
  if (Value[I] != '=' || Rest.startswith("==") || (I > 0 && Value[I - 1] == '='))
    return "";
  const llvm::StringRef Before = Value.substr(0, I);
  const bool Shift = Before.endswith("<<") || Before.endswith(">>");
  if (!Shift && I > 0 && llvm::StringRef("!<>").contains(Value[I - 1]))
    return ""; // !=, <=, >=
  return "an assignment '" +
         (Shift ? Before.take_back(2).str()
          : I > 0 && llvm::StringRef("+-*/%&|^").contains(Value[I - 1])
              ? std::string(1, Value[I - 1])
              : std::string()) +
         "='";
}

/// The first side effect of Value, inside brackets too; "" for none.
std::string firstSideEffect(llvm::StringRef Value) {
  for (std::size_t I = 0; I < Value.size();) {
    if (lexing::opensLiteral(Value, I)) {
      I = lexing::skipLiteral(Value, I);
      continue;
    }
    if (std::string Effect = sideEffectAt(Value, I); !Effect.empty())
      return Effect;
    ++I;
  }
  return "";
}

/// Whether a --fix value may call Qualifier + Name: a function of
/// Language.def's ATF_LIBRARY_FUNCTION (Name, std::Name, ::Name), a
/// std::numeric_limits<T> member, or a type's name as a functional cast
/// (`size_t(N)`). Everything else may have a side effect, run in the tuner.
bool mayCall(llvm::StringRef Qualifier, llvm::StringRef Name) {
  static const llvm::StringSet<> Functions = {
#define ATF_LIBRARY_FUNCTION(Header, Name) #Name,
#include "Language/Language.def"
  };
  static const llvm::StringSet<> Limits = {"min",        "max",           "lowest",
                                           "epsilon",    "infinity",      "quiet_NaN",
                                           "denorm_min", "signaling_NaN", "round_error"};
  static const llvm::StringSet<> Types = {
      "int",      "long",     "short",     "char",    "unsigned",  "signed",
      "bool",     "float",    "double",    "size_t",  "ptrdiff_t", "int8_t",
      "int16_t",  "int32_t",  "int64_t",   "uint8_t", "uint16_t",  "uint32_t",
      "uint64_t", "intmax_t", "uintmax_t", "string",  "sizeof",    "alignof"};
  const bool Plain = Qualifier.empty() || Qualifier == "std::" || Qualifier == "::";
  return (Plain && (Functions.contains(Name) || Types.contains(Name))) ||
         (Qualifier == "atf::" && Functions.contains(Name)) ||
         (Qualifier.startswith("std::numeric_limits<") && Limits.contains(Name));
}

/// The first call of Value that mayCall() does not allow, as "a call of
/// 'std::rand'"; "" for none.
std::string firstImpureCall(llvm::StringRef Value) {
  for (std::size_t I = 0; I < Value.size();) {
    if (lexing::opensLiteral(Value, I)) {
      I = lexing::skipLiteral(Value, I);
      continue;
    }
    if (lexing::isDigit(Value[I])) {
      I = lexing::skipNumber(Value, I);
      continue;
    }
    if (!lexing::isIdentifierStart(Value[I]) && !Value.substr(I).startswith("::")) {
      ++I;
      continue;
    }
    // A qualified name: words joined by `::`, numeric_limits<T> one word.
    std::string Qualifier, Name;
    const std::size_t Start = I;
    while (I < Value.size()) {
      if (Value.substr(I).startswith("::")) {
        Qualifier += Name + "::";
        Name.clear();
        I = lexing::skipBlanks(Value, I + 2);
        continue;
      }
      if (!lexing::isIdentifierStart(Value[I]) || !Name.empty())
        break;
      const std::size_t End = lexing::wordEnd(Value, I);
      Name = Value.slice(I, End).str();
      I = lexing::skipBlanks(Value, End);
      if (Name == "numeric_limits" && I < Value.size() && Value[I] == '<') {
        const std::size_t Close = lexing::findClosingAngle(Value, I);
        if (Close == lexing::NoIndex)
          break;
        Name += Value.slice(I, Close + 1).str();
        I = lexing::skipBlanks(Value, Close + 1);
      }
    }
    if (I < Value.size() && Value[I] == '(' && !mayCall(Qualifier, Name))
      return "a call of '" + Value.slice(Start, I).rtrim().str() +
             "', which may have side effects (a value may call only the standard library's math "
             "functions, such as std::min, std::max, std::sqrt or std::pow: docs/directives.md)";
    I = std::max(I, Start + 1);
  }
  return "";
}

} // namespace

std::string fixValueProblem(llvm::StringRef Value) {
  for (std::size_t I = 0; I < Value.size();) {
    const char C = Value[I];
    if (lexing::opensLiteral(Value, I)) {
      const std::size_t Close = lexing::skipLiteral(Value, I);
      if (Close == lexing::NoIndex)
        return "a literal that does not end";
      I = Close;
      continue;
    }
    if (C == ';' || C == '{' || C == '}' || C == '\n' || C == '\r' || C == '\\')
      return std::string("'") +
             (C == '\n' || C == '\r' ? std::string("a line break") : std::string(1, C)) + "'";
    if (C == '/' && I + 1 < Value.size() && (Value[I + 1] == '/' || Value[I + 1] == '*'))
      return "a comment";
    if (C == '(' || C == '[') {
      const std::size_t Close = lexing::findClosingBracket(Value, I);
      if (Close == lexing::NoIndex)
        return std::string("a '") + C + "' that does not close";
      I = Close + 1;
      continue;
    }
    if (C == ')' || C == ']' || C == ',')
      return std::string("a '") + C + "' outside brackets";
    ++I;
  }
  if (std::string Effect = firstSideEffect(Value); !Effect.empty())
    return Effect;
  return firstImpureCall(Value);
}

std::string unknownFixWord(llvm::StringRef Value, const TuningSpec &Spec) {
  for (std::size_t I = 0; I < Value.size();) {
    if (lexing::opensLiteral(Value, I)) {
      I = lexing::skipLiteral(Value, I);
      continue;
    }
    if (lexing::isDigit(Value[I]) ||
        (Value[I] == '.' && I + 1 < Value.size() && lexing::isDigit(Value[I + 1]))) {
      I = lexing::skipNumber(Value, I);
      continue;
    }
    if (!lexing::isIdentifierStart(Value[I])) {
      ++I;
      continue;
    }
    const std::size_t End = lexing::wordEnd(Value, I);
    const llvm::StringRef Word = Value.slice(I, End);
    const std::size_t Next = lexing::skipBlanks(Value, End);
    const bool Qualified = (I >= 2 && Value.slice(I - 2, I) == "::") ||
                           Value.substr(Next).startswith("::") ||
                           Value.substr(Next).startswith("(");
    if (!Spec.findInput(Word) && !Qualified && !lexing::isOperandKeyword(Word))
      return Word.str();
    I = End;
  }
  return "";
}

std::string fixProblem(const std::string &Name, const std::string &Value, const TuningSpec &Spec,
                       bool IsText) {
  const std::string Fix = "--fix " + Name + "=" + Value;
  if (!Spec.findParameter(Name))
    return "--fix names '" + Name + "', which is no tuning parameter of this file";
  if (IsText)
    return "";
  if (const std::string Problem = fixValueProblem(Value); !Problem.empty())
    return Fix + ": the value is one C++ value of " + Name +
           "'s type (a number, a name, an expression of inputs), without " + Problem;
  if (const std::string Word = unknownFixWord(Value, Spec); !Word.empty())
    return Fix + ": '" + Word + "' is no input of this file; the value is one value of " + Name +
           "'s type (a number, an expression of inputs)";
  return "";
}

} // namespace atfc
