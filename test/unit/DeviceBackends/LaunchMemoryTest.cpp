//===- LaunchMemoryTest.cpp - Work-group memory of a launch ---------------===//
//
// Local argument sizes and dynamic shared memory against the device's
// local memory: what passes, what is refused and with which reason.
//
//===----------------------------------------------------------------------===//
#include "DeviceBackends/LaunchMemory.h"

#include <gtest/gtest.h>

#include <limits>

namespace atfc {
namespace {

DeviceLimits withLocalMemory(std::uint64_t Bytes) {
  DeviceLimits Limits;
  Limits.LocalMemorySize = Bytes;
  return Limits;
}

LaunchSizes withLocalCounts(std::vector<std::uint64_t> Counts, std::int64_t Shared = 0) {
  LaunchSizes Sizes{{64}, {16}, std::move(Counts), Shared};
  return Sizes;
}

const std::vector<KernelArgument> Arguments = {
    KernelArgument::buffer<float>(1024), KernelArgument::local<float>(),
    KernelArgument::scalar<int>(3), KernelArgument::local<half>()};

TEST(LaunchMemory, LocalArgumentsAddUpByTheirElementSizes) {
  EXPECT_EQ(launchMemoryBytes(Arguments, withLocalCounts({16, 8})), 16u * 4 + 8u * 2);
  EXPECT_EQ(KernelArgument::local<double>().byteSize(), 0u); // no contents of its own
  EXPECT_EQ(describe(KernelArgument::local<half>()), "local<half>");
  EXPECT_FALSE(launchMemoryProblem(Arguments, withLocalCounts({16, 8}), withLocalMemory(80)));
}

TEST(LaunchMemory, MoreThanTheDeviceHasIsInvalidWithTheReason) {
  std::optional<Measurement> Refused =
      launchMemoryProblem(Arguments, withLocalCounts({16, 9}), withLocalMemory(81));
  ASSERT_TRUE(Refused);
  EXPECT_FALSE(Refused->Valid);
  EXPECT_EQ(Refused->Failure, FailureKind::RunFailed);
  EXPECT_EQ(Refused->Reason, "too much local memory");
  EXPECT_NE(Refused->Log.find("asks for 82 bytes of local memory (input 2: 16 x float, input 4: "
                              "9 x half); the device has 81"),
            std::string::npos)
      << Refused->Log;
  // An unknown size (0) checks nothing; the device will say.
  EXPECT_FALSE(launchMemoryProblem(Arguments, withLocalCounts({16, 9}), withLocalMemory(0)));
}

TEST(LaunchMemory, ACountThatIsNotPositiveIsInvalid) {
  std::optional<Measurement> Refused =
      launchMemoryProblem(Arguments, withLocalCounts({16, 0}), withLocalMemory(1 << 20));
  ASSERT_TRUE(Refused);
  EXPECT_EQ(Refused->Reason, "local argument of no elements");
  EXPECT_NE(Refused->Log.find("kernel input 4 (local<half>)"), std::string::npos) << Refused->Log;
  Refused = launchMemoryProblem(Arguments, withLocalCounts({16}), withLocalMemory(1 << 20));
  ASSERT_TRUE(Refused);
  EXPECT_EQ(Refused->Reason, "local argument not sized");
}

TEST(LaunchMemory, HugeCountsSaturateInsteadOfWrappingAround) {
  const std::uint64_t Huge = std::numeric_limits<std::uint64_t>::max() / 2 + 1;
  EXPECT_EQ(launchMemoryBytes(Arguments, withLocalCounts({Huge, 1})),
            std::numeric_limits<std::uint64_t>::max());
  std::optional<Measurement> Refused =
      launchMemoryProblem(Arguments, withLocalCounts({Huge, Huge}), withLocalMemory(1 << 20));
  ASSERT_TRUE(Refused);
  EXPECT_EQ(Refused->Reason, "too much local memory");
}

TEST(LaunchMemory, SharedMemoryIsValidatedLikeLocalMemory) {
  const std::vector<KernelArgument> Cuda = {KernelArgument::buffer<float>(8)};
  const DeviceLimits Limits = withLocalMemory(228 * 1024);
  EXPECT_FALSE(launchMemoryProblem(Cuda, withLocalCounts({}, 0), Limits));
  EXPECT_FALSE(launchMemoryProblem(Cuda, withLocalCounts({}, 100 * 1024), Limits));
  EXPECT_FALSE(launchMemoryProblem(Cuda, withLocalCounts({}, 228 * 1024), Limits));
  std::optional<Measurement> Refused =
      launchMemoryProblem(Cuda, withLocalCounts({}, 228 * 1024 + 1), Limits);
  ASSERT_TRUE(Refused);
  EXPECT_EQ(Refused->Reason, "too much shared memory");
  EXPECT_NE(Refused->Log.find("asks for 233473 bytes of dynamic shared memory; the device has "
                              "233472"),
            std::string::npos)
      << Refused->Log;
  Refused = launchMemoryProblem(Cuda, withLocalCounts({}, -4), Limits);
  ASSERT_TRUE(Refused);
  EXPECT_EQ(Refused->Reason, "negative shared memory size");
}

} // namespace
} // namespace atfc
