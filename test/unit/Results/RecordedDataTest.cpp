//===- RecordedDataTest.cpp - Kernel Tuner caches and T4 files --------------===//
//
// Reads small Kernel Tuner and T4 files written here (plain and gzip, with
// failed entries), and the shared datasets when ../shared is present.
//
//===----------------------------------------------------------------------===//
#include "Results/RecordedData.h"
#include "RecordedDataFiles.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <set>
#include <sstream>
#include <sys/stat.h>
#include <tuple>

using namespace atfc;
using namespace atfc::test;

namespace {

namespace fs = std::filesystem;

TEST(RecordedDataTest, ReadsKernelTunerCachePlainAndGzip) {
  const ScopedTempDirectory Scratch("atfc-replay");
  const fs::path &Dir = Scratch.path();
  writePlain(Dir / "cache.json", kKernelTunerCache);
  writeGzip(Dir / "cache.json.gz", kKernelTunerCache);
  for (const char *Name : {"cache.json", "cache.json.gz"}) {
    SCOPED_TRACE(Name);
    Expected<RecordedData> R = readRecordedData((Dir / Name).string());
    ASSERT_TRUE(R.ok()) << R.error().message();
    const RecordedData &D = *R;
    EXPECT_EQ(D.Parameters, (std::vector<std::string>{"BS", "WPT", "PREC"}));
    EXPECT_EQ(D.Objectives, (std::vector<std::string>{"time"}));
    EXPECT_EQ(D.Description, "Kernel Tuner cache (kern, Test GPU)");
    ASSERT_EQ(D.Entries.size(), 5u);
    const RecordedEntry *Best = entryWith(D, {I(32), I(4), I(32)});
    ASSERT_NE(Best, nullptr);
    EXPECT_TRUE(Best->Valid);
    EXPECT_EQ(Best->Costs, std::vector<double>{1.25});
    const RecordedEntry *Failed = entryWith(D, {I(16), I(4), I(32)});
    ASSERT_NE(Failed, nullptr);
    EXPECT_FALSE(Failed->Valid);
    EXPECT_TRUE(Failed->Costs.empty());
    EXPECT_EQ(Failed->Error, "CompilationFailedConfig");
    EXPECT_EQ(entryWith(D, {I(16), I(2), I(32)})->Error, "RuntimeFailedConfig");
    // Integers stay integers.
    EXPECT_TRUE(std::holds_alternative<std::int64_t>(D.Entries[0].Values[0]));
  }
}

TEST(RecordedDataTest, ReadsT4ResultsPlainAndGzip) {
  const ScopedTempDirectory Scratch("atfc-replay");
  const fs::path &Dir = Scratch.path();
  writePlain(Dir / "t4.json", kT4Results);
  writeGzip(Dir / "t4.json.gz", kT4Results);
  for (const char *Name : {"t4.json", "t4.json.gz"}) {
    SCOPED_TRACE(Name);
    Expected<RecordedData> R = readRecordedData((Dir / Name).string());
    ASSERT_TRUE(R.ok()) << R.error().message();
    const RecordedData &D = *R;
    EXPECT_EQ(D.Parameters, (std::vector<std::string>{"y", "x", "name"}));
    EXPECT_EQ(D.Objectives, (std::vector<std::string>{"time"}));
    ASSERT_EQ(D.Entries.size(), 3u); // the repetition is dropped, the first kept
    const RecordedEntry *A = entryWith(D, {I(1), Value(0.5), Value(std::string("a"))});
    ASSERT_NE(A, nullptr);
    EXPECT_TRUE(A->Valid);
    EXPECT_EQ(A->Costs, std::vector<double>{2.0});
    const RecordedEntry *Bad = entryWith(D, {I(1), Value(1.5), Value(std::string("a"))});
    ASSERT_NE(Bad, nullptr);
    EXPECT_FALSE(Bad->Valid);
    EXPECT_EQ(Bad->Error, "compile");
    EXPECT_NE(D.Description.find("1 repeated"), std::string::npos) << D.Description;
  }
}

TEST(RecordedDataTest, ColumnsMixingIntegersAndRealsBecomeReal) {
  const ScopedTempDirectory Scratch("atfc-replay");
  const fs::path &Dir = Scratch.path();
  writePlain(Dir / "mixed.json", R"({"tune_params_keys": ["F"], "cache": {
    "1": {"F": 1, "time": 2.0}, "1.5": {"F": 1.5, "time": 1.0}}})");
  Expected<RecordedData> R = readRecordedData((Dir / "mixed.json").string());
  ASSERT_TRUE(R.ok()) << R.error().message();
  ASSERT_EQ(R->Entries.size(), 2u);
  EXPECT_EQ(R->Entries[0].Values[0], Value(1.0));
  EXPECT_EQ(R->Entries[1].Values[0], Value(1.5));
}

TEST(RecordedDataTest, ClearErrors) {
  const ScopedTempDirectory Scratch("atfc-replay");
  const fs::path &Dir = Scratch.path();
  auto ErrorOf = [&](const std::string &Name) {
    Expected<RecordedData> R = readRecordedData((Dir / Name).string());
    EXPECT_FALSE(R.ok());
    return R ? std::string() : R.error().message();
  };
  EXPECT_EQ(ErrorOf("missing.json"),
            (Dir / "missing.json").string() + ": cannot open the file (No such file or directory)");
  const std::string Fifo = (Dir / "fifo.json").string();
  ASSERT_EQ(mkfifo(Fifo.c_str(), 0600), 0);
  EXPECT_EQ(ErrorOf("fifo.json"), Fifo + ": it is a FIFO, not a regular file");

  writePlain(Dir / "text.json", "hello");
  EXPECT_NE(ErrorOf("text.json").find("not valid JSON"), std::string::npos);

  writePlain(Dir / "other.json", R"({"a": 1})");
  EXPECT_NE(ErrorOf("other.json").find("not a Kernel Tuner cache"), std::string::npos);

  writeGzip(Dir / "whole.gz", kKernelTunerCache);
  std::string Bytes;
  {
    std::ifstream In(Dir / "whole.gz", std::ios::binary);
    Bytes.assign(std::istreambuf_iterator<char>(In), {});
  }
  writePlain(Dir / "truncated.gz", Bytes.substr(0, Bytes.size() / 2));
  EXPECT_NE(ErrorOf("truncated.gz").find("corrupt gzip data"), std::string::npos);

  writePlain(Dir / "lacking.json", R"({"tune_params_keys": ["A", "B"], "cache": {
    "1": {"A": 1, "time": 2.0}}})");
  EXPECT_NE(ErrorOf("lacking.json").find("has no value for parameter 'B'"), std::string::npos);

  writePlain(Dir / "maximised.json", R"({"tune_params_keys": ["A"], "objective": "GFLOP/s",
    "objective_higher_is_better": true, "cache": {"1": {"A": 1, "GFLOP/s": 2.0}}})");
  EXPECT_NE(ErrorOf("maximised.json").find("maximised"), std::string::npos);
}

TEST(RecordedDataTest, SharedDataKernelTunerGemmAndT4Dedispersion) {
  const fs::path Datasets = fs::path(ATF_SHARED_DIR) / "bench" / "datasets";
  if (!fs::exists(Datasets / "kt_gemm_RTX3090.json.gz"))
    GTEST_SKIP() << "the shared datasets are absent (" << Datasets << ")";
  Expected<RecordedData> Gemm = readRecordedData((Datasets / "kt_gemm_RTX3090.json.gz").string());
  ASSERT_TRUE(Gemm.ok()) << Gemm.error().message();
  EXPECT_EQ(Gemm->Parameters.size(), 15u);
  EXPECT_EQ(Gemm->Entries.size(), 17956u);

  Expected<RecordedData> T4 =
      readRecordedData((Datasets / "t4_dedispersion_A100.json.gz").string());
  ASSERT_TRUE(T4.ok()) << T4.error().message();
  EXPECT_EQ(T4->Parameters.size(), 8u);
  EXPECT_EQ(T4->Parameters.front(), "block_size_x");
  EXPECT_EQ(T4->Entries.size(), 11130u);
}

} // namespace

// Costs no measurement gives, generated for both formats: a negative time
// became the optimum of every replay and analysis; now the file is refused
// with the entry and the value. -0 and 0 are times; so is 1e300. JSON
// has no infinity: 1e999 is refused as JSON (number overflow).
TEST(RecordedDataTest, ImpossibleCostsAreRefusedPerFile) {
  const ScopedTempDirectory Scratch("atfc-costs");
  const fs::path &Dir = Scratch.path();
  for (const char *Cost : {"-1", "-1e-300", "-3.5", "1e999", "-1e999", "0", "-0.0", "1e300"}) {
    const bool Possible =
        std::string(Cost) == "0" || std::string(Cost) == "-0.0" || std::string(Cost) == "1e300";
    const std::string Cache = std::string(R"({"tune_params_keys": ["A"], "tune_params": {"A":
      [1, 2]}, "cache": {"1": {"A": 1, "time": 2.0}, "2": {"A": 2, "time": )") +
                              Cost + "}}}";
    const std::string T4 = std::string(R"({"results": [{"configuration": {"A": 1},
      "measurements": [{"name": "time", "value": )") +
                           Cost + R"(}]}]})";
    for (const auto &[Name, Text, Where] :
         {std::tuple{"cache.json", Cache, "entry \"2\""}, std::tuple{"t4.json", T4, "result 0"}}) {
      writePlain(Dir / Name, Text);
      Expected<RecordedData> R = readRecordedData((Dir / Name).string());
      if (Possible) {
        EXPECT_TRUE(R) << Name << " " << Cost << ": " << R.error().message();
        continue;
      }
      ASSERT_FALSE(R) << Name << " " << Cost;
      if (std::string(Cost).find("999") != std::string::npos) {
        EXPECT_NE(R.error().message().find("number overflow"), std::string::npos)
            << R.error().message();
        continue;
      }
      EXPECT_NE(R.error().message().find(std::string(Where) + ": its time is "), std::string::npos)
          << R.error().message();
      EXPECT_NE(R.error().message().find("which no measurement gives"), std::string::npos)
          << R.error().message();
    }
  }
}

TEST(RecordedDataTest, ADuplicateParameterKeyIsNamed) {
  const ScopedTempDirectory Scratch("atfc-keys");
  const fs::path Path = Scratch.path() / "cache.json";
  writePlain(Path, R"({"tune_params_keys": ["A", "B", "A"], "cache": {
    "1,2,1": {"A": 1, "B": 2, "time": 2.0}}})");
  Expected<RecordedData> R = readRecordedData(Path.string());
  ASSERT_FALSE(R);
  EXPECT_EQ(R.error().message(), Path.string() + ": \"tune_params_keys\" names 'A' twice");
}
