//===- KernelArgumentTest.cpp - Arguments, result check, protocol ---------===//
//
// The parts of the device backends that need no device: seeded argument
// contents, the element-wise check, gold files, and the worker protocol's
// encoding.
//
//===----------------------------------------------------------------------===//
#include "DeviceBackends/KernelArgument.h"
#include "DeviceBackends/DeviceProtocol.h"
#include "DeviceBackends/ResultCheck.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <unistd.h>

namespace atfc {
namespace {

/// The error's message of R, "" when R holds a value.
template <class T> std::string messageOf(const Expected<T> &R) {
  return R ? std::string() : R.error().message();
}

TEST(KernelArgument, ElementTypes) {
  EXPECT_EQ(elementTypeOf<float>(), ElementType::Float);
  EXPECT_EQ(elementTypeOf<double>(), ElementType::Double);
  EXPECT_EQ(elementTypeOf<int>(), ElementType::Int32);
  EXPECT_EQ(elementTypeOf<unsigned char>(), ElementType::UInt8);
  EXPECT_EQ(elementTypeOf<std::int64_t>(), ElementType::Int64);
  EXPECT_EQ(elementSize(ElementType::Int16), 2u);
  EXPECT_EQ(describe(KernelArgument::buffer<float>(10)), "buffer<float>(10)");
  EXPECT_EQ(KernelArgument::buffer<double>(10).byteSize(), 80u);
}

TEST(KernelArgument, ContentsDependOnSeedAndPositionOnly) {
  KernelArgument Buffer = KernelArgument::buffer<float>(1000);
  std::vector<unsigned char> First = initialContents(Buffer, 2, 42);
  EXPECT_EQ(First, initialContents(Buffer, 2, 42));
  EXPECT_NE(First, initialContents(Buffer, 3, 42));
  EXPECT_NE(First, initialContents(Buffer, 2, 43));
  for (std::size_t I = 0; I < 1000; ++I) {
    double V = elementAsDouble(ElementType::Float, First.data(), I);
    EXPECT_GE(V, 0.0);
    EXPECT_LT(V, 1.0);
  }
  std::vector<unsigned char> Ints = initialContents(KernelArgument::buffer<std::int8_t>(500), 0, 1);
  for (std::size_t I = 0; I < 500; ++I) {
    double V = elementAsDouble(ElementType::Int8, Ints.data(), I);
    EXPECT_GE(V, 0.0);
    EXPECT_LT(V, 100.0);
  }
}

TEST(KernelArgument, GivenScalarKeepsItsValue) {
  std::vector<unsigned char> Bytes = initialContents(KernelArgument::scalar<double>(2.5), 0, 9);
  ASSERT_EQ(Bytes.size(), 8u);
  double V;
  std::memcpy(&V, Bytes.data(), 8);
  EXPECT_EQ(V, 2.5);
  // A random scalar is random, but the same for the same seed.
  KernelArgument Random = KernelArgument::randomScalar<std::int32_t>();
  EXPECT_EQ(initialContents(Random, 1, 5), initialContents(Random, 1, 5));
}

std::vector<unsigned char> floats(std::vector<float> Values) {
  std::vector<unsigned char> Bytes(Values.size() * 4);
  std::memcpy(Bytes.data(), Values.data(), Bytes.size());
  return Bytes;
}

TEST(ResultCheck, ComparesWithTolerance) {
  std::vector<KernelArgument> Arguments{KernelArgument::scalar<int>(3),
                                        KernelArgument::buffer<float>(3)};
  std::vector<unsigned> Checked{1};
  auto Expected = floats({1, 2, 3});
  EXPECT_EQ(compareOutputs(Arguments, Checked, {floats({1, 2, 3})}, {Expected}, 0), "");
  EXPECT_EQ(compareOutputs(Arguments, Checked, {floats({1, 2.25f, 3})}, {Expected}, 0),
            "buffer 2[1]: 2.25 vs 2 (error 0.25 > allowed 0); 1 of 3 elements differs");
  EXPECT_EQ(compareOutputs(Arguments, Checked, {floats({1, 2.25f, 3})}, {Expected}, 0.5), "");
  float NaN = std::nanf("");
  EXPECT_EQ(compareOutputs(Arguments, Checked, {floats({NaN, 2, 3})}, {floats({NaN, 2, 3})}, 0),
            "");
  EXPECT_NE(compareOutputs(Arguments, Checked, {floats({NaN, 2, 3})}, {Expected}, 1), "");
}

TEST(ResultCheck, ReportsTheLargestErrorAndHowManyDiffer) {
  std::vector<KernelArgument> Arguments{KernelArgument::buffer<float>(4),
                                        KernelArgument::buffer<float>(2)};
  std::vector<unsigned> Checked{0, 1};
  // The first mismatch is not the largest one; the largest is in buffer 2.
  EXPECT_EQ(compareOutputs(Arguments, Checked, {floats({1.5f, 2, 3, 4}), floats({1, 10})},
                           {floats({1, 2, 3, 4.75f}), floats({1, 7})}, 0.25),
            "buffer 2[1]: 10 vs 7 (error 3 > allowed 0.25); 3 of 6 elements differ");
}

TEST(ResultCheck, RelativeToleranceIsAsNumpyAllclose) {
  std::vector<KernelArgument> Arguments{KernelArgument::buffer<float>(2)};
  std::vector<unsigned> Checked{0};
  // The float sum: off by 1.28, within 1e-5 of its 523762.844.
  auto Sum = floats({523762.844f, 1});
  auto Computed = floats({523761.562f, 1});
  EXPECT_NE(compareOutputs(Arguments, Checked, {Computed}, {Sum}, 0.01), "");
  EXPECT_EQ(compareOutputs(Arguments, Checked, {Computed}, {Sum}, 0, 1e-5), "");
  // |a - e| <= A + R * |e|: the allowances add up; R scales |expected|,
  // not the actual value, and a negative expected value counts by size.
  EXPECT_EQ(
      compareOutputs(Arguments, Checked, {floats({-110, 1.5f})}, {floats({-100, 1})}, 0.5, 0.1),
      "");
  EXPECT_EQ(compareOutputs(Arguments, Checked, {floats({-111, 1})}, {floats({-100, 1})}, 0.5, 0.1),
            "buffer 1[0]: -111 vs -100 (error 11 > allowed 10.5); 1 of 2 elements differs");
  // An expected zero allows only the absolute tolerance.
  EXPECT_NE(compareOutputs(Arguments, Checked, {floats({1e-9f, 1})}, {floats({0, 1})}, 0, 0.5), "");
  EXPECT_EQ(compareOutputs(Arguments, Checked, {floats({1e-9f, 1})}, {floats({0, 1})}, 1e-8, 0.5),
            "");
}

TEST(ResultCheck, NaNAndInfinity) {
  std::vector<KernelArgument> Arguments{KernelArgument::buffer<float>(3)};
  std::vector<unsigned> Checked{0};
  const float Inf = INFINITY;
  const float NaN = std::nanf("");
  const float OtherNaN = -std::nanf("1"); // another bit pattern: still NaN
  // NaN matches NaN whatever its bits; an infinity matches the same one.
  EXPECT_EQ(compareOutputs(Arguments, Checked, {floats({OtherNaN, Inf, -Inf})},
                           {floats({NaN, Inf, -Inf})}, 0, 0.1),
            "");
  // An infinity of the other sign, and NaN where a number was expected, are
  // the largest errors there are, whatever the tolerances.
  EXPECT_EQ(
      compareOutputs(Arguments, Checked, {floats({1, -Inf, 3})}, {floats({1, Inf, 3})}, 1e30, 1),
      "buffer 1[1]: -inf vs inf (error inf > allowed inf); 1 of 3 elements differs");
  EXPECT_EQ(compareOutputs(Arguments, Checked, {floats({1, 2.5f, NaN})}, {floats({1, 2, 3})}, 0, 0),
            "buffer 1[2]: nan vs 3 (error inf > allowed 0); 2 of 3 elements differ");
  EXPECT_EQ(compareOutputs(Arguments, Checked, {floats({1, 2, 3})}, {floats({1, 2, NaN})}, 1e30),
            "buffer 1[2]: 3 vs nan (error inf > allowed 1e+30); 1 of 3 elements differs");
}

TEST(ResultCheck, CheckedBuffers) {
  std::vector<KernelArgument> Arguments{KernelArgument::scalar<int>(3),
                                        KernelArgument::buffer<float>(3),
                                        KernelArgument::buffer<int>(2)};
  CheckSetup Check;
  EXPECT_EQ(*checkedBuffers(Check, Arguments), (std::vector<unsigned>{1, 2}));
  Check.Buffers = {3};
  EXPECT_EQ(*checkedBuffers(Check, Arguments), (std::vector<unsigned>{2}));
  Check.Buffers = {1};
  EXPECT_EQ(messageOf(checkedBuffers(Check, Arguments)),
            "the result check names input 1, a scalar<int32_t>; only buffers can be checked");
  Check.Buffers = {4};
  EXPECT_EQ(messageOf(checkedBuffers(Check, Arguments)),
            "the result check names input 4, but the kernel has 3 inputs");
}

TEST(ResultCheck, GoldFileIsSplitIntoBuffers) {
  std::vector<KernelArgument> Arguments{KernelArgument::buffer<float>(2),
                                        KernelArgument::buffer<std::int16_t>(3)};
  std::string Path = ::testing::TempDir() + "gold-" + std::to_string(getpid()) + ".bin";
  {
    std::ofstream Out(Path, std::ios::binary);
    Out.write("abcdefgh123456", 14);
  }
  Expected<std::vector<std::vector<unsigned char>>> Gold = readGoldFile(Path, Arguments, {0, 1});
  ASSERT_TRUE(Gold.ok()) << messageOf(Gold);
  ASSERT_EQ((*Gold).size(), 2u);
  EXPECT_EQ(std::string((*Gold)[1].begin(), (*Gold)[1].end()), "123456");
  Gold = readGoldFile(Path, Arguments, {0});
  EXPECT_EQ(messageOf(Gold),
            "gold file " + Path + ": holds 14 bytes, but the checked buffers need 8");
  std::remove(Path.c_str());
  EXPECT_EQ(messageOf(readGoldFile(Path, Arguments, {0})),
            "gold file " + Path + ": cannot be opened");
  // Endless or special files are refused before any byte is read (reading
  // /dev/zero once grew the tuner to 16.8 GB).
  EXPECT_EQ(messageOf(readGoldFile("/dev/zero", Arguments, {0})),
            "gold file /dev/zero: is not a regular file");
}

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
                             KernelArgument::buffer<std::uint16_t>(9)};
  Message.Setup.TimeoutSeconds = 2.5;
  Message.Setup.Statistic = RepetitionStatistic::Min;
  CheckSetup Check;
  Check.Kind = CheckAgainst::ReferenceConfiguration;
  Check.Tolerance = 0.25;
  Check.Relative = 1e-5;
  Check.Buffers = {2};
  Message.Setup.Check = Check;
  Message.Expected = {{1, 2, 3}};
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
  ASSERT_EQ(Back.Setup.Arguments.size(), 2u);
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

  // A truncated message is refused, not read past its end.
  Body.resize(Body.size() / 2);
  WireReader Short(Body);
  SetupMessage Partial;
  EXPECT_FALSE(decode(Short, Partial));
}

} // namespace
} // namespace atfc
