//===- LaunchSizeCheckTest.cpp - Launch sizes a device can run ------------===//
//
// Sizes of zero or below in any dimension, converted as the emitted code
// converts them, are refused naming the value as written; positive ones,
// up to the largest, pass.
//
//===----------------------------------------------------------------------===//
#include "DeviceBackends/LaunchSizeCheck.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

namespace atfc {
namespace {

/// As the tuner's generated code and atf::opencl convert a size.
std::uint64_t converted(std::int64_t Written) { return static_cast<std::uint64_t>(Written); }

TEST(LaunchSizeCheck, EveryDimensionOfZeroOrBelowIsRefusedNamingTheValue) {
  const std::int64_t Bad[] = {0, -1, -4, std::numeric_limits<std::int32_t>::min(),
                              std::numeric_limits<std::int64_t>::min()};
  for (std::size_t Dims = 1; Dims <= 3; ++Dims)
    for (std::size_t At = 0; At < Dims; ++At)
      for (std::int64_t Value : Bad)
        for (bool InLocal : {false, true}) {
          LaunchSizes Sizes{std::vector<std::uint64_t>(Dims, 64),
                            std::vector<std::uint64_t>(Dims, 8)};
          (InLocal ? Sizes.Local : Sizes.Global)[At] = converted(Value);
          std::optional<Measurement> Refused = launchSizeProblem(Sizes, LaunchApi::OpenCL);
          ASSERT_TRUE(Refused) << Value << " in dimension " << At + 1;
          EXPECT_FALSE(Refused->Valid);
          EXPECT_EQ(Refused->Failure, FailureKind::RunFailed);
          const std::string Name = InLocal ? "local size" : "global size";
          EXPECT_EQ(Refused->Reason, (Value < 0 ? "negative " : "zero ") + Name);
          EXPECT_NE(Refused->Log.find(std::to_string(Value)), std::string::npos) << Refused->Log;
          EXPECT_NE(Refused->Log.find("in dimension " + std::to_string(At + 1)), std::string::npos)
              << Refused->Log;
        }
}

TEST(LaunchSizeCheck, PositiveSizesPassAndCudaNamesGridAndBlock) {
  const std::uint64_t Largest = std::numeric_limits<std::int64_t>::max();
  EXPECT_FALSE(launchSizeProblem({{1, 512, Largest}, {1, 1, 1}}, LaunchApi::OpenCL));
  // No local size: the implementation chooses it.
  EXPECT_FALSE(launchSizeProblem({{64}, {}}, LaunchApi::OpenCL));

  std::optional<Measurement> Refused =
      launchSizeProblem({{512, converted(-4)}, {16, 16}}, LaunchApi::Cuda);
  ASSERT_TRUE(Refused);
  EXPECT_EQ(Refused->Reason, "negative grid");
  EXPECT_NE(Refused->Log.find("the grid (512, -4) is negative in dimension 2"), std::string::npos)
      << Refused->Log;
  Refused = launchSizeProblem({{512}, {0}}, LaunchApi::Cuda);
  ASSERT_TRUE(Refused);
  EXPECT_EQ(Refused->Reason, "zero block");
}

TEST(LaunchSizeCheck, AProblemFoundComputingTheSizesIsTheirs) {
  // Python's sizes have no bound: one beyond 64 bits is named as given.
  LaunchSizes Sizes{{64}, {8}};
  Sizes.Problem = "the global size (1180591620717411303424) does not fit in 64 bits";
  std::optional<Measurement> Refused = launchSizeProblem(Sizes, LaunchApi::OpenCL);
  ASSERT_TRUE(Refused);
  EXPECT_EQ(Refused->Reason, "launch size beyond 64 bits");
  EXPECT_EQ(Refused->Log, Sizes.Problem);
}

// pocl refused a local size of (64, 128) and of (3, 1) for a global size of
// (128, 128) with the same CL_INVALID_WORK_GROUP_SIZE and no word of why;
// the explanation names the limit that was passed, or the dimension that
// does not divide.
TEST(LaunchSizeCheck, ARefusedLocalSizeIsExplainedByTheLimitItPasses) {
  DeviceLimits Limits;
  Limits.MaxWorkItemSizes = {4096, 4096, 4096};
  Limits.MaxWorkGroupSize = 4096;
  EXPECT_EQ(localSizeRefusal({{128, 128}, {64, 128}}, Limits, 4096),
            "64 x 128 = 8192 work-items in a work-group, more than the device's 4096 "
            "(CL_DEVICE_MAX_WORK_GROUP_SIZE)");
  EXPECT_EQ(localSizeRefusal({{128, 128}, {16, 16}}, Limits, 128),
            "16 x 16 = 256 work-items in a work-group, more than this kernel's 128 on the "
            "device (CL_KERNEL_WORK_GROUP_SIZE)");
  EXPECT_EQ(localSizeRefusal({{128, 128}, {3, 1}}, Limits, 4096),
            "the global size 128 is no multiple of the local size 3 in dimension 1 (OpenCL "
            "before 2.0 requires it)");
  Limits.MaxWorkItemSizes = {4096, 4096, 64};
  EXPECT_EQ(localSizeRefusal({{8, 8, 128}, {1, 1, 128}}, Limits, 4096),
            "the local size 128 in dimension 3 is more than the device's 64 "
            "(CL_DEVICE_MAX_WORK_ITEM_SIZES)");
  // Within every limit, or chosen by OpenCL: nothing known to explain.
  EXPECT_EQ(localSizeRefusal({{128, 128}, {16, 16}}, Limits, 4096), "");
  EXPECT_EQ(localSizeRefusal({{128, 128}, {}}, Limits, 4096), "");
  // An unknown kernel limit (0) is not one.
  EXPECT_EQ(localSizeRefusal({{128, 128}, {16, 16}}, Limits, 0), "");
}

} // namespace
} // namespace atfc
