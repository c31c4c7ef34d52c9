//===- CudaSharedMemoryTest.cpp - Dynamic shared memory and __half in CUDA ===//
//
// The reduction and half examples compile with NVRTC wherever it is found
// (no GPU needed). Where a GPU is lent, the reduction runs with dynamic
// shared memory sized per launch, past the 48 KiB default too (atfc raises
// the kernel's limit first), a launch asking for more than the device has
// is invalid with the reason, and a __half kernel is measured and checked.
//
//===----------------------------------------------------------------------===//
#include "BlankedExample.h"
#include "DeviceBackends/CudaCompiler.h"
#include "DeviceBackends/CudaLibraries.h"
#include "DeviceBackends/DeviceBackend.h"
#include "DeviceWorkerCommand.h"

#include <gtest/gtest.h>

#include <fstream>

namespace atfc {
namespace {

TEST(CudaSharedMemory, ReductionExampleCompilesWithExternShared) {
  if (NvrtcStatus Nvrtc = nvrtcStatus(); !Nvrtc.ok())
    GTEST_SKIP() << Nvrtc.Error;
  const std::string Source = blankedExample(ATF_SOURCE_DIR "/examples/reduction/reduction.cu");
  ASSERT_NE(Source.find("extern __shared__ float scratch[];"), std::string::npos);
  for (const char *BS : {"BS=32", "BS=1024"}) {
    CudaCompilation C = compileCudaKernel(Source, "reduction.cu", "reduce", {BS, "ELEMS=4"}, 90);
    EXPECT_TRUE(C.ok()) << C.Error << "\n" << C.Log;
  }
}

TEST(CudaSharedMemory, HalfExampleCompilesWithCudaFp16) {
  if (NvrtcStatus Nvrtc = nvrtcStatus(); !Nvrtc.ok())
    GTEST_SKIP() << Nvrtc.Error;
  const std::string Source = blankedExample(ATF_SOURCE_DIR "/examples/half/axpy_half.cu");
  CudaCompilation C = compileCudaKernel(Source, "axpy_half.cu", "axpy", {"WPT=2", "BS=64"}, 90);
  EXPECT_TRUE(C.ok()) << C.Error << "\n" << C.Log;
  // Without the header, __half is unknown: the user's include is needed.
  std::string Without = Source;
  Without.replace(Without.find("#include <cuda_fp16.h>"), 22, "");
  CudaCompilation Missing =
      compileCudaKernel(Without, "axpy_half.cu", "axpy", {"WPT=2", "BS=64"}, 90);
  EXPECT_FALSE(Missing.ok());
}

// One block reduces COUNT floats through dynamic shared memory of COUNT
// floats (COUNT a multiple of the block size); the sum lands in out[0].
const char *SharedSource = R"(// blanked directive line
extern "C" __global__ void sum(const float *x, float *out) {
  extern __shared__ float s[];
  for (int i = threadIdx.x; i < COUNT; i += blockDim.x)
    s[i] = x[i];
  __syncthreads();
  if (threadIdx.x == 0) {
    float t = 0;
    for (int i = 0; i < COUNT; ++i)
      t += s[i];
    out[0] = t;
  }
}
)";

/// The backend on CUDA device 0 for Setup, or null (Why says why).
std::unique_ptr<DeviceBackend> openSetupOrSkip(DeviceKernelSetup Setup, std::string &Why) {
  if (NvrtcStatus Nvrtc = nvrtcStatus(); !Nvrtc.ok()) {
    Why = Nvrtc.Error;
    return nullptr;
  }
  if (const CudaLibrary &Driver = cudaLibrary(CudaLibraryKind::Driver); !Driver.ok()) {
    Why = Driver.Error;
    return nullptr;
  }
  Expected<std::unique_ptr<DeviceBackend>> Opened =
      DeviceBackend::open(CudaDeviceSelection{0}, std::move(Setup), deviceWorkerCommand());
  if (!Opened.ok())
    Why = "no usable CUDA device: " + messageOf(Opened);
  return Opened.take();
}

TEST(CudaSharedMemory, DynamicSharedMemoryPastTheDefaultOnAGpu) {
  constexpr std::int64_t Count = 24 * 1024; // 96 KiB of floats: past the 48 KiB default
  DeviceKernelSetup Setup;
  Setup.Source = SharedSource;
  Setup.KernelName = "sum";
  Setup.FileName = "sum.cu";
  Setup.Arguments = {KernelArgument::buffer<float>(Count), KernelArgument::buffer<float>(1)};
  Setup.Repetitions = 2;
  Setup.TimeoutSeconds = 60;
  CheckSetup Check;
  Check.Kind = CheckAgainst::ReferenceConfiguration;
  Check.Tolerance = 1e-2;
  Check.Buffers = {2};
  Setup.Check = Check;
  std::string Why;
  auto Backend = openSetupOrSkip(Setup, Why);
  if (!Backend)
    GTEST_SKIP() << Why;
  const std::uint64_t Limit = Backend->limits().LocalMemorySize;
  ASSERT_GT(Limit, 48u * 1024) << "every GPU since Volta may opt in to more";
  auto Launch = [](std::int64_t Bytes) { return LaunchSizes{{1}, {256}, {}, Bytes}; };
  auto Values = [](std::int64_t C) { return ParameterValues{{"COUNT", Value(C)}}; };
  Measurement Small = Backend->measureReference(Values(Count), Launch(Count * 4));
  ASSERT_TRUE(Small.Valid) << Small.Reason << "\n" << Small.Log;
  Measurement Large = Backend->measure(Values(Count), Launch(Count * 4));
  EXPECT_TRUE(Large.Valid) << Large.Reason << "\n" << Large.Log;
  Measurement Refused =
      Backend->measure(Values(Count), Launch(static_cast<std::int64_t>(Limit) + 4));
  EXPECT_FALSE(Refused.Valid);
  EXPECT_EQ(Refused.Reason, "too much shared memory") << Refused.Log;
  Measurement Negative = Backend->measure(Values(Count), Launch(-4));
  EXPECT_EQ(Negative.Reason, "negative shared memory size");
  EXPECT_TRUE(Backend->measure(Values(Count), Launch(Count * 4)).Valid);
  EXPECT_EQ(Backend->workerRestarts(), 0u);
}

TEST(CudaSharedMemory, HalfKernelOnAGpu) {
  DeviceKernelSetup Setup;
  Setup.Source = blankedExample(ATF_SOURCE_DIR "/examples/half/axpy_half.cu");
  Setup.KernelName = "axpy";
  Setup.FileName = "axpy_half.cu";
  constexpr int N = 4096;
  Setup.Arguments = {KernelArgument::scalar<std::int32_t>(N), KernelArgument::scalar<half>(1.5),
                     KernelArgument::buffer<half>(N), KernelArgument::buffer<half>(N)};
  Setup.TimeoutSeconds = 60;
  CheckSetup Check;
  Check.Kind = CheckAgainst::ReferenceConfiguration;
  Check.Tolerance = 1e-2;
  Check.Buffers = {4};
  Setup.Check = Check;
  std::string Why;
  auto Backend = openSetupOrSkip(Setup, Why);
  if (!Backend)
    GTEST_SKIP() << Why;
  auto Values = [](std::int64_t WPT, std::int64_t BS) {
    return ParameterValues{{"WPT", Value(WPT)}, {"BS", Value(BS)}};
  };
  Measurement Reference = Backend->measureReference(Values(1, 32), LaunchSizes{{N / 32}, {32}});
  ASSERT_TRUE(Reference.Valid) << Reference.Reason << "\n" << Reference.Log;
  Measurement M = Backend->measure(Values(4, 128), LaunchSizes{{N / 4 / 128}, {128}});
  EXPECT_TRUE(M.Valid) << M.Reason << "\n" << M.Log;
}

} // namespace
} // namespace atfc
