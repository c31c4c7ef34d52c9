//===- Backends/SourceSubstitution.cpp - A configuration's source ---------===//
#include "Backends/SourceSubstitution.h"

#include <vector>

namespace atfc {

std::string preprocessorValue(const Value &V) {
  if (const bool *B = std::get_if<bool>(&V))
    return *B ? "1" : "0";
  // (A string's control bytes, carriage returns among them, which would
  // end the define's line for some compilers, are octal escapes.)
  return toSourceString(V);
}

namespace {

bool isBlank(std::string_view Line) {
  return Line.find_first_not_of(" \t\r\f\v") == std::string_view::npos;
}

std::string defineOf(const NamedValue &Parameter) {
  return "#define " + Parameter.Name + " " + preprocessorValue(Parameter.Val);
}

} // namespace

std::string substituteConfiguration(std::string_view BlankedSource, const ParameterValues &Values,
                                    std::span<const unsigned> DefineLines) {
  // Where each line starts; a final line without '\n' counts.
  std::vector<std::size_t> LineStarts{0};
  for (std::size_t I = 0; I < BlankedSource.size(); ++I)
    if (BlankedSource[I] == '\n' && I + 1 < BlankedSource.size())
      LineStarts.push_back(I + 1);
  auto lineText = [&](std::size_t Index) {
    std::size_t Begin = LineStarts[Index];
    std::size_t End = BlankedSource.find('\n', Begin);
    return BlankedSource.substr(Begin, End == std::string_view::npos ? End : End - Begin);
  };

  std::vector<std::string> LineDefines(LineStarts.size());
  std::string Prologue;
  for (std::size_t I = 0; I < Values.size(); ++I) {
    unsigned Line = I < DefineLines.size() ? DefineLines[I] : 0;
    bool Fits = Line >= 1 && Line <= LineStarts.size() && !BlankedSource.empty() &&
                LineDefines[Line - 1].empty() && isBlank(lineText(Line - 1));
    if (Fits)
      LineDefines[Line - 1] = defineOf(Values[I]);
    else
      Prologue += defineOf(Values[I]) + "\n";
  }

  std::string Result;
  Result.reserve(BlankedSource.size() + Prologue.size() + 32 * Values.size() + 16);
  if (!Prologue.empty())
    Result += Prologue + "#line 1\n";
  for (std::size_t I = 0; I < LineStarts.size(); ++I) {
    std::string_view Text = lineText(I);
    std::size_t Next = LineStarts[I] + Text.size();
    bool HasNewline = Next < BlankedSource.size();
    if (LineDefines[I].empty()) {
      Result += Text;
    } else {
      Result += LineDefines[I];
      if (!Text.empty() && Text.back() == '\r') // keep CRLF files CRLF
        Result += '\r';
    }
    if (HasNewline)
      Result += '\n';
  }
  return Result;
}

} // namespace atfc
