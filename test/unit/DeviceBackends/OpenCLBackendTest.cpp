//===- OpenCLBackendTest.cpp - The OpenCL backend on a real device --------===//
//
// Measures real kernels on pocl's CPU device through the worker process:
// SAXPY with a reference and a gold-file check, a wrong kernel, a build
// error, an illegal local size, a kernel that crashes the worker and one
// that hangs; after each failure the next configuration is measured
// normally. The worker is atfc-device-worker-test (DeviceWorkerMain.cpp).
//
//===----------------------------------------------------------------------===//
#include "DeviceBackends/DeviceBackend.h"
#include "DeviceBackends/KernelDevice.h"
#include "DeviceWorkerCommand.h"
#include "ExpectValid.h"
#include "KernelData/NumpyArray.h"
#include "Support/CStringLiteral.h"
#include "Support/SplitMix64.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <signal.h>
#include <thread>
#include <unistd.h>

namespace atfc {
namespace {

// One work-item computes WPT elements. WRONG, BROKEN, CRASH and HANG turn
// it into the failures under test.
const std::string SaxpySource = std::string(R"(// blanked directive line
__kernel void saxpy(const int N, const float a, __global const float *x,
                    __global float *y) {
)") + OpenCLFailureSwitches + R"(  for (int w = 0; w < WPT; ++w) {
    const int i = get_global_id(0) * WPT + w;
    if (i < N)
#if WRONG
      y[i] = 0;
#else
      y[i] = a * x[i] + y[i];
#endif
  }
}
)";

constexpr int N = 4096;

DeviceKernelSetup saxpySetup() {
  DeviceKernelSetup Setup;
  Setup.Source = SaxpySource;
  Setup.KernelName = "saxpy";
  Setup.FileName = "saxpy.cl";
  Setup.Arguments = {KernelArgument::scalar<std::int32_t>(N), KernelArgument::randomScalar<float>(),
                     KernelArgument::buffer<float>(N), KernelArgument::buffer<float>(N)};
  Setup.Warmups = 1;
  Setup.Repetitions = 3;
  Setup.Seed = 7;
  return Setup;
}

ParameterValues config(std::int64_t WPT, std::vector<NamedValue> Extra = {}) {
  ParameterValues Values{{"WPT", Value(WPT)}};
  Values.insert(Values.end(), Extra.begin(), Extra.end());
  return Values;
}

LaunchSizes sizes(std::uint64_t WPT, std::uint64_t Local) { return {{N / WPT}, {Local}}; }

OpenCLDeviceSelection anyDevice() { return {}; }

std::unique_ptr<DeviceBackend> openSaxpy(DeviceKernelSetup Setup) {
  return openOnWorker(anyDevice(), std::move(Setup));
}

CheckSetup referenceCheck() {
  CheckSetup Check;
  Check.Kind = CheckAgainst::ReferenceConfiguration;
  return Check;
}

/// Valid, with one positive cost.
void expectValidWithACost(const Measurement &M) {
  test::expectValid(M);
  if (M.Valid) {
    ASSERT_EQ(M.Costs.size(), 1u);
    EXPECT_GT(M.Costs[0], 0);
  }
}

TEST(OpenCLBackend, ReadsDeviceLimits) {
  auto Backend = openSaxpy(saxpySetup());
  ASSERT_TRUE(Backend);
  const DeviceLimits &Limits = Backend->limits();
  EXPECT_GT(Limits.MaxWorkGroupSize, 0u);
  EXPECT_GT(Limits.MaxWorkItemSizes[0], 0u);
  EXPECT_LE(Limits.MaxWorkItemSizes[0], std::max<std::uint64_t>(Limits.MaxWorkGroupSize, 1u << 20));
  EXPECT_GT(Limits.LocalMemorySize, 0u);
  EXPECT_EQ(Limits.MaxGridSize[0], 0u);
  EXPECT_FALSE(Backend->deviceDescription().empty());
}

TEST(OpenCLBackend, SelectsDevicesByVendorAndType) {
  OpenCLDeviceSelection Pocl;
  Pocl.Vendor = "POCL"; // the platform vendor is "The pocl project"
  Pocl.Type = "CPU";
  Expected<std::unique_ptr<DeviceBackend>> Opened =
      DeviceBackend::open(Pocl, saxpySetup(), deviceWorkerCommand());
  EXPECT_TRUE(Opened.ok()) << messageOf(Opened);

  OpenCLDeviceSelection Missing;
  Missing.Vendor = "no such vendor";
  Opened = DeviceBackend::open(Missing, saxpySetup(), deviceWorkerCommand());
  EXPECT_NE(messageOf(Opened).find("no OpenCL device 0 with vendor \"no such vendor\""),
            std::string::npos)
      << messageOf(Opened);

  OpenCLDeviceSelection ById;
  ById.PlatformId = 99;
  Opened = DeviceBackend::open(ById, saxpySetup(), deviceWorkerCommand());
  EXPECT_NE(messageOf(Opened).find("no OpenCL platform 99"), std::string::npos)
      << messageOf(Opened);
}

TEST(OpenCLBackend, ADeviceNotFoundIsAtItsDirectiveWithTheDevicesThereAre) {
  // The worker finds no device; its error crosses back with the place of
  // the selecting directive and the devices it found.
  OpenCLDeviceSelection Missing;
  Missing.Vendor = "no such vendor";
  Missing.Directive = {"saxpy.cl", 3, 1};
  Expected<std::unique_ptr<DeviceBackend>> Opened =
      DeviceBackend::open(Missing, saxpySetup(), deviceWorkerCommand());
  ASSERT_FALSE(Opened.ok());
  EXPECT_EQ(Opened.error().location(), (SourceLocation{"saxpy.cl", 3, 1}));
  const std::string Message = messageOf(Opened);
  EXPECT_NE(Message.find("; found: platform 0 \"Portable Computing Language\" (vendor \"The "
                         "pocl project\"): device 0 \""),
            std::string::npos)
      << Message;
  EXPECT_NE(Message.find("type CPU)"), std::string::npos) << Message;
  EXPECT_EQ(Message.find("found:"), Message.rfind("found:")) << Message;
}

TEST(OpenCLBackend, SaxpyPassesTheReferenceCheck) {
  DeviceKernelSetup Setup = saxpySetup();
  Setup.Check = referenceCheck();
  auto Backend = openSaxpy(Setup);
  ASSERT_TRUE(Backend);
  expectValidWithACost(Backend->measureReference(config(1), sizes(1, 16)));
  for (std::uint64_t WPT : {2, 4, 8}) {
    Measurement M = Backend->measure(config(WPT), sizes(WPT, 8));
    expectValidWithACost(M);
    EXPECT_NE(M.Log.find("median"), std::string::npos) << M.Log;
    EXPECT_GT(M.CompileSeconds, 0);
  }
  EXPECT_EQ(Backend->workerRestarts(), 0u);
}

TEST(OpenCLBackend, WrongKernelIsRejectedByTheCheck) {
  DeviceKernelSetup Setup = saxpySetup();
  Setup.Check = referenceCheck();
  auto Backend = openSaxpy(Setup);
  ASSERT_TRUE(Backend);
  expectValidWithACost(Backend->measureReference(config(1), sizes(1, 16)));
  Measurement Wrong = Backend->measure(config(2, {{"WRONG", Value(true)}}), sizes(2, 8));
  EXPECT_FALSE(Wrong.Valid);
  EXPECT_EQ(Wrong.Failure, FailureKind::WrongResult);
  // y = a * x + y is never 0 here: x and y lie in [0, 1), and a in (0, 1).
  EXPECT_EQ(Wrong.Reason.rfind("buffer 4[", 0), 0u) << Wrong.Reason;
  expectValidWithACost(Backend->measure(config(2), sizes(2, 8)));
}

TEST(OpenCLBackend, MeasureBeforeTheReferenceIsAWrongResult) {
  DeviceKernelSetup Setup = saxpySetup();
  Setup.Check = referenceCheck();
  auto Backend = openSaxpy(Setup);
  ASSERT_TRUE(Backend);
  Measurement M = Backend->measure(config(1), sizes(1, 16));
  EXPECT_EQ(M.Failure, FailureKind::WrongResult);
  EXPECT_EQ(M.Reason, "no expected results");
}

TEST(OpenCLBackend, GoldFileCheck) {
  DeviceKernelSetup Setup = saxpySetup();
  // The expected y, computed here from the same seeded inputs.
  std::vector<unsigned char> A = initialContents(Setup.Arguments[1], 1, Setup.Seed);
  float Alpha;
  std::memcpy(&Alpha, A.data(), sizeof Alpha);
  EXPECT_GT(Alpha, 0.0f);
  EXPECT_LT(Alpha, 1.0f);
  const std::string Gold = writeSaxpyGold(Setup, "saxpy-gold");
  CheckSetup Check;
  Check.GoldFile = Gold;
  Check.Tolerance = 1e-5; // the device may contract a * x + y into an fma
  Check.Buffers = {4};
  Setup.Check = Check;
  auto Backend = openSaxpy(Setup);
  ASSERT_TRUE(Backend);
  expectValidWithACost(Backend->measure(config(4), sizes(4, 16)));
  Measurement Wrong = Backend->measure(config(4, {{"WRONG", Value(true)}}), sizes(4, 16));
  EXPECT_EQ(Wrong.Failure, FailureKind::WrongResult) << Wrong.Reason;

  // A gold file of the wrong size is refused when the backend opens.
  Check.Buffers = {3, 4};
  Setup.Check = Check;
  auto Refused = DeviceBackend::open(anyDevice(), Setup, deviceWorkerCommand());
  EXPECT_NE(messageOf(Refused).find("holds 16384 bytes, but the checked buffers need 32768"),
            std::string::npos)
      << messageOf(Refused);
  std::remove(Gold.c_str());
}

// Buffers of at least kCompareBeforeWriteBytes are compared on the device
// with a copy of their initial contents before a launch, and written only
// where the last launch changed them: x stays, y (and x, where CLOBBER has
// the kernel zero it after use) is written again. Every launch still
// starts from the initial contents: the gold result is one launch's.
TEST(OpenCLBackend, OnlyBuffersALaunchChangedAreWrittenAgain) {
  constexpr int Big = 1 << 19; // 2 MiB of floats
  static_assert(Big * sizeof(float) >= kCompareBeforeWriteBytes);
  DeviceKernelSetup Setup = saxpySetup();
  Setup.Source = R"(__kernel void saxpy(const int N, const float a, __global float *x,
                    __global float *y) {
  const int i = get_global_id(0);
  if (i < N) {
    y[i] = a * x[i] + y[i];
#if CLOBBER
    x[i] = 0;
#endif
  }
}
)";
  const std::string Gold = largeSaxpyWithGold(Setup, Big, "saxpy-big-gold");
  auto Backend = openSaxpy(Setup);
  ASSERT_TRUE(Backend);
  expectOnlyChangedBuffersWritten(*Backend, {{Big}, {64}});
  std::remove(Gold.c_str());
}

TEST(OpenCLBackend, BuildErrorThenNextConfiguration) {
  auto Backend = openSaxpy(saxpySetup());
  ASSERT_TRUE(Backend);
  Measurement Broken = Backend->measure(config(2, {{"BROKEN", Value(true)}}), sizes(2, 8));
  EXPECT_FALSE(Broken.Valid);
  EXPECT_EQ(Broken.Failure, FailureKind::BuildFailed);
  EXPECT_EQ(Broken.Reason, "build failed");
  EXPECT_NE(Broken.Log.find("CL_BUILD_PROGRAM_FAILURE"), std::string::npos) << Broken.Log;
  // The build log names the user's file and line (line 5 of the source).
  EXPECT_NE(Broken.Log.find("saxpy.cl:5"), std::string::npos) << Broken.Log;
  // What pocl's compiler prints to the worker's stderr (not in the build
  // log) is captured into the log instead of reaching the terminal.
  EXPECT_NE(Broken.Log.find("1 error generated."), std::string::npos) << Broken.Log;
  expectValidWithACost(Backend->measure(config(2), sizes(2, 8)));
  EXPECT_EQ(Backend->workerRestarts(), 0u);
}

TEST(OpenCLBackend, ArgumentsThatDoNotFitTheKernelAreNamedBeforeItRuns) {
  // x given as doubles where the kernel reads floats: OpenCL would take
  // the buffer and compute garbage.
  DeviceKernelSetup Doubles = saxpySetup();
  Doubles.Arguments[2] = KernelArgument::buffer<double>(N);
  auto Backend = openSaxpy(Doubles);
  ASSERT_TRUE(Backend);
  Measurement M = Backend->measure(config(2), sizes(2, 8));
  EXPECT_FALSE(M.Valid);
  EXPECT_EQ(M.Failure, FailureKind::BuildFailed);
  EXPECT_EQ(M.Reason, "wrong kernel arguments");
  EXPECT_NE(M.Log.find("kernel argument 3 is buffer<double>(4096); saxpy's parameter 3 (x) is "
                       "`__global float*`"),
            std::string::npos)
      << M.Log;
  // One argument too few.
  DeviceKernelSetup Three = saxpySetup();
  Three.Arguments.pop_back();
  Backend = openSaxpy(Three);
  ASSERT_TRUE(Backend);
  M = Backend->measure(config(2), sizes(2, 8));
  EXPECT_EQ(M.Reason, "wrong kernel arguments");
  EXPECT_NE(M.Log.find("saxpy has 4 parameters; 3 arguments are given"), std::string::npos)
      << M.Log;
}

TEST(OpenCLBackend, IllegalLocalSizeThenNextConfiguration) {
  auto Backend = openSaxpy(saxpySetup());
  ASSERT_TRUE(Backend);
  // 3 does not divide the global size 2048.
  Measurement Illegal = Backend->measure(config(2), sizes(2, 3));
  EXPECT_FALSE(Illegal.Valid);
  EXPECT_EQ(Illegal.Failure, FailureKind::RunFailed);
  EXPECT_EQ(Illegal.Reason, "CL_INVALID_WORK_GROUP_SIZE") << Illegal.Log;
  // Larger than the device allows.
  std::uint64_t TooLarge = Backend->limits().MaxWorkGroupSize * 2;
  Illegal = Backend->measure(config(1), {{TooLarge * 2}, {TooLarge}});
  EXPECT_EQ(Illegal.Failure, FailureKind::RunFailed);
  EXPECT_NE(Illegal.Reason.find("CL_INVALID_WORK"), std::string::npos) << Illegal.Reason;
  expectValidWithACost(Backend->measure(config(2), sizes(2, 8)));
  EXPECT_EQ(Backend->workerRestarts(), 0u);
}

TEST(OpenCLBackend, CrashingKernelThenNextConfiguration) {
  auto Backend = openSaxpy(saxpySetup());
  ASSERT_TRUE(Backend);
  pid_t First = Backend->workerProcess();
  Measurement Crashed = Backend->measure(config(2, {{"CRASH", Value(true)}}), sizes(2, 8));
  EXPECT_FALSE(Crashed.Valid);
  EXPECT_EQ(Crashed.Failure, FailureKind::Crashed);
  EXPECT_EQ(Crashed.Reason, "crashed");
#ifdef __SANITIZE_ADDRESS__
  // AddressSanitizer's handler turns the SIGSEGV into exit status 1.
  EXPECT_EQ(Crashed.Log.rfind("the device worker ", 0), 0u) << Crashed.Log;
#else
  EXPECT_NE(Crashed.Log.find("died of signal"), std::string::npos) << Crashed.Log;
#endif
  EXPECT_EQ(Backend->workerProcess(), -1);
  expectValidWithACost(Backend->measure(config(2), sizes(2, 8)));
  EXPECT_EQ(Backend->workerRestarts(), 1u);
  EXPECT_NE(Backend->workerProcess(), First);
}

TEST(OpenCLBackend, CrashedWorkerKeepsTheReference) {
  DeviceKernelSetup Setup = saxpySetup();
  Setup.Check = referenceCheck();
  auto Backend = openSaxpy(Setup);
  ASSERT_TRUE(Backend);
  expectValidWithACost(Backend->measureReference(config(1), sizes(1, 16)));
  Backend->crashWorkerForTesting();
  Measurement Crashed = Backend->measure(config(2), sizes(2, 8));
  EXPECT_EQ(Crashed.Failure, FailureKind::Crashed);
  // The fresh worker got the reference's outputs with its setup.
  expectValidWithACost(Backend->measure(config(2), sizes(2, 8)));
  Measurement Wrong = Backend->measure(config(2, {{"WRONG", Value(true)}}), sizes(2, 8));
  EXPECT_EQ(Wrong.Failure, FailureKind::WrongResult);
  EXPECT_EQ(Backend->workerRestarts(), 1u);
}

TEST(OpenCLBackend, HangingKernelTimesOutThenNextConfiguration) {
  DeviceKernelSetup Setup = saxpySetup();
  Setup.TimeoutSeconds = 2;
  auto Backend = openSaxpy(Setup);
  ASSERT_TRUE(Backend);
  // Built once before, so that the build after the restart comes from
  // pocl's cache and the 2 s are the kernel's.
  expectValidWithACost(Backend->measure(config(2), sizes(2, 8)));
  pid_t Hung = Backend->workerProcess();
  Measurement TimedOut = Backend->measure(config(2, {{"HANG", Value(true)}}), sizes(2, 8));
  EXPECT_FALSE(TimedOut.Valid);
  EXPECT_EQ(TimedOut.Failure, FailureKind::TimedOut);
  EXPECT_EQ(TimedOut.Reason, "timed out");
  // The summary shows this line: seconds as written, not "2.000000".
  EXPECT_TRUE(TimedOut.Log.starts_with("killed the device worker after 2 s\n") ||
              TimedOut.Log == "killed the device worker after 2 s")
      << TimedOut.Log;
  // The hung worker is gone, not left spinning.
  EXPECT_EQ(kill(Hung, 0), -1);
  expectValidWithACost(Backend->measure(config(2), sizes(2, 8)));
  EXPECT_EQ(Backend->workerRestarts(), 1u);
}

TEST(OpenCLBackend, InterruptStopsAHangingKernel) {
  auto Backend = openSaxpy(saxpySetup()); // no timeout
  ASSERT_TRUE(Backend);
  std::atomic<bool> Stopped = false;
  std::thread Interrupter([&] {
    // Until the hanging measurement is in flight, interrupt() does nothing.
    while (!Stopped) {
      Backend->interrupt();
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  });
  Measurement M = Backend->measure(config(2, {{"HANG", Value(true)}}), sizes(2, 8));
  Stopped = true;
  Interrupter.join();
  EXPECT_EQ(M.Failure, FailureKind::RunFailed);
  EXPECT_EQ(M.Reason, "interrupted");
  expectValidWithACost(Backend->measure(config(2), sizes(2, 8)));
  EXPECT_EQ(Backend->workerRestarts(), 1u);
}

TEST(OpenCLBackend, StringValuesReachTheKernelIntact) {
  // OpenCL implementations split build options at white space and take
  // quotes away, so a value given as "-D S=..." would arrive cut up. The
  // kernel builds only when S has its exact length (LEN, with the
  // terminator): the chosen strings, then random ones of any byte but 0
  // (quotes, backslashes, new lines, '#', "??=", bytes past 127).
  DeviceKernelSetup Setup = saxpySetup();
  Setup.Source = "constant char Text[] = S;\n"
                 "typedef char TextIsIntact[sizeof(Text) == LEN ? 1 : -1];\n" +
                 Setup.Source;
  auto Backend = openSaxpy(Setup);
  ASSERT_TRUE(Backend);
  std::vector<std::string> Texts = {"two words", "  lead, tabs\tand \"quotes\"\\ -D X=1 ", "",
                                    "?"
                                    "?= ?"
                                    "?/ #define S 1\n#error x"};
  SplitMix64 Random{3};
  for (int I = 0; I < 12; ++I) {
    std::string Text(Random.next() % 40, ' ');
    for (char &C : Text)
      C = static_cast<char>(1 + Random.next() % 255);
    Texts.push_back(Text);
  }
  for (const std::string &Text : Texts) {
    const Measurement M = Backend->measure(
        config(2, {{"S", Value(Text)}, {"LEN", Value(std::int64_t(Text.size() + 1))}}),
        sizes(2, 8));
    EXPECT_TRUE(M.Valid) << cStringLiteral(Text) << ": " << M.Reason << "\n" << M.Log;
  }
}

TEST(OpenCLBackend, DefinitionsAreCSource) {
  ParameterValues Values{{"A", Value(std::int64_t(-3))},
                         {"B", Value(true)},
                         {"C", Value(0.5)},
                         {"D", Value(std::uint64_t(7))}};
  EXPECT_EQ(kernelDefinitions(Values), (std::vector<std::string>{"A=-3", "B=1", "C=0.5", "D=7u"}));
}

TEST(OpenCLBackend, WorkerThatCannotStart) {
  Expected<std::unique_ptr<DeviceBackend>> Opened =
      DeviceBackend::open(anyDevice(), saxpySetup(), {"/nonexistent/worker"});
  EXPECT_FALSE(Opened.ok());
  EXPECT_NE(messageOf(Opened).find("/nonexistent/worker"), std::string::npos) << messageOf(Opened);
}

} // namespace
} // namespace atfc

namespace atfc {
namespace {

// A restarted worker reads the data files again: one changed since the run
// began (its digest, taken when the tuner checked it, no longer matches)
// is refused with the reason, never measured under the old results key.
TEST(OpenCLBackend, RestartedWorkerRefusesADataFileChangedMidRun) {
  const std::string Path = ::testing::TempDir() + "/x-" + std::to_string(getpid()) + ".bin";
  std::vector<float> X(N, 0.5f);
  auto Write = [&] {
    std::ofstream(Path, std::ios::binary)
        .write(reinterpret_cast<const char *>(X.data()),
               static_cast<std::streamsize>(X.size() * sizeof(float)));
  };
  Write();
  DeviceKernelSetup Setup = saxpySetup();
  Setup.Arguments[2] = Setup.Arguments[2].withData(Path, 3, 1);
  Expected<DataFileLayout> Layout = inspectDataFile(Path, Path, ElementType::Float, N);
  ASSERT_TRUE(Layout.ok()) << Layout.error().message();
  Setup.Arguments[2].DataDigest = Layout->Digest;
  auto Backend = openSaxpy(Setup);
  ASSERT_TRUE(Backend);
  expectValidWithACost(Backend->measure(config(2), sizes(2, 8)));

  X[N / 2] = 2.5f; // same size, other data
  Write();
  Backend->crashWorkerForTesting();
  Measurement Crashed = Backend->measure(config(2), sizes(2, 8));
  EXPECT_FALSE(Crashed.Valid);
  Measurement Refused = Backend->measure(config(2), sizes(2, 8));
  EXPECT_FALSE(Refused.Valid);
  const std::string Said = Refused.Reason + "\n" + Refused.Log;
  EXPECT_NE(Said.find("changed since the run began"), std::string::npos) << Said;

  // The original contents back: measured again.
  X[N / 2] = 0.5f;
  Write();
  Backend->crashWorkerForTesting();
  (void)Backend->measure(config(2), sizes(2, 8));
  Measurement Again = Backend->measure(config(2), sizes(2, 8));
  std::remove(Path.c_str());
  EXPECT_TRUE(Again.Valid) << Again.Reason << "\n" << Again.Log;
}

} // namespace
} // namespace atfc
