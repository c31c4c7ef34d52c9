//===- MeasurersTest.cpp - The measurer a file asks for -------------------===//
//
// makeMeasurer's refusals: each says what the file lacks, before anything
// is started; the directories it makes in the output directory; and the
// setup of a measuring rank.
//
//===----------------------------------------------------------------------===//
#include "runtime/Measurers.h"

#include "../ScopedTempDirectory.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

namespace atfc {
namespace {

std::string refusal(const TuningSetup &Setup, const MeasurerContext &Context) {
  Expected<std::unique_ptr<ConfigurationMeasurer>> Made = makeMeasurer(Setup, Context);
  EXPECT_FALSE(Made);
  return Made ? std::string() : Made.error().message();
}

// Issue 44: kernels and check scripts had no default timeout (scripts had
// 600 s): a looping kernel or a `sleep 1000` check hung the run.
TEST(Measurers, EveryConfigurationHasATimeout) {
  EXPECT_EQ(measurementTimeoutSeconds(0), kDefaultScriptTimeoutSeconds);
  EXPECT_EQ(kDefaultScriptTimeoutSeconds, 600);
  EXPECT_EQ(measurementTimeoutSeconds(2.5), 2.5);
}

TEST(Measurers, AFileThatSaysNotHowToMeasureIsRefused) {
  TuningSetup Setup;
  EXPECT_EQ(refusal(Setup, {}),
            "the file says neither how to run a configuration (#atf::run_script) nor which "
            "kernel to measure (#atf::ocl:: or #atf::cuda:: directives)");
  Setup.Kind = MeasurementKind::OpenCL;
  EXPECT_EQ(refusal(Setup, {}),
            "the file names no kernel to measure: add #atf::ocl::kernel_name (or cuda::)");
  Setup.KernelName = "saxpy";
  EXPECT_EQ(refusal(Setup, {}), "the file gives no launch sizes");
}

TEST(Measurers, AWorkDirectoryThatCannotBeMadeIsRefused) {
  const test::ScopedTempDirectory Scratch("atfc-measurers");
  const std::filesystem::path &Dir = Scratch.path();
  std::ofstream(Dir / "file") << "x"; // a file where the output directory should be
  TuningSetup Setup;
  Setup.RunScript = "true";
  MeasurerContext Context;
  Context.FileName = (Dir / "k.sh").string();
  Context.OutputDirectory = (Dir / "file").string();
  const std::string Why = refusal(Setup, Context);
  EXPECT_EQ(Why.rfind("cannot create '" + (Dir / "file").string() + "': ", 0), 0u) << Why;
  Context.OutputDirectory = (Dir / "out").string();
  Expected<std::unique_ptr<ConfigurationMeasurer>> Made = makeMeasurer(Setup, Context);
  EXPECT_TRUE(Made) << Made.error().message();
}

// CUDA's workers share a kernel cache under the work directory, made
// before the device is opened (here: no worker can start), private, and
// never through a link planted there.
TEST(Measurers, ACudaKernelMakesItsKernelCacheInTheWorkDirectory) {
  const test::ScopedTempDirectory Scratch("atfc-measurers");
  const std::filesystem::path &Dir = Scratch.path();
  TuningSetup Setup;
  Setup.Kind = MeasurementKind::CUDA;
  Setup.KernelName = "scale";
  Setup.Launch = [](std::span<const Value>, const DeviceLimits &) {
    return LaunchDimensions{{1}, {1}};
  };
  MeasurerContext Context;
  Context.FileName = (Dir / "scale.cu").string();
  Context.OutputDirectory = (Dir / "out").string();
  EXPECT_EQ(refusal(Setup, Context), "no command to start the device worker");
  const std::filesystem::path Cache = Dir / "out" / "work" / "cuda-kernels";
  struct stat Status {};
  ASSERT_EQ(::lstat(Cache.c_str(), &Status), 0) << Cache;
  EXPECT_TRUE(S_ISDIR(Status.st_mode));
  EXPECT_EQ(Status.st_mode & 0777, 0700u);

  // A link put in its place before the next run is refused, not followed.
  std::filesystem::remove(Cache);
  std::filesystem::create_directory(Dir / "elsewhere");
  std::filesystem::create_directory_symlink(Dir / "elsewhere", Cache);
  const std::string Why = refusal(Setup, Context);
  EXPECT_NE(Why.find(Cache.string()), std::string::npos) << Why;
  EXPECT_TRUE(std::filesystem::is_empty(Dir / "elsewhere"));
}

TEST(Measurers, TheRanksDeviceReplacesTheFilesForKernelsOnly) {
  TuningSetup Setup;
  Setup.DeviceId = 0;
  const RankRole Role{false, -1, 0, 2, 5};
  EXPECT_EQ(setupOfRank(Setup, Role).DeviceId, 0u); // scripts pick no device
  Setup.Kind = MeasurementKind::CUDA;
  EXPECT_EQ(setupOfRank(Setup, Role).DeviceId, 5u);
  Setup.Kind = MeasurementKind::OpenCL;
  EXPECT_EQ(setupOfRank(Setup, Role).DeviceIndex, 5u);
}

TEST(Measurers, ARankOnAnotherDeviceIsToldHowToShareDeviceZero) {
  TuningSetup Kernel;
  Kernel.Kind = MeasurementKind::OpenCL;
  const std::string Why = "no OpenCL device 1 with vendor \"\" and type \"CPU\": 1 match";
  const std::string Said = whyRankCannotMeasure(Kernel, RankRole{false, -1, 0, 1, 1}, Why);
  EXPECT_EQ(Said.rfind(Why, 0), 0u) << Said;
  EXPECT_NE(Said.find("rank 1 measures on device 1"), std::string::npos) << Said;
  EXPECT_NE(Said.find("add --devices 0"), std::string::npos) << Said;
  // Device 0, and run scripts (they choose their own device), need no hint.
  EXPECT_EQ(whyRankCannotMeasure(Kernel, RankRole{false, -1, 0, 1, 0}, Why), Why);
  TuningSetup Script;
  Script.Kind = MeasurementKind::Process;
  EXPECT_EQ(whyRankCannotMeasure(Script, RankRole{false, -1, 0, 1, 1}, Why), Why);
}

} // namespace
} // namespace atfc
