//===- DeviceBackends/LaunchSizeCheck.h - Launch sizes a device can run -*- C++ -*-===//
//
// A launch's sizes come from the user's expressions of inputs and
// parameters, converted to unsigned 64 bits: a negative size arrives as
// 2^64 - k, which an OpenCL implementation may take literally (pocl
// corrupted its heap on a global size of -4) and CUDA truncates. A size of
// zero launches nothing and so would be measured as the fastest
// configuration. Both are invalid before anything is launched, with the
// size named as the user wrote it; the run goes on with the next.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DEVICEBACKENDS_LAUNCHSIZECHECK_H
#define ATFC_DEVICEBACKENDS_LAUNCHSIZECHECK_H

#include "Backends/DeviceLimits.h"
#include "Backends/Measurement.h"
#include "DeviceBackends/DeviceBackend.h"

#include <optional>

namespace atfc {

/// Which API's words a message uses: "global size"/"local size" or
/// "grid"/"block".
enum class LaunchApi { OpenCL, Cuda };

/// The invalid measurement of a launch with a size that is zero or
/// negative (a value of 2^63 or more, read back as the signed value it was
/// converted from) in any dimension of Global, or of Local where given, or
/// with a Problem that computing them found. None when they may be
/// launched.
std::optional<Measurement> launchSizeProblem(const LaunchSizes &Sizes, LaunchApi Api);

/// Why an OpenCL device refuses a launch with CL_INVALID_WORK_GROUP_SIZE or
/// CL_INVALID_WORK_ITEM_SIZE, which say no more: the first of a dimension
/// of the local size above the device's CL_DEVICE_MAX_WORK_ITEM_SIZES, a
/// work-group of more work-items than CL_DEVICE_MAX_WORK_GROUP_SIZE or
/// than KernelMax (the kernel's CL_KERNEL_WORK_GROUP_SIZE; 0 where
/// unknown), and a global size that is no multiple of the local size.
/// "" when the local size is OpenCL's choice or none of them holds.
std::string localSizeRefusal(const LaunchSizes &Sizes, const DeviceLimits &Limits,
                             std::uint64_t KernelMax);

} // namespace atfc

#endif
