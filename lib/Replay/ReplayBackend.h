//===- Replay/ReplayBackend.h - Costs looked up in recorded data -*- C++ -*-===//
//
// The replay backend "measures" a configuration by looking it up in
// recorded data: a configuration recorded as valid costs what the data
// says, one recorded as failed is invalid for the data's reason, and one
// the data does not hold is invalid (not recorded). Replaying a tuner on
// data measured over a whole space compares search techniques in seconds
// instead of GPU days.
//
// The space's parameters are matched to the data's columns by name. A
// configuration is found by the text of its values in the data's column
// order (hashed), so an integer 8 in the space finds the 8 of the data
// whatever their C++ types. A data column the space lacks is allowed only
// when it holds one value (a constant such as PRECISION = 32).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_REPLAY_REPLAYBACKEND_H
#define ATFC_REPLAY_REPLAYBACKEND_H

#include "Backends/Measurement.h"
#include "Results/RecordedData.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace atfc {

class ReplayBackend {
public:
  /// Looks configurations of a space with the given parameters (in its
  /// generation order) up in Data, which must outlive the backend. When the
  /// parameters do not match the data, error() says why and every
  /// measurement is invalid.
  ReplayBackend(const RecordedData &Data, std::vector<std::string> SpaceParameterNames);

  /// Why the space's parameters do not fit the data; empty when they do.
  const std::string &error() const { return Problem; }
  bool ok() const { return Problem.empty(); }

  /// The recorded result of a configuration; Values are named and in the
  /// space's parameter order (only their order is used, not their names).
  Measurement measure(const ParameterValues &Values) const;

  /// The index into the data's entries of the configuration whose values
  /// (in the space's parameter order) are Values; nullopt when the data
  /// does not hold it. Safe to call from several threads.
  std::optional<std::size_t> find(std::span<const Value> Values) const;

  /// The measurement of data entry I.
  Measurement measureEntry(std::size_t I) const;

  /// The best valid cost of the data, if it has any valid entry.
  const std::optional<std::vector<double>> &optimum() const { return Optimum; }

  const RecordedData &data() const { return *Data; }

private:
  const RecordedData *Data;
  std::vector<std::string> SpaceNames;
  /// Per data column, the space parameter holding it, or kConstant.
  std::vector<std::size_t> SpaceIndexOfColumn;
  static constexpr std::size_t kConstant = static_cast<std::size_t>(-1);
  /// The text of each constant column's one value.
  std::vector<std::string> ConstantText;
  std::unordered_map<std::string, std::uint32_t> EntryOfKey;
  std::optional<std::vector<double>> Optimum;
  std::string Problem;
};

/// The key under which a configuration's values (in data column order) are
/// looked up: each value's text followed by a unit separator.
void appendLookupKey(std::string &Key, const Value &V);

/// The failure kind that a recorded error stands for: Kernel Tuner's
/// CompilationFailedConfig and T4's "compile" are build failures, and so on;
/// anything else is NotRecorded (with the data's text as the reason).
FailureKind recordedFailureKind(const std::string &Recorded);

} // namespace atfc

#endif
