//===- SearchSpace/Value.h - A tuning parameter's value ---------*- C++ -*-===//
//
// The type-erased value of a tuning parameter, used wherever values leave the
// typed generation code: decoded configurations, output, databases. Inner
// loops never see it.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCHSPACE_VALUE_H
#define ATFC_SEARCHSPACE_VALUE_H

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>

namespace atfc {

/// The value kinds of the directive language, in the order of Value's
/// alternatives.
enum class ValueKind { Int, UInt, Double, Bool, String };

/// A parameter value: signed and unsigned 64-bit integers, double, bool,
/// string.
using Value = std::variant<std::int64_t, std::uint64_t, double, bool, std::string>;

/// The kind that holds values of C++ type T.
template <class T> constexpr ValueKind valueKindOf() {
  if constexpr (std::is_same_v<T, bool>)
    return ValueKind::Bool;
  else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>)
    return ValueKind::Int;
  else if constexpr (std::is_integral_v<T>)
    return ValueKind::UInt;
  else if constexpr (std::is_floating_point_v<T>)
    return ValueKind::Double;
  else
    return ValueKind::String;
}

/// Converts a typed value to a Value of kind valueKindOf<T>().
template <class T> Value toValue(const T &V) {
  if constexpr (std::is_same_v<T, bool>)
    return Value(V);
  else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>)
    return Value(static_cast<std::int64_t>(V));
  else if constexpr (std::is_integral_v<T>)
    return Value(static_cast<std::uint64_t>(V));
  else if constexpr (std::is_floating_point_v<T>)
    return Value(static_cast<double>(V));
  else
    return Value(std::string(V));
}

/// The value as C/C++ source text: 42, 0.5, true, "text" (quoted, escaped).
std::string toSourceString(const Value &V);

/// The value as plain text for humans and environment variables: 42, 0.5,
/// true, text (unquoted).
std::string toString(const Value &V);

/// A configuration for people, one line: WG=4 WPT=2 OPT="-O2" (strings
/// quoted as in source, so that spaces and '=' in them stay readable).
/// Names and Values pair up by position.
std::string configurationText(std::span<const std::string> Names, std::span<const Value> Values);

/// JSON has no NaN or infinity: such a double is written as the string
/// "nan", "inf" or "-inf" (nonFiniteName) and read back by parseNonFinite,
/// so that it round-trips through best.json and results.db. nullptr for a
/// finite X; nullopt for any other text.
const char *nonFiniteName(double X);
std::optional<double> parseNonFinite(std::string_view Text);

/// The name of a kind: "int", "uint", "double", "bool", "string".
const char *kindName(ValueKind K);

} // namespace atfc

#endif
