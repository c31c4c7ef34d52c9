//===- MeasuringRankTest.cpp - A rank that measures -----------------------===//
//
// A measuring rank with the real process backend behind it: requests go in
// over a socket, the run script measures them, results come out.
//
//===----------------------------------------------------------------------===//
#include "Ranks/MeasuringRank.h"

#include "../ScopedTempDirectory.h"
#include "Backends/ProcessMeasurer.h"
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
  ProcessBackendOptions Options;
  Options.RunScript = "echo $((X * 10)) > cost";
  Options.CostFile = "cost";
  Options.CFamily = false;
  Options.SourceName = "file.sh";
  Options.FileDirectory = Dir.string();
  Options.WorkDirectory = (Dir / "ranks/1/work").string();
  std::filesystem::create_directories(Options.WorkDirectory);
  std::unique_ptr<ConfigurationMeasurer> Measurer = makeProcessMeasurer(std::move(Options));

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

} // namespace
} // namespace atfc
