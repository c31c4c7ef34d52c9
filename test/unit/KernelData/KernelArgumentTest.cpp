//===- KernelArgumentTest.cpp - Arguments and the result check ------------===//
//
// A kernel's data, which needs no device: seeded argument contents, the
// element-wise check, gold files and the check script.
//
//===----------------------------------------------------------------------===//
#include "KernelData/KernelArgument.h"
#include "KernelData/NumpyArray.h"
#include "KernelData/ResultCheck.h"
#include "Support/SplitMix64.h"
#include "System/ChildProcess.h"

#include "../MessageOf.h"
#include "../ScopedTempDirectory.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <unistd.h>
#include <utility>

namespace atfc {
namespace {

TEST(KernelArgument, ElementTypes) {
  EXPECT_EQ(elementTypeOf<float>(), ElementType::Float);
  EXPECT_EQ(elementTypeOf<double>(), ElementType::Double);
  EXPECT_EQ(elementTypeOf<int>(), ElementType::Int32);
  EXPECT_EQ(elementTypeOf<unsigned char>(), ElementType::UInt8);
  EXPECT_EQ(elementTypeOf<std::int64_t>(), ElementType::Int64);
  EXPECT_EQ(elementSize(ElementType::Int16), 2u);
  EXPECT_EQ(describe(KernelArgument::buffer<float>(10)), "buffer<float>(10)");
  EXPECT_EQ(KernelArgument::buffer<double>(10).byteSize(), 80u);
  // The one table: names, sizes and NumPy dtypes agree for every type.
  EXPECT_EQ(elementTypeOf<half>(), ElementType::Half);
  EXPECT_EQ(elementSize(ElementType::Half), 2u);
  EXPECT_STREQ(elementTypeName(ElementType::Half), "half");
  EXPECT_STREQ(elementTypeDtype(ElementType::Half), "<f2");
  EXPECT_STREQ(elementTypeDtype(ElementType::UInt8), "|u1");
  EXPECT_STREQ(elementTypeDtype(ElementType::Double), "<f8");
  for (ElementType T :
       {ElementType::Int8, ElementType::UInt16, ElementType::Int32, ElementType::UInt64,
        ElementType::Half, ElementType::Float, ElementType::Double}) {
    const std::string Dtype = elementTypeDtype(T);
    EXPECT_EQ(Dtype.substr(2), std::to_string(elementSize(T))) << elementTypeName(T);
    EXPECT_EQ(Dtype[1] == 'f', isFloatingPoint(T)) << elementTypeName(T);
  }
}

TEST(KernelArgument, HalfScalarsAndRandomHalfBuffers) {
  std::vector<unsigned char> Bytes = initialContents(KernelArgument::scalar<half>(1.5), 0, 9);
  ASSERT_EQ(Bytes.size(), 2u);
  EXPECT_EQ(elementAsDouble(ElementType::Half, Bytes.data(), 0), 1.5);
  EXPECT_EQ(describe(KernelArgument::scalar<half>(0.1)), "scalar<half>");
  std::vector<unsigned char> Random = initialContents(KernelArgument::buffer<half>(4096), 1, 3);
  ASSERT_EQ(Random.size(), 8192u);
  double Sum = 0;
  for (std::size_t I = 0; I < 4096; ++I) {
    const double V = elementAsDouble(ElementType::Half, Random.data(), I);
    EXPECT_GE(V, 0.0);
    EXPECT_LT(V, 1.0); // never rounded up to 1
    Sum += V;
  }
  EXPECT_NEAR(Sum / 4096, 0.5, 0.05);
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

// Random contents are a contract across versions: a resumed run, a gold
// file and a replay compare with results of inputs an earlier atfc made.
// Every element type against the documented draw of the stream of
// splitmix64 (pinned by its published first output), element by element.
TEST(KernelArgument, RandomContentsOfEveryTypeAreTheDocumentedDraws) {
  ASSERT_EQ(SplitMix64{0}.next(), 0xe220a8397b1dcdafULL);
  for (int T = 0; T <= static_cast<int>(ElementType::Double); ++T) {
    const auto Type = static_cast<ElementType>(T);
    for (const auto &[Position, Seed] : {std::pair(0u, 0ULL), std::pair(3u, 42ULL)}) {
      KernelArgument Buffer = KernelArgument::buffer<float>(257);
      Buffer.Type = Type;
      const std::vector<unsigned char> Bytes = initialContents(Buffer, Position, Seed);
      ASSERT_EQ(Bytes.size(), 257 * elementSize(Type));
      SplitMix64 Draws{Seed ^ (0xd1b54a32d192ed03ULL * (Position + 1))};
      for (std::size_t I = 0; I < 257; ++I) {
        const std::uint64_t R = Draws.next();
        const double Expected = Type == ElementType::Half ? static_cast<double>(R >> 53) * 0x1.0p-11
                                : Type == ElementType::Float
                                    ? static_cast<float>(static_cast<double>(R >> 11) * 0x1.0p-53)
                                : Type == ElementType::Double
                                    ? static_cast<double>(R >> 11) * 0x1.0p-53
                                    : static_cast<double>(R % 100);
        ASSERT_EQ(elementAsDouble(Type, Bytes.data(), I), Expected)
            << elementTypeName(Type) << " element " << I << " of input " << Position + 1;
      }
    }
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
            "gold file: cannot read '" + Path + "': No such file or directory");
  // Endless or special files are refused before any byte is read (reading
  // /dev/zero once grew the tuner to 16.8 GB).
  EXPECT_EQ(messageOf(readGoldFile("/dev/zero", Arguments, {0})),
            "gold file: cannot read '/dev/zero': it is a character device, not a regular file");
}

} // namespace
} // namespace atfc

namespace atfc {
namespace {

constexpr ElementType kIntegerTypes[] = {
    ElementType::Int8,  ElementType::UInt8,  ElementType::Int16, ElementType::UInt16,
    ElementType::Int32, ElementType::UInt32, ElementType::Int64, ElementType::UInt64};

bool isSignedForTest(ElementType Type) {
  return Type == ElementType::Int8 || Type == ElementType::Int16 || Type == ElementType::Int32 ||
         Type == ElementType::Int64;
}

KernelArgument bufferOf(ElementType Type, std::uint64_t Count) {
  KernelArgument A = KernelArgument::buffer<float>(Count);
  A.Type = Type;
  return A;
}

std::string fillProblem(ElementType Type, BufferContents How, const std::string &Low,
                        const std::string &High = "", std::uint64_t Count = 4) {
  Expected<void> Checked = checkFill(bufferOf(Type, Count).withFill(How, Low, High, 1, 1));
  return Checked ? std::string() : Checked.error().message();
}

TEST(BufferFill, ConstantsOfEveryType) {
  for (ElementType Type : kIntegerTypes) {
    const KernelArgument A = bufferOf(Type, 3).withFill(BufferContents::Constant, "7", "", 1, 1);
    ASSERT_EQ(fillProblem(Type, BufferContents::Constant, "7"), "");
    const std::vector<unsigned char> Bytes = initialContents(A, 0, 1);
    for (std::size_t I = 0; I < 3; ++I)
      EXPECT_EQ(elementAsDouble(Type, Bytes.data(), I), 7.0) << elementTypeName(Type);
  }
  for (ElementType Type : {ElementType::Float, ElementType::Double}) {
    const KernelArgument A = bufferOf(Type, 2).withFill(BufferContents::Constant, "-1.5", "", 1, 1);
    EXPECT_EQ(elementAsDouble(Type, initialContents(A, 0, 1).data(), 1), -1.5);
  }
  // The extremes of 64-bit integers are exact: they never pass through a
  // double.
  const KernelArgument Max =
      bufferOf(ElementType::UInt64, 1)
          .withFill(BufferContents::Constant, "18446744073709551615", "", 1, 1);
  std::uint64_t U = 0;
  std::memcpy(&U, initialContents(Max, 0, 1).data(), 8);
  EXPECT_EQ(U, UINT64_MAX);
  const KernelArgument Min =
      bufferOf(ElementType::Int64, 1)
          .withFill(BufferContents::Constant, "-9223372036854775808", "", 1, 1);
  std::int64_t S = 0;
  std::memcpy(&S, initialContents(Min, 0, 1).data(), 8);
  EXPECT_EQ(S, INT64_MIN);
}

TEST(BufferFill, ValuesATypeCannotHoldAreRefused) {
  EXPECT_EQ(fillProblem(ElementType::UInt8, BufferContents::Constant, "300"),
            "fill 300 does not fit uint8_t, which holds 0 to 255");
  EXPECT_EQ(fillProblem(ElementType::UInt32, BufferContents::Constant, "-1"),
            "fill -1 does not fit uint32_t, which holds 0 to 4294967295");
  EXPECT_EQ(fillProblem(ElementType::Int32, BufferContents::Constant, "1.5"),
            "fill 1.5 is not an integer, and the buffer holds int32_t");
  EXPECT_EQ(fillProblem(ElementType::Int8, BufferContents::Constant, "-129"),
            "fill -129 does not fit int8_t, which holds -128 to 127");
  EXPECT_EQ(fillProblem(ElementType::Int8, BufferContents::Constant, "-128"), "");
  EXPECT_EQ(fillProblem(ElementType::UInt64, BufferContents::Constant, "18446744073709551616"),
            "fill 18446744073709551616 does not fit uint64_t, which holds 0 to "
            "18446744073709551615");
  EXPECT_EQ(fillProblem(ElementType::Double, BufferContents::Constant, "18446744073709551616"), "")
      << "2^64 is a double exactly";
  EXPECT_EQ(fillProblem(ElementType::Float, BufferContents::Constant, "16777217"),
            "fill 16777217 is not exactly a float (it would become 16777216)");
  EXPECT_EQ(fillProblem(ElementType::Double, BufferContents::Constant, "16777217"), "");
  EXPECT_EQ(fillProblem(ElementType::Float, BufferContents::Constant, "1e39"),
            "fill 1e39 does not fit float, which holds about -3.4e38 to 3.4e38");
  EXPECT_EQ(fillProblem(ElementType::UInt8, BufferContents::Index, "", "", 257),
            "fill index needs the values 0 to 256, but uint8_t holds 0 to 255");
  EXPECT_EQ(fillProblem(ElementType::UInt8, BufferContents::Index, "", "", 256), "");
  EXPECT_EQ(fillProblem(ElementType::Float, BufferContents::Index, "", "", (1 << 24) + 2),
            "fill index needs the values 0 to 16777217, but float holds integers exactly only "
            "up to 16777216");
  EXPECT_EQ(fillProblem(ElementType::Int32, BufferContents::RandomRange, "5", "5"),
            "fill random(5, 5) is empty: it draws from LO up to (not including) HI, so LO must "
            "be less than HI");
  EXPECT_EQ(fillProblem(ElementType::Int32, BufferContents::RandomRange, "-3", "-4"),
            "fill random(-3, -4) is empty: it draws from LO up to (not including) HI, so LO must "
            "be less than HI");
  EXPECT_EQ(fillProblem(ElementType::UInt16, BufferContents::RandomRange, "-1", "4"),
            "fill random(-1, 4): -1 does not fit uint16_t, which holds 0 to 65535");
}

TEST(BufferFill, IndexAndRandomRanges) {
  for (ElementType Type : kIntegerTypes) {
    const KernelArgument Index = bufferOf(Type, 100).withFill(BufferContents::Index, "", "", 1, 1);
    const std::vector<unsigned char> Bytes = initialContents(Index, 0, 1);
    for (std::size_t I = 0; I < 100; ++I)
      ASSERT_EQ(elementAsDouble(Type, Bytes.data(), I), double(I)) << elementTypeName(Type);
    const std::string Low = isSignedForTest(Type) ? "-3" : "3";
    const KernelArgument Random =
        bufferOf(Type, 1000).withFill(BufferContents::RandomRange, Low, "9", 1, 1);
    ASSERT_EQ(fillProblem(Type, BufferContents::RandomRange, Low, "9"), "");
    const std::vector<unsigned char> Drawn = initialContents(Random, 2, 7);
    EXPECT_EQ(Drawn, initialContents(Random, 2, 7)) << "the seed decides";
    std::set<double> Seen;
    for (std::size_t I = 0; I < 1000; ++I)
      Seen.insert(elementAsDouble(Type, Drawn.data(), I));
    EXPECT_EQ(*Seen.begin(), std::stod(Low)) << elementTypeName(Type);
    EXPECT_EQ(*Seen.rbegin(), 8.0) << "HI is never drawn";
  }
  for (ElementType Type : {ElementType::Float, ElementType::Double}) {
    const KernelArgument Random =
        bufferOf(Type, 1000).withFill(BufferContents::RandomRange, "-1", "1e-30", 1, 1);
    const std::vector<unsigned char> Drawn = initialContents(Random, 0, 3);
    for (std::size_t I = 0; I < 1000; ++I) {
      EXPECT_GE(elementAsDouble(Type, Drawn.data(), I), -1.0);
      EXPECT_LT(elementAsDouble(Type, Drawn.data(), I), 1e-30);
    }
  }
}

TEST(BufferFill, HalfHoldsWhatBinary16Holds) {
  const KernelArgument A =
      bufferOf(ElementType::Half, 3).withFill(BufferContents::Constant, "-1.5", "", 1, 1);
  EXPECT_EQ(fillProblem(ElementType::Half, BufferContents::Constant, "-1.5"), "");
  EXPECT_EQ(elementAsDouble(ElementType::Half, initialContents(A, 0, 1).data(), 2), -1.5);
  EXPECT_EQ(fillProblem(ElementType::Half, BufferContents::Constant, "65504"), "");
  EXPECT_EQ(fillProblem(ElementType::Half, BufferContents::Constant, "70000"),
            "fill 70000 does not fit half, which holds -65504 to 65504");
  EXPECT_EQ(fillProblem(ElementType::Half, BufferContents::Constant, "2049"),
            "fill 2049 is not exactly a half (it would become 2048)");
  EXPECT_EQ(fillProblem(ElementType::Half, BufferContents::Index, "", "", 2049), "");
  EXPECT_EQ(fillProblem(ElementType::Half, BufferContents::Index, "", "", 2050),
            "fill index needs the values 0 to 2049, but half holds integers exactly only up to "
            "2048");
  const KernelArgument Index =
      bufferOf(ElementType::Half, 2049).withFill(BufferContents::Index, "", "", 1, 1);
  const std::vector<unsigned char> Indices = initialContents(Index, 0, 1);
  for (std::size_t I = 0; I < 2049; ++I)
    ASSERT_EQ(elementAsDouble(ElementType::Half, Indices.data(), I), double(I));
  // Rounding to half must never reach HI, even from just below it.
  for (const char *High : {"1", "1e-3", "-0.5", "0"}) {
    const KernelArgument Random =
        bufferOf(ElementType::Half, 2000).withFill(BufferContents::RandomRange, "-1", High, 1, 1);
    const std::vector<unsigned char> Drawn = initialContents(Random, 0, 5);
    for (std::size_t I = 0; I < 2000; ++I) {
      ASSERT_GE(elementAsDouble(ElementType::Half, Drawn.data(), I), -1.0);
      ASSERT_LT(elementAsDouble(ElementType::Half, Drawn.data(), I), std::stod(High)) << High;
    }
  }
}

} // namespace
} // namespace atfc

namespace atfc {
namespace {

TEST(CheckScript, WritesTheBuffersAndReadsTheVerdict) {
  test::ScopedTempDirectory Dir("atfc-check-script");
  const std::vector<KernelArgument> Arguments = {KernelArgument::scalar<int>(3),
                                                 KernelArgument::buffer<float>(2)};
  const float Values[2] = {1.5f, -2.0f};
  const std::vector<std::vector<unsigned char>> Outputs = {
      {reinterpret_cast<const unsigned char *>(Values),
       reinterpret_cast<const unsigned char *>(Values) + sizeof Values}};
  CheckSetup Check;
  Check.Kind = CheckAgainst::Script;
  const std::vector<std::string> Environment = {"PATH=/usr/bin:/bin", "WHO=me"};
  // Each configuration checks in a directory of its own, as the backend
  // makes them; buffer files are created, never written through.
  int Runs = 0;
  auto Run = [&](const std::string &Script, const StopSignal *Stop = nullptr) {
    Check.Script = Script;
    const std::filesystem::path Own = Dir.path() / std::to_string(++Runs);
    std::filesystem::create_directory(Own);
    return runCheckScript(Check, Arguments, {1}, Outputs, Own.string(), Environment, 10, Stop);
  };
  // The buffer is buffer_2.npy (its input number), readable as written.
  EXPECT_EQ(Run("test -f buffer_2.npy && test \"$WHO\" = me").Verdict, CheckVerdict::Right);
  Expected<std::vector<unsigned char>> Back =
      readDataFile((Dir.path() / "1" / "buffer_2.npy").string(), "b", ElementType::Float, 2);
  ASSERT_TRUE(Back);
  EXPECT_EQ(*Back, Outputs[0]);
  // Exit status 1: a wrong result, whose reason is the first line printed;
  // the output is kept for the log.
  CheckScriptOutcome Wrong = Run("echo; echo '  element 1 is -2, expected 2'; echo more; exit 1");
  EXPECT_EQ(Wrong.Verdict, CheckVerdict::Wrong);
  EXPECT_EQ(Wrong.Reason, "  element 1 is -2, expected 2");
  EXPECT_EQ(Wrong.Output, "\n  element 1 is -2, expected 2\nmore\n");
  EXPECT_EQ(Run("exit 1").Reason, "the check script exited with status 1");
  // Any other end is a failed check, which says nothing of the outputs.
  CheckScriptOutcome Other = Run("echo first; echo 'last words'; exit 3");
  EXPECT_EQ(Other.Verdict, CheckVerdict::Failed);
  EXPECT_EQ(Other.Reason, "the check script exited with status 3: last words");
  EXPECT_EQ(Run("exit 4").Reason, "the check script exited with status 4");
  CheckScriptOutcome Killed = Run("kill -9 $$");
  EXPECT_EQ(Killed.Verdict, CheckVerdict::Failed);
  EXPECT_EQ(Killed.Reason, "the check script died of signal 9");
  // A missing interpreter: /bin/sh's status 127.
  CheckScriptOutcome Missing = Run("no-such-interpreter-atfc verify.py");
  EXPECT_EQ(Missing.Verdict, CheckVerdict::Failed);
  EXPECT_NE(Missing.Reason.find("status 127: "), std::string::npos) << Missing.Reason;
  EXPECT_NE(Missing.Output.find("no-such-interpreter-atfc"), std::string::npos);
  // A Python exception exits with status 1 under a traceback: a failed
  // check, its last line the reason.
  CheckScriptOutcome Traceback =
      Run("printf 'Traceback (most recent call last):\\n  File \"v.py\", line 1, in "
          "<module>\\nModuleNotFoundError: No module named '\\''numpy'\\''\\n' >&2; exit 1");
  EXPECT_EQ(Traceback.Verdict, CheckVerdict::Failed);
  EXPECT_EQ(Traceback.Reason, "ModuleNotFoundError: No module named 'numpy'");
  EXPECT_NE(Traceback.Output.find("File \"v.py\""), std::string::npos);
  StopSignal Stop;
  Stop.raise();
  CheckScriptOutcome Stopped = Run("sleep 5", &Stop);
  EXPECT_EQ(Stopped.Verdict, CheckVerdict::Failed);
  EXPECT_EQ(Stopped.Reason, "the check script was stopped");
  // A link planted at a buffer's name is never written through.
  const std::filesystem::path Planted = Dir.path() / "planted";
  std::filesystem::create_directory(Planted);
  std::ofstream(Dir.path() / "canary") << "mine";
  std::filesystem::create_symlink(Dir.path() / "canary", Planted / "buffer_2.npy");
  Check.Script = "true";
  EXPECT_EQ(
      runCheckScript(Check, Arguments, {1}, Outputs, Planted.string(), Environment, 10).Verdict,
      CheckVerdict::Failed);
  std::ifstream Canary(Dir.path() / "canary");
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(Canary), {}), "mine");
}

} // namespace
} // namespace atfc

namespace atfc {
namespace {

// Issue 44: `buffer<float>(2^62)` passed its size check (Count * 4 wrapped
// to 0); a huge or negative count from an input crashed the device worker.
// The hunter: counts around every power of two for every element size;
// a buffer is taken exactly when its true byte count (128 bits) is at
// most kMaxBufferBytes, and byteSize() never wraps.
TEST(BufferSize, CountsAtTheLimitsAreCheckedWithoutOverflow) {
  __extension__ typedef unsigned __int128 Wide;
  for (ElementType Type :
       {ElementType::UInt8, ElementType::Half, ElementType::Float, ElementType::Double}) {
    for (unsigned Power = 0; Power <= 64; ++Power)
      for (std::int64_t Step : {-1, 0, 1}) {
        const std::uint64_t Count =
            (Power == 64 ? 0 : (std::uint64_t(1) << Power)) + static_cast<std::uint64_t>(Step);
        KernelArgument A = KernelArgument::buffer<float>(Count);
        A.Type = Type;
        const Wide Bytes = static_cast<Wide>(Count) * elementSize(Type);
        EXPECT_EQ(static_cast<bool>(checkBufferSize(A)), Bytes <= kMaxBufferBytes) << describe(A);
        EXPECT_EQ(A.byteSize(), Bytes > UINT64_MAX ? UINT64_MAX : static_cast<std::uint64_t>(Bytes))
            << describe(A);
        if (Bytes > kMaxBufferBytes) {
          Expected<std::vector<unsigned char>> Loaded = loadContents(A, 2, 1);
          ASSERT_FALSE(Loaded) << describe(A);
          EXPECT_EQ(messageOf(Loaded).rfind("input 3: " + describe(A) + " needs ", 0), 0u)
              << messageOf(Loaded);
        }
      }
  }
  EXPECT_EQ(messageOf(checkBufferSize(KernelArgument::buffer<float>(std::uint64_t(1) << 62))),
            "buffer<float>(4611686018427387904) needs 18446744073709551616 bytes, more than the "
            "1099511627776 (1 TiB) atfc allocates for one buffer; a count from an input may be "
            "wrong (a negative one becomes a huge unsigned count)");
}

// Issue 44: `fill 1e-50` of float became 0 silently; a literal with more
// digits than the type keeps lost them silently.
TEST(BufferFill, RealsThatRoundToZeroOrLoseDigitsAreRefused) {
  EXPECT_EQ(fillProblem(ElementType::Float, BufferContents::Constant, "1e-50"),
            "fill 1e-50 rounds to 0 in float, whose smallest positive value is about 1.4e-45");
  EXPECT_EQ(fillProblem(ElementType::Double, BufferContents::Constant, "-1e-400"),
            "fill -1e-400 rounds to 0 in double, whose smallest positive value is about "
            "4.9e-324");
  EXPECT_EQ(fillProblem(ElementType::Float, BufferContents::Constant, "3.14159265358979"),
            "fill 3.14159265358979 is not a float to its 15 digits (it would become "
            "3.14159274)");
  EXPECT_EQ(fillProblem(ElementType::Float, BufferContents::RandomRange, "1e-50", "1"),
            "fill random(1e-50, 1): 1e-50 rounds to 0 in float, whose smallest positive value "
            "is about 1.4e-45");
  for (const char *Fine : {"0.1", "0", "0.0", "-0.0", "1.4e-45", "3.4e38", "1e-38", "0.5000"})
    EXPECT_EQ(fillProblem(ElementType::Float, BufferContents::Constant, Fine), "") << Fine;
  EXPECT_EQ(fillProblem(ElementType::Float, BufferContents::Constant, "1.5e-45"),
            "fill 1.5e-45 is not a float to its 2 digits (it would become 1.40129846e-45)");
  EXPECT_EQ(fillProblem(ElementType::Double, BufferContents::Constant, "3e-324"),
            "fill 3e-324 is not a double to its 1 digits (it would become 4.94065646e-324)");
  for (const char *Fine : {"3.14159265358979", "3.14159265358979323846", "4.9e-324", "1e-310",
                           "1.7976931348623157e308"})
    EXPECT_EQ(fillProblem(ElementType::Double, BufferContents::Constant, Fine), "") << Fine;
}

// The hunter of fills: literals of 1 to 20 digits at exponents across
// every floating type's range (and beyond). A fill that is taken stores a
// nonzero value for a nonzero literal, within half a unit of the
// literal's last digit (judged in long double, not by the code under
// test); one that is refused for its digits really loses them.
TEST(BufferFill, LiteralsAtTheTypeLimitsKeepTheirValueOrAreRefused) {
  SplitMix64 Random{44};
  unsigned Taken = 0, Refused = 0;
  for (ElementType Type : {ElementType::Half, ElementType::Float, ElementType::Double}) {
    for (int I = 0; I < 3000; ++I) {
      const int Digits = 1 + static_cast<int>(Random.next() % 20);
      std::string Mantissa = std::to_string(1 + Random.next() % 9);
      // The last digit is not 0: trailing zeros are not significant.
      for (int D = 1; D < Digits; ++D)
        Mantissa +=
            static_cast<char>(D + 1 < Digits ? '0' + Random.next() % 10 : '1' + Random.next() % 9);
      const int Exponent = static_cast<int>(Random.next() % 680) - 340 - (Digits - 1);
      const std::string Literal =
          (Random.next() % 2 ? "-" : "") + Mantissa + "e" + std::to_string(Exponent);
      const std::string Problem = fillProblem(Type, BufferContents::Constant, Literal, "", 1);
      const long double Truth = std::strtold(Literal.c_str(), nullptr);
      // Half a unit of the literal's last digit (at most 15 for double, 18
      // for the others, as docs/reliability.md says).
      const int Compared = std::min(Digits, Type == ElementType::Double ? 15 : 18);
      const long double Tolerance =
          0.5L * std::pow(10.0L, std::floor(std::log10(std::fabs(Truth))) - Compared + 1);
      auto StoredOf = [&] {
        const KernelArgument A =
            bufferOf(Type, 1).withFill(BufferContents::Constant, Literal, "", 1, 1);
        return elementAsDouble(Type, initialContents(A, 0, 1).data(), 0);
      };
      if (!Problem.empty()) {
        ++Refused;
        if (Problem.find("digits") != std::string::npos) {
          EXPECT_GE(std::fabs(StoredOf() - Truth), Tolerance * 0.9999L)
              << Literal << " " << elementTypeName(Type);
        }
        continue;
      }
      ++Taken;
      const double Stored = StoredOf();
      ASSERT_TRUE(std::isfinite(Stored)) << Literal;
      ASSERT_NE(Stored, 0.0) << Literal << " " << elementTypeName(Type);
      EXPECT_LE(std::fabs(Stored - Truth), Tolerance * 1.0001L)
          << Literal << " " << elementTypeName(Type);
    }
  }
  EXPECT_GT(Taken, 1000u);
  EXPECT_GT(Refused, 1000u);
}

// Issue 44: `fill random(-1e308, 1e308)` of doubles gave one value for
// every element (HI - LO overflowed). Ranges up to the type's limits draw
// many values, each in [LO, HI).
TEST(BufferFill, RandomRangesAcrossTheWholeTypeDrawManyValues) {
  const std::pair<ElementType, std::pair<const char *, const char *>> Ranges[] = {
      {ElementType::Double, {"-1e308", "1e308"}},
      {ElementType::Double, {"-1.7976931348623157e308", "1.7976931348623157e308"}},
      {ElementType::Double, {"4.9e-324", "1e-320"}},
      {ElementType::Float, {"-3.4e38", "3.4e38"}},
      {ElementType::Float, {"1e38", "3.4e38"}},
      {ElementType::Half, {"-65504", "65504"}}};
  for (const auto &[Type, Bounds] : Ranges) {
    ASSERT_EQ(fillProblem(Type, BufferContents::RandomRange, Bounds.first, Bounds.second), "")
        << Bounds.first;
    const KernelArgument A =
        bufferOf(Type, 1000)
            .withFill(BufferContents::RandomRange, Bounds.first, Bounds.second, 1, 1);
    const std::vector<unsigned char> Drawn = initialContents(A, 0, 5);
    std::set<double> Seen;
    for (std::size_t I = 0; I < 1000; ++I) {
      const double V = elementAsDouble(Type, Drawn.data(), I);
      ASSERT_TRUE(std::isfinite(V)) << Bounds.first;
      const double Low = std::strtod(Bounds.first, nullptr);
      ASSERT_GE(V, Low - std::fabs(Low) * 1e-7) << Bounds.first;
      ASSERT_LT(V, std::strtod(Bounds.second, nullptr)) << Bounds.first;
      Seen.insert(V);
    }
    EXPECT_GT(Seen.size(), 100u) << Bounds.first << " to " << Bounds.second;
  }
}

} // namespace
} // namespace atfc
