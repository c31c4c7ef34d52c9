//===- Replay/ReplayMeasurer.h - Recorded data behind the loop --*- C++ -*-===//
//
// The replay backend as a ConfigurationMeasurer: the tuning loop "measures"
// a configuration by looking it up in recorded data (ReplayBackend.h), so
// that a run over a recorded space costs seconds, with its results.db and
// outputs as a measured run writes them.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_REPLAY_REPLAYMEASURER_H
#define ATFC_REPLAY_REPLAYMEASURER_H

#include "Backends/ConfigurationMeasurer.h"
#include "Replay/ReplayBackend.h"

namespace atfc {

class ReplayMeasurer final : public ConfigurationMeasurer {
public:
  /// Looks configurations up through Backend, which must outlive it.
  explicit ReplayMeasurer(const ReplayBackend &Backend) : Backend(Backend) {}

  Measurement measure(const ParameterValues &Configuration, std::span<const Value>) override {
    return Backend.measure(Configuration);
  }
  std::string costMeaning() const override { return "the cost recorded in the data"; }

private:
  const ReplayBackend &Backend;
};

} // namespace atfc

#endif
