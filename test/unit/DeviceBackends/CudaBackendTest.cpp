//===- CudaBackendTest.cpp - The CUDA backend: NVRTC always, GPU if any ---===//
//
// Compiling with NVRTC needs no GPU and is tested wherever NVRTC is found
// at run time (CudaLibraries.h); this binary was built without any CUDA
// header or library. The launch tests need the driver (dlopen'ed) and a device;
// without them they skip with a message saying so.
//
//===----------------------------------------------------------------------===//
#include "BlankedExample.h"
#include "DeviceBackends/CudaCompiler.h"
#include "DeviceBackends/CudaLibraries.h"
#include "DeviceBackends/DeviceBackend.h"
#include "DeviceWorkerCommand.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iostream>

namespace atfc {
namespace {

const char *CudaSaxpySource = R"(// blanked directive line
extern "C" __global__ void saxpy(int N, float a, const float *x, float *y) {
#if BROKEN
  this is not CUDA;
#endif
#if CRASH
  *(volatile int *)0x10 = 1;
#endif
  for (int w = 0; w < WPT; ++w) {
    int i = (blockIdx.x * blockDim.x + threadIdx.x) * WPT + w;
    if (i < N)
#if WRONG
      y[i] = 0;
#else
      y[i] = a * x[i] + y[i];
#endif
  }
}
)";

TEST(CudaCompiler, CompilesToPtxWithDefinitions) {
  if (NvrtcStatus Nvrtc = nvrtcStatus(); !Nvrtc.ok())
    GTEST_SKIP() << Nvrtc.Error;
  CudaCompilation C = compileCudaKernel(CudaSaxpySource, "saxpy.cu", "saxpy", {"WPT=4"}, 0);
  ASSERT_TRUE(C.ok()) << C.Log;
  EXPECT_FALSE(C.IsCubin);
  EXPECT_EQ(C.LoweredName, "saxpy");
  EXPECT_NE(C.Image.find(".entry saxpy"), std::string::npos);
}

TEST(CudaCompiler, CompilesACubinForAnArchitecture) {
  if (NvrtcStatus Nvrtc = nvrtcStatus(); !Nvrtc.ok())
    GTEST_SKIP() << Nvrtc.Error;
  CudaCompilation C = compileCudaKernel(CudaSaxpySource, "saxpy.cu", "saxpy", {"WPT=2"}, 90);
  ASSERT_TRUE(C.ok()) << C.Log;
  EXPECT_TRUE(C.IsCubin);
  ASSERT_GE(C.Image.size(), 4u);
  EXPECT_EQ(C.Image.substr(0, 4), "\x7f"
                                  "ELF");
}

TEST(CudaCompiler, FindsAMangledKernel) {
  if (NvrtcStatus Nvrtc = nvrtcStatus(); !Nvrtc.ok())
    GTEST_SKIP() << Nvrtc.Error;
  CudaCompilation C = compileCudaKernel("__global__ void scale(float *x) { x[0] *= S; }",
                                        "scale.cu", "scale", {"S=2.5"}, 0);
  ASSERT_TRUE(C.ok()) << C.Log;
  EXPECT_EQ(C.LoweredName, "_Z5scalePf");
}

TEST(CudaCompiler, BuildErrorNamesTheFileAndLine) {
  if (NvrtcStatus Nvrtc = nvrtcStatus(); !Nvrtc.ok())
    GTEST_SKIP() << Nvrtc.Error;
  CudaCompilation C =
      compileCudaKernel(CudaSaxpySource, "saxpy.cu", "saxpy", {"WPT=1", "BROKEN=1"}, 0);
  EXPECT_EQ(C.Error, "build failed");
  EXPECT_NE(C.Log.find("saxpy.cu(4)"), std::string::npos) << C.Log;
}

TEST(CudaCompiler, CompilesTheSgemmExampleAtTheCornersOfItsSpace) {
  if (NvrtcStatus Nvrtc = nvrtcStatus(); !Nvrtc.ok())
    GTEST_SKIP() << Nvrtc.Error;
  const std::string Source = blankedExample(ATF_SOURCE_DIR "/examples/cuda-sgemm/sgemm.cu");
  ASSERT_NE(Source.find("sgemm("), std::string::npos);
  // The smallest and largest tiles, every vector width and unrolling.
  const std::vector<std::string> Names = {"MWG", "NWG", "KWG",  "MDIMC", "NDIMC",
                                          "VWA", "VWB", "PADA", "PADB",  "UNROLL"};
  const std::vector<std::vector<int>> Configurations = {{16, 16, 8, 8, 8, 1, 1, 0, 0, 1},
                                                        {128, 128, 32, 32, 32, 4, 4, 1, 1, 8},
                                                        {64, 32, 16, 8, 16, 2, 2, 0, 1, 4}};
  for (const std::vector<int> &Values : Configurations) {
    std::vector<std::string> Definitions;
    for (std::size_t I = 0; I < Names.size(); ++I)
      Definitions.push_back(Names[I] + "=" + std::to_string(Values[I]));
    CudaCompilation C = compileCudaKernel(Source, "sgemm.cu", "sgemm", Definitions, 90);
    EXPECT_TRUE(C.ok()) << Definitions[0] << " ...: " << C.Log;
    EXPECT_EQ(C.LoweredName, "sgemm");
  }
}

constexpr int Elements = 1 << 16;

DeviceKernelSetup cudaSaxpySetup() {
  DeviceKernelSetup Setup;
  Setup.Source = CudaSaxpySource;
  Setup.KernelName = "saxpy";
  Setup.FileName = "saxpy.cu";
  Setup.Arguments = {KernelArgument::scalar<std::int32_t>(Elements),
                     KernelArgument::randomScalar<float>(), KernelArgument::buffer<float>(Elements),
                     KernelArgument::buffer<float>(Elements)};
  Setup.Repetitions = 3;
  Setup.TimeoutSeconds = 60;
  CheckSetup Check;
  Check.Kind = CheckAgainst::ReferenceConfiguration;
  Setup.Check = Check;
  return Setup;
}

/// The backend on CUDA device 0, or null when this machine has none.
std::unique_ptr<DeviceBackend> openOrSkip(std::string &Why) {
  if (NvrtcStatus Nvrtc = nvrtcStatus(); !Nvrtc.ok()) {
    Why = Nvrtc.Error;
    return nullptr;
  }
  if (const CudaLibrary &Driver = cudaLibrary(CudaLibraryKind::Driver); !Driver.ok()) {
    Why = Driver.Error;
    return nullptr;
  }
  Expected<std::unique_ptr<DeviceBackend>> Opened =
      DeviceBackend::open(CudaDeviceSelection{0}, cudaSaxpySetup(), deviceWorkerCommand());
  if (!Opened.ok())
    Why = "no usable CUDA device: " + messageOf(Opened);
  return Opened.take();
}

ParameterValues cudaConfig(std::int64_t WPT, std::vector<NamedValue> Extra = {}) {
  ParameterValues Values{{"WPT", Value(WPT)}};
  Values.insert(Values.end(), Extra.begin(), Extra.end());
  return Values;
}

LaunchSizes launch(std::uint64_t WPT, std::uint64_t Block) {
  return {{Elements / WPT / Block}, {Block}};
}

TEST(CudaBackend, MeasuresAndChecksOnAGpu) {
  std::string Why;
  auto Backend = openOrSkip(Why);
  if (!Backend)
    GTEST_SKIP() << Why;
  EXPECT_GE(Backend->limits().MaxWorkGroupSize, 512u);
  EXPECT_GT(Backend->limits().MaxGridSize[0], 0u);
  Measurement Reference = Backend->measureReference(cudaConfig(1), launch(1, 256));
  ASSERT_TRUE(Reference.Valid) << Reference.Reason << "\n" << Reference.Log;
  Measurement M = Backend->measure(cudaConfig(4), launch(4, 128));
  EXPECT_TRUE(M.Valid) << M.Reason << "\n" << M.Log;
  Measurement Wrong = Backend->measure(cudaConfig(4, {{"WRONG", Value(true)}}), launch(4, 128));
  EXPECT_EQ(Wrong.Failure, FailureKind::WrongResult) << Wrong.Reason;
  Measurement Broken = Backend->measure(cudaConfig(4, {{"BROKEN", Value(true)}}), launch(4, 128));
  EXPECT_EQ(Broken.Failure, FailureKind::BuildFailed) << Broken.Reason;
  // More threads per block than any NVIDIA GPU allows.
  Measurement Illegal = Backend->measure(cudaConfig(1), {{16}, {4096}});
  EXPECT_EQ(Illegal.Failure, FailureKind::RunFailed);
  EXPECT_EQ(Illegal.Reason, "CUDA_ERROR_INVALID_VALUE") << Illegal.Log;
  EXPECT_TRUE(Backend->measure(cudaConfig(2), launch(2, 64)).Valid);
  EXPECT_EQ(Backend->workerRestarts(), 0u);
}

// As OpenCLBackend.OnlyBuffersALaunchChangedAreWrittenAgain: large
// buffers are compared on the GPU with copies of their initial contents,
// and only those a launch changed are written again.
TEST(CudaBackend, OnlyBuffersALaunchChangedAreWrittenAgain) {
  std::string Why;
  if (!openOrSkip(Why))
    GTEST_SKIP() << Why;
  constexpr int Big = 1 << 19; // 2 MiB of floats
  DeviceKernelSetup Setup = cudaSaxpySetup();
  Setup.Source = R"(extern "C" __global__ void saxpy(int N, float a, float *x, float *y) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) {
    y[i] = a * x[i] + y[i];
#if CLOBBER
    x[i] = 0;
#endif
  }
}
)";
  const std::string Gold = largeSaxpyWithGold(Setup, Big, "cuda-saxpy-big-gold");
  Expected<std::unique_ptr<DeviceBackend>> Backend =
      DeviceBackend::open(CudaDeviceSelection{0}, std::move(Setup), deviceWorkerCommand());
  ASSERT_TRUE(Backend) << messageOf(Backend);
  expectOnlyChangedBuffersWritten(**Backend, {{Big / 256}, {256}});
  EXPECT_EQ((*Backend)->workerRestarts(), 0u);
  std::remove(Gold.c_str());
}

TEST(CudaBackend, MeasuresEnergyWithNvml) {
  std::string Why;
  auto Probe = openOrSkip(Why);
  if (!Probe)
    GTEST_SKIP() << Why;
  Probe.reset();
  if (const CudaLibrary &Nvml = cudaLibrary(CudaLibraryKind::Nvml); !Nvml.ok())
    GTEST_SKIP() << Nvml.Error;
  DeviceKernelSetup Setup = cudaSaxpySetup();
  Setup.Costs = {KernelCost::Time, KernelCost::Energy};
  Expected<std::unique_ptr<DeviceBackend>> Backend =
      DeviceBackend::open(CudaDeviceSelection{0}, std::move(Setup), deviceWorkerCommand());
  ASSERT_TRUE(Backend) << messageOf(Backend);
  ASSERT_TRUE((*Backend)->measureReference(cudaConfig(1), launch(1, 256)).Valid);
  Measurement M = (*Backend)->measure(cudaConfig(4), launch(4, 128));
  ASSERT_TRUE(M.Valid) << M.Reason << "\n" << M.Log;
  ASSERT_EQ(M.Costs.size(), 2u);
  // A launch of microseconds on a GPU drawing tens to hundreds of watts.
  EXPECT_GT(M.Costs[0], 0);
  EXPECT_GT(M.Costs[1], 0) << M.Log;
  EXPECT_LT(M.Costs[1], 10) << M.Log;
  EXPECT_NE(M.Log.find("energy (J) per launch: "), std::string::npos) << M.Log;
  // For the GPU session's log (scripts/gpu-check keeps it).
  std::cout << "energy per launch " << M.Costs[1] << " J, " << M.Log << "\n";
}

TEST(CudaBackend, IllegalAddressEndsTheWorkerNotTheRun) {
  std::string Why;
  auto Backend = openOrSkip(Why);
  if (!Backend)
    GTEST_SKIP() << Why;
  ASSERT_TRUE(Backend->measureReference(cudaConfig(1), launch(1, 256)).Valid);
  Measurement Crashed = Backend->measure(cudaConfig(1, {{"CRASH", Value(true)}}), launch(1, 256));
  EXPECT_EQ(Crashed.Failure, FailureKind::Crashed) << Crashed.Reason << "\n" << Crashed.Log;
  EXPECT_EQ(Crashed.Reason, "crashed");
  Measurement Next = Backend->measure(cudaConfig(2), launch(2, 128));
  EXPECT_TRUE(Next.Valid) << Next.Reason << "\n" << Next.Log;
  EXPECT_EQ(Backend->workerRestarts(), 1u);
}

} // namespace
} // namespace atfc
