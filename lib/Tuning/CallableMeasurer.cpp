//===- Tuning/CallableMeasurer.cpp - A function as the measurer -----------===//
#include "Tuning/CallableMeasurer.h"

namespace atfc {

CallableMeasurer CallableMeasurer::ofCost(CostFunction Cost, std::string CostMeaning) {
  return CallableMeasurer(
      [Cost = std::move(Cost)](const ParameterValues &Configuration) {
        return Measurement::ofCosts({Cost(Configuration)});
      },
      std::move(CostMeaning));
}

Measurement CallableMeasurer::measure(const ParameterValues &Configuration,
                                      std::span<const Value>) {
  Measurement M = Function(Configuration);
  Last.emplace(Configuration, M);
  return M;
}

std::optional<Measurement>
CallableMeasurer::finishedAfterInterrupt(const ParameterValues &Configuration) {
  if (Last && Last->first == Configuration)
    return Last->second;
  return std::nullopt;
}

} // namespace atfc
