//===- DeviceBackends/EnergyCounter.h - Joules per launch from NVML -*- C++ -*-===//
//
// `#atf::objective "energy"` of a CUDA kernel: the GPU's energy counter
// (NVML's nvmlDeviceGetTotalEnergyConsumption, millijoules since the driver
// was loaded) read just before and just after a window of back-to-back
// launches, divided by the number of launches. NVML (libnvidia-ml.so.1,
// which comes with the driver) is opened with dlopen like the driver
// (CudaLibraries.h), so that a tuner starts where it is missing; the few
// entry points used are one table of functions, which the tests replace by
// a fake counter.
//
// Why a window rather than single launches: the counter counts whole
// millijoules and the driver refreshes it every few milliseconds, so a
// kernel of microseconds reads as 0 J or one tick. A window of at least a
// fifth of a second makes one tick a small error.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DEVICEBACKENDS_ENERGYCOUNTER_H
#define ATFC_DEVICEBACKENDS_ENERGYCOUNTER_H

#include "Support/Error.h"

#include <cstdint>
#include <functional>
#include <string>

namespace atfc {

/// The least wall time of the launches whose energy is measured.
inline constexpr double kEnergyWindowSeconds = 0.2;
/// When the counter has not moved after kEnergyWindowSeconds, launches go
/// on until it does, for at most this long.
inline constexpr double kEnergyWindowLimitSeconds = 2.0;

/// NVML's entry points that the counter uses, as nvml.h declares them (an
/// nvmlReturn_t is an int; 0 is NVML_SUCCESS); no NVML header is needed.
struct NvmlFunctions {
  using Device = struct nvmlDevice_st *;
  int (*Init)() = nullptr; ///< nvmlInit_v2
  int (*DeviceGetHandleByPciBusId)(const char *, Device *) = nullptr;
  int (*DeviceGetTotalEnergyConsumption)(Device, unsigned long long *) = nullptr;
  const char *(*ErrorString)(int) = nullptr;
};

/// The functions of the NVML that cudaLibrary(CudaLibraryKind::Nvml)
/// opens, or why there are none.
Expected<NvmlFunctions> loadNvml();

/// One GPU's energy counter.
class EnergyCounter {
public:
  /// Initialises NVML and finds the GPU on PCI bus PciBusId (the CUDA
  /// driver's name of a device, "0000:17:00.0"); reads the counter once, so
  /// that a GPU without one (before Volta) fails here, before tuning.
  static Expected<EnergyCounter> open(const NvmlFunctions &Nvml, const std::string &PciBusId);

  /// The counter now, in millijoules.
  Expected<std::uint64_t> millijoules() const;

private:
  EnergyCounter(const NvmlFunctions &Nvml, NvmlFunctions::Device Device)
      : Nvml(Nvml), Device(Device) {}
  std::string error(int Code) const;

  NvmlFunctions Nvml;
  NvmlFunctions::Device Device = nullptr;
};

/// Joules per launch of Launches launches over which the counter went from
/// Before to After millijoules; an Error when it did not advance or there
/// were no launches.
Expected<double> joulesPerLaunch(std::uint64_t Before, std::uint64_t After, std::uint64_t Launches);

/// The energy of one window of launches.
struct EnergyWindow {
  double JoulesPerLaunch = 0;
  std::uint64_t Launches = 0;
  /// The counter's difference over the window.
  std::uint64_t Millijoules = 0;
  double Seconds = 0;
};

/// Calls Launch (one launch, waited for; false when it failed, which ends
/// the window with an Error) back to back until at least MinLaunches ran
/// and MinSeconds passed, and while the counter has not moved, until
/// LimitSeconds passed; the counter is read just before the first launch
/// and after the last.
Expected<EnergyWindow> measureEnergy(const EnergyCounter &Counter,
                                     const std::function<bool()> &Launch, std::uint64_t MinLaunches,
                                     double MinSeconds, double LimitSeconds);

} // namespace atfc

#endif
