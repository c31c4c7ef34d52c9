//===- DeviceWorkerCommand.h - How the backend tests start a worker -*- C++ -*-===//
//
// The command that starts the tests' device worker: the one built beside
// the tests, or ATFC_TEST_DEVICE_WORKER's when set (scripts/gpu-check runs
// these tests from a bundle moved away from the build tree); a backend
// opened with it; the switches by which a test kernel makes its worker
// meet each failure a backend must survive; a SAXPY's gold file and what
// a backend writes again before each launch of a large one; and messageOf
// (MessageOf.h), which every backend test reads a refusal through.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TEST_UNIT_BACKENDS_DEVICEWORKERCOMMAND_H
#define ATFC_TEST_UNIT_BACKENDS_DEVICEWORKERCOMMAND_H

#include "DeviceBackends/DeviceBackend.h"
#include "DeviceBackends/DeviceWorker.h"
#include "ExpectValid.h"

#include "../MessageOf.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include <unistd.h>

namespace atfc {

inline std::vector<std::string> deviceWorkerCommand() {
  const char *Moved = std::getenv("ATFC_TEST_DEVICE_WORKER");
  return {Moved && *Moved ? Moved : ATF_DEVICE_WORKER, DeviceWorkerFlag};
}

/// The backend of Setup on Device, its worker started by
/// deviceWorkerCommand(); null, the test failed with the reason, when it
/// does not open.
inline std::unique_ptr<DeviceBackend> openOnWorker(const DeviceSelection &Device,
                                                   DeviceKernelSetup Setup) {
  Expected<std::unique_ptr<DeviceBackend>> Opened =
      DeviceBackend::open(Device, std::move(Setup), deviceWorkerCommand());
  EXPECT_TRUE(Opened.ok()) << (Opened ? "" : Opened.error().message());
  return Opened ? Opened.take() : nullptr;
}

/// The lines an OpenCL test kernel's body begins with (the kernel has an
/// int N > 0 and a __global float *y): defined as 1, BROKEN fails the build
/// on the body's second line, CRASH kills the worker with SIGSEGV (pocl
/// runs kernels in the worker's own threads), and HANG never returns.
inline constexpr const char *OpenCLFailureSwitches = R"(#if BROKEN
  this is not OpenCL;
#endif
#if CRASH
  *(__global volatile int *)(ulong)0x10 = 1;
#endif
#if HANG
  __global volatile float *Y = y;
  while (N > 0)
    Y[0] += 1.0f;
#endif
)";

/// A gold file of y = a * x + y for Setup's arguments (N, a, x, y, seeded
/// as the worker seeds them), computed here: one launch's result, which
/// every launch must give when it starts from the initial contents.
inline std::string writeSaxpyGold(const DeviceKernelSetup &Setup, const std::string &Name) {
  std::vector<unsigned char> A = initialContents(Setup.Arguments[1], 1, Setup.Seed);
  std::vector<unsigned char> X = initialContents(Setup.Arguments[2], 2, Setup.Seed);
  std::vector<unsigned char> Y = initialContents(Setup.Arguments[3], 3, Setup.Seed);
  float Alpha;
  std::memcpy(&Alpha, A.data(), sizeof Alpha);
  std::vector<float> Expected(Setup.Arguments[3].Count);
  for (std::size_t I = 0; I < Expected.size(); ++I) {
    float XI, YI;
    std::memcpy(&XI, X.data() + 4 * I, 4);
    std::memcpy(&YI, Y.data() + 4 * I, 4);
    Expected[I] = Alpha * XI + YI;
  }
  const std::string Gold = ::testing::TempDir() + Name + "-" + std::to_string(getpid()) + ".bin";
  std::ofstream Out(Gold, std::ios::binary);
  Out.write(reinterpret_cast<const char *>(Expected.data()),
            static_cast<std::streamsize>(Expected.size() * sizeof(float)));
  return Gold;
}

/// Setup, whose kernel computes y = a * x + y (and zeroes x where CLOBBER
/// is set), on Elements floats a buffer, one warm-up and three runs,
/// checked against the gold file of one launch (writeSaxpyGold, Name);
/// returns its path, which the test removes.
inline std::string largeSaxpyWithGold(DeviceKernelSetup &Setup, int Elements,
                                      const std::string &Name) {
  Setup.Arguments = {KernelArgument::scalar<std::int32_t>(Elements),
                     KernelArgument::randomScalar<float>(), KernelArgument::buffer<float>(Elements),
                     KernelArgument::buffer<float>(Elements)};
  Setup.Warmups = 1;
  Setup.Repetitions = 3;
  const std::string Gold = writeSaxpyGold(Setup, Name);
  CheckSetup Check;
  Check.GoldFile = Gold;
  Check.Tolerance = 1e-5; // the device may contract a * x + y into an fma
  Check.Buffers = {4};
  Setup.Check = Check;
  return Gold;
}

/// Measures largeSaxpyWithGold's kernel four times on Backend (buffers of
/// at least kCompareBeforeWriteBytes): each valid, with one positive cost,
/// and with the buffers written before its four launches and those found
/// unchanged on the device counted as they must be.
inline void expectOnlyChangedBuffersWritten(DeviceBackend &Backend, const LaunchSizes &Sizes) {
  auto Expect = [&](bool Clobber, const std::string &Counts) {
    Measurement M = Backend.measure({{"CLOBBER", Value(Clobber)}}, Sizes);
    test::expectValid(M);
    if (M.Valid) {
      ASSERT_EQ(M.Costs.size(), 1u);
      EXPECT_GT(M.Costs[0], 0);
    }
    EXPECT_NE(M.Log.find("buffers written before the launches " + Counts), std::string::npos)
        << M.Log;
  };
  // The first launch finds both buffers as allocated; x is unchanged
  // before the other three.
  Expect(false, "5, found unchanged on the device 3");
  Expect(false, "4, found unchanged on the device 4");
  // x zeroed by every launch is written again before the next (it was as
  // the last measurement left it before the first): still the gold result.
  Expect(true, "7, found unchanged on the device 1");
  // And after it, x (zeroed by its last launch) is written once more.
  Expect(false, "5, found unchanged on the device 3");
}

} // namespace atfc

#endif
