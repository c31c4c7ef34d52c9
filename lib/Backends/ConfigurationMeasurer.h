//===- Backends/ConfigurationMeasurer.h - One way to measure ----*- C++ -*-===//
//
// The tuning loop's one view of measuring (lib/Tuning): it measures a batch
// of configurations and reports each outcome as soon as it is in, may
// prepare the next few ahead (compile scripts run while the current
// configuration is measured), and can be interrupted. It sits here, low
// enough that every backend implements it in its own library: scripts
// (ProcessMeasurer.h), OpenCL and CUDA kernels (DeviceBackends), recorded
// data (Replay), other MPI ranks (Ranks), and a plain callable
// (Tuning/CallableMeasurer.h). A virtual call per measurement costs nothing
// next to a measurement.
//
// Tested through TuningRunTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_BACKENDS_CONFIGURATIONMEASURER_H
#define ATFC_BACKENDS_CONFIGURATIONMEASURER_H

#include "Backends/DeviceLimits.h"
#include "Backends/Measurement.h"
#include "SearchSpace/ChainOfTrees.h"
#include "SearchSpace/Configuration.h"
#include "Support/Error.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace atfc {

/// One configuration of a batch, as a measurer sees it.
struct BatchEntry {
  /// Its values by parameter name.
  ParameterValues Named;
  /// Its values in chain level order.
  std::vector<Value> Values;
};

/// What measuring one configuration of a batch gave.
struct MeasuredOutcome {
  /// Its index in the batch.
  std::size_t Index = 0;
  Measurement Result;
  /// How long measuring it took, as the caller's clock saw it.
  double WallSeconds = 0;
};

class ConfigurationMeasurer {
public:
  /// Takes each outcome of a batch in turn; false: measure no more of it.
  using OutcomeHandler = std::function<bool(MeasuredOutcome &)>;

  virtual ~ConfigurationMeasurer() = default;
  /// Called once the space is generated (device backends open before it,
  /// because constraints may name their limits).
  virtual void spaceReady(const ChainOfTrees &Space) { (void)Space; }
  /// How many configurations the loop should hand out at once (1: no
  /// measuring ahead).
  virtual std::size_t batchSize() const { return 1; }
  /// How many configurations are compiled ahead at most, beside the one
  /// measured (compile scripts, or kernels built in other workers); 0: none.
  virtual unsigned compileAhead() const { return 0; }
  /// Measures Batch in order and hands each outcome to Handle as soon as
  /// it is in, until Handle says no more: the configurations after it are
  /// then left unmeasured. This one prepares a batch of more than one
  /// (prepare()) and measures one configuration at a time (measure()).
  virtual void measureBatch(std::span<const BatchEntry> Batch, const OutcomeHandler &Handle);
  /// How many configurations it measures at once, handing each result back
  /// as it finishes (start(), finished()): a rank that finishes gets its
  /// next configuration at once (asynchronous dispatch). 0: it measures
  /// batches, in order (measureBatch()). May fall as ranks leave.
  virtual std::size_t concurrency() const { return 0; }
  /// Starts measuring Entry, known as Id (concurrency() > 0 only).
  virtual void start(std::uint64_t Id, const BatchEntry &Entry);
  /// The first measurement start()ed that finished, its Index the Id it
  /// was started as: waits for one, or with Wait false, nullopt when none
  /// has finished yet. Also nullopt once interrupted (or when nothing can
  /// measure any more, which interrupts the run); those still in flight
  /// then may have finished anyway: finishedAfterInterrupt().
  virtual std::optional<MeasuredOutcome> finished(bool Wait = true);
  /// The configurations that will be measured next, in order.
  virtual void prepare(std::span<const ParameterValues> Upcoming) { (void)Upcoming; }
  /// Measures one configuration; Values are its values in chain level order.
  virtual Measurement measure(const ParameterValues &Configuration,
                              std::span<const Value> Values) = 0;
  /// Why nothing more can be measured, once a measurement showed it (a
  /// result check whose reference configuration failed): the run stops
  /// without recording that measurement; nullopt while it can go on.
  virtual std::optional<Error> cannotGoOn() const { return std::nullopt; }
  /// Stops the measurement in flight as soon as possible (thread-safe).
  virtual void interrupt() {}
  /// Once interrupted: a whole measurement of Configuration (of the batch
  /// in hand, or in flight) that came in anyway, which the run keeps; nullopt when there
  /// is none. A measurement here is cut short by the interrupt and says
  /// nothing; one made elsewhere (another rank) may have ended before it.
  virtual std::optional<Measurement> finishedAfterInterrupt(const ParameterValues &Configuration) {
    (void)Configuration;
    return std::nullopt;
  }
  /// The device measured on, for reports and the results key ("" for
  /// scripts).
  virtual std::string device() const { return {}; }
  /// What measures besides the tuner, for the record: the driver and kernel
  /// compiler versions, or the shell that runs scripts.
  virtual std::string toolchain() const { return {}; }
  /// The limits of the device it measures on, which ranges, constraints and
  /// launch sizes may name; all zero without a device.
  virtual DeviceLimits deviceLimits() const { return {}; }
  /// What a cost is, for the user: "kernel time in seconds on DEVICE, the
  /// median of 5 runs after 1 warm-up".
  virtual std::string costMeaning() const = 0;
};

} // namespace atfc

#endif
