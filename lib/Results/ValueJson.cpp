//===- Results/ValueJson.cpp - Values, configurations and costs as JSON ---===//
#include "Results/ValueJson.h"

#include "Support/BoundedJson.h"
#include "Support/HexText.h"

#include <cmath>
#include <limits>
#include <variant>

namespace atfc {

namespace {
using Json = nlohmann::ordered_json;
} // namespace

bool isUtf8(std::string_view Text) {
  // RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF.
  for (std::size_t I = 0; I < Text.size();) {
    const auto B = static_cast<unsigned char>(Text[I]);
    std::size_t Length = 0;
    unsigned char Low = 0x80, High = 0xbf; // the range of the second byte
    if (B < 0x80) {
      ++I;
      continue;
    }
    if (B >= 0xc2 && B <= 0xdf)
      Length = 2;
    else if (B >= 0xe0 && B <= 0xef) {
      Length = 3;
      Low = B == 0xe0 ? 0xa0 : 0x80;
      High = B == 0xed ? 0x9f : 0xbf;
    } else if (B >= 0xf0 && B <= 0xf4) {
      Length = 4;
      Low = B == 0xf0 ? 0x90 : 0x80;
      High = B == 0xf4 ? 0x8f : 0xbf;
    } else
      return false;
    if (I + Length > Text.size())
      return false;
    for (std::size_t K = 1; K < Length; ++K) {
      const auto C = static_cast<unsigned char>(Text[I + K]);
      if (K == 1 ? (C < Low || C > High) : (C < 0x80 || C > 0xbf))
        return false;
    }
    I += Length;
  }
  return true;
}

Json exactStringJson(const std::string &Text) {
  if (isUtf8(Text))
    return Json(Text);
  return Json{{"bytes", hexText(Text)}};
}

std::optional<std::string> exactString(const Json &J) {
  if (J.is_string())
    return J.get<std::string>();
  if (!J.is_object() || J.size() != 1 || !J.contains("bytes") || !J["bytes"].is_string())
    return std::nullopt;
  const std::string &Bytes = J["bytes"].get_ref<const std::string &>();
  if (Bytes.size() % 2 != 0)
    return std::nullopt;
  auto Digit = [](char C) -> int {
    return C >= '0' && C <= '9' ? C - '0' : C >= 'a' && C <= 'f' ? C - 'a' + 10 : -1;
  };
  std::string Text;
  for (std::size_t I = 0; I < Bytes.size(); I += 2) {
    const int High = Digit(Bytes[I]), Low = Digit(Bytes[I + 1]);
    if (High < 0 || Low < 0)
      return std::nullopt;
    Text += static_cast<char>(High * 16 + Low);
  }
  return Text;
}

Json valueJson(const Value &V) {
  // NaN and infinity as strings: JSON has neither (Value.h).
  if (const double *D = std::get_if<double>(&V))
    if (const char *Name = nonFiniteName(*D))
      return Json(Name);
  if (const std::string *S = std::get_if<std::string>(&V))
    return exactStringJson(*S);
  return std::visit([](const auto &X) { return Json(X); }, V);
}

/// J as compact text. Bytes that are not UTF-8 (a truncated output tail, an
/// odd argument) become U+FFFD instead of failing the whole record.
std::string jsonText(const Json &J) {
  return J.dump(-1, ' ', false, Json::error_handler_t::replace);
}

Json doubleJson(double X) { return std::isfinite(X) ? Json(X) : Json(); }

double jsonDouble(const Json &J) {
  return J.is_number() ? J.get<double>() : std::numeric_limits<double>::quiet_NaN();
}

std::optional<ValueKind> valueKindNamed(std::string_view Name) {
  for (ValueKind K :
       {ValueKind::Int, ValueKind::UInt, ValueKind::Double, ValueKind::Bool, ValueKind::String})
    if (Name == kindName(K))
      return K;
  return std::nullopt;
}

std::optional<Value> jsonValue(const Json &J, std::optional<ValueKind> Kind) {
  if (!Kind) { // a name the run does not list: take JSON's own type
    if (J.is_number_unsigned() &&
        J.get<std::uint64_t>() > std::uint64_t(std::numeric_limits<std::int64_t>::max()))
      Kind = ValueKind::UInt;
    else if (J.is_number_integer())
      Kind = ValueKind::Int;
    else if (J.is_number() || J.is_null())
      Kind = ValueKind::Double;
    else if (J.is_boolean())
      Kind = ValueKind::Bool;
    else
      Kind = ValueKind::String;
  }
  switch (*Kind) {
  case ValueKind::Int:
    // Beyond int64 is no int (18446744073709551615 would read as -1).
    if (J.is_number_integer() &&
        !(J.is_number_unsigned() &&
          J.get<std::uint64_t>() > std::uint64_t(std::numeric_limits<std::int64_t>::max())))
      return Value(J.get<std::int64_t>());
    break;
  case ValueKind::UInt:
    if (J.is_number_unsigned())
      return Value(J.get<std::uint64_t>());
    break;
  case ValueKind::Double:
    if (J.is_number() || J.is_null())
      return Value(jsonDouble(J));
    if (J.is_string())
      if (std::optional<double> X = parseNonFinite(J.get_ref<const std::string &>()))
        return Value(*X);
    break;
  case ValueKind::Bool:
    if (J.is_boolean())
      return Value(J.get<bool>());
    break;
  case ValueKind::String:
    if (std::optional<std::string> S = exactString(J))
      return Value(std::move(*S));
    break;
  }
  return std::nullopt;
}

Json stringsJson(const std::vector<std::string> &Strings) {
  Json J = Json::array();
  for (const std::string &S : Strings)
    J.push_back(exactStringJson(S));
  return J;
}

/// The parameters' kinds as an array of their names.
Json kindsJson(const std::vector<ValueKind> &Kinds) {
  Json J = Json::array();
  for (ValueKind K : Kinds)
    J.push_back(kindName(K));
  return J;
}

/// A configuration as an object of parameter names to values.
Json configurationJson(const std::vector<NamedValue> &Configuration) {
  Json J = Json::object();
  for (const NamedValue &P : Configuration)
    J[P.Name] = valueJson(P.Val);
  return J;
}

/// Costs as an array; a cost that is not finite is null.
Json costsJson(const std::vector<double> &Costs) {
  Json J = Json::array();
  for (double C : Costs)
    J.push_back(doubleJson(C));
  return J;
}

Expected<Json> parseJson(std::string_view Text) { return parseBoundedJson<Json>(Text); }

std::vector<std::string> jsonStrings(const Json &J) {
  std::vector<std::string> Strings;
  if (J.is_array())
    for (const Json &S : J)
      Strings.push_back(exactString(S).value_or(jsonText(S)));
  return Strings;
}

} // namespace atfc
