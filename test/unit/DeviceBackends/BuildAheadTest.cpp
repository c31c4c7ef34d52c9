//===- BuildAheadTest.cpp - Building kernels ahead, on pocl ---------------===//
//
// Compile-ahead of the device backends on pocl's CPU device, with real
// worker processes and pocl's own kernel cache (a fresh POCL_CACHE_DIR per
// test): what is built ahead is found in the cache, measured results are
// those without compile-ahead, configurations built ahead but never
// measured are discarded with their builders, and failures while building
// ahead (a build error, a crash, a hang) end as they would without it.
// CUDA's builders, where NVRTC is found, fill atfc's kernel cache without
// a driver or a GPU; where there is one, the measuring worker loads what
// they built.
//
//===----------------------------------------------------------------------===//
#include "DeviceBackends/BuildAhead.h"
#include "../ScopedEnvironment.h"
#include "../ScopedTempDirectory.h"
#include "DeviceBackends/CudaCompiler.h"
#include "DeviceBackends/CudaLibraries.h"
#include "DeviceBackends/DeviceBackend.h"
#include "DeviceBackends/KernelImageCache.h"
#include "DeviceWorkerCommand.h"
#include "ExpectValid.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <dlfcn.h>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <thread>

namespace atfc {
namespace {

const std::string ScaleSource = std::string(R"(// blanked directive line
__kernel void scale(const int N, __global float *y) {
)") + OpenCLFailureSwitches + R"(  for (int w = 0; w < WPT; ++w) {
    const int i = get_global_id(0) * WPT + w;
    if (i < N)
      y[i] = y[i] * 2.0f + FACTOR;
  }
}
)";

constexpr int ScaleElements = 1024;

/// A fresh pocl kernel cache for the workers this test starts, so that
/// what is in it was built by them.
class FreshPoclCache {
public:
  FreshPoclCache()
      : Directory("atfc-build-ahead"), Cache("POCL_CACHE_DIR", Directory.path().c_str()) {}
  /// How many kernels compiled for a local size the cache holds (pocl
  /// keeps each in PROGRAM/scale/LX-LY-LZ...).
  unsigned compiledKernels() const {
    unsigned Count = 0;
    std::error_code EC;
    for (auto It = std::filesystem::recursive_directory_iterator(Directory.path(), EC);
         !EC && It != std::filesystem::recursive_directory_iterator(); It.increment(EC))
      if (It->is_directory() && It->path().parent_path().filename() == "scale")
        ++Count;
    return Count;
  }

private:
  test::ScopedTempDirectory Directory;
  test::ScopedEnvironment Cache;
};

DeviceKernelSetup scaleSetup() {
  DeviceKernelSetup Setup;
  Setup.Source = ScaleSource;
  Setup.KernelName = "scale";
  Setup.FileName = "scale.cl";
  Setup.Arguments = {KernelArgument::scalar<std::int32_t>(ScaleElements),
                     KernelArgument::buffer<float>(ScaleElements)};
  Setup.Warmups = 0;
  Setup.Repetitions = 1;
  Setup.Seed = 3;
  return Setup;
}

/// Configuration Factor: FACTOR makes each a program of its own.
UpcomingConfiguration configuration(int Factor, std::vector<NamedValue> Extra = {}) {
  ParameterValues Values{{"WPT", Value(std::int64_t(2))}, {"FACTOR", Value(std::int64_t(Factor))}};
  Values.insert(Values.end(), Extra.begin(), Extra.end());
  return {Values, {{ScaleElements / 2}, {8}}};
}

std::unique_ptr<DeviceBackend> openScale(unsigned Ahead, DeviceKernelSetup Setup = scaleSetup()) {
  std::unique_ptr<DeviceBackend> Backend = openOnWorker(OpenCLDeviceSelection{}, std::move(Setup));
  if (Backend)
    Backend->setCompileAhead(Ahead);
  return Backend;
}

Measurement measure(DeviceBackend &Backend, const UpcomingConfiguration &C) {
  return Backend.measure(C.Values, C.Sizes);
}

using test::expectValid;

bool alive(pid_t Pid) { return Pid > 0 && ::kill(Pid, 0) == 0; }

TEST(BuildAhead, OpenCLSharesThePoclCache) {
  FreshPoclCache Cache;
  auto Backend = openScale(1);
  ASSERT_TRUE(Backend);
  EXPECT_EQ(Backend->compileAhead(), 1u);
  const std::vector<UpcomingConfiguration> Batch = {configuration(1), configuration(2)};
  Backend->prepare(Batch);
  // The builder builds the second while the first is built and measured.
  expectValid(measure(*Backend, Batch[0]));
  const auto Deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (Cache.compiledKernels() < 2 && std::chrono::steady_clock::now() < Deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  // Built and launched once by the builder: in pocl's cache before it is
  // measured, compiled for its local size.
  EXPECT_EQ(Cache.compiledKernels(), 2u);
  expectValid(measure(*Backend, Batch[1]));
  EXPECT_EQ(Backend->builtAhead(), 1u);
  EXPECT_EQ(Cache.compiledKernels(), 2u);
}

TEST(BuildAhead, OneBuilderAlternatesWithTheMeasuringWorker) {
  FreshPoclCache Cache;
  auto Backend = openScale(1);
  ASSERT_TRUE(Backend);
  std::vector<UpcomingConfiguration> Batch;
  for (int F = 1; F <= 6; ++F)
    Batch.push_back(configuration(F));
  Backend->prepare(Batch);
  for (const UpcomingConfiguration &C : Batch)
    expectValid(measure(*Backend, C));
  // The second, fourth and sixth: the first of a list is the measuring
  // worker's, and so is the one after each taken from the builder.
  EXPECT_EQ(Backend->builtAhead(), 3u);
  EXPECT_EQ(Backend->discardedAhead(), 0u);
}

TEST(BuildAhead, UnmeasuredConfigurationsAreDiscardedWithTheirBuilders) {
  FreshPoclCache Cache;
  auto Backend = openScale(2);
  ASSERT_TRUE(Backend);
  const std::vector<UpcomingConfiguration> Batch = {configuration(1), configuration(2),
                                                    configuration(3)};
  Backend->prepare(Batch);
  expectValid(measure(*Backend, Batch[0]));
  const std::vector<pid_t> Builders = Backend->aheadProcesses();
  ASSERT_EQ(Builders.size(), 2u);
  EXPECT_TRUE(alive(Builders[0]) && alive(Builders[1]));
  // A new list without them: their builds are dropped, never measured.
  Backend->prepare(std::vector<UpcomingConfiguration>{configuration(4)});
  expectValid(measure(*Backend, configuration(4)));
  EXPECT_EQ(Backend->builtAhead(), 0u);
  Backend.reset();
  for (pid_t Pid : Builders)
    EXPECT_FALSE(alive(Pid)) << Pid;
}

TEST(BuildAhead, BuildErrorAheadIsTheConfigurations) {
  FreshPoclCache Cache;
  auto Backend = openScale(1);
  ASSERT_TRUE(Backend);
  const std::vector<UpcomingConfiguration> Batch = {
      configuration(1), configuration(2, {{"BROKEN", Value(true)}}), configuration(3)};
  Backend->prepare(Batch);
  expectValid(measure(*Backend, Batch[0]));
  const pid_t Measuring = Backend->workerProcess();
  Measurement Broken = measure(*Backend, Batch[1]);
  EXPECT_EQ(Broken.Failure, FailureKind::BuildFailed);
  EXPECT_EQ(Broken.Reason, "build failed");
  EXPECT_NE(Broken.Log.find("scale.cl:4"), std::string::npos) << Broken.Log;
  expectValid(measure(*Backend, Batch[2]));
  EXPECT_EQ(Backend->workerProcess(), Measuring);
  EXPECT_EQ(Backend->workerRestarts(), 0u);
}

TEST(BuildAhead, CrashWhileBuildingAheadIsMeasuredAsACrash) {
  FreshPoclCache Cache;
  auto Backend = openScale(1);
  ASSERT_TRUE(Backend);
  const std::vector<UpcomingConfiguration> Batch = {configuration(1),
                                                    configuration(2, {{"CRASH", Value(true)}}),
                                                    configuration(3), configuration(4)};
  Backend->prepare(Batch);
  expectValid(measure(*Backend, Batch[0]));
  Measurement Crashed = measure(*Backend, Batch[1]);
  EXPECT_EQ(Crashed.Failure, FailureKind::Crashed);
  expectValid(measure(*Backend, Batch[2]));
  // The builder is started afresh for the next one.
  expectValid(measure(*Backend, Batch[3]));
  EXPECT_EQ(Backend->builtAhead(), 1u);
}

TEST(BuildAhead, InterruptStopsTheWaitForABuilder) {
  FreshPoclCache Cache;
  auto Backend = openScale(1); // no timeout
  ASSERT_TRUE(Backend);
  const std::vector<UpcomingConfiguration> Batch = {configuration(1),
                                                    configuration(2, {{"HANG", Value(true)}})};
  Backend->prepare(Batch);
  expectValid(measure(*Backend, Batch[0]));
  std::atomic<bool> Stopped = false;
  std::thread Interrupter([&] {
    while (!Stopped) {
      Backend->interrupt();
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  });
  Measurement M = measure(*Backend, Batch[1]);
  Stopped = true;
  Interrupter.join();
  EXPECT_EQ(M.Reason, "interrupted");
  expectValid(measure(*Backend, configuration(3)));
}

TEST(BuildAhead, HangWhileBuildingAheadTimesOut) {
  FreshPoclCache Cache;
  // Built before, without a timeout, so that the 2 s are the kernels'.
  auto Untimed = openScale(0);
  ASSERT_TRUE(Untimed);
  expectValid(measure(*Untimed, configuration(1)));
  expectValid(measure(*Untimed, configuration(3)));
  DeviceKernelSetup Setup = scaleSetup();
  Setup.TimeoutSeconds = 2;
  auto Backend = openScale(1, Setup);
  ASSERT_TRUE(Backend);
  const std::vector<UpcomingConfiguration> Batch = {
      configuration(1), configuration(2, {{"HANG", Value(true)}}), configuration(3)};
  Backend->prepare(Batch);
  expectValid(measure(*Backend, Batch[0]));
  EXPECT_EQ(measure(*Backend, Batch[1]).Failure, FailureKind::TimedOut);
  expectValid(measure(*Backend, Batch[2]));
}

// Builders that cannot start, or end at once, build nothing: every
// configuration is left to the measuring worker, and the pool neither
// hangs nor keeps starting them.
TEST(BuildAhead, BuildersThatDieAtOnceBuildNothing) {
  for (const std::vector<std::string> &Command :
       {std::vector<std::string>{"/nonexistent/worker"}, std::vector<std::string>{"/bin/true"}}) {
    SetupMessage Setup{OpenCLDeviceSelection{}, scaleSetup(), {}};
    BuildAheadPool Pool(Command, Setup, 2, 5);
    std::vector<MeasureMessage> Wishes;
    for (int F = 0; F < 20; ++F) {
      const UpcomingConfiguration C = configuration(F);
      Wishes.push_back(MeasureMessage{false, kernelDefinitions(C.Values), C.Sizes});
    }
    Pool.prepare(Wishes);
    for (const MeasureMessage &Next : Wishes) {
      const AheadOutcome Outcome = Pool.take(Next);
      EXPECT_FALSE(Outcome.Built || Outcome.Failure || Outcome.Interrupted) << Command[0];
    }
    EXPECT_EQ(Pool.builtAhead(), 0u);
    for (pid_t Pid : Pool.builderProcesses())
      EXPECT_EQ(Pid, -1) << Command[0];
  }
}

// The class of bugs: whatever the lists prepared and the order measured
// (lists replaced mid-way, configurations not in any list, some never
// measured), each measurement is what it is without compile-ahead, and
// nothing is counted built ahead that was not measured.
TEST(BuildAhead, RandomListsMeasureAsWithout) {
  FreshPoclCache Cache;
  auto Plain = openScale(0);
  ASSERT_TRUE(Plain);
  EXPECT_EQ(Plain->compileAhead(), 0u);
  for (std::uint64_t Seed = 1; Seed <= 3; ++Seed) {
    std::mt19937_64 Random(Seed);
    auto Ahead = openScale(1 + Seed % 2);
    ASSERT_TRUE(Ahead);
    unsigned Measured = 0;
    for (int Round = 0; Round < 4; ++Round) {
      std::vector<UpcomingConfiguration> List;
      const int Length = 1 + static_cast<int>(Random() % 4);
      for (int I = 0; I < Length; ++I) {
        const int Factor = static_cast<int>(Random() % 6);
        List.push_back(Factor == 5 ? configuration(5, {{"BROKEN", Value(true)}})
                                   : configuration(Factor));
      }
      Ahead->prepare(List);
      // Measure a prefix, sometimes skipping one, sometimes one not listed.
      const int Count = static_cast<int>(Random() % (List.size() + 1));
      for (int I = 0; I < Count; ++I) {
        if (Random() % 4 == 0)
          continue;
        const UpcomingConfiguration C = Random() % 6 == 0 ? configuration(7) : List[I];
        const Measurement With = measure(*Ahead, C);
        const Measurement Without = measure(*Plain, C);
        ++Measured;
        EXPECT_EQ(With.Valid, Without.Valid) << "seed " << Seed << ": " << With.Reason;
        EXPECT_EQ(With.Failure, Without.Failure) << "seed " << Seed << ": " << With.Log;
      }
    }
    EXPECT_LE(Ahead->builtAhead(), Measured);
    EXPECT_EQ(Ahead->workerRestarts(), 0u);
  }
}

const char *CudaScaleSource = R"(// blanked directive line
extern "C" __global__ void scale(const int n, float *y) {
#if BROKEN
  this is not CUDA;
#endif
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = y[i] * 2.0f + FACTOR;
}
)";

/// The CUDA twin of scaleSetup()'s kernel and arguments.
DeviceKernelSetup cudaScaleSetup() {
  DeviceKernelSetup Setup;
  Setup.Source = CudaScaleSource;
  Setup.KernelName = "scale";
  Setup.FileName = "scale.cu";
  Setup.Arguments = {KernelArgument::scalar<std::int32_t>(ScaleElements),
                     KernelArgument::buffer<float>(ScaleElements)};
  return Setup;
}

/// Whether process Pid has a library whose name holds Name loaded.
bool hasLoaded(pid_t Pid, const std::string &Name) {
  std::ifstream Maps("/proc/" + std::to_string(Pid) + "/maps");
  std::string Line;
  while (std::getline(Maps, Line))
    if (Line.find(Name) != std::string::npos)
      return true;
  return false;
}

/// The processes that hold a context on an NVIDIA GPU, as NVML lists
/// them; nullopt where NVML cannot say. A process that compiles with NVRTC
/// may load and initialise the driver (NVRTC 13 does: libcuda.so.1 mapped,
/// /dev/nvidia0 open, in every builder on an H200), so neither tells a
/// builder from the measuring worker; a context, which takes GPU memory,
/// does.
std::optional<std::vector<pid_t>> processesWithAGpuContext() {
  const CudaLibrary &Nvml = cudaLibrary(CudaLibraryKind::Nvml);
  if (!Nvml.ok())
    return std::nullopt;
  // nvml.h's nvmlProcessInfo_t, as the _v3 functions fill it.
  struct ProcessInfo {
    unsigned Pid;
    unsigned long long UsedGpuMemory;
    unsigned GpuInstanceId, ComputeInstanceId;
  };
  using Device = void *;
  auto Init = reinterpret_cast<int (*)()>(dlsym(Nvml.Handle, "nvmlInit_v2"));
  auto Count = reinterpret_cast<int (*)(unsigned *)>(dlsym(Nvml.Handle, "nvmlDeviceGetCount_v2"));
  auto Get = reinterpret_cast<int (*)(unsigned, Device *)>(
      dlsym(Nvml.Handle, "nvmlDeviceGetHandleByIndex_v2"));
  auto List = reinterpret_cast<int (*)(Device, unsigned *, ProcessInfo *)>(
      dlsym(Nvml.Handle, "nvmlDeviceGetComputeRunningProcesses_v3"));
  unsigned Devices = 0;
  if (!Init || !Count || !Get || !List || Init() != 0 || Count(&Devices) != 0)
    return std::nullopt;
  std::vector<pid_t> Pids;
  for (unsigned D = 0; D < Devices; ++D) {
    Device Gpu = nullptr;
    std::vector<ProcessInfo> Found(256);
    unsigned Listed = static_cast<unsigned>(Found.size());
    if (Get(D, &Gpu) != 0 || List(Gpu, &Listed, Found.data()) != 0)
      return std::nullopt;
    for (unsigned I = 0; I < Listed; ++I)
      Pids.push_back(static_cast<pid_t>(Found[I].Pid));
  }
  return Pids;
}

bool listed(const std::vector<pid_t> &Pids, pid_t Pid) {
  return std::find(Pids.begin(), Pids.end(), Pid) != Pids.end();
}

// CUDA builders only run NVRTC, for the compute capability the measuring
// worker's GPU reported, into the kernel cache: no driver is needed (this
// machine may have none), and none holds a context on a GPU where there
// is one.
TEST(BuildAhead, CudaBuildersFillTheKernelCacheWithoutADriver) {
  if (NvrtcStatus Nvrtc = nvrtcStatus(); !Nvrtc.ok())
    GTEST_SKIP() << "CUDA compile-ahead needs NVRTC, which is not found: " << Nvrtc.Error;
  test::ScopedTempDirectory Temp("atfc-cuda-ahead");
  DeviceKernelSetup Setup = cudaScaleSetup();
  Setup.KernelCacheDirectory = (Temp.path() / "work" / "cuda-kernels").string();
  SetupMessage Message{CudaDeviceSelection{}, Setup, {}};
  Message.BuildOnlyComputeCapability = 90;
  BuildAheadPool Pool(deviceWorkerCommand(), Message, 2, 120);
  auto Wish = [](std::vector<std::string> Definitions) {
    return MeasureMessage{false, std::move(Definitions), {{ScaleElements / 64}, {64}}};
  };
  const std::vector<MeasureMessage> Wishes = {Wish({"FACTOR=1"}), Wish({"FACTOR=2"}),
                                              Wish({"FACTOR=3", "BROKEN=1"}), Wish({"FACTOR=4"})};
  Pool.prepare(Wishes);
  // The first is the measuring worker's to build; the builders take the
  // others, two at once.
  const AheadOutcome First = Pool.take(Wishes[0]);
  EXPECT_FALSE(First.Built || First.Failure);
  EXPECT_TRUE(Pool.take(Wishes[1]).Built);
  const AheadOutcome Broken = Pool.take(Wishes[2]);
  ASSERT_TRUE(Broken.Failure);
  EXPECT_EQ(Broken.Failure->Failure, FailureKind::BuildFailed);
  EXPECT_EQ(Broken.Failure->Reason, "build failed");
  EXPECT_NE(Broken.Failure->Log.find("scale.cu(4)"), std::string::npos) << Broken.Failure->Log;
  EXPECT_TRUE(Pool.take(Wishes[3]).Built);
  EXPECT_EQ(Pool.builtAhead(), 2u);
  const std::optional<std::vector<pid_t>> OnAGpu = processesWithAGpuContext();
  for (pid_t Builder : Pool.builderProcesses()) {
    ASSERT_TRUE(alive(Builder)) << "a builder ended";
    if (OnAGpu) {
      EXPECT_FALSE(listed(*OnAGpu, Builder)) << "a builder holds a GPU context";
    }
  }

  // What they built is in the cache, a cubin for sm_90 under the
  // measuring worker's key; the failed build with NVRTC's log.
  Expected<KernelImageCache> Cache = KernelImageCache::open(Setup.KernelCacheDirectory);
  ASSERT_TRUE(Cache.ok()) << Cache.error().message();
  auto Key = [&](const MeasureMessage &M) { return nvrtcImageKey(Setup, M.Definitions, 90); };
  for (const MeasureMessage *Built : {&Wishes[1], &Wishes[3]}) {
    std::optional<CudaCompilation> Found = Cache->find(Key(*Built));
    ASSERT_TRUE(Found) << Built->Definitions[0];
    EXPECT_TRUE(Found->ok() && Found->IsCubin && !Found->Image.empty());
    EXPECT_EQ(Found->LoweredName, "scale");
    EXPECT_FALSE(Cache->find(nvrtcImageKey(Setup, Built->Definitions, 80)))
        << "stored for another compute capability";
  }
  std::optional<CudaCompilation> Failed = Cache->find(Key(Wishes[2]));
  ASSERT_TRUE(Failed);
  EXPECT_FALSE(Failed->ok());
  EXPECT_EQ(Failed->Log, Broken.Failure->Log);
  EXPECT_FALSE(Cache->find(Key(Wishes[0]))) << "a builder built the measuring worker's own";
}

// On a GPU: with the kernel cache, a CUDA backend builds ahead, measures
// what it would without, and its builders hold no GPU context; without a
// kernel cache it builds nothing ahead.
TEST(BuildAhead, CudaMeasuringWorkerLoadsWhatBuildersCompiled) {
  if (NvrtcStatus Nvrtc = nvrtcStatus(); !Nvrtc.ok())
    GTEST_SKIP() << Nvrtc.Error;
  if (const CudaLibrary &Driver = cudaLibrary(CudaLibraryKind::Driver); !Driver.ok())
    GTEST_SKIP() << Driver.Error;
  test::ScopedTempDirectory Temp("atfc-cuda-ahead");
  DeviceKernelSetup Setup = cudaScaleSetup();
  Setup.Repetitions = 2;
  Setup.TimeoutSeconds = 60;
  Expected<std::unique_ptr<DeviceBackend>> Plain =
      DeviceBackend::open(CudaDeviceSelection{0}, Setup, deviceWorkerCommand());
  if (!Plain)
    GTEST_SKIP() << "no usable CUDA device: " << Plain.error().message();
  (*Plain)->setCompileAhead(2);
  EXPECT_EQ((*Plain)->compileAhead(), 0u) << "built ahead without a kernel cache";
  Setup.KernelCacheDirectory = (Temp.path() / "cuda-kernels").string();
  Expected<std::unique_ptr<DeviceBackend>> Opened =
      DeviceBackend::open(CudaDeviceSelection{0}, Setup, deviceWorkerCommand());
  ASSERT_TRUE(Opened) << Opened.error().message();
  DeviceBackend &Backend = **Opened;
  Backend.setCompileAhead(2);
  ASSERT_EQ(Backend.compileAhead(), 2u);
  std::vector<UpcomingConfiguration> Batch;
  for (int Factor = 1; Factor <= 6; ++Factor)
    Batch.push_back({{{"FACTOR", Value(std::int64_t(Factor))}, {"BROKEN", Value(Factor == 4)}},
                     {{ScaleElements / 64}, {64}}});
  Backend.prepare(Batch);
  for (const UpcomingConfiguration &C : Batch) {
    const Measurement With = Backend.measure(C.Values, C.Sizes);
    const Measurement Without = (*Plain)->measure(C.Values, C.Sizes);
    EXPECT_EQ(With.Valid, Without.Valid) << With.Reason << "\n" << With.Log;
    EXPECT_EQ(With.Failure, Without.Failure) << With.Reason << "\n" << With.Log;
  }
  EXPECT_GE(Backend.builtAhead(), 2u);
  EXPECT_EQ(Backend.workerRestarts(), 0u);
  EXPECT_TRUE(hasLoaded(Backend.workerProcess(), "libcuda.so"));
  const std::optional<std::vector<pid_t>> OnAGpu = processesWithAGpuContext();
  if (!OnAGpu || OnAGpu->empty())
    GTEST_SKIP() << "NVML lists no process with a GPU context here (none, or another PID "
                    "namespace's): whether builders hold one is not known";
  EXPECT_TRUE(listed(*OnAGpu, Backend.workerProcess()));
  for (pid_t Builder : Backend.aheadProcesses()) {
    if (alive(Builder)) {
      EXPECT_FALSE(listed(*OnAGpu, Builder)) << "a builder holds a GPU context";
    }
  }
}

} // namespace
} // namespace atfc
