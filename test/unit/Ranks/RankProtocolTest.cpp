//===- RankProtocolTest.cpp - Messages between ranks ----------------------===//
#include "Ranks/RankProtocol.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <limits>

namespace atfc {
namespace {

TEST(RankProtocol, ValuesTravelExactlyWithTheirTypes) {
  MeasureRequest Sent;
  Sent.Job = 42;
  Sent.Configuration = {{"I", std::int64_t(-7)},
                        {"U", std::numeric_limits<std::uint64_t>::max()},
                        {"D", 0.1 + 0.2},
                        {"Tiny", std::nextafter(0.0, 1.0)},
                        {"B", true},
                        {"S", std::string("-O3 \xff\xfe not UTF-8", 17)}};
  MeasureRequest Got;
  ASSERT_TRUE(decodeMessage(encodeMessage(Sent), Got));
  EXPECT_EQ(Got.Job, 42u);
  ASSERT_EQ(Got.Configuration.size(), Sent.Configuration.size());
  for (std::size_t I = 0; I < Sent.Configuration.size(); ++I) {
    EXPECT_EQ(Got.Configuration[I].Name, Sent.Configuration[I].Name);
    EXPECT_EQ(Got.Configuration[I].Val, Sent.Configuration[I].Val) << I; // type and value
  }
}

TEST(RankProtocol, ResultsKeepFailuresAndTimes) {
  ResultMessage Sent{7, Measurement::invalid(FailureKind::TimedOut, "timed out after 3 s", "log")};
  Sent.Result.RunSeconds = 3.25;
  ResultMessage Got;
  ASSERT_TRUE(decodeMessage(encodeMessage(Sent), Got));
  EXPECT_EQ(Got.Job, 7u);
  EXPECT_FALSE(Got.Result.Valid);
  EXPECT_EQ(Got.Result.Failure, FailureKind::TimedOut);
  EXPECT_EQ(Got.Result.Reason, "timed out after 3 s");
  EXPECT_EQ(Got.Result.Log, "log");
  EXPECT_EQ(Got.Result.RunSeconds, 3.25);

  ResultMessage Valid{8, Measurement::valid({1.5, 2})};
  ASSERT_TRUE(decodeMessage(encodeMessage(Valid), Got));
  EXPECT_TRUE(Got.Result.Valid);
  EXPECT_EQ(Got.Result.Costs, (std::vector<double>{1.5, 2}));
}

TEST(RankProtocol, HelloCarriesTheDeviceAndItsLimits) {
  HelloMessage Sent;
  Sent.Device = "NVIDIA H100 (CUDA device 3)";
  Sent.CostMeaning = "kernel time";
  Sent.Host = "gpu-node-17";
  Sent.Batch = 3;
  Sent.Limits.MaxWorkItemSizes = {1024, 512, 64};
  Sent.Limits.MaxWorkGroupSize = 1024;
  Sent.Limits.LocalMemorySize = 49152;
  Sent.Limits.MaxGridSize = {2147483647, 65535, 65535};
  HelloMessage Got;
  ASSERT_TRUE(decodeMessage(encodeMessage(Sent), Got));
  EXPECT_EQ(Got.Device, Sent.Device);
  EXPECT_EQ(Got.CostMeaning, Sent.CostMeaning);
  EXPECT_EQ(Got.Host, Sent.Host);
  EXPECT_EQ(Got.Batch, 3u);
  EXPECT_EQ(Got.Limits, Sent.Limits);
  EXPECT_TRUE(Got.Error.empty());
}

TEST(RankProtocol, LostSaysWhetherTheRankComesBack) {
  LostMessage Got;
  ASSERT_TRUE(decodeMessage(encodeMessage(LostMessage{"killed by signal 9", true}), Got));
  EXPECT_EQ(Got.Reason, "killed by signal 9");
  EXPECT_TRUE(Got.Restarting);
  EXPECT_FALSE(Got.Interrupted);
  EXPECT_EQ(messageKind(encodeMessage(Got)), RankMessage::Lost);
  ASSERT_TRUE(decodeMessage(encodeMessage(LostMessage{"exit status 130", false, true}), Got));
  EXPECT_FALSE(Got.Restarting);
  EXPECT_TRUE(Got.Interrupted);
}

// Every truncation of every message is refused, never misread.
TEST(RankProtocol, TruncatedOrMisaddressedPayloadsAreRefused) {
  const std::vector<unsigned char> Request =
      encodeMessage(MeasureRequest{1, {{"X", std::int64_t(3)}, {"S", std::string("abc")}}});
  for (std::size_t Size = 0; Size < Request.size(); ++Size) {
    MeasureRequest Got;
    EXPECT_FALSE(decodeMessage({Request.begin(), Request.begin() + Size}, Got)) << Size;
  }
  ResultMessage Wrong;
  EXPECT_FALSE(decodeMessage(Request, Wrong)); // a Measure is no Result
  EXPECT_EQ(messageKind({}), std::nullopt);
  EXPECT_EQ(messageKind({9}), std::nullopt);
}

TEST(RankProtocol, AddressedFramesNameTheirRank) {
  std::vector<unsigned char> Frame = addressed(5, {1, 2, 3});
  std::uint64_t Rank = 0;
  ASSERT_TRUE(splitAddressed(Frame, Rank));
  EXPECT_EQ(Rank, 5u);
  EXPECT_EQ(Frame, (std::vector<unsigned char>{1, 2, 3}));
  std::vector<unsigned char> Short = {1, 2};
  EXPECT_FALSE(splitAddressed(Short, Rank));
}

TEST(RankProtocol, RoleComesFromTheLauncherAndLeavesTheEnvironment) {
  setenv(kRankRoleVariable, "measure", 1);
  setenv(kRankFdVariable, "9", 1);
  setenv(kRankVariable, "3", 1);
  setenv(kRankDeviceVariable, "1", 1);
  Expected<std::optional<RankRole>> Taken = takeRankRole();
  ASSERT_TRUE(Taken) << Taken.error().message();
  std::optional<RankRole> Role = *Taken;
  ASSERT_TRUE(Role);
  EXPECT_FALSE(Role->Searching);
  EXPECT_EQ(Role->Fd, 9);
  EXPECT_EQ(Role->Rank, 3u);
  EXPECT_EQ(Role->Device, 1u);
  EXPECT_EQ(std::getenv(kRankRoleVariable), nullptr);
  EXPECT_EQ(std::getenv(kRankFdVariable), nullptr);
  Taken = takeRankRole(); // alone now
  ASSERT_TRUE(Taken) << Taken.error().message();
  EXPECT_FALSE(*Taken);

  setenv(kRankRoleVariable, "search", 1);
  setenv(kRankFdVariable, "x", 1);
  Taken = takeRankRole();
  ASSERT_FALSE(Taken);
  EXPECT_NE(Taken.error().message().find("malformed"), std::string::npos);
  unsetenv(kRankVariable);
  unsetenv(kRankDeviceVariable);
}

} // namespace
} // namespace atfc
