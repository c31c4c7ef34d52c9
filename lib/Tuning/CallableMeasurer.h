//===- Tuning/CallableMeasurer.h - A function as the measurer ---*- C++ -*-===//
//
// The way in for a program that tunes in-process with its own cost
// function: a plain std::function from a configuration to its Measurement
// (or to a cost) becomes the loop's ConfigurationMeasurer. A call is never
// cut short: when Ctrl-C arrives during one, its measurement is whole and
// the run keeps it, so that --resume measures nothing twice.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TUNING_CALLABLEMEASURER_H
#define ATFC_TUNING_CALLABLEMEASURER_H

#include "Backends/ConfigurationMeasurer.h"

#include <functional>
#include <optional>
#include <string>
#include <utility>

namespace atfc {

class CallableMeasurer final : public ConfigurationMeasurer {
public:
  /// Measures a configuration (its values by parameter name).
  using MeasureFunction = std::function<Measurement(const ParameterValues &)>;
  /// The cost of a configuration; not finite: the configuration is invalid.
  using CostFunction = std::function<double(const ParameterValues &)>;

  /// Measure says what a configuration costs; CostMeaning what a cost is,
  /// for the user.
  CallableMeasurer(MeasureFunction Measure, std::string CostMeaning)
      : Function(std::move(Measure)), Meaning(std::move(CostMeaning)) {}
  /// A measurer of one cost per configuration.
  static CallableMeasurer ofCost(CostFunction Cost, std::string CostMeaning);

  Measurement measure(const ParameterValues &Configuration, std::span<const Value>) override;
  std::optional<Measurement> finishedAfterInterrupt(const ParameterValues &Configuration) override;
  std::string costMeaning() const override { return Meaning; }

private:
  MeasureFunction Function;
  std::string Meaning;
  /// The last configuration measured and its measurement.
  std::optional<std::pair<ParameterValues, Measurement>> Last;
};

} // namespace atfc

#endif
