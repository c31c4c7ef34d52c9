//===- DeviceProtocolTest.cpp - Messages between tuner and worker ---------===//
//
// The worker protocol's encoding: what the tuner sends (the kernel's setup,
// its arguments and their fills, the result check, a configuration's sizes)
// reads back the same on the worker's side, and a truncated message is
// refused, not read past its end.
//
//===----------------------------------------------------------------------===//
#include "DeviceBackends/DeviceProtocol.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace atfc {
namespace {

TEST(DeviceProtocol, SetupSurvivesTheWire) {
  SetupMessage Message;
  OpenCLDeviceSelection Selection;
  Selection.Vendor = "NVIDIA";
  Selection.Type = "GPU";
  Selection.Index = 2;
  Message.Device = Selection;
  Message.Setup.Source = "kernel source\n";
  Message.Setup.KernelName = "k";
  Message.Setup.Arguments = {KernelArgument::scalar<double>(1.5),
                             KernelArgument::buffer<std::uint16_t>(9),
                             KernelArgument::local<half>()};
  Message.Setup.TimeoutSeconds = 2.5;
  Message.Setup.Statistic = RepetitionStatistic::Min;
  CheckSetup Check;
  Check.Kind = CheckAgainst::ReferenceConfiguration;
  Check.Tolerance = 0.25;
  Check.Relative = 1e-5;
  Check.Buffers = {2};
  Message.Setup.Check = Check;
  Message.Expected = {{1, 2, 3}};
  Message.Setup.KernelCacheDirectory = "/out/work/cuda-kernels";
  Message.Setup.DependenciesKey = "0123456789abcdef";
  Message.BuildOnlyComputeCapability = 90;
  WireWriter Out;
  encode(Out, Message);
  std::vector<unsigned char> Body(Out.Bytes.begin() + 1, Out.Bytes.end());
  WireReader In(Body);
  SetupMessage Back;
  ASSERT_TRUE(decode(In, Back));
  const auto &CL = std::get<OpenCLDeviceSelection>(Back.Device);
  EXPECT_EQ(CL.Vendor, "NVIDIA");
  EXPECT_EQ(CL.Index, 2u);
  EXPECT_FALSE(CL.PlatformId);
  EXPECT_EQ(Back.Setup.Source, "kernel source\n");
  ASSERT_EQ(Back.Setup.Arguments.size(), 3u);
  EXPECT_TRUE(Back.Setup.Arguments[2].isLocal());
  EXPECT_EQ(Back.Setup.Arguments[2].Type, ElementType::Half);
  EXPECT_EQ(initialContents(Back.Setup.Arguments[0], 0, 0),
            initialContents(Message.Setup.Arguments[0], 0, 0));
  EXPECT_EQ(Back.Setup.Arguments[1].Count, 9u);
  EXPECT_EQ(Back.Setup.TimeoutSeconds, 2.5);
  EXPECT_EQ(Back.Setup.Statistic, RepetitionStatistic::Min);
  ASSERT_TRUE(Back.Setup.Check);
  EXPECT_EQ(Back.Setup.Check->Buffers, (std::vector<unsigned>{2}));
  EXPECT_EQ(Back.Setup.Check->Tolerance, 0.25);
  EXPECT_EQ(Back.Setup.Check->Relative, 1e-5);
  EXPECT_EQ(Back.Expected, Message.Expected);
  // A CUDA builder's cache and the compute capability it compiles for.
  EXPECT_EQ(Back.Setup.KernelCacheDirectory, "/out/work/cuda-kernels");
  EXPECT_EQ(Back.Setup.DependenciesKey, "0123456789abcdef");
  EXPECT_EQ(Back.BuildOnlyComputeCapability, 90);
  SetupReplyMessage Reply;
  Reply.SharedBuildCache = true;
  Reply.ComputeCapability = 89;
  WireWriter ReplyOut;
  encode(ReplyOut, Reply);
  WireReader ReplyIn(ReplyOut.Bytes);
  SetupReplyMessage ReplyBack;
  ASSERT_TRUE(decode(ReplyIn, ReplyBack));
  EXPECT_TRUE(ReplyBack.SharedBuildCache);
  EXPECT_EQ(ReplyBack.ComputeCapability, 89);

  // A configuration's local counts and shared memory travel with its sizes.
  MeasureMessage Measure{false, {"WG=4"}, LaunchSizes{{64}, {4}, {4, 0}, -8}};
  WireWriter MeasureOut;
  encode(MeasureOut, Measure);
  std::vector<unsigned char> MeasureBody(MeasureOut.Bytes.begin() + 1, MeasureOut.Bytes.end());
  WireReader MeasureIn(MeasureBody);
  MeasureMessage MeasureBack;
  ASSERT_TRUE(decode(MeasureIn, MeasureBack));
  EXPECT_EQ(MeasureBack.Sizes.LocalCounts, (std::vector<std::uint64_t>{4, 0}));
  EXPECT_EQ(MeasureBack.Sizes.SharedMemoryBytes, -8);

  // A truncated message is refused, not read past its end.
  Body.resize(Body.size() / 2);
  WireReader Short(Body);
  SetupMessage Partial;
  EXPECT_FALSE(decode(Short, Partial));
}

TEST(BufferFill, TravelsToTheWorker) {
  DeviceKernelSetup Setup;
  Setup.Arguments = {
      KernelArgument::buffer<int>(4).withFill(BufferContents::RandomRange, "-2", "2", 3, 9),
      KernelArgument::buffer<float>(4).withData("/data/x.npy", 4, 1)};
  Setup.Arguments[1].DataDigest = "0f1e2d3c4b5a69788796a5b4c3d2e1f0";
  WireWriter Out;
  encode(Out, SetupMessage{OpenCLDeviceSelection{}, Setup, {}});
  std::vector<unsigned char> Body(Out.Bytes.begin() + 1, Out.Bytes.end());
  WireReader In(Body);
  SetupMessage Back;
  ASSERT_TRUE(decode(In, Back));
  ASSERT_EQ(Back.Setup.Arguments.size(), 2u);
  EXPECT_EQ(Back.Setup.Arguments[0].Contents, BufferContents::RandomRange);
  EXPECT_EQ(Back.Setup.Arguments[0].FillLow, "-2");
  EXPECT_EQ(Back.Setup.Arguments[0].FillHigh, "2");
  EXPECT_EQ(Back.Setup.Arguments[1].Contents, BufferContents::File);
  EXPECT_EQ(Back.Setup.Arguments[1].DataFile, "/data/x.npy");
  EXPECT_EQ(Back.Setup.Arguments[1].DataDigest, "0f1e2d3c4b5a69788796a5b4c3d2e1f0");
}

} // namespace
} // namespace atfc
