//===- Invocation/PositionalInputs.h - $1, $2, ... as typed inputs -*- C++ -*-===//
//
// A file's positional inputs (`#atf::var<size_t>::N $1`) take their values
// from the tuned program's arguments. This file converts argument $K to the
// input's C++ type, or says why it cannot:
//
//  - integers: decimal, an optional sign, checked against the full range of
//    the type (so '-1' is no size_t and '300' no uint8_t);
//  - floating point: what std::from_chars reads, an optional '+' allowed;
//  - bool: true/false, 1/0, yes/no, on/off, in any case;
//  - std::string: the argument as it is.
//
// Only the type dispatch is a template; the parsing and the messages are
// compiled once in the runtime library.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_INVOCATION_POSITIONALINPUTS_H
#define ATFC_INVOCATION_POSITIONALINPUTS_H

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

namespace atfc {

/// Why an argument is not a value of a type.
enum class ArgumentProblem {
  None,       ///< it is one
  Malformed,  ///< it is not written as one
  OutOfRange, ///< it is written as one, but the type cannot hold it
};

namespace detail {
/// Reads a decimal integer: an optional sign, then digits only. A magnitude
/// above 2^64 - 1 is OutOfRange.
ArgumentProblem parseInteger(std::string_view Text, bool &Negative, std::uint64_t &Magnitude);
ArgumentProblem parseFloating(std::string_view Text, float &V);
ArgumentProblem parseFloating(std::string_view Text, double &V);
ArgumentProblem parseFloating(std::string_view Text, long double &V);
ArgumentProblem parseBool(std::string_view Text, bool &V);

/// "[Min, Max]".
std::string integerLimits(std::int64_t Min, std::uint64_t Max);
/// The message for an input whose argument $K was not given.
std::string missingArgumentMessage(std::string_view Name, unsigned K, std::size_t Given);
/// The message for an input whose argument $K = Text is no TypeName.
/// Limits ("[0, 255]") follows the type name when Problem is OutOfRange.
std::string badArgumentMessage(std::string_view Name, unsigned K, std::string_view Text,
                               std::string_view TypeName, ArgumentProblem Problem,
                               std::string_view Limits);

template <class T> constexpr bool kPlainInteger = std::is_integral_v<T> && !std::is_same_v<T, bool>;
} // namespace detail

/// The name of T in messages: size_t, int, uint8_t, double, bool, string.
template <class T> constexpr std::string_view inputTypeName() {
  if constexpr (std::is_same_v<T, bool>)
    return "bool";
  else if constexpr (std::is_same_v<T, char>)
    return "char";
  else if constexpr (std::is_same_v<T, int>)
    return "int";
  else if constexpr (std::is_same_v<T, unsigned>)
    return "unsigned int";
  else if constexpr (std::is_same_v<T, std::size_t>)
    return "size_t";
  else if constexpr (std::is_integral_v<T>) {
    constexpr std::string_view Signed[] = {"int8_t", "int16_t", "?", "int32_t",
                                           "?",      "?",       "?", "int64_t"};
    constexpr std::string_view Unsigned[] = {"uint8_t", "uint16_t", "?", "uint32_t",
                                             "?",       "?",        "?", "uint64_t"};
    return std::is_signed_v<T> ? Signed[sizeof(T) - 1] : Unsigned[sizeof(T) - 1];
  } else if constexpr (std::is_same_v<T, float>)
    return "float";
  else if constexpr (std::is_same_v<T, double>)
    return "double";
  else if constexpr (std::is_same_v<T, long double>)
    return "long double";
  else
    return "string";
}

/// Converts Text to a T; V is set only when the result is None.
template <class T> ArgumentProblem parseArgument(std::string_view Text, T &V) {
  static_assert(std::is_arithmetic_v<T> || std::is_same_v<T, std::string>,
                "a positional input is an integer, floating-point, bool or std::string");
  if constexpr (std::is_same_v<T, bool>) {
    return detail::parseBool(Text, V);
  } else if constexpr (std::is_integral_v<T>) {
    static_assert(sizeof(T) <= sizeof(std::uint64_t), "integers wider than 64 bits");
    bool Negative = false;
    std::uint64_t Magnitude = 0;
    if (ArgumentProblem P = detail::parseInteger(Text, Negative, Magnitude);
        P != ArgumentProblem::None)
      return P;
    if (Negative && Magnitude != 0) {
      if constexpr (std::is_unsigned_v<T>) {
        return ArgumentProblem::OutOfRange;
      } else {
        const auto Min = static_cast<std::int64_t>(std::numeric_limits<T>::min());
        if (Magnitude > std::uint64_t(0) - static_cast<std::uint64_t>(Min))
          return ArgumentProblem::OutOfRange;
        V = static_cast<T>(static_cast<std::int64_t>(std::uint64_t(0) - Magnitude));
      }
    } else {
      if (Magnitude > static_cast<std::uint64_t>(std::numeric_limits<T>::max()))
        return ArgumentProblem::OutOfRange;
      V = static_cast<T>(Magnitude);
    }
    return ArgumentProblem::None;
  } else if constexpr (std::is_floating_point_v<T>) {
    return detail::parseFloating(Text, V);
  } else {
    V = std::string(Text);
    return ArgumentProblem::None;
  }
}

/// Why Arguments hold more than the file reads, or "" when they do not:
/// the file reads $1 to $Read (its positional inputs and data paths), and
/// an argument after them would be dropped unread (a second FILE, a value
/// meant for an option), so it is an error that names the first one.
std::string unreadArgumentsMessage(std::span<const std::string> Arguments, unsigned Read);

/// The value of an input, or the message that says why it has none.
template <class T> struct InputValue {
  /// The value; empty when Error is not.
  std::optional<T> Value;
  /// What is wrong, for "<file>:<line>:<col>: error: <Error>" at the `$K`.
  std::string Error;
  explicit operator bool() const { return Value.has_value(); }
};

/// The input Name read from argument $K (1-based) of Arguments.
template <class T>
InputValue<T> positionalInput(std::span<const std::string> Arguments, unsigned K,
                              std::string_view Name) {
  if (K == 0 || K > Arguments.size())
    return {std::nullopt, detail::missingArgumentMessage(Name, K, Arguments.size())};
  const std::string &Text = Arguments[K - 1];
  T V{};
  const ArgumentProblem P = parseArgument(Text, V);
  if (P == ArgumentProblem::None)
    return {std::move(V), {}};
  std::string Limits;
  if constexpr (detail::kPlainInteger<T>)
    Limits = detail::integerLimits(static_cast<std::int64_t>(std::numeric_limits<T>::min()),
                                   static_cast<std::uint64_t>(std::numeric_limits<T>::max()));
  return {std::nullopt, detail::badArgumentMessage(Name, K, Text, inputTypeName<T>(), P, Limits)};
}

} // namespace atfc

#endif
