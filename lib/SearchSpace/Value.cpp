//===- SearchSpace/Value.cpp - A tuning parameter's value -----------------===//
#include "SearchSpace/Value.h"

#include <fmt/format.h>

namespace atfc {

std::string toString(const Value &V) {
  return std::visit(
      [](const auto &X) -> std::string {
        using T = std::decay_t<decltype(X)>;
        if constexpr (std::is_same_v<T, bool>)
          return X ? "true" : "false";
        else if constexpr (std::is_same_v<T, std::string>)
          return X;
        else
          return fmt::format("{}", X); // shortest round-trip form for double
      },
      V);
}

std::string toSourceString(const Value &V) {
  if (const auto *S = std::get_if<std::string>(&V)) {
    std::string Quoted = "\"";
    for (char C : *S) {
      if (C == '"' || C == '\\')
        Quoted += '\\';
      if (C == '\n') {
        Quoted += "\\n";
        continue;
      }
      Quoted += C;
    }
    return Quoted + '"';
  }
  if (std::holds_alternative<double>(V)) {
    std::string Text = toString(V);
    if (Text.find_first_of(".eEn") == std::string::npos) // keep it a double
      Text += ".0";
    return Text;
  }
  if (std::holds_alternative<std::uint64_t>(V))
    return toString(V) + "u";
  return toString(V);
}

const char *kindName(ValueKind K) {
  switch (K) {
  case ValueKind::Int:
    return "int";
  case ValueKind::UInt:
    return "uint";
  case ValueKind::Double:
    return "double";
  case ValueKind::Bool:
    return "bool";
  case ValueKind::String:
    return "string";
  }
  return "?";
}

} // namespace atfc
