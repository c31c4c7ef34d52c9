//===- Directives/ArgumentShapes.cpp - What an argument means -------------===//
#include "Directives/ArgumentShapes.h"

#include "Support/Suggestions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/ConvertUTF.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace atfc::clauses {

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

std::optional<SourceExpr> ArgumentShapes::elementType(const SourceExpr &X, std::size_t &I,
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

std::optional<RangeSpec> ArgumentShapes::classifyRange(const SourceExpr &X) {
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

std::optional<KernelInput> ArgumentShapes::classifyInput(const SourceExpr &X) {
  StringRef T = X.Text;
  std::size_t I = T.startswith("atf::") ? 5 : 0;
  StringRef Word = T.slice(I, wordEnd(T, I));
  if (Word != "scalar" && Word != "buffer" && Word != "local") {
    error(X.Begin, "a kernel input is scalar<T>(value), scalar<T>() for a random value, "
                   "buffer<T>(size), or (OpenCL) local<T>(count); found '" +
                       T.str() + "'");
    return std::nullopt;
  }
  if (Word == "local" && Spec.Device.Backend == DeviceBackend::CUDA) {
    error(X.Begin, "local<T>(count) is an OpenCL __local argument; a CUDA kernel gets its "
                   "dynamic shared memory from the launch: write #atf::cuda::shared_memory BYTES "
                   "and declare 'extern __shared__ T name[];' in the kernel");
    return std::nullopt;
  }
  KernelInput Input;
  Input.Kind = Word == "scalar"   ? KernelInputKind::Scalar
               : Word == "buffer" ? KernelInputKind::Buffer
                                  : KernelInputKind::Local;
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

std::optional<std::vector<SourceExpr>> ArgumentShapes::splitDimensions(const SourceExpr &X) {
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

bool ArgumentShapes::parseReference(const SourceExpr &X, std::vector<ReferenceValue> &Out) {
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

bool ArgumentShapes::parseBufferNumbers(const SourceExpr &X, std::vector<unsigned> &Out) {
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

} // namespace atfc::clauses
