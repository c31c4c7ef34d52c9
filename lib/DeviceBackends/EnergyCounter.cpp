//===- DeviceBackends/EnergyCounter.cpp - Joules per launch from NVML -----------===//
//
// NVML's functions looked up in the dlopen'ed library, the counter of one
// GPU, and the window of launches whose energy is read (EnergyCounter.h).
//
//===----------------------------------------------------------------------===//
#include "DeviceBackends/EnergyCounter.h"

#include "DeviceBackends/CudaLibraries.h"

#include <chrono>

namespace atfc {

Expected<NvmlFunctions> loadNvml() {
  const CudaLibrary &Library = cudaLibrary(CudaLibraryKind::Nvml);
  if (!Library.ok())
    return Error(Library.Error);
  NvmlFunctions Nvml;
  CudaSymbolTable Symbols(Library);
  Symbols.find(Nvml.Init, "nvmlInit_v2");
  Symbols.find(Nvml.DeviceGetHandleByPciBusId, "nvmlDeviceGetHandleByPciBusId_v2");
  Symbols.find(Nvml.DeviceGetTotalEnergyConsumption, "nvmlDeviceGetTotalEnergyConsumption");
  Symbols.find(Nvml.ErrorString, "nvmlErrorString");
  if (Expected<void> Complete =
          Symbols.complete("the energy counter needs the NVML of a driver from 2017 or later");
      !Complete)
    return Complete.takeError();
  return Nvml;
}

std::string EnergyCounter::error(int Code) const {
  const char *Text = Nvml.ErrorString ? Nvml.ErrorString(Code) : nullptr;
  return Text ? std::string(Text) : "NVML error " + std::to_string(Code);
}

Expected<EnergyCounter> EnergyCounter::open(const NvmlFunctions &Nvml,
                                            const std::string &PciBusId) {
  EnergyCounter Counter(Nvml, nullptr);
  if (int Code = Nvml.Init(); Code != 0)
    return Error("NVML does not start: " + Counter.error(Code));
  if (int Code = Nvml.DeviceGetHandleByPciBusId(PciBusId.c_str(), &Counter.Device); Code != 0)
    return Error("NVML does not know the GPU on PCI bus " + PciBusId + ": " + Counter.error(Code));
  if (Expected<std::uint64_t> First = Counter.millijoules(); !First)
    return Error(First.error().message() + " (the energy counter needs a Volta or newer GPU)");
  return Counter;
}

Expected<std::uint64_t> EnergyCounter::millijoules() const {
  unsigned long long Value = 0;
  if (int Code = Nvml.DeviceGetTotalEnergyConsumption(Device, &Value); Code != 0)
    return Error("NVML cannot read the GPU's energy counter: " + error(Code));
  return static_cast<std::uint64_t>(Value);
}

Expected<double> joulesPerLaunch(std::uint64_t Before, std::uint64_t After,
                                 std::uint64_t Launches) {
  if (Launches == 0)
    return Error("no launch to divide the energy by");
  // The counter only grows while the driver stays loaded; backwards means it
  // was reset, and no difference means it was not refreshed in the window.
  if (After <= Before)
    return Error("NVML's energy counter went from " + std::to_string(Before) + " mJ to " +
                 std::to_string(After) + " mJ over " + std::to_string(Launches) + " launches");
  return static_cast<double>(After - Before) / 1e3 / static_cast<double>(Launches);
}

Expected<EnergyWindow> measureEnergy(const EnergyCounter &Counter,
                                     const std::function<bool()> &Launch, std::uint64_t MinLaunches,
                                     double MinSeconds, double LimitSeconds) {
  using Clock = std::chrono::steady_clock;
  Expected<std::uint64_t> Before = Counter.millijoules();
  if (!Before)
    return Before.takeError();
  const Clock::time_point Start = Clock::now();
  auto Elapsed = [&] { return std::chrono::duration<double>(Clock::now() - Start).count(); };
  EnergyWindow Window;
  std::uint64_t After = *Before;
  while (true) {
    if (!Launch())
      return Error("a launch failed while its energy was measured");
    ++Window.Launches;
    if (Window.Launches < MinLaunches || Elapsed() < MinSeconds)
      continue;
    Expected<std::uint64_t> Now = Counter.millijoules();
    if (!Now)
      return Now.takeError();
    After = *Now;
    if (After != *Before || Elapsed() >= LimitSeconds)
      break;
  }
  Window.Seconds = Elapsed();
  Expected<double> Joules = joulesPerLaunch(*Before, After, Window.Launches);
  if (!Joules)
    return Error(Joules.error().message() + " in " + std::to_string(Window.Seconds) + " s");
  Window.JoulesPerLaunch = *Joules;
  Window.Millijoules = After - *Before;
  return Window;
}

} // namespace atfc
