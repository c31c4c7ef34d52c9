//===- Results/ValueJson.cpp - Values, configurations and costs as JSON ---===//
#include "Results/ValueJson.h"

#include "Support/BoundedJson.h"

#include <cmath>
#include <limits>
#include <variant>

namespace atfc {

namespace {
using Json = nlohmann::ordered_json;
} // namespace

Json valueJson(const Value &V) {
  // NaN and infinity as strings: JSON has neither (Value.h).
  if (const double *D = std::get_if<double>(&V))
    if (const char *Name = nonFiniteName(*D))
      return Json(Name);
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
    if (J.is_number_integer())
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
    if (J.is_string())
      return Value(J.get<std::string>());
    break;
  }
  return std::nullopt;
}

Json stringsJson(const std::vector<std::string> &Strings) {
  Json J = Json::array();
  for (const std::string &S : Strings)
    J.push_back(S);
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
      Strings.push_back(S.is_string() ? S.get<std::string>() : jsonText(S));
  return Strings;
}

} // namespace atfc
