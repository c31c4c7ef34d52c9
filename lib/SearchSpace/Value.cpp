//===- SearchSpace/Value.cpp - A tuning parameter's value -----------------===//
#include "SearchSpace/Value.h"

#include "Support/CStringLiteral.h"

#include <fmt/format.h>

#include <cmath>
#include <limits>

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
  if (const auto *S = std::get_if<std::string>(&V))
    return cStringLiteral(*S);
  if (const double *D = std::get_if<double>(&V); D && !std::isfinite(*D)) {
    // C, C++, OpenCL C and CUDA all read these (no nan or inf literal).
    return std::isnan(*D) ? "(0.0 / 0.0)" : *D > 0 ? "(1.0 / 0.0)" : "(-1.0 / 0.0)";
  }
  if (std::holds_alternative<double>(V)) {
    std::string Text = toString(V);
    if (Text.find_first_of(".eEn") == std::string::npos) // keep it a double
      Text += ".0";
    return Text;
  }
  if (std::holds_alternative<std::uint64_t>(V))
    return toString(V) + "u";
  // -9223372036854775808 is the negation of a literal no signed type holds
  // (C reads it as unsigned, with a warning): written as C's INT64_MIN is.
  if (const auto *I = std::get_if<std::int64_t>(&V);
      I && *I == std::numeric_limits<std::int64_t>::min())
    return "(-9223372036854775807 - 1)";
  return toString(V);
}

std::string configurationText(std::span<const std::string> Names, std::span<const Value> Values) {
  std::string Text;
  for (std::size_t I = 0; I < Names.size() && I < Values.size(); ++I) {
    if (I != 0)
      Text += ' ';
    Text += Names[I] + '=' +
            (std::holds_alternative<std::string>(Values[I])
                 ? readableStringLiteral(std::get<std::string>(Values[I]))
                 : toString(Values[I]));
  }
  return Text;
}

const char *nonFiniteName(double X) {
  if (std::isnan(X))
    return "nan";
  if (std::isinf(X))
    return X > 0 ? "inf" : "-inf";
  return nullptr;
}

std::optional<double> parseNonFinite(std::string_view Text) {
  if (Text == "nan")
    return std::numeric_limits<double>::quiet_NaN();
  if (Text == "inf")
    return std::numeric_limits<double>::infinity();
  if (Text == "-inf")
    return -std::numeric_limits<double>::infinity();
  return std::nullopt;
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
