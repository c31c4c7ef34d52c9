//===- Tuning/KnownConfigurations.h - Stored results in this space -*- C++ -*-===//
//
// Results are reused under one key across runs whose spaces number their
// configurations differently: `atfc tune --fix NAME=VALUE` tunes a
// sub-space of the file's space (its own indices), and its results and the
// whole space's answer each other. So a stored evaluation is matched to the
// current space by its parameters' values, with its index only as a fast
// path that is checked against the values.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TUNING_KNOWNCONFIGURATIONS_H
#define ATFC_TUNING_KNOWNCONFIGURATIONS_H

#include "Backends/Measurement.h"
#include "SearchSpace/ChainOfTrees.h"
#include "SearchSpace/Value.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace atfc {

/// What identifies a configuration by its values under one key.
std::string valuesKey(const ParameterValues &Values);

/// The configuration's parameters with their names, in level order.
ParameterValues namedValuesOf(const ChainOfTrees &Space, const Configuration &C);

/// Values (Space.values() of a configuration) with their parameters' names.
ParameterValues namedValuesOf(const ChainOfTrees &Space, const std::vector<Value> &Values);

/// Finds stored configurations in a space.
class ConfigurationFinder {
public:
  explicit ConfigurationFinder(const ChainOfTrees &Space) : Space(Space) {}

  /// The configuration of Space with Values (every parameter of Space
  /// named, with a value of its range that its constraints allow), trying
  /// Index first; nullopt when Space does not hold it.
  std::optional<Configuration> find(std::string_view Index, const ParameterValues &Values);

private:
  /// Level L's value index of the value whose text is Text.
  std::optional<std::uint64_t> valueIndex(std::size_t L, const std::string &Text);

  const ChainOfTrees &Space;
  /// Per level, built when first needed: value text to value index.
  std::vector<std::unordered_map<std::string, std::uint64_t>> IndexOfValue;
};

} // namespace atfc

#endif
