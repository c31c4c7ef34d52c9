//===- OpenCLLocalMemoryTest.cpp - Local arguments and half on pocl -------===//
//
// A sum reduction whose work-groups share a `__local` scratch sized per
// configuration, checked against sums computed here from the same seeded
// input; a configuration asking for more local memory than the device has
// is invalid with the reason and the next one runs; half arguments need
// cl_khr_fp16, and are refused before anything runs where it is missing.
//
//===----------------------------------------------------------------------===//
#include "DeviceBackends/DeviceBackend.h"
#include "DeviceWorkerCommand.h"
#include "ExpectValid.h"

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <unistd.h>

namespace atfc {
namespace {

// Work-group g sums x[g*CHUNK .. (g+1)*CHUNK) into sums[g], whatever WG is:
// each work-item adds a strided part into the local scratch, then a tree.
const char *ReductionSource = R"(// blanked directive line
__kernel void reduce(const int chunk, __global const float *x, __global float *sums,
                     __local float *scratch) {
  const int lid = get_local_id(0), g = get_group_id(0);
  float s = 0;
  for (int i = lid; i < chunk; i += WG)
    s += x[g * chunk + i];
  scratch[lid] = s;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int half_size = WG / 2; half_size > 0; half_size /= 2) {
    if (lid < half_size)
      scratch[lid] += scratch[lid + half_size];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0)
    sums[g] = scratch[0];
}
)";

constexpr int Groups = 8, Chunk = 512;

DeviceKernelSetup reductionSetup() {
  DeviceKernelSetup Setup;
  Setup.Source = ReductionSource;
  Setup.KernelName = "reduce";
  Setup.FileName = "reduce.cl";
  Setup.Arguments = {KernelArgument::scalar<std::int32_t>(Chunk),
                     KernelArgument::buffer<float>(Groups * Chunk),
                     KernelArgument::buffer<float>(Groups), KernelArgument::local<float>()};
  Setup.Warmups = 0;
  Setup.Repetitions = 2;
  Setup.Seed = 11;
  return Setup;
}

LaunchSizes reductionSizes(std::uint64_t WG, std::uint64_t ScratchCount) {
  return {{Groups * WG}, {WG}, {ScratchCount}};
}

using test::expectValid;

TEST(OpenCLLocalMemory, ReductionWithLocalScratchMatchesTheHostsSums) {
  DeviceKernelSetup Setup = reductionSetup();
  std::vector<unsigned char> X = initialContents(Setup.Arguments[1], 1, Setup.Seed);
  std::vector<float> Sums(Groups, 0.0f);
  for (int G = 0; G < Groups; ++G) {
    double Sum = 0;
    for (int I = 0; I < Chunk; ++I) {
      float V;
      std::memcpy(&V, X.data() + 4 * (G * Chunk + I), 4);
      Sum += V;
    }
    Sums[G] = static_cast<float>(Sum);
  }
  const std::string Gold = ::testing::TempDir() + "reduce-gold-" + std::to_string(getpid());
  {
    std::ofstream Out(Gold, std::ios::binary);
    Out.write(reinterpret_cast<const char *>(Sums.data()), Groups * sizeof(float));
  }
  CheckSetup Check;
  Check.GoldFile = Gold;
  Check.Tolerance = 1e-3;
  Check.Buffers = {3};
  Setup.Check = Check;
  Expected<std::unique_ptr<DeviceBackend>> Opened =
      DeviceBackend::open(OpenCLDeviceSelection{}, Setup, deviceWorkerCommand());
  ASSERT_TRUE(Opened.ok()) << messageOf(Opened);
  std::unique_ptr<DeviceBackend> Backend = Opened.take();
  for (std::int64_t WG : {1, 4, 32})
    expectValid(
        Backend->measure({{"WG", Value(WG)}}, reductionSizes(static_cast<std::uint64_t>(WG),
                                                             static_cast<std::uint64_t>(WG))));
  // A scratch larger than the kernel uses is fine.
  expectValid(Backend->measure({{"WG", Value(std::int64_t(8))}}, reductionSizes(8, 9)));

  // More than the device has: invalid, and the run goes on.
  const std::uint64_t TooMany = Backend->limits().LocalMemorySize / sizeof(float) + 1;
  Measurement Refused =
      Backend->measure({{"WG", Value(std::int64_t(4))}}, reductionSizes(4, TooMany));
  EXPECT_FALSE(Refused.Valid);
  EXPECT_EQ(Refused.Reason, "too much local memory");
  EXPECT_NE(Refused.Log.find("the device has " + std::to_string(Backend->limits().LocalMemorySize)),
            std::string::npos)
      << Refused.Log;
  Measurement Empty = Backend->measure({{"WG", Value(std::int64_t(4))}}, reductionSizes(4, 0));
  EXPECT_EQ(Empty.Reason, "local argument of no elements");
  expectValid(Backend->measure({{"WG", Value(std::int64_t(16))}}, reductionSizes(16, 16)));
  EXPECT_EQ(Backend->workerRestarts(), 0u);
  std::remove(Gold.c_str());
}

const char *HalfSource = R"(// blanked directive line
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void scale(const half a, __global half *x) {
  x[get_global_id(0)] = a * x[get_global_id(0)];
}
)";

TEST(OpenCLLocalMemory, HalfNeedsTheDevicesFp16Extension) {
  DeviceKernelSetup Setup;
  Setup.Source = HalfSource;
  Setup.KernelName = "scale";
  Setup.FileName = "scale.cl";
  Setup.Arguments = {KernelArgument::scalar<half>(1.5), KernelArgument::buffer<half>(256)};
  Expected<std::unique_ptr<DeviceBackend>> Opened =
      DeviceBackend::open(OpenCLDeviceSelection{}, Setup, deviceWorkerCommand());
  if (!Opened) {
    // pocl's CPU device reports no cl_khr_fp16 on most builds.
    EXPECT_NE(messageOf(Opened).find("does not support half precision: cl_khr_fp16 is not among "
                                     "its extensions"),
              std::string::npos)
        << messageOf(Opened);
    return;
  }
  std::unique_ptr<DeviceBackend> Backend = Opened.take();
  expectValid(Backend->measure({}, {{256}, {}}));
}

} // namespace
} // namespace atfc
