//===- Backends/ConfigurationMeasurer.cpp - One way to measure ------------===//
#include "Backends/ConfigurationMeasurer.h"

#include "Support/Bug.h"

#include <chrono>

namespace atfc {

void ConfigurationMeasurer::measureBatch(std::span<const BatchEntry> Batch,
                                         const OutcomeHandler &Handle) {
  if (Batch.size() > 1) {
    std::vector<ParameterValues> Upcoming;
    for (const BatchEntry &E : Batch)
      Upcoming.push_back(E.Named);
    prepare(Upcoming);
  }
  for (std::size_t I = 0; I < Batch.size(); ++I) {
    const auto Begin = std::chrono::steady_clock::now();
    MeasuredOutcome Outcome{I, measure(Batch[I].Named, Batch[I].Values), 0};
    Outcome.WallSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - Begin).count();
    if (!Handle(Outcome))
      return;
  }
}

void ConfigurationMeasurer::start(std::uint64_t, const BatchEntry &) {
  reportBug("ConfigurationMeasurer::start: this measurer measures batches only");
}

std::optional<MeasuredOutcome> ConfigurationMeasurer::finished(bool) {
  reportBug("ConfigurationMeasurer::finished: this measurer measures batches only");
}

} // namespace atfc
