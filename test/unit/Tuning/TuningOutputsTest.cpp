//===- TuningOutputsTest.cpp - What a run leaves behind -------------------===//
//
// The names and contents of the output files, their writer over a real
// directory, and the progress line's text (a whole run that writes them:
// TuningRunTest.cpp).
//
//===----------------------------------------------------------------------===//
#include "Tuning/TuningOutputs.h"
#include "Tuning/ProgressLine.h"

#include "../FileContents.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

using namespace atfc;

namespace {

TEST(TuningOutputs, BestHeaderDefinesEveryParameter) {
  const ParameterValues Values = {{"WPT", Value(std::uint64_t{4})},
                                  {"OPT", Value(std::string("-O2 \"x\""))},
                                  {"PAD", Value(true)},
                                  {"ALPHA", Value(0.5)}};
  const std::string H = *bestHeader(Values, "k.cl");
  EXPECT_EQ(H.find("Its cost"), std::string::npos) << H;
  EXPECT_NE(
      bestHeader(Values, "k.cl", "gflops=512 (max)")->find("// Its cost: gflops=512 (max).\n"),
      std::string::npos);
  // As in ATF_SOURCE and the tuned source: unsigned values keep their type.
  EXPECT_NE(H.find("#define WPT 4u\n"), std::string::npos) << H;
  EXPECT_NE(H.find("#define OPT \"-O2 \\\"x\\\"\"\n"), std::string::npos) << H;
  EXPECT_NE(H.find("#define PAD 1\n"), std::string::npos) << H;
  EXPECT_NE(H.find("#define ALPHA 0.5\n"), std::string::npos) << H;
  EXPECT_NE(H.find("#ifndef ATFC_K_BEST_H\n#define ATFC_K_BEST_H\n"), std::string::npos) << H;
}

TEST(TuningOutputs, BestHeaderGuardIsTheFilesAndNoReservedName) {
  EXPECT_EQ(bestHeaderGuard("dir/gemm.cl"), "ATFC_GEMM_BEST_H");
  EXPECT_EQ(bestHeaderGuard("my--fft.cu"), "ATFC_MY_FFT_BEST_H");
  EXPECT_EQ(bestHeaderGuard("2mm.c"), "ATFC_2MM_BEST_H");
  EXPECT_EQ(bestHeaderGuard("k_.c"), "ATFC_K_BEST_H");
  EXPECT_EQ(bestHeaderGuard(".c"), "ATFC_KERNEL_BEST_H");
  // Every file name gives an identifier without '__' (reserved to the
  // compiler): a run of '_' in any place of the stem becomes one.
  for (const char *Name :
       {"__x.c", "a__b.cl", "_.c", "x-_-y.cu", "\xc3\xa9t\xc3\xa9.c", "d/__.c"}) {
    const std::string Guard = bestHeaderGuard(Name);
    EXPECT_EQ(Guard.find("__"), std::string::npos) << Name << ": " << Guard;
    EXPECT_EQ(Guard.rfind("ATFC_", 0), 0u) << Guard;
    EXPECT_EQ(Guard.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"), std::string::npos)
        << Guard;
  }
}

TEST(TuningOutputs, BestHeaderKeepsHostileTextOutOfTheCode) {
  const ParameterValues Values = {{"S", Value(std::string("?\?/\n#error x */"))}};
  const std::string H = *bestHeader(Values, "a\n#error injected\\", "t=1 ?\?/");
  EXPECT_NE(H.find("// The best configuration atfc found for \"a\\n#error injected\\\\\".\n"),
            std::string::npos)
      << H;
  EXPECT_NE(H.find("// Its cost: \"t=1 ?\\?/\".\n"), std::string::npos) << H;
  EXPECT_NE(H.find("#define S \"?\\?/\\n#error x *\\057\"\n"), std::string::npos) << H;
  const ParameterValues Bad = {{"__LINE__", Value(std::int64_t{1})}};
  Expected<std::string> Refused = bestHeader(Bad, "k.cl");
  ASSERT_FALSE(Refused.ok());
  EXPECT_NE(Refused.error().message().find("'__LINE__'"), std::string::npos);
}

TEST(TuningOutputs, WritesBestJsonBestHAndTheTunedSource) {
  const std::filesystem::path Dir = std::filesystem::temp_directory_path() /
                                    ("atfc-tuning-outputs-" + std::to_string(::getpid()));
  std::filesystem::remove_all(Dir);
  std::filesystem::create_directories(Dir);
  TuningOutputFiles Outputs;
  Outputs.FileName = "dir/k.c";
  Outputs.OutputDirectory = Dir.string();
  Outputs.BlankedSource = "// k\n\nint main() { return X; }\n";
  const std::string Annotated = "// k\n#atf::tp name X range {1, 3}\nint main() { return X; }\n";
  Outputs.DefineLines = {2};
  Outputs.Best = {{{"X", Value(std::int64_t{3})}}, {1.5}, "2"};
  Outputs.MeasuredByRun = 4;
  Outputs.Fixed = {"Y=1"};
  const nlohmann::ordered_json Run = {{"id", 5}};
  Expected<WrittenOutputs> Written = writeTuningOutputs(Outputs, Run);
  ASSERT_TRUE(Written) << Written.error().message();
  EXPECT_EQ(Written->Files, (std::vector<std::string>{Dir.string() + "/best.json", "best.h",
                                                      "k.tuned.c", "k.kernel.c"}));
  EXPECT_EQ(Written->LeftOut, "");
  // Every file it wrote is one that a run claims before it measures (the
  // kernel source once was not: a user's k.kernel.c refused the run at its
  // end).
  const std::vector<std::string> Claimed = runOutputNames(Outputs.FileName, /*CFamily=*/true);
  for (const auto &Entry : std::filesystem::directory_iterator(Dir)) {
    const std::string Name = Entry.path().filename().string();
    EXPECT_TRUE(Name == kCreatedRecordName ||
                std::find(Claimed.begin(), Claimed.end(), Name) != Claimed.end())
        << Name;
  }
  const auto Json = nlohmann::json::parse(test::fileContents(Dir / "best.json"));
  EXPECT_EQ(Json["file"], "dir/k.c");
  EXPECT_EQ(Json["configuration"]["X"], 3);
  EXPECT_EQ(Json["cost"], nlohmann::json::array({1.5}));
  EXPECT_EQ(Json["index"], "2");
  EXPECT_EQ(Json["measured_by_run"], 4);
  EXPECT_EQ(Json["fixed"], nlohmann::json::array({"Y=1"}));
  EXPECT_EQ(Json["run"]["id"], 5);
  EXPECT_NE(test::fileContents(Dir / "best.h").find("// Its cost: 1.5.\n"), std::string::npos);
  EXPECT_EQ(test::fileContents(Dir / "k.tuned.c"), "// k\n#define X 3\nint main() { return X; }\n");
  // The kernel source: the annotated file with no directive and no value,
  // every line where it was.
  const std::string Kernel = test::fileContents(Dir / "k.kernel.c");
  EXPECT_EQ(Kernel.find("#atf"), std::string::npos);
  EXPECT_EQ(Kernel, "// k\n\nint main() { return X; }\n");
  EXPECT_EQ(std::count(Kernel.begin(), Kernel.end(), '\n'),
            std::count(Annotated.begin(), Annotated.end(), '\n'));

  // Not C-family: no tuned source; an unwritable directory: an error.
  std::filesystem::remove(Dir / "k.tuned.c");
  std::filesystem::remove(Dir / "k.kernel.c");
  Outputs.CFamily = false;
  Written = writeTuningOutputs(Outputs, Run);
  ASSERT_TRUE(Written);
  EXPECT_EQ(Written->Files.size(), 2u);
  EXPECT_FALSE(std::filesystem::exists(Dir / "k.tuned.c"));
  EXPECT_FALSE(std::filesystem::exists(Dir / "k.kernel.c"));

  // A name that cannot be a macro (the online interfaces name parameters
  // freely): best.json alone, and why best.h is left out.
  std::filesystem::remove(Dir / "best.h");
  Outputs.Best.Values = {{"block size", Value(std::int64_t{3})}};
  Written = writeTuningOutputs(Outputs, Run);
  ASSERT_TRUE(Written) << Written.error().message();
  EXPECT_EQ(Written->Files, std::vector<std::string>{Dir.string() + "/best.json"});
  EXPECT_NE(Written->LeftOut.find("best.h not written: the tuning parameter name 'block size'"),
            std::string::npos)
      << Written->LeftOut;
  EXPECT_FALSE(std::filesystem::exists(Dir / "best.h"));
  EXPECT_EQ(
      nlohmann::json::parse(test::fileContents(Dir / "best.json"))["configuration"]["block size"],
      3);
  Outputs.OutputDirectory = (Dir / "missing").string();
  EXPECT_FALSE(writeTuningOutputs(Outputs, Run));
  std::filesystem::remove_all(Dir);
}

TEST(TuningOutputs, ProgressText) {
  ProgressState S;
  S.Evaluations = 40;
  S.Valid = 30;
  S.Best = Cost{0.25};
  S.ElapsedSeconds = 75;
  S.Progress = 0.25;
  EXPECT_EQ(progressText(S),
            "[40 evaluations, 30 valid, 10 invalid] best 0.25  1:15 elapsed, ETA 3:45");
  S.Progress = 0;
  S.Best.reset();
  EXPECT_EQ(progressText(S), "[40 evaluations, 30 valid, 10 invalid] best -  1:15 elapsed");
  // Configurations compiled ahead are not evaluations: counted apart.
  S.Ahead = 2;
  EXPECT_EQ(progressText(S),
            "[40 evaluations, 30 valid, 10 invalid; 2 ahead] best -  1:15 elapsed");
  S.Ahead = 0;
  S.Best = Cost{512, 0.25};
  S.Objectives = {{"gflops", Direction::Maximise}, {"time", Direction::Minimise}};
  EXPECT_NE(progressText(S).find("best gflops=512 (max), time=0.25 (min)"), std::string::npos)
      << progressText(S);
  EXPECT_EQ(formatDuration(3725), "1:02:05");
  EXPECT_EQ(formatCost({1.5, 2}), "1.5, 2");
}

} // namespace
