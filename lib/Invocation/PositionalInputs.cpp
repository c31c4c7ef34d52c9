//===- Invocation/PositionalInputs.cpp - $1, $2, ... as typed inputs ---------===//
#include "Invocation/PositionalInputs.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <system_error>

namespace atfc::detail {

ArgumentProblem parseInteger(std::string_view Text, bool &Negative, std::uint64_t &Magnitude) {
  Negative = false;
  if (!Text.empty() && (Text.front() == '-' || Text.front() == '+')) {
    Negative = Text.front() == '-';
    Text.remove_prefix(1);
  }
  if (Text.empty() ||
      !std::all_of(Text.begin(), Text.end(), [](char C) { return C >= '0' && C <= '9'; }))
    return ArgumentProblem::Malformed;
  const auto [End, Error] = std::from_chars(Text.data(), Text.data() + Text.size(), Magnitude);
  if (Error == std::errc::result_out_of_range)
    return ArgumentProblem::OutOfRange;
  return Error == std::errc() && End == Text.data() + Text.size() ? ArgumentProblem::None
                                                                  : ArgumentProblem::Malformed;
}

namespace {
template <class T> ArgumentProblem parseFloatingAs(std::string_view Text, T &V) {
  // from_chars reads no leading '+'; a sign after it is still malformed.
  if (Text.size() > 1 && Text.front() == '+' && Text[1] != '-' && Text[1] != '+')
    Text.remove_prefix(1);
  if (Text.empty())
    return ArgumentProblem::Malformed;
  T Result{};
  const auto [End, Error] = std::from_chars(Text.data(), Text.data() + Text.size(), Result);
  if (End != Text.data() + Text.size())
    return ArgumentProblem::Malformed;
  if (Error == std::errc::result_out_of_range)
    return ArgumentProblem::OutOfRange;
  if (Error != std::errc())
    return ArgumentProblem::Malformed;
  V = Result;
  return ArgumentProblem::None;
}

bool equalsIgnoringCase(std::string_view A, std::string_view B) {
  return A.size() == B.size() && std::equal(A.begin(), A.end(), B.begin(), [](char X, char Y) {
           return std::tolower(static_cast<unsigned char>(X)) == Y;
         });
}
} // namespace

ArgumentProblem parseFloating(std::string_view Text, float &V) { return parseFloatingAs(Text, V); }
ArgumentProblem parseFloating(std::string_view Text, double &V) { return parseFloatingAs(Text, V); }
ArgumentProblem parseFloating(std::string_view Text, long double &V) {
  return parseFloatingAs(Text, V);
}

ArgumentProblem parseBool(std::string_view Text, bool &V) {
  static constexpr std::array<std::string_view, 4> True = {"true", "1", "yes", "on"};
  static constexpr std::array<std::string_view, 4> False = {"false", "0", "no", "off"};
  for (std::size_t I = 0; I < True.size(); ++I) {
    if (equalsIgnoringCase(Text, True[I])) {
      V = true;
      return ArgumentProblem::None;
    }
    if (equalsIgnoringCase(Text, False[I])) {
      V = false;
      return ArgumentProblem::None;
    }
  }
  return ArgumentProblem::Malformed;
}

std::string integerLimits(std::int64_t Min, std::uint64_t Max) {
  return fmt::format("[{}, {}]", Min, Max);
}

std::string missingArgumentMessage(std::string_view Name, unsigned K, std::size_t Given) {
  if (K == 0)
    return fmt::format("input '{}' is $0, but the arguments are numbered from $1", Name);
  return fmt::format("input '{}' is ${}, but only {} argument{} {} given", Name, K, Given,
                     Given == 1 ? "" : "s", Given == 1 ? "was" : "were");
}

std::string badArgumentMessage(std::string_view Name, unsigned K, std::string_view Text,
                               std::string_view TypeName, ArgumentProblem Problem,
                               std::string_view Limits) {
  std::string Message = fmt::format("input '{}' (${} = '{}') ", Name, K, Text);
  if (Problem == ArgumentProblem::OutOfRange) {
    Message += fmt::format("is outside the range of {}", TypeName);
    if (!Limits.empty())
      Message += fmt::format(" {}", Limits);
    return Message;
  }
  Message += fmt::format("is not a valid {}", TypeName);
  if (TypeName == "bool")
    Message += " (write true or false, 1 or 0, yes or no, on or off)";
  else if (!Limits.empty())
    Message += " (write a decimal integer)";
  return Message;
}

} // namespace atfc::detail

namespace atfc {

std::string unreadArgumentsMessage(std::span<const std::string> Arguments, unsigned Read) {
  if (Arguments.size() <= Read)
    return "";
  const std::string Reads = Read == 0   ? std::string("reads no argument")
                            : Read == 1 ? std::string("reads only $1")
                                        : fmt::format("reads only $1 to ${}", Read);
  return fmt::format("{} argument{} given, but the file {} (its positional inputs and data "
                     "paths): '{}' (${}) would be read by nothing; leave it out, or declare an "
                     "input that reads it (#atf::var::NAME ${})",
                     Arguments.size(), Arguments.size() == 1 ? "" : "s", Reads, Arguments[Read],
                     Read + 1, Read + 1);
}

} // namespace atfc
