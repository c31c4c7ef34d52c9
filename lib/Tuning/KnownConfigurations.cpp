//===- Tuning/KnownConfigurations.cpp - Stored results in this space -----===//
#include "Tuning/KnownConfigurations.h"

#include <cmath>
#include <variant>

#include <algorithm>

namespace atfc {

namespace {
/// Ranges larger than this are not indexed (a lookup scans them instead).
constexpr std::uint64_t kIndexedRange = std::uint64_t(1) << 22;

/// V's text for matching: toString's, but every NaN one text whatever its
/// sign and payload (0.0 / 0.0 is a negative NaN on x86; results.db reads
/// "nan" back as a positive one).
std::string matchText(const Value &V) {
  if (const double *D = std::get_if<double>(&V); D && std::isnan(*D))
    return "nan";
  return toString(V);
}
} // namespace

std::string valuesKey(const ParameterValues &Values) {
  std::string Key;
  for (const NamedValue &V : Values) {
    Key += V.Name;
    Key += '=';
    Key += matchText(V.Val);
    Key += '\x1f';
  }
  return Key;
}

ParameterValues namedValuesOf(const ChainOfTrees &Space, const Configuration &C) {
  return namedValuesOf(Space, Space.values(C));
}

ParameterValues namedValuesOf(const ChainOfTrees &Space, const std::vector<Value> &Values) {
  ParameterValues Named;
  Named.reserve(Values.size());
  for (std::size_t L = 0; L < Values.size(); ++L)
    Named.push_back({Space.parameter(L).Name, Values[L]});
  return Named;
}

std::optional<std::uint64_t> ConfigurationFinder::valueIndex(std::size_t L,
                                                             const std::string &Text) {
  const ParameterInfo &P = Space.parameter(L);
  if (P.RangeSize > kIndexedRange) {
    for (std::uint64_t K = 0; K < P.RangeSize; ++K)
      if (matchText(P.ValueAt(K)) == Text)
        return K;
    return std::nullopt;
  }
  if (IndexOfValue.empty())
    IndexOfValue.resize(Space.numLevels());
  auto &Map = IndexOfValue[L];
  if (Map.empty())
    for (std::uint64_t K = 0; K < P.RangeSize; ++K)
      Map.emplace(matchText(P.ValueAt(K)), K);
  auto It = Map.find(Text);
  if (It == Map.end())
    return std::nullopt;
  return It->second;
}

std::optional<Configuration> ConfigurationFinder::find(std::string_view Index,
                                                       const ParameterValues &Values) {
  const std::string Wanted = valuesKey(Values);
  // An index that is not a number is looked up by its values.
  if (BigCount I;
      !Index.empty() && I.set_str(std::string(Index), 10) == 0 && I >= 0 && I < Space.size()) {
    Configuration C = Space.at(I);
    if (valuesKey(namedValuesOf(Space, C)) == Wanted)
      return C;
  }
  if (Values.size() != Space.numLevels())
    return std::nullopt;
  std::vector<std::uint64_t> Indices(Space.numLevels());
  for (std::size_t L = 0; L < Space.numLevels(); ++L) {
    const std::string &Name = Space.parameter(L).Name;
    auto V = std::find_if(Values.begin(), Values.end(),
                          [&](const NamedValue &N) { return N.Name == Name; });
    if (V == Values.end())
      return std::nullopt;
    std::optional<std::uint64_t> K = valueIndex(L, matchText(V->Val));
    if (!K)
      return std::nullopt;
    Indices[L] = *K;
  }
  // Each level's value has the stored text: the configuration is the one
  // stored, when the constraints allow it here.
  return Space.withValueIndices(Indices);
}

} // namespace atfc
