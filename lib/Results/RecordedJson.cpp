//===- Results/RecordedJson.cpp - Reading one format's JSON --------------===//
#include "Results/RecordedJson.h"
#include "Support/NumberText.h"

#include <cmath>
#include <cstdint>
#include <limits>

namespace atfc::recorded {

const std::vector<std::string> &droppedKeys() {
  static const std::vector<std::string> Keys = {"times", "runtimes"};
  return Keys;
}

Value toValue(const Json &J) {
  if (J.is_number_unsigned()) {
    const auto U = J.get<std::uint64_t>();
    if (U <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
      return Value(static_cast<std::int64_t>(U));
    return Value(U);
  }
  if (J.is_number_integer())
    return Value(J.get<std::int64_t>());
  if (J.is_number_float())
    return Value(J.get<double>());
  if (J.is_boolean())
    return Value(J.get<bool>());
  if (J.is_string())
    return Value(J.get<std::string>());
  return Value(J.dump(-1, ' ', false, Json::error_handler_t::replace));
}

std::string textField(const Json &Object, const char *Key) {
  auto It = Object.find(Key);
  return It != Object.end() && It->is_string() ? It->get<std::string>() : std::string();
}

std::optional<Error> impossibleCost(double Cost, const std::string &Objective,
                                    const std::string &Where) {
  if (std::isfinite(Cost) && Cost >= 0)
    return std::nullopt;
  return Error(Where + ": its " + Objective + " is " + shortestText(Cost) +
               ", which no measurement gives (a cost is a finite number, not negative)");
}

Expected<Value> parameterValue(const Json &Object, const std::string &Name,
                               const std::string &Where) {
  auto It = Object.find(Name);
  if (It == Object.end())
    return Error(Where + " has no value for parameter '" + Name + "'");
  return toValue(*It);
}

double recordedSeconds(const Json &Object, const char *Key, double Scale) {
  auto It = Object.find(Key);
  if (It == Object.end() || !It->is_number())
    return 0;
  const double V = It->get<double>() * Scale;
  return std::isfinite(V) && V > 0 ? V : 0;
}

} // namespace atfc::recorded
