//===- CodeGen/FixValue.cpp - A --fix value as tuner code -----------------===//
#include "CodeGen/FixValue.h"

#include "Directives/DirectiveLexing.h"

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
  return firstSideEffect(Value);
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

} // namespace atfc
