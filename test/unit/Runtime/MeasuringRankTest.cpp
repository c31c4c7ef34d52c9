//===- MeasuringRankTest.cpp - A rank that measures -----------------------===//
//
// A measuring rank with the real process backend behind it: requests go in
// over a socket, the run script measures them, results come out.
//
//===----------------------------------------------------------------------===//
#include "runtime/MeasuringRank.h"

#include "../ScopedTempDirectory.h"
#include "DeviceBackends/DeviceProtocol.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

namespace atfc {
namespace {

TEST(MeasuringRank, MeasuresWhatArrivesAndSaysHelloFirst) {
  const test::ScopedTempDirectory Scratch("atfc-measuring-rank");
  const std::filesystem::path &Dir = Scratch.path();
  TuningSetup Setup;
  Setup.RunScript = "echo $((X * 10)) > cost";
  Setup.CostFile = "cost";
  Setup.CFamily = false;
  MeasurerContext Context;
  Context.FileName = (Dir / "file.sh").string();
  Context.OutputDirectory = (Dir / "ranks/1").string();
  Expected<std::unique_ptr<ConfigurationMeasurer>> Made = makeMeasurer(Setup, Context);
  ASSERT_TRUE(Made) << Made.error().message();
  std::unique_ptr<ConfigurationMeasurer> Measurer = Made.take();

  int Fds[2];
  ASSERT_EQ(::socketpair(AF_UNIX, SOCK_STREAM, 0, Fds), 0);
  int Status = -1;
  std::thread Rank([&] {
    Status = serveMeasurements(RankRole{false, Fds[0], 0, 1, 0}, *Measurer);
  });
  for (std::uint64_t Job : {1, 2, 3})
    ASSERT_TRUE(
        writeFrame(Fds[1], encodeMessage(MeasureRequest{Job, {{"X", std::int64_t(Job + 4)}}})));

  std::vector<unsigned char> Frame;
  ASSERT_TRUE(readFrame(Fds[1], Frame));
  HelloMessage Hello;
  ASSERT_TRUE(decodeMessage(Frame, Hello));
  EXPECT_TRUE(Hello.Error.empty());
  EXPECT_EQ(Hello.Batch, 1u);
  for (std::uint64_t Job : {1, 2, 3}) {
    ASSERT_TRUE(readFrame(Fds[1], Frame));
    ResultMessage Result;
    ASSERT_TRUE(decodeMessage(Frame, Result));
    EXPECT_EQ(Result.Job, Job);
    ASSERT_TRUE(Result.Result.Valid) << Result.Result.Reason;
    EXPECT_EQ(Result.Result.Costs, std::vector<double>{double((Job + 4) * 10)});
  }
  // The launcher closing the socket ends the rank.
  ASSERT_EQ(::shutdown(Fds[1], SHUT_WR), 0);
  Rank.join();
  EXPECT_EQ(Status, 0);
  ::close(Fds[0]);
  ::close(Fds[1]);
}

TEST(MeasuringRank, TheRanksDeviceReplacesTheFilesForKernelsOnly) {
  TuningSetup Setup;
  Setup.DeviceId = 0;
  const RankRole Role{false, -1, 0, 2, 5};
  EXPECT_EQ(setupOfRank(Setup, Role).DeviceId, 0u); // scripts pick no device
  Setup.Kind = MeasurementKind::CUDA;
  EXPECT_EQ(setupOfRank(Setup, Role).DeviceId, 5u);
  Setup.Kind = MeasurementKind::OpenCL;
  EXPECT_EQ(setupOfRank(Setup, Role).DeviceIndex, 5u);
}

TEST(MeasuringRank, ARankOnAnotherDeviceIsToldHowToShareDeviceZero) {
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
