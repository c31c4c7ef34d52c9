//===- CodeGen/SetValues.cpp - A set's values in the tuner ----------------===//
#include "CodeGen/SetValues.h"

#include "Directives/DirectiveLexing.h"

#include <algorithm>
#include <vector>

namespace atfc {

bool isPlainLiteral(llvm::StringRef Value) {
  Value = Value.trim();
  if (Value == "true" || Value == "false")
    return true;
  if (Value.startswith("-") || Value.startswith("+"))
    Value = Value.drop_front().ltrim();
  const bool StartsNumber =
      !Value.empty() && (lexing::isDigit(Value[0]) ||
                         (Value[0] == '.' && Value.size() > 1 && lexing::isDigit(Value[1])));
  return StartsNumber && lexing::skipNumber(Value, 0) == Value.size();
}

std::string setExpression(llvm::StringRef TypeName, llvm::StringRef Values) {
  const std::string Type = TypeName.str();
  const auto Parts = lexing::splitAtCommas(Values, 0, Values.size());
  if (Parts.size() <= kExactSetValues)
    return "exactSet<" + Type + ">(" + Values.str() + ")";
  auto ValueAt = [&](std::size_t I) {
    return Values.slice(Parts[I].first, Parts[I].second).trim();
  };
  std::vector<bool> Literal(Parts.size());
  for (std::size_t I = 0; I < Parts.size(); ++I)
    Literal[I] = isPlainLiteral(ValueAt(I));
  if (std::all_of(Literal.begin(), Literal.end(), [](bool L) { return L; }))
    return "set<" + Type + ">({" + Values.str() + "})";
  // Runs of literals as lists, the others checked one by one, in order.
  std::string Out = "joinedSets<" + Type + ">({";
  for (std::size_t I = 0; I < Parts.size();) {
    std::size_t End = I + 1;
    while (End < Parts.size() && Literal[End] == Literal[I] &&
           (Literal[I] || End - I < kExactSetValues))
      ++End;
    Out += I ? ", " : "";
    Out += Literal[I] ? "set<" + Type + ">({" : "exactSet<" + Type + ">(";
    for (std::size_t K = I; K < End; ++K)
      Out += (K > I ? ", " : "") + ValueAt(K).str();
    Out += Literal[I] ? "})" : ")";
    I = End;
  }
  return Out + "})";
}

} // namespace atfc
