//===- Invocation/TunerInvocation.cpp - atfc's options as one value --------===//
//
// Each row of TunerOptions.def kept InInvocation is written and read by its
// member's type: the JSON shape of a type is defined once here, for every
// option of that type.
//
//===----------------------------------------------------------------------===//
#include "Invocation/TunerInvocation.h"

#include "Support/BoundedJson.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <climits>
#include <concepts>
#include <optional>

namespace atfc {
namespace {

using nlohmann::json;

/// What a row says about reading its value back.
struct Row {
  const char *Key;
  std::uint64_t Min, Max;
};

json toJson(bool B) { return B; }
json toJson(const std::string &S) { return S; }
json toJson(std::unsigned_integral auto N) { return N; }
template <class T> json toJson(const std::optional<T> &V) { return V ? toJson(*V) : json(nullptr); }
json toJson(const std::vector<std::string> &L) { return L; }
json toJson(const GivenDeviceLimits &G) { return G; }
json toJson(TunerMode M) { return tunerModeName(M); }
json toJson(const std::vector<PriorData> &Priors) {
  json A = json::array();
  for (const PriorData &P : Priors)
    A.push_back({{"path", P.Path}, {"run", P.Run}});
  return A;
}

// Each reads J into its member, or says why it cannot; nlohmann's get<>()
// and at() throw for a value of the wrong type or a missing key.

Expected<void> fromJson(const json &J, const Row &, bool &B) {
  B = J.get<bool>();
  return success();
}
Expected<void> fromJson(const json &J, const Row &, std::string &S) {
  S = J.get<std::string>();
  return success();
}
template <std::unsigned_integral T> Expected<void> fromJson(const json &J, const Row &R, T &N) {
  const std::uint64_t V = J.get<std::uint64_t>();
  if (V < R.Min || V > R.Max)
    return Error(
        fmt::format("'{}' is {}, not a whole number from {} to {}", R.Key, V, R.Min, R.Max));
  N = static_cast<T>(V);
  return success();
}
template <class T> Expected<void> fromJson(const json &J, const Row &R, std::optional<T> &V) {
  V.reset();
  return J.is_null() ? success() : fromJson(J, R, V.emplace());
}
Expected<void> fromJson(const json &J, const Row &, std::vector<std::string> &L) {
  L = J.get<std::vector<std::string>>();
  return success();
}
Expected<void> fromJson(const json &J, const Row &, GivenDeviceLimits &G) {
  G = J.get<GivenDeviceLimits>();
  return success();
}
Expected<void> fromJson(const json &J, const Row &, TunerMode &M) {
  const std::string Name = J.get<std::string>();
#define ATFC_TUNER_MODE(Enumerator, ModeName, Help)                                                \
  if (Name == ModeName) {                                                                          \
    M = TunerMode::Enumerator;                                                                     \
    return success();                                                                              \
  }
#include "Invocation/TunerOptions.def"
  return Error("unknown mode '" + Name + "'");
}
Expected<void> fromJson(const json &J, const Row &, std::vector<PriorData> &Priors) {
  Priors.clear();
  for (const json &P : J)
    Priors.push_back({P.at("path").get<std::string>(), P.at("run").get<std::int64_t>()});
  return success();
}

} // namespace

std::string toInvocation(const TunerOptions &O) {
  json J = json::object();
#define ATFC_TUNER_OPTION(Member, Type, Names, Key, Value, Min, Max, Places, Help)                 \
  if ((Places)&InInvocation)                                                                       \
    J[Key] = toJson(O.Member);
#include "Invocation/TunerOptions.def"
  return J.dump(-1, ' ', false, json::error_handler_t::strict);
}

std::vector<std::string> tunerCommandLine(const TunerOptions &O) {
  std::vector<std::string> Args = {std::string(kInvocationOption), toInvocation(O), "--"};
  Args.insert(Args.end(), O.Arguments.begin(), O.Arguments.end());
  return Args;
}

Expected<TunerOptions> fromInvocation(std::string_view Text) {
  const std::string NotOurs = "the invocation value is not one of this tuner: ";
  // nlohmann's parse(), at() and get<>() throw on text that is not JSON, a
  // missing key or a value of the wrong type: the library's own way to
  // say the value is not an invocation.
  try {
    Expected<json> Parsed = parseBoundedJson<json>(Text);
    if (!Parsed)
      return Error(NotOurs + Parsed.error().message());
    const json &J = *Parsed;
    TunerOptions O;
#define ATFC_TUNER_OPTION(Member, Type, Names, Key, Value, Min, Max, Places, Help)                 \
  if ((Places)&InInvocation) {                                                                     \
    if (Expected<void> Read = fromJson(J.at(Key), Row{Key, Min, Max}, O.Member); !Read)            \
      return Error(NotOurs + Read.error().message());                                              \
  }
#include "Invocation/TunerOptions.def"
    return O;
  } catch (const json::exception &E) {
    return Error(NotOurs + E.what());
  }
}

} // namespace atfc
