//===- TunerMainTest.cpp - The main program of a generated tuner ----------===//
//
// TunerMain as a generated tuner uses it: argv in, inputs out, run() in
// space mode with text, JSON and a list, generation errors as exit status 1,
// device limits as a value of the run that the generator is handed.
// The paths that exit (bad command line, bad input, --help) are death tests.
//
//===----------------------------------------------------------------------===//
#include "runtime/TunerMain.h"
#include "runtime/TuningSetup.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstddef>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

using namespace atfc;

namespace {

/// A generated tuner's body for saxpy: N = $1.
int saxpyTuner(const TunerMain &Tuner, std::ostream &Out, std::ostream &Err) {
  const std::size_t N = Tuner.positional<std::size_t>(1, "N");
  auto G1 = group(parameter("WPT", interval<std::size_t>(1, N), divides(N)),
                  parameter("LS", interval<std::size_t>(1, N),
                            divides([N](const auto &P) { return N / std::get<0>(P); })));
  return Tuner.run(
      [&](const GenerationOptions &O, const DeviceLimits &) { return generateSpace(O, G1); }, Out,
      Err);
}

struct Output {
  int Status = -1;
  std::string Out, Err;
};

Output runSaxpy(const std::vector<const char *> &Args) {
  std::vector<const char *> Argv = {"saxpy-tuner"};
  Argv.insert(Argv.end(), Args.begin(), Args.end());
  TunerMain Tuner(static_cast<int>(Argv.size()), Argv.data(), "saxpy.cl");
  std::ostringstream Out, Err;
  Output Result;
  Result.Status = saxpyTuner(Tuner, Out, Err);
  Result.Out = Out.str();
  Result.Err = Err.str();
  return Result;
}

TEST(TunerMain, ParsesArgv) {
  const char *Argv[] = {"tuner", "--json", "1000", "--threads", "1", "--", "-7"};
  const TunerMain Tuner(7, Argv, "saxpy.cl");
  EXPECT_EQ(Tuner.fileName(), "saxpy.cl");
  EXPECT_TRUE(Tuner.options().Json);
  EXPECT_EQ(Tuner.options().Threads, 1u);
  EXPECT_EQ(Tuner.positional<std::size_t>(1, "N"), 1000u);
  EXPECT_EQ(Tuner.positional<int>(2, "M"), -7);
  EXPECT_EQ(Tuner.positional<std::string>(2, "S"), "-7");
  EXPECT_DOUBLE_EQ(Tuner.positional<double>(1, "X"), 1000.0);
}

TEST(TunerMain, SpaceReport) {
  const Output R = runSaxpy({"1000"});
  EXPECT_EQ(R.Status, 0);
  EXPECT_EQ(R.Err, "");
  EXPECT_EQ(R.Out.rfind("saxpy.cl: search space\n  configurations  100\n", 0), 0u) << R.Out;
  EXPECT_NE(R.Out.find("  LS         uint  1,000     16       100          0    15,900\n"),
            std::string::npos)
      << R.Out;
  EXPECT_EQ(R.Out.find("configurations:\n"), std::string::npos) << R.Out;
}

TEST(TunerMain, SpaceReportWithList) {
  const Output R = runSaxpy({"--space", "4", "--list", "2", "--threads", "2"});
  EXPECT_EQ(R.Status, 0);
  const std::string Tail = "\nthe first 2 of 6 configurations:\nWPT=1 LS=1\nWPT=1 LS=2\n";
  ASSERT_GE(R.Out.size(), Tail.size());
  EXPECT_EQ(R.Out.substr(R.Out.size() - Tail.size()), Tail) << R.Out;
}

TEST(TunerMain, JsonIsExactlyOneObject) {
  const Output R = runSaxpy({"--json", "1000", "--list", "3"});
  EXPECT_EQ(R.Status, 0);
  EXPECT_EQ(R.Err, "");
  const nlohmann::json J = nlohmann::json::parse(R.Out); // throws on anything after it
  ASSERT_TRUE(J.is_object());
  EXPECT_EQ(J["file"], "saxpy.cl");
  EXPECT_EQ(J["configurations"], "100");
  EXPECT_EQ(J["groups"][0]["levels"][1]["rejected"], "15900");
  EXPECT_EQ(J["configurations_listed"],
            nlohmann::json::parse(R"([{"WPT":1,"LS":1},{"WPT":1,"LS":2},{"WPT":1,"LS":4}])"));
}

TEST(TunerMain, ARangeThatCannotBeBuiltIsReportedWhereItIsWritten) {
  const TunerMain Tuner(TunerOptions{}, "bad.cl");
  std::ostringstream Out, Err;
  const int Status = Tuner.run(
      [](const GenerationOptions &O, const DeviceLimits &) {
        auto G = group(parameter("A", interval<int>(1, 4)),
                       parameter(SourceLocation{"bad.cl", 3, 15}, "X", interval<int>(1, 10, 0)));
        return generateSpace(O, G);
      },
      Out, Err);
  EXPECT_EQ(Status, 1);
  EXPECT_EQ(Out.str(), "");
  EXPECT_EQ(
      Err.str(),
      "bad.cl:3:15: error: the range of 'X', interval(1, 10, 0), cannot be built: interval: step "
      "must be positive\n");
}

TEST(TunerMain, GenerationErrorsWithoutAPlaceNameTheFile) {
  const TunerMain Tuner(TunerOptions{}, "bad.cl");
  std::ostringstream Out, Err;
  const int Status = Tuner.run(
      [](const GenerationOptions &O, const DeviceLimits &) {
        return generateSpace(O, group(parameter("P", interval<int>(-1, 3, 1, pow2))));
      },
      Out, Err);
  EXPECT_EQ(Status, 1);
  EXPECT_EQ(Err.str(), "bad.cl: error: generating the search space failed: the range of 'P', "
                       "interval(-1, 3, 1, pow2), cannot be built: pow2: exponent out of range "
                       "(2^i must be a value of the "
                       "interval's type, i >= 0)\n");
}

TEST(TunerMain, AConstraintsExceptionIsReported) {
  // The user's own code may still throw: it is caught and reported.
  const TunerMain Tuner(TunerOptions{}, "bad.cl");
  std::ostringstream Out, Err;
  const int Status = Tuner.run(
      [](const GenerationOptions &O, const DeviceLimits &) {
        auto Throwing = [](int X) {
          if (X == 3)
            throw std::invalid_argument("three is not allowed");
          return true;
        };
        return generateSpace(O, group(parameter("X", interval<int>(1, 5), Throwing)));
      },
      Out, Err);
  EXPECT_EQ(Status, 1);
  EXPECT_EQ(Err.str(), "bad.cl: error: generating the search space failed: three is not allowed\n");
}

TEST(TunerMain, ThreadsReachTheGenerator) {
  TunerOptions Options;
  Options.Threads = 3;
  const TunerMain Tuner(Options, "f.c");
  unsigned Seen = 0;
  std::ostringstream Out, Err;
  EXPECT_EQ(Tuner.run(
                [&](const GenerationOptions &O, const DeviceLimits &) {
                  Seen = O.Threads;
                  return ChainOfTrees();
                },
                Out, Err),
            0);
  EXPECT_EQ(Seen, 3u);
}

/// The generator the emitter writes for
///   range interval<size_t>(1, 4096) constraint divides(4096) &&
///     LS <= atf::ocl::max_wg_size &&
///     [](auto X) { return X * 2 <= atf::ocl::max_wi_size_0; }(LS)
/// (TunerEmitterTest has the text): the limits are the run's, not globals.
Expected<ChainOfTrees> limitedSpace(const GenerationOptions &O, const DeviceLimits &atf_limits_) {
  auto G1 = group(parameter("LS", interval<std::size_t>(1, 4096),
                            divides(4096) && less_than_or_eq((atf_limits_.MaxWorkGroupSize)) &&
                                predicate([&](const std::size_t &LS, const auto &) -> bool {
                                  return static_cast<bool>([&atf_limits_](auto X) {
                                    return X * 2 <= atf_limits_.MaxWorkItemSizes[0];
                                  }(LS));
                                })));
  return generateSpace(O, G1);
}

TEST(TunerMain, SpacesOfDifferentLimitsInOneProcess) {
  // Two devices' spaces, generated at the same time on two threads: each
  // sees its own limits (with process-wide limits one would see the
  // other's). Powers of two up to min(max_wg_size, max_wi_size_0 / 2).
  DeviceLimits Small, Large;
  Small.MaxWorkGroupSize = 64;
  Small.MaxWorkItemSizes = {4096, 4096, 4096};
  Large.MaxWorkGroupSize = 4096;
  Large.MaxWorkItemSizes = {2048, 1, 1};
  std::vector<std::size_t> SmallSizes, LargeSizes;
  const auto Generate = [](const DeviceLimits &Limits, std::vector<std::size_t> &Sizes) {
    for (int I = 0; I < 50; ++I)
      Sizes.push_back(limitedSpace(GenerationOptions{}, Limits)->size().get_ui());
  };
  std::thread A(Generate, std::cref(Small), std::ref(SmallSizes));
  std::thread B(Generate, std::cref(Large), std::ref(LargeSizes));
  A.join();
  B.join();
  EXPECT_EQ(SmallSizes, std::vector<std::size_t>(50, 7));  // 1 ... 64
  EXPECT_EQ(LargeSizes, std::vector<std::size_t>(50, 11)); // 1 ... 1024
  EXPECT_EQ(limitedSpace(GenerationOptions{}, DeviceLimits{})->size(), 0);
}

TEST(TunerMain, TheGeneratorGetsNoLimitsWithoutADevice) {
  const TunerMain Tuner(TunerOptions{}, "f.c");
  std::ostringstream Out, Err;
  DeviceLimits Seen;
  Seen.MaxWorkGroupSize = 1;
  EXPECT_EQ(Tuner.run(
                [&](const GenerationOptions &, const DeviceLimits &Limits) {
                  Seen = Limits;
                  return ChainOfTrees();
                },
                Out, Err),
            0)
      << Err.str();
  EXPECT_EQ(Seen, DeviceLimits{});
}

/// Space mode over a kernel file of Kind that names max_wg_size, with
/// Given as --device-limit: the status, the limits the generator saw and
/// the errors.
std::tuple<int, DeviceLimits, std::string> spaceWithGivenLimits(MeasurementKind Kind,
                                                                GivenDeviceLimits Given,
                                                                TunerMode Mode = TunerMode::Space) {
  TunerOptions Options;
  Options.Mode = Mode;
  Options.DeviceLimits = std::move(Given);
  Options.OutputDirectory = testing::TempDir() + "/device-limit.atf";
  TuningSetup Setup;
  Setup.Kind = Kind;
  Setup.NamesDeviceLimits = Kind != MeasurementKind::Process;
  if (Setup.NamesDeviceLimits)
    Setup.NamedDeviceLimits = {"max_wg_size"};
  const TunerMain Tuner(Options, "k.cu");
  std::ostringstream Out, Err;
  DeviceLimits Seen;
  const int Status = Tuner.run(
      [&](const GenerationOptions &, const DeviceLimits &Limits) {
        Seen = Limits;
        return ChainOfTrees();
      },
      Setup, Out, Err);
  return {Status, Seen, Err.str()};
}

// Every limit the file names given: the device is never opened (no CUDA
// here would otherwise fail the run), and the generator sees the values.
TEST(TunerMain, GivenDeviceLimitsPlanWithoutTheDevice) {
  const auto [Status, Seen, Errors] = spaceWithGivenLimits(
      MeasurementKind::CUDA, {{"max_wg_size", 256}, {"shared_mem_per_block", 1024}});
  EXPECT_EQ(Status, 0) << Errors;
  EXPECT_EQ(Seen.MaxWorkGroupSize, 256u);
  EXPECT_EQ(Seen.LocalMemorySize, 1024u);
  const auto [OclStatus, OclSeen, OclErrors] =
      spaceWithGivenLimits(MeasurementKind::OpenCL, {{"max_wg_size", 64}});
  EXPECT_EQ(OclStatus, 0) << OclErrors;
  EXPECT_EQ(OclSeen.MaxWorkGroupSize, 64u);
}

TEST(TunerMain, DeviceLimitsThatDoNotFitAreUsageErrors) {
  const auto [Foreign, S1, ForeignErrors] =
      spaceWithGivenLimits(MeasurementKind::OpenCL, {{"max_threads_per_block", 64}});
  EXPECT_EQ(Foreign, 2);
  EXPECT_NE(ForeignErrors.find("k.cu: error: --device-limit max_threads_per_block is no OpenCL "
                               "device limit"),
            std::string::npos)
      << ForeignErrors;
  const auto [Process, S2, ProcessErrors] =
      spaceWithGivenLimits(MeasurementKind::Process, {{"max_wg_size", 64}});
  EXPECT_EQ(Process, 2);
  EXPECT_NE(ProcessErrors.find("tunes a CUDA or OpenCL kernel"), std::string::npos)
      << ProcessErrors;
  const auto [Tune, S3, TuneErrors] =
      spaceWithGivenLimits(MeasurementKind::CUDA, {{"max_wg_size", 64}}, TunerMode::Tune);
  EXPECT_EQ(Tune, 2);
  EXPECT_NE(TuneErrors.find("--device-limit is for space mode"), std::string::npos) << TuneErrors;
}

TEST(TunerMain, UnwritableOutputExitsWithOne) {
  const TunerMain Tuner(TunerOptions{}, "f.c");
  std::ostringstream Out, Err;
  Out.setstate(std::ios::badbit);
  EXPECT_EQ(
      Tuner.run([](const GenerationOptions &, const DeviceLimits &) { return ChainOfTrees(); }, Out,
                Err),
      1);
  EXPECT_EQ(Err.str(), "f.c: error: cannot write the report to the output\n");
}

// The paths that end the process.
class TunerMainDeathTest : public testing::Test {
protected:
  void SetUp() override { GTEST_FLAG_SET(death_test_style, "threadsafe"); }
};

TEST_F(TunerMainDeathTest, MissingInputExitsWithTwo) {
  EXPECT_EXIT(runSaxpy({}), testing::ExitedWithCode(2),
              "^saxpy.cl: error: input 'N' is \\$1, but only 0 arguments were given\n$");
}

TEST_F(TunerMainDeathTest, MalformedInputExitsWithTwo) {
  EXPECT_EXIT(runSaxpy({"abc"}), testing::ExitedWithCode(2),
              "^saxpy.cl: error: input 'N' \\(\\$1 = 'abc'\\) is not a valid size_t");
}

// A generated tuner passes the line and column of the `$K`: the error
// stands there, as every error of the file does.
TEST_F(TunerMainDeathTest, MissingInputIsReportedAtItsPosition) {
  const TunerMain Tuner(TunerOptions{}, "saxpy.cl");
  EXPECT_EXIT(Tuner.positional<std::size_t>(1, "N", 3, 22), testing::ExitedWithCode(2),
              "^saxpy.cl:3:22: error: input 'N' is \\$1, but only 0 arguments were given\n$");
}

TEST_F(TunerMainDeathTest, BadCommandLineExitsWithTwo) {
  EXPECT_EXIT(runSaxpy({"--list"}), testing::ExitedWithCode(2),
              "^atfc: error: option '--list' needs a value: --list N\n$");
}

TEST_F(TunerMainDeathTest, HelpExitsWithZero) {
  EXPECT_EXIT(runSaxpy({"--help"}), testing::ExitedWithCode(0), "^$");
}

} // namespace
