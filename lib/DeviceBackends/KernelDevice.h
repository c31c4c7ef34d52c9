//===- DeviceBackends/KernelDevice.h - One device, inside the worker --*- C++ -*-===//
//
// What the device worker needs from OpenCL or CUDA: build the kernel of a
// configuration, fill the arguments, launch it once and time it, and read a
// buffer back. The measuring loop around these steps (warm-ups, repetitions,
// median, result check) is the same for both and lives in DeviceWorker.cpp.
// Only the worker process ever creates a KernelDevice.
//
// Tested through OpenCLBackendTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DEVICEBACKENDS_KERNELDEVICE_H
#define ATFC_DEVICEBACKENDS_KERNELDEVICE_H

#include "DeviceBackends/DeviceBackend.h"
#include "DeviceBackends/EnergyCounter.h"
#include "Support/Error.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace atfc {

/// How one step on the device went.
struct DeviceStatus {
  /// None when the step succeeded; else how the configuration fails.
  FailureKind Failure = FailureKind::None;
  /// For the user: "build failed", "CL_INVALID_WORK_GROUP_SIZE".
  std::string Reason;
  /// The build log or further detail.
  std::string Log;
  /// The device can no longer be used (a CUDA context after an illegal
  /// address): the worker must end and be started afresh.
  bool Fatal = false;
  bool ok() const { return Failure == FailureKind::None; }

  static DeviceStatus failed(FailureKind Kind, std::string Reason, std::string Log = {}) {
    DeviceStatus S;
    S.Failure = Kind;
    S.Reason = std::move(Reason);
    S.Log = std::move(Log);
    return S;
  }
};

/// One kernel on one device, with its argument buffers allocated.
class KernelDevice {
public:
  virtual ~KernelDevice() = default;
  /// The device's limits.
  virtual DeviceLimits limits() const = 0;
  /// The device, for reports.
  virtual std::string description() const = 0;
  /// The driver and kernel compiler versions, for the record.
  virtual std::string toolchain() const { return {}; }
  /// Whether the device computes on the host's cores (an OpenCL CPU device).
  virtual bool hostDevice() const { return false; }
  /// Whether a kernel built in one process is found built by another of the
  /// same implementation (its kernel cache: pocl's POCL_CACHE_DIR; for
  /// CUDA, whose NVRTC keeps none, atfc's KernelImageCache.h), so that
  /// building ahead in other workers pays off.
  virtual bool sharedBuildCache() const { return false; }
  /// A CUDA device's compute capability (major * 10 + minor), which its
  /// builders compile for; 0 for OpenCL.
  virtual int computeCapability() const { return 0; }
  /// Builds the kernel with the "NAME=VALUE" definitions and sets its
  /// arguments (scalars from their initial contents, buffers).
  virtual DeviceStatus build(const std::vector<std::string> &Definitions) = 0;
  /// Writes every buffer's initial contents (Contents: one per argument).
  virtual DeviceStatus writeBuffers(const std::vector<std::vector<unsigned char>> &Contents) = 0;
  /// Makes every buffer hold its initial contents again before a launch,
  /// writing only those that differ from them where the device can tell
  /// (a copy of a large buffer's initial contents kept on the device and
  /// compared there: an SGEMM's inputs, 192 MiB, took most of a GPU
  /// evaluation to write before each launch). Adds the buffers written
  /// and those found unchanged to Written and Unchanged.
  virtual DeviceStatus restoreBuffers(const std::vector<std::vector<unsigned char>> &Contents,
                                      unsigned &Written, unsigned &Unchanged) = 0;
  /// Launches the built kernel once and waits for it; Seconds = its time on
  /// the device.
  virtual DeviceStatus launch(const LaunchSizes &Sizes, double &Seconds) = 0;
  /// Reads argument Index's buffer into Into (resized to its size).
  virtual DeviceStatus readBuffer(unsigned Index, std::vector<unsigned char> &Into) = 0;
  /// The device's energy counter, opened when the setup's costs name
  /// KernelCost::Energy; null where there is none (OpenCL).
  virtual const EnergyCounter *energyCounter() const { return nullptr; }
};

/// Buffers of at least this many bytes are compared on the device before
/// they are written again (KernelDevice::restoreBuffers); a smaller one
/// costs less to write than a comparison's launch.
inline constexpr std::uint64_t kCompareBeforeWriteBytes = 1 << 20;

/// Opens an OpenCL device and allocates the arguments' buffers
/// (OpenCLDevice.cpp).
Expected<std::unique_ptr<KernelDevice>>
openOpenCLDevice(const OpenCLDeviceSelection &Selection, const DeviceKernelSetup &Setup,
                 const std::vector<std::vector<unsigned char>> &Contents);

/// Opens a CUDA device through the dlopen'ed driver (CudaDevice.cpp).
Expected<std::unique_ptr<KernelDevice>>
openCudaDevice(const CudaDeviceSelection &Selection, const DeviceKernelSetup &Setup,
               const std::vector<std::vector<unsigned char>> &Contents);

/// A CUDA builder for compile-ahead: its build() compiles with NVRTC for
/// ComputeCapability into Setup's kernel cache, and nothing else; it never
/// opens the driver, so it creates no context and touches no GPU. Its
/// launches and buffers fail (CudaDevice.cpp).
Expected<std::unique_ptr<KernelDevice>> openCudaBuilder(const DeviceKernelSetup &Setup,
                                                        int ComputeCapability);

/// One line per OpenCL device: "OpenCL: platform P device D: NAME (TYPE,
/// PLATFORM)", followed by "OpenCL: platform P device D supports half
/// precision (cl_khr_fp16)" where it does; or one line saying why there is
/// none (OpenCLDevice.cpp).
std::vector<std::string> openCLDeviceLines();

/// One line per CUDA device: "CUDA: device D: NAME (sm_XY)", after the
/// driver's line, or one line saying why there is none (CudaDevice.cpp).
std::vector<std::string> cudaDeviceLines();

} // namespace atfc

#endif
