//===- TunerPipelineTest.cpp - File to tuner program ----------------------===//
//
// The driver's first steps on real files with real Clang: a file is read
// and checked (errors stop it), its tuner program emitted, its positional
// inputs listed in declaration order with their types.
//
//===----------------------------------------------------------------------===//
#include "Driver/TunerPipeline.h"

#include "System/Interruption.h"

#include <gtest/gtest.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

using namespace atfc;
namespace fs = std::filesystem;

namespace {

class TunerPipelineTest : public ::testing::Test {
protected:
  void SetUp() override {
    Dir = fs::temp_directory_path() / ("driver-pipeline-" + std::to_string(::getpid()));
    fs::remove_all(Dir);
    fs::create_directories(Dir);
  }
  void TearDown() override { fs::remove_all(Dir); }

  std::string write(const char *Name, const std::string &Text) {
    std::ofstream(Dir / Name) << Text;
    return (Dir / Name).string();
  }

  fs::path Dir;
  /// What the functions report, instead of standard error.
  std::ostringstream Errors;
  DiagnosticSink Diags{Errors};
};

TEST_F(TunerPipelineTest, AValidFileIsAnalysedAndEmitted) {
  const std::string File = write("k.atf", "#atf::var<int>::MAXWORK $2\n"
                                          "#atf::var<double> SCALE = 1.5\n"
                                          "#atf::var<size_t>::N $1\n"
                                          "#atf::tp name WG range {1, 2, 4}\n"
                                          "#atf::tp name WPT range interval<int>(1, 5) "
                                          "constraint WG * WPT <= MAXWORK\n");
  std::optional<FrontendResult> Result = analyzeFile(File, Diags);
  ASSERT_TRUE(Result);
  EXPECT_EQ(Result->Spec.Parameters.size(), 2u);

  const std::vector<WisdomInput> Inputs = positionalInputsOf(*Result);
  ASSERT_EQ(Inputs.size(), 2u); // SCALE is no positional input
  EXPECT_EQ(Inputs[0].Name, "MAXWORK");
  EXPECT_EQ(Inputs[0].Argument, 2u);
  EXPECT_EQ(Inputs[1].Name, "N");
  EXPECT_EQ(Inputs[1].Argument, 1u);
  EXPECT_NE(Inputs[1].Type.find("size_t"), std::string::npos) << Inputs[1].Type;

  std::optional<std::string> Program = emitTunerProgram(*Result, Diags);
  ASSERT_TRUE(Program);
  EXPECT_NE(Program->find("\"WPT\""), std::string::npos);
}

TEST_F(TunerPipelineTest, AFileWithErrorsOrNoFileStops) {
  EXPECT_FALSE(
      analyzeFile(write("bad.atf", "#atf::tp name X range {1, 2} constraint Y > 0\n"), Diags));
  EXPECT_FALSE(analyzeFile((Dir / "missing.atf").string(), Diags));
  EXPECT_NE(Errors.str().find("error: cannot read '" + (Dir / "missing.atf").string() + "'"),
            std::string::npos)
      << Errors.str();
}

TEST(TunerPipeline, AnInterruptedBuildEndsAsTheSignalWould) {
  // atfc tune, space, replay and build: 1 for a failed build, 128 + N for
  // one a signal stopped (atfc keeps its signals from the build on, as
  // buildTuner does, and the compiler's Interruption is stopped by them).
  EXPECT_EQ(failedBuildStatus(), 1);
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        Interruption::keepSignals();
        {
          const Interruption Building([] {});
        }
        std::raise(SIGTERM);
        std::_Exit(failedBuildStatus());
      },
      testing::ExitedWithCode(128 + SIGTERM), "");
}

} // namespace
