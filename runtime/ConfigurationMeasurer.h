//===- runtime/ConfigurationMeasurer.h - One backend for the loop -*- C++ -*-===//
//
// The tuning loop's view of a backend: it turns a configuration into a
// Measurement, may prepare the next few ahead (compile scripts run while the
// current configuration is measured), and can be interrupted. One
// implementation per backend adapts lib/Backends to this; a virtual call
// per measurement costs nothing next to a measurement.
//
// Tested through MeasurersTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_RUNTIME_CONFIGURATIONMEASURER_H
#define ATFC_RUNTIME_CONFIGURATIONMEASURER_H

#include "Backends/DeviceLimits.h"
#include "Backends/Measurement.h"
#include "SearchSpace/ChainOfTrees.h"
#include "Support/Error.h"
#include "runtime/TuningSetup.h"

#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace atfc {

class ConfigurationMeasurer {
public:
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
  /// The configurations that will be measured next, in order.
  virtual void prepare(std::span<const ParameterValues> Upcoming) { (void)Upcoming; }
  /// Measures one configuration; Values are its values in chain level order.
  virtual Measurement measure(const ParameterValues &Configuration,
                              std::span<const Value> Values) = 0;
  /// Stops the measurement in flight as soon as possible (thread-safe).
  virtual void interrupt() {}
  /// Once interrupted: a whole measurement of Configuration (of the batch
  /// in hand) that came in anyway, which the run keeps; nullopt when there
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

/// The longest a compile or run script may take when the file sets no
/// #atf::timeout.
inline constexpr double kDefaultScriptTimeoutSeconds = 600;

/// What a measurer needs to know besides the setup.
struct MeasurerContext {
  /// The annotated file's path, and its text with the directives blanked.
  std::string FileName;
  std::string BlankedSource;
  /// The output directory; per-configuration work happens below it.
  std::string OutputDirectory;
  /// The tuner's inputs with their values, exported to scripts.
  std::vector<NamedValue> Inputs;
  /// The command that starts a device worker (the tuner itself, with
  /// --atf-device-worker).
  std::vector<std::string> WorkerCommand;
  /// --compile-ahead N: configurations compiled ahead at most (0: off);
  /// none given: 2 compile scripts, and for kernels
  /// defaultDeviceCompileAhead().
  std::optional<unsigned> CompileAhead;
};

/// Kernels built ahead when --compile-ahead is not given: none on a device
/// that computes on the host's cores (building beside a kernel would
/// disturb its timing); else one per free core, the cores but the one the
/// tuner and the measuring worker use, at most 8.
unsigned defaultDeviceCompileAhead(bool HostDevice);

/// The measurer for Setup, or why it cannot start (no such device, no run
/// script, ...).
Expected<std::unique_ptr<ConfigurationMeasurer>> makeMeasurer(const TuningSetup &Setup,
                                                              const MeasurerContext &Context);

} // namespace atfc

#endif
