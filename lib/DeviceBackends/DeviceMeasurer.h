//===- DeviceBackends/DeviceMeasurer.h - Kernels behind the loop -*- C++ -*-===//
//
// The OpenCL and CUDA backend as a ConfigurationMeasurer: a configuration's
// launch sizes come from its values and the device's limits, kernels are
// built ahead in other workers, and a `check reference` configuration is
// measured once, before the first configuration.
//
// Tested by test/atfc/tune/opencl-examples.test
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DEVICEBACKENDS_DEVICEMEASURER_H
#define ATFC_DEVICEBACKENDS_DEVICEMEASURER_H

#include "Backends/ConfigurationMeasurer.h"
#include "DeviceBackends/DeviceBackend.h"

#include <functional>
#include <memory>

namespace atfc {

/// What the measurer needs besides the backend.
struct DeviceMeasurerSetup {
  /// A configuration's launch sizes, from its values in chain level order.
  std::function<LaunchSizes(std::span<const Value>, const DeviceLimits &)> Launch;
  /// What a cost is, for the user (ConfigurationMeasurer::costMeaning()).
  std::string CostMeaning;
  /// A `check reference`: measure the reference configuration first, with
  /// these values (the others take the first value of their range).
  bool CheckAgainstReference = false;
  std::vector<NamedValue> CheckReference;
  /// Where the check is written: a failed reference is reported there.
  SourceLocation CheckWhere;
};

std::unique_ptr<ConfigurationMeasurer> makeDeviceMeasurer(std::unique_ptr<DeviceBackend> Backend,
                                                          DeviceMeasurerSetup Setup);

} // namespace atfc

#endif
