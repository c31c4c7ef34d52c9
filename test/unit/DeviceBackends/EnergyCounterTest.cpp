//===- EnergyCounterTest.cpp - Joules per launch from a fake NVML ---------===//
//
// The energy arithmetic and the window of launches, on a table of NVML
// functions whose counter the test drives (no GPU, no NVML needed); and
// NVML found or not found as the CUDA driver is. The real counter is
// measured by CudaBackendTest's energy test on a GPU (scripts/gpu-check).
//
//===----------------------------------------------------------------------===//
#include "DeviceBackends/EnergyCounter.h"
#include "DeviceBackends/CudaLibraries.h"
#include "DeviceBackends/DeviceBackend.h"
#include "DeviceWorkerCommand.h"

#include "../ScopedEnvironment.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <random>
#include <string>

namespace atfc {
namespace {

/// The fake NVML's state: what its functions answer.
struct FakeNvml {
  int InitResult = 0;
  int HandleResult = 0;
  int ReadResult = 0;
  std::string BusId;
  /// The counter, in millijoules, and what each read adds to it first.
  unsigned long long Counter = 5'000'000;
  unsigned long long PerRead = 0;
  unsigned Reads = 0;
};
FakeNvml Fake;
NvmlFunctions::Device const TheDevice = reinterpret_cast<NvmlFunctions::Device>(0x1000);

NvmlFunctions fakeFunctions() {
  NvmlFunctions F;
  F.Init = [] { return Fake.InitResult; };
  F.DeviceGetHandleByPciBusId = [](const char *Bus, NvmlFunctions::Device *Device) {
    Fake.BusId = Bus;
    *Device = TheDevice;
    return Fake.HandleResult;
  };
  F.DeviceGetTotalEnergyConsumption = [](NvmlFunctions::Device Device,
                                         unsigned long long *Millijoules) {
    if (Device != TheDevice)
      return 4; // NVML_ERROR_NOT_FOUND
    if (Fake.ReadResult != 0)
      return Fake.ReadResult;
    ++Fake.Reads;
    Fake.Counter += Fake.PerRead;
    *Millijoules = Fake.Counter;
    return 0;
  };
  F.ErrorString = [](int Code) -> const char * {
    return Code == 3 ? "Not Supported" : Code == 1 ? "Uninitialized" : nullptr;
  };
  return F;
}

class EnergyCounterTest : public ::testing::Test {
protected:
  void SetUp() override { Fake = FakeNvml(); }
};

TEST_F(EnergyCounterTest, JoulesPerLaunchIsTheCountersDifferenceInJoulesOverTheLaunches) {
  Expected<double> J = joulesPerLaunch(1'000, 3'500, 10);
  ASSERT_TRUE(J) << J.error().message();
  EXPECT_DOUBLE_EQ(*J, 0.25);
  // Counters far from zero (days of a busy GPU) keep the difference exact.
  J = joulesPerLaunch(9'000'000'000'123ull, 9'000'000'000'124ull, 1);
  ASSERT_TRUE(J);
  EXPECT_DOUBLE_EQ(*J, 0.001);
}

TEST_F(EnergyCounterTest, ACounterThatDidNotAdvanceOrWentBackIsAnError) {
  Expected<double> Still = joulesPerLaunch(7'000, 7'000, 4);
  ASSERT_FALSE(Still);
  EXPECT_EQ(Still.error().message(),
            "NVML's energy counter went from 7000 mJ to 7000 mJ over 4 launches");
  EXPECT_FALSE(joulesPerLaunch(7'000, 6'999, 4));
  Expected<double> None = joulesPerLaunch(1, 2, 0);
  ASSERT_FALSE(None);
  EXPECT_EQ(None.error().message(), "no launch to divide the energy by");
}

TEST_F(EnergyCounterTest, TheArithmeticMatchesExactDivisionForRandomCounters) {
  // Any window: (after - before) / 1000 / launches, never negative, and an
  // error exactly when the counter did not grow or nothing was launched.
  std::mt19937_64 Random(20261127);
  for (int I = 0; I < 10000; ++I) {
    const std::uint64_t Before = Random() >> (Random() % 64);
    const std::uint64_t Delta = Random() % 3 == 0 ? 0 : Random() >> (Random() % 64);
    const std::uint64_t After = Delta > UINT64_MAX - Before ? Before : Before + Delta;
    const std::uint64_t Launches = Random() % 4 == 0 ? 0 : Random() % 100000 + 1;
    Expected<double> J = joulesPerLaunch(Before, After, Launches);
    ASSERT_EQ(J.ok(), After > Before && Launches > 0) << Before << " " << After << " " << Launches;
    if (J) {
      EXPECT_GT(*J, 0);
      EXPECT_DOUBLE_EQ(*J, static_cast<double>(After - Before) / 1e3 / Launches);
    }
  }
}

TEST_F(EnergyCounterTest, OpenFindsTheGpuByItsPciBusIdAndReadsTheCounter) {
  Expected<EnergyCounter> Counter = EnergyCounter::open(fakeFunctions(), "0000:17:00.0");
  ASSERT_TRUE(Counter) << Counter.error().message();
  EXPECT_EQ(Fake.BusId, "0000:17:00.0");
  EXPECT_EQ(Fake.Reads, 1u);
  Fake.PerRead = 42;
  Expected<std::uint64_t> Now = Counter->millijoules();
  ASSERT_TRUE(Now);
  EXPECT_EQ(*Now, 5'000'042u);
}

TEST_F(EnergyCounterTest, OpenSaysWhatNvmlRefused) {
  Fake.InitResult = 1;
  Expected<EnergyCounter> Counter = EnergyCounter::open(fakeFunctions(), "0000:17:00.0");
  ASSERT_FALSE(Counter);
  EXPECT_EQ(Counter.error().message(), "NVML does not start: Uninitialized");

  Fake = FakeNvml();
  Fake.HandleResult = 6; // NVML_ERROR_NOT_FOUND; no text from ErrorString
  Counter = EnergyCounter::open(fakeFunctions(), "0000:99:00.0");
  ASSERT_FALSE(Counter);
  EXPECT_EQ(Counter.error().message(),
            "NVML does not know the GPU on PCI bus 0000:99:00.0: NVML error 6");

  Fake = FakeNvml();
  Fake.ReadResult = 3; // NVML_ERROR_NOT_SUPPORTED: a GPU before Volta
  Counter = EnergyCounter::open(fakeFunctions(), "0000:17:00.0");
  ASSERT_FALSE(Counter);
  EXPECT_EQ(Counter.error().message(),
            "NVML cannot read the GPU's energy counter: Not Supported (the energy counter needs "
            "a Volta or newer GPU)");
}

TEST_F(EnergyCounterTest, TheWindowHasAtLeastTheLaunchesAndTheSecondsAsked) {
  Expected<EnergyCounter> Counter = EnergyCounter::open(fakeFunctions(), "0000:17:00.0");
  ASSERT_TRUE(Counter);
  Fake.PerRead = 0;
  unsigned Launches = 0;
  // Each launch adds 3 mJ to the counter, as a GPU would while it runs.
  auto Launch = [&] {
    ++Launches;
    Fake.Counter += 3;
    return true;
  };
  Expected<EnergyWindow> Window = measureEnergy(*Counter, Launch, 7, 0, 1);
  ASSERT_TRUE(Window) << Window.error().message();
  EXPECT_EQ(Window->Launches, 7u);
  EXPECT_EQ(Launches, 7u);
  EXPECT_EQ(Window->Millijoules, 21u);
  EXPECT_DOUBLE_EQ(Window->JoulesPerLaunch, 0.003);

  Launches = 0;
  const auto Start = std::chrono::steady_clock::now();
  Window = measureEnergy(*Counter, Launch, 1, 0.03, 1);
  const double Took =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  ASSERT_TRUE(Window);
  EXPECT_GE(Window->Seconds, 0.03);
  EXPECT_GE(Took, 0.03);
  EXPECT_EQ(Window->Launches, Launches);
  EXPECT_DOUBLE_EQ(Window->JoulesPerLaunch, 0.003);
}

TEST_F(EnergyCounterTest, LaunchesGoOnUntilTheCounterMovesOrTheLimit) {
  Expected<EnergyCounter> Counter = EnergyCounter::open(fakeFunctions(), "0000:17:00.0");
  ASSERT_TRUE(Counter);
  // The counter is refreshed only every 50th launch, by 100 mJ.
  unsigned Launches = 0;
  auto Coarse = [&] {
    if (++Launches % 50 == 0)
      Fake.Counter += 100;
    return true;
  };
  Expected<EnergyWindow> Window = measureEnergy(*Counter, Coarse, 5, 0, 10);
  ASSERT_TRUE(Window) << Window.error().message();
  EXPECT_EQ(Window->Launches, 50u);
  EXPECT_DOUBLE_EQ(Window->JoulesPerLaunch, 0.1 / 50);

  // One that never moves ends at the limit, with an error that says so.
  auto Frozen = [] { return true; };
  Window = measureEnergy(*Counter, Frozen, 1, 0, 0.02);
  ASSERT_FALSE(Window);
  EXPECT_NE(Window.error().message().find("NVML's energy counter went from"), std::string::npos)
      << Window.error().message();
}

TEST_F(EnergyCounterTest, AFailedLaunchOrReadEndsTheWindow) {
  Expected<EnergyCounter> Counter = EnergyCounter::open(fakeFunctions(), "0000:17:00.0");
  ASSERT_TRUE(Counter);
  unsigned Launches = 0;
  auto FailsThird = [&] { return ++Launches < 3; };
  Expected<EnergyWindow> Window = measureEnergy(*Counter, FailsThird, 10, 0, 1);
  ASSERT_FALSE(Window);
  EXPECT_EQ(Window.error().message(), "a launch failed while its energy was measured");
  EXPECT_EQ(Launches, 3u);

  Fake.ReadResult = 3;
  Window = measureEnergy(
      *Counter, [] { return true; }, 1, 0, 1);
  ASSERT_FALSE(Window);
  EXPECT_EQ(Window.error().message(), "NVML cannot read the GPU's energy counter: Not Supported");
}

TEST_F(EnergyCounterTest, HiddenNvmlIsAClearError) {
  {
    // An empty ATFC_CUDA_LIBRARY_PATH hides NVML as it hides the driver.
    const test::ScopedEnvironment Empty("ATFC_CUDA_LIBRARY_PATH", "");
    CudaLibrary Nvml =
        openCudaLibrary(CudaLibraryKind::Nvml, cudaLibrarySearch(CudaLibraryKind::Nvml));
    EXPECT_FALSE(Nvml.ok());
    EXPECT_EQ(Nvml.Error, "no NVML (libnvidia-ml.so.1) found in ATFC_CUDA_LIBRARY_PATH ()");
  }
  // Without the override only the dynamic loader's path is searched.
  const test::ScopedEnvironment Unset("ATFC_CUDA_LIBRARY_PATH", nullptr);
  CudaLibrarySearch Search = cudaLibrarySearch(CudaLibraryKind::Nvml);
  EXPECT_TRUE(Search.Directories.empty());
  EXPECT_TRUE(Search.UseLoader);
}

TEST_F(EnergyCounterTest, AnOpenCLWorkerAskedForEnergyFailsTheConfigurationClearly) {
  // atfc refuses the objective for OpenCL files; the worker, asked anyway,
  // says why instead of reporting a made-up number.
  DeviceKernelSetup Setup;
  Setup.Source = "__kernel void one(__global float *x) { x[get_global_id(0)] = 1; }";
  Setup.KernelName = "one";
  Setup.FileName = "one.cl";
  Setup.Arguments = {KernelArgument::buffer<float>(64)};
  Setup.Repetitions = 2;
  Setup.TimeoutSeconds = 60;
  Setup.Costs = {KernelCost::Time, KernelCost::Energy};
  Expected<std::unique_ptr<DeviceBackend>> Backend =
      DeviceBackend::open(OpenCLDeviceSelection{}, std::move(Setup), deviceWorkerCommand());
  if (!Backend)
    GTEST_SKIP() << "no OpenCL device: " << Backend.error().message();
  Measurement M = (*Backend)->measure({}, {{64}, {}});
  EXPECT_FALSE(M.Valid);
  EXPECT_EQ(M.Reason, "energy not measured");
  EXPECT_EQ(M.Log, "this device has no energy counter (energy is measured for CUDA kernels)");
}

} // namespace
} // namespace atfc
