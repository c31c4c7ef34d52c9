//===- DeviceBackends/LaunchMemory.h - Work-group memory of a launch -*- C++ -*-===//
//
// A configuration's work-group memory: the OpenCL local arguments it sizes
// (`local<T>(count)`) and the CUDA dynamic shared memory it asks for
// (`shared_memory BYTES`). One that asks for none where a local argument
// needs some, or for more than the device has, is invalid before anything
// is launched, with the reason; the run goes on with the next.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DEVICEBACKENDS_LAUNCHMEMORY_H
#define ATFC_DEVICEBACKENDS_LAUNCHMEMORY_H

#include "Backends/DeviceLimits.h"
#include "Backends/Measurement.h"
#include "DeviceBackends/DeviceBackend.h"
#include "KernelData/KernelArgument.h"

#include <optional>
#include <vector>

namespace atfc {

/// The bytes of work-group memory Sizes asks for: the local arguments'
/// total, plus the dynamic shared memory (when not negative).
std::uint64_t launchMemoryBytes(const std::vector<KernelArgument> &Arguments,
                                const LaunchSizes &Sizes);

/// The invalid measurement of a launch whose work-group memory cannot be
/// had: a local argument of no elements, a negative shared memory size, or
/// more than the device's LocalMemorySize (unchecked when that is 0, not
/// known). None when the launch may go ahead.
std::optional<Measurement> launchMemoryProblem(const std::vector<KernelArgument> &Arguments,
                                               const LaunchSizes &Sizes,
                                               const DeviceLimits &Limits);

} // namespace atfc

#endif
