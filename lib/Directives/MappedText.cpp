//===- Directives/MappedText.cpp - Text with a source map -----------------===//
#include "Directives/MappedText.h"

#include "Directives/DirectiveLexing.h"

namespace atfc::clauses {

using namespace atfc::lexing;

SourcePosition after(SourcePosition P) { return {P.Line, P.Column + 1}; }

std::string formatPosition(SourcePosition P) {
  return std::to_string(P.Line) + ":" + std::to_string(P.Column);
}

MappedText mapped(const Directive &D) { return {D.Text, D.TextPositions, D.End}; }

MappedText mapped(const SourceExpr &X) { return {X.Text, X.Positions, X.End}; }

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

std::optional<char> simpleEscape(char E) {
  static constexpr StringRef Letters = "ntrabfv\\'\"?";
  static constexpr StringRef Meanings = "\n\t\r\a\b\f\v\\'\"?";
  std::size_t I = Letters.find(E);
  if (I == NoIndex)
    return std::nullopt;
  return Meanings[I];
}

} // namespace atfc::clauses
