//===- DeviceBackends/DeviceBackend.h - Measuring OpenCL and CUDA kernels -*- C++ -*-===//
//
// The OpenCL and CUDA backends as the tuner sees them. A DeviceBackend times
// one kernel, built once per configuration with the parameters as `-D
// NAME=VALUE`, on one device, and checks its results. Every OpenCL or CUDA
// call happens in a worker process (DeviceWorker.h), never in the tuner:
// a kernel that crashes or hangs costs one invalid configuration ("crashed",
// "timed out"), the worker is started afresh, and tuning goes on.
//
// Tested through OpenCLBackendTest.cpp and CudaBackendTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DEVICEBACKENDS_DEVICEBACKEND_H
#define ATFC_DEVICEBACKENDS_DEVICEBACKEND_H

#include "Backends/DeviceLimits.h"
#include "Backends/Measurement.h"
#include "DeviceBackends/WorkerProcess.h"
#include "KernelData/KernelArgument.h"
#include "KernelData/ResultCheck.h"
#include "Support/Error.h"
#include "System/CapturedOutput.h"
#include "System/HeldDirectory.h"

#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <sys/types.h>
#include <variant>
#include <vector>

namespace atfc {

/// Which OpenCL device to use (`#atf::ocl::device_info`). With PlatformId,
/// the device is number DeviceId (default 0) of that platform, counting every
/// device type. Otherwise the devices of all platforms, in platform order,
/// whose platform or device vendor contains Vendor (case-insensitive; empty
/// matches all) and whose type is Type ("CPU", "GPU", "ACCELERATOR"; empty
/// for any) are counted, and number Index is used.
struct OpenCLDeviceSelection {
  /// The platform's index among clGetPlatformIDs, or absent.
  std::optional<unsigned> PlatformId;
  /// The device's index within the platform (with PlatformId only).
  unsigned DeviceId = 0;
  /// A substring of the platform's or device's vendor.
  std::string Vendor;
  /// "CPU", "GPU", "ACCELERATOR", or empty for any.
  std::string Type;
  /// The index among the devices that match Vendor and Type.
  unsigned Index = 0;
  /// The directive that selects the device, where a device that cannot be
  /// found is reported (no file: none).
  SourceLocation Directive;
};

/// Which CUDA device to use (`#atf::cuda::device_id`): its ordinal.
struct CudaDeviceSelection {
  unsigned Ordinal = 0;
  /// As OpenCLDeviceSelection::Directive.
  SourceLocation Directive = {};
};

/// The device of a backend: OpenCL or CUDA.
using DeviceSelection = std::variant<OpenCLDeviceSelection, CudaDeviceSelection>;

/// What a kernel's measurement reports, one cost each (the file's
/// `objective` directives, in their order).
enum class KernelCost : std::uint8_t {
  /// The kernel's time in seconds: the statistic of the repetitions.
  Time,
  /// Joules per launch, from NVML's energy counter around a window of
  /// launches (CUDA only; EnergyCounter.h).
  Energy,
};

/// Everything about the kernel that is the same for every configuration.
struct DeviceKernelSetup {
  /// The kernel source: the annotated file with its directives blanked (same
  /// line count, so build errors point at the user's lines).
  std::string Source;
  /// The kernel function's name (`kernel_name`).
  std::string KernelName;
  /// The annotated file's name, for build messages.
  std::string FileName;
  /// The kernel's arguments in order (`input`).
  std::vector<KernelArgument> Arguments;
  /// Whether a string parameter's #define is its text (`T float`), as a
  /// program's `-D NAME=VALUE` makes it (<atf.hpp>, Python: cppATF and
  /// pyATF), not the directive language's C string literal.
  bool StringsAsText = false;
  /// Unmeasured launches before the measured ones (`#atf::warmups`).
  unsigned Warmups = 1;
  /// Measured launches (`#atf::repetitions`, at least 1); the cost is their
  /// Statistic.
  unsigned Repetitions = 5;
  RepetitionStatistic Statistic = RepetitionStatistic::Median;
  /// The costs of a measurement, most significant first.
  std::vector<KernelCost> Costs = {KernelCost::Time};
  /// The longest one configuration may take (build, launches, check), in
  /// seconds; 0 for no limit.
  double TimeoutSeconds = 0;
  /// The result check, if any.
  std::optional<CheckSetup> Check;
  /// The seed of the random scalars and buffer contents.
  std::uint64_t Seed = 0;
  /// Where a CUDA backend's workers share the kernels NVRTC compiled
  /// (KernelImageCache.h), under the run's work directory; empty: nowhere,
  /// and CUDA builds nothing ahead.
  std::string KernelCacheDirectory;
  /// The hash of the files the results depend on besides the source (the
  /// headers it includes among them; Driver/MeasuredFiles.h, the tuner's
  /// --inputs-key): part of a cached kernel's key, as NVRTC names none of
  /// the files it read.
  std::string DependenciesKey;

  // For a check script, in the tuner only (the worker gets none of them):
  /// Where each configuration's directory is made ($ATF_WORK_DIR).
  std::string WorkDirectory;
  /// The annotated file's directory ($ATF_FILE_DIR).
  std::string FileDirectory;
  /// The tuner's inputs, variables of the script like the parameters.
  std::vector<NamedValue> Inputs;
};

/// The launch sizes of one configuration, evaluated. OpenCL: the global and
/// local size (work-items; Local empty: the implementation chooses). CUDA:
/// Global = the grid dimensions (blocks), Local = the block dimensions
/// (threads). 1 to 3 dimensions, the same number in both. With them, the
/// configuration's work-group memory: the element count of each local
/// argument (OpenCL, in argument order; 0 where the count was not
/// positive), and the bytes of dynamic shared memory (CUDA; negative where
/// the expression was).
struct LaunchSizes {
  std::vector<std::uint64_t> Global;
  std::vector<std::uint64_t> Local;
  std::vector<std::uint64_t> LocalCounts = {};
  std::int64_t SharedMemoryBytes = 0;
  /// Why the sizes cannot be launched, where computing them found it (a
  /// Python size beyond 64 bits), naming the size; empty when they may be.
  std::string Problem = {};
};

/// The `-D` definitions of a configuration, "NAME=VALUE" each: the value as
/// C source text (toSourceString: 42, 0.5, "text"), a bool as 1 or 0.
std::vector<std::string> kernelDefinitions(const ParameterValues &Values,
                                           bool StringsAsText = false);

struct MeasureReplyMessage;
class StopSignal;
class BuildAheadPool;
class CheckServer;

/// A configuration the backend will measure soon, for building it ahead.
struct UpcomingConfiguration {
  ParameterValues Values;
  LaunchSizes Sizes;
};

/// Measures configurations of one kernel on one device through a worker
/// process. Not thread-safe: one measurement at a time.
class DeviceBackend {
public:
  /// Starts the worker (WorkerCommand: the program and its arguments; it
  /// must call runDeviceWorker(DeviceWorkerReadFd, DeviceWorkerWriteFd)),
  /// opens the device in it, makes the arguments, and reads a gold file; or
  /// says what is wrong ("no OpenCL device matches ...", "gold file ...").
  static Expected<std::unique_ptr<DeviceBackend>> open(const DeviceSelection &Device,
                                                       DeviceKernelSetup Setup,
                                                       std::vector<std::string> WorkerCommand);

  ~DeviceBackend();
  DeviceBackend(const DeviceBackend &) = delete;
  DeviceBackend &operator=(const DeviceBackend &) = delete;

  /// The device's limits, read when it was opened.
  const DeviceLimits &limits() const { return Limits; }
  /// The device, for reports: "pocl: cpu-haswell-... (OpenCL 3.0 PoCL ...)".
  const std::string &deviceDescription() const { return Description; }
  /// The driver and kernel compiler versions: "OpenCL 3.0 PoCL 3.1,
  /// driver 3.1", "CUDA driver 12.4, NVRTC 12.4".
  const std::string &toolchain() const { return Toolchain; }
  /// Whether the device computes on the host's cores (an OpenCL CPU
  /// device): building beside its kernels disturbs their timing.
  bool hostDevice() const { return HostDevice; }

  /// Builds up to Builders configurations ahead, each in a worker process
  /// of its own, while one is measured (BuildAhead.h); 0 turns it off.
  /// Without a kernel cache that workers share (CUDA: without a
  /// KernelCacheDirectory) it stays off: compileAhead() says what is in
  /// effect. CUDA's builders only compile, for the measuring worker's
  /// compute capability; they create no context on the GPU.
  void setCompileAhead(unsigned Builders);
  unsigned compileAhead() const { return AheadBuilders; }
  /// The configurations measure() will be asked for next, in order (the
  /// first is measured next): those after it are built ahead. Each list
  /// replaces the one before; a configuration built ahead that is never
  /// measured is discarded.
  void prepare(std::span<const UpcomingConfiguration> Upcoming);
  /// How many measured configurations were built ahead, and how many built
  /// ahead were discarded unmeasured.
  unsigned builtAhead() const;
  unsigned discardedAhead() const;
  /// The processes building ahead, -1 for one not running (for tests).
  std::vector<pid_t> aheadProcesses() const;

  /// Measures the reference configuration of a `check reference` and keeps
  /// its outputs as the expected ones. Call it once, before measure(); when
  /// it is invalid, no configuration can be checked.
  Measurement measureReference(const ParameterValues &Values, const LaunchSizes &Sizes);

  /// Measures one configuration: cost = the median kernel time in seconds
  /// over the repetitions; Log holds "median, min, max" of the times.
  Measurement measure(const ParameterValues &Values, const LaunchSizes &Sizes);

  /// Stops the measurement in flight as soon as possible; callable from any
  /// thread. Its worker (or its check script's group) is killed, measure() returns an invalid
  /// measurement (RunFailed, reason "interrupted"), and the next measure()
  /// starts a fresh worker. Does nothing when no measurement is in flight.
  void interrupt();

  /// How often the worker was started afresh after a crash or timeout.
  unsigned workerRestarts() const { return Restarts; }

  /// The worker's process id, -1 while none runs (for tests).
  pid_t workerProcess() const { return Worker.pid(); }

  /// Makes the worker die of SIGSEGV at once, as a crashing kernel would
  /// (for tests of the crash path on implementations that survive bad
  /// writes).
  void crashWorkerForTesting();

private:
  DeviceBackend() = default;
  /// Why Sizes cannot be launched (sizes, work-group memory), before any
  /// worker sees them; none when they can.
  std::optional<Measurement> launchProblem(const LaunchSizes &Sizes) const;
  /// measureWithWorker(), with what the worker printed meanwhile in the log.
  Measurement measureIn(bool Reference, const ParameterValues &Values, const LaunchSizes &Sizes);
  Measurement measureWithWorker(bool Reference, const ParameterValues &Values,
                                const LaunchSizes &Sizes);
  /// Runs the check script on a valid measurement's outputs; makes it
  /// invalid ("wrong result") when the script says so.
  void checkWithScript(const ParameterValues &Values, MeasureReplyMessage &Answer);
  Expected<void> startWorker();
  /// Reaps a worker that closed its end.
  WorkerEnd reapWorker();
  void killWorker();
  /// Moves what the workers printed since the last call (its end, when
  /// long) to the end of Log.
  void takeWorkerOutput(std::string &Log);

  DeviceSelection Selection;
  DeviceKernelSetup Setup;
  std::vector<std::string> Command;
  /// Expected outputs of the checked buffers (gold file or reference).
  std::vector<std::vector<unsigned char>> ExpectedOutputs;
  bool HaveExpected = false;
  /// The checked buffers' argument indices.
  std::vector<unsigned> Checked;
  /// The number of the next check script's directory.
  unsigned long long NextCheckDirectory = 1;
  /// The work directory, held from open() on when a check script runs:
  /// its directories are made and removed relative to it, never by a path
  /// that a link swapped in for `work` could lead elsewhere.
  HeldDirectory Work;
  DeviceLimits Limits;
  std::string Description;
  std::string Toolchain;
  bool HostDevice = false;
  bool SharedBuildCache = false;
  /// The CUDA device's major * 10 + minor; 0 for OpenCL.
  int ComputeCapability = 0;
  WorkerProcess Worker;
  /// The workers that build ahead; null when compile-ahead is off.
  std::unique_ptr<BuildAheadPool> Ahead;
  unsigned AheadBuilders = 0;
  /// Every measuring worker's stdout and stderr: an anonymous file,
  /// appended to. What the OpenCL implementation, its compiler or the
  /// kernel prints goes into the evaluation's log, never onto the tuner's
  /// terminal; where none could be made, the worker prints to stderr.
  CapturedOutput WorkerOutput{"atfc-device-worker-output"};
  /// Guards InFlight and Interrupted against interrupt() from another
  /// thread; the worker is reaped only after InFlight is cleared, so its
  /// pid cannot be reused while interrupt() may kill it.
  std::mutex InterruptMutex;
  /// The worker of the measurement in flight; -1 when none.
  pid_t InFlight = -1;
  bool Interrupted = false;
  /// The check server of a `check server`, started by the first check and
  /// ended with the backend; null for any other check.
  std::unique_ptr<CheckServer> Server;
  /// The stop signal of the check script in flight; null when none.
  StopSignal *CheckStop = nullptr;
  unsigned Restarts = 0;
};

} // namespace atfc

#endif
