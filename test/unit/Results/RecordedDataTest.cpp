//===- RecordedDataTest.cpp - Kernel Tuner caches and T4 files --------------===//
//
// Reads small Kernel Tuner, T4 and KTT files written here (plain and gzip,
// with failed entries), generated malformed KTT files, and the shared
// datasets when ../shared is present.
//
//===----------------------------------------------------------------------===//
#include "Results/RecordedData.h"
#include "RecordedDataFiles.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
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
    const EvaluationRecord *Best = entryWith(D, {I(32), I(4), I(32)});
    ASSERT_NE(Best, nullptr);
    EXPECT_TRUE(Best->Result.Valid);
    EXPECT_EQ(Best->Result.Costs, std::vector<double>{1.25});
    const EvaluationRecord *Failed = entryWith(D, {I(16), I(4), I(32)});
    ASSERT_NE(Failed, nullptr);
    EXPECT_FALSE(Failed->Result.Valid);
    EXPECT_TRUE(Failed->Result.Costs.empty());
    EXPECT_EQ(Failed->Result.Reason, "CompilationFailedConfig");
    EXPECT_EQ(entryWith(D, {I(16), I(2), I(32)})->Result.Reason, "RuntimeFailedConfig");
    // Integers stay integers.
    EXPECT_TRUE(std::holds_alternative<std::int64_t>(D.Entries[0].Configuration[0].Val));
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
    const EvaluationRecord *A = entryWith(D, {I(1), Value(0.5), Value(std::string("a"))});
    ASSERT_NE(A, nullptr);
    EXPECT_TRUE(A->Result.Valid);
    EXPECT_EQ(A->Result.Costs, std::vector<double>{2.0});
    const EvaluationRecord *Bad = entryWith(D, {I(1), Value(1.5), Value(std::string("a"))});
    ASSERT_NE(Bad, nullptr);
    EXPECT_FALSE(Bad->Result.Valid);
    EXPECT_EQ(Bad->Result.Reason, "compile");
    EXPECT_NE(D.Description.find("1 repeated"), std::string::npos) << D.Description;
  }
}

TEST(RecordedDataTest, ReadsKttOutputPlainAndGzip) {
  const ScopedTempDirectory Scratch("atfc-replay");
  const fs::path &Dir = Scratch.path();
  writePlain(Dir / "ktt.json", kKttOutput);
  writeGzip(Dir / "ktt.json.gz", kKttOutput);
  for (const char *Name : {"ktt.json", "ktt.json.gz"}) {
    SCOPED_TRACE(Name);
    Expected<RecordedData> R = readRecordedData((Dir / Name).string());
    ASSERT_TRUE(R.ok()) << R.error().message();
    const RecordedData &D = *R;
    // The first result's order, whatever the order of later ones.
    EXPECT_EQ(D.Parameters, (std::vector<std::string>{"BS", "MODE"}));
    EXPECT_EQ(D.Objectives, (std::vector<std::string>{"time"}));
    EXPECT_TRUE(D.Directions.empty());
    EXPECT_EQ(D.Description, "KTT output (conv, Test GPU) (1 repeated configuration ignored)");
    ASSERT_EQ(D.Entries.size(), 3u);
    const Value Fast(std::string("fast")), Slow(std::string("slow"));
    const EvaluationRecord *First = entryWith(D, {I(32), Fast});
    ASSERT_NE(First, nullptr);
    EXPECT_TRUE(First->Result.Valid);
    EXPECT_EQ(First->Result.Costs, std::vector<double>{1.5}); // 1500 us, the first of two
    const EvaluationRecord *Failed = entryWith(D, {I(64), Fast});
    ASSERT_NE(Failed, nullptr);
    EXPECT_FALSE(Failed->Result.Valid);
    EXPECT_EQ(Failed->Result.Reason, "ComputationFailed");
    const EvaluationRecord *Two = entryWith(D, {I(32), Slow});
    ASSERT_NE(Two, nullptr);
    EXPECT_EQ(Two->Result.Costs, std::vector<double>{2.0}); // 1000 + 750 + 250 us
  }
}

TEST(RecordedDataTest, KttTimeUnitsReadAsMilliseconds) {
  const ScopedTempDirectory Scratch("atfc-ktt-units");
  for (const auto &[Unit, Ms] : {std::pair{"Nanoseconds", 2e-6}, std::pair{"Microseconds", 2e-3},
                                 std::pair{"Milliseconds", 2.0}, std::pair{"Seconds", 2e3}}) {
    writePlain(Scratch.path() / "ktt.json",
               std::string(R"({"Metadata": {"TimeUnit": ")") + Unit + R"("}, "Results": [
      {"Status": "Ok", "Configuration": [{"Name": "A", "Value": 1}],
       "ComputationResults": [{"Duration": 2}]}]})");
    Expected<RecordedData> R = readRecordedData((Scratch.path() / "ktt.json").string());
    ASSERT_TRUE(R.ok()) << R.error().message();
    ASSERT_EQ(R->Entries.size(), 1u);
    EXPECT_DOUBLE_EQ(R->Entries[0].Result.Costs.at(0), Ms) << Unit;
  }
}

TEST(RecordedDataTest, RecordedSecondsAreReadWhereTheDataHasThem) {
  const ScopedTempDirectory Scratch("atfc-recorded-seconds");
  writePlain(Scratch.path() / "kt.json", R"({"tune_params_keys": ["A"], "cache": {
    "1": {"A": 1, "time": 2.0, "compile_time": 1500, "verification_time": 250,
          "benchmark_time": 750, "framework_time": 9000},
    "2": {"A": 2, "time": "CompilationFailedConfig", "compile_time": 3000},
    "3": {"A": 3, "time": 1.0, "compile_time": -4, "benchmark_time": "soon"}}})");
  Expected<RecordedData> K = readRecordedData((Scratch.path() / "kt.json").string());
  ASSERT_TRUE(K.ok()) << K.error().message();
  EXPECT_FALSE(K->Timed); // atfc did not measure them
  EXPECT_DOUBLE_EQ(entryWith(*K, {I(1)})->Result.CompileSeconds, 1.5);
  EXPECT_DOUBLE_EQ(entryWith(*K, {I(1)})->Result.RunSeconds, 1.0); // framework_time left out
  EXPECT_DOUBLE_EQ(entryWith(*K, {I(2)})->Result.CompileSeconds, 3.0);
  EXPECT_EQ(entryWith(*K, {I(2)})->Result.RunSeconds, 0.0);
  // Negative or not numbers: no time, never a negative one.
  EXPECT_EQ(entryWith(*K, {I(3)})->Result.CompileSeconds, 0.0);
  EXPECT_EQ(entryWith(*K, {I(3)})->Result.RunSeconds, 0.0);

  writePlain(Scratch.path() / "ktt.json", R"({"Metadata": {"TimeUnit": "Microseconds"},
    "Results": [{"Status": "Ok", "Configuration": [{"Name": "A", "Value": 1}],
                 "ComputationResults": [{"Duration": 2000}], "TotalDuration": 2000,
                 "TotalOverhead": 500000}]})");
  Expected<RecordedData> T = readRecordedData((Scratch.path() / "ktt.json").string());
  ASSERT_TRUE(T.ok()) << T.error().message();
  EXPECT_DOUBLE_EQ(T->Entries.at(0).Result.CompileSeconds, 0.5);
  EXPECT_DOUBLE_EQ(T->Entries.at(0).Result.RunSeconds, 0.002);
}

TEST(RecordedDataTest, KttErrorsNameTheResult) {
  const ScopedTempDirectory Scratch("atfc-ktt-errors");
  const fs::path Path = Scratch.path() / "ktt.json";
  auto ErrorOf = [&](const std::string &Results, const std::string &Unit = "Microseconds") {
    writePlain(Path,
               R"({"Metadata": {"TimeUnit": ")" + Unit + R"("}, "Results": [)" + Results + "]}");
    Expected<RecordedData> R = readRecordedData(Path.string());
    EXPECT_FALSE(R.ok()) << Results;
    return R ? std::string() : R.error().message().substr(Path.string().size() + 2);
  };
  const std::string Ok = R"({"KernelName": "k", "Status": "Ok",
    "Configuration": [{"Name": "A", "Value": 1}], "ComputationResults": [{"Duration": 2}]})";
  EXPECT_EQ(ErrorOf(Ok, "Fortnights"),
            "KTT output in the unknown time unit 'Fortnights' (Nanoseconds, Microseconds, "
            "Milliseconds or Seconds)");
  EXPECT_EQ(ErrorOf(""), "KTT output without results");
  EXPECT_EQ(ErrorOf(Ok + R"(, {"KernelName": "other", "Status": "Ok",
    "Configuration": [{"Name": "A", "Value": 2}], "ComputationResults": [{"Duration": 2}]})"),
            "result 1 is of kernel 'other', not 'k' as the results before it (one kernel per "
            "file)");
  EXPECT_EQ(ErrorOf(Ok + R"(, {"Status": "Ok", "Configuration": [{"Name": "B", "Value": 2}],
    "ComputationResults": [{"Duration": 2}]})"),
            "result 1 has no value for parameter 'A'");
  EXPECT_EQ(ErrorOf(Ok + R"(, {"Status": "Ok", "Configuration": [{"Name": "A", "Value": 2},
    {"Name": "B", "Value": 2}], "ComputationResults": [{"Duration": 2}]})"),
            "result 1 has 2 parameters, not 1");
  EXPECT_EQ(ErrorOf(R"({"Status": "Ok", "Configuration": [{"Name": "A", "Value": 2},
    {"Name": "A", "Value": 3}], "ComputationResults": [{"Duration": 2}]})"),
            "result 0 names parameter 'A' twice");
  EXPECT_EQ(ErrorOf(R"({"Status": "Ok", "Configuration": [{"Name": "A", "Value": [2]}],
    "ComputationResults": [{"Duration": 2}]})"),
            "result 0: the value of parameter 'A' is not a number or text");
  EXPECT_EQ(ErrorOf(R"({"Status": "Ok", "Configuration": [{"Name": "A", "Value": 1}],
    "ComputationResults": []})"),
            "result 0 is \"Ok\" but has no \"ComputationResults\"");
  EXPECT_EQ(ErrorOf(R"({"Status": "Ok", "Configuration": [{"Name": "A", "Value": 1}],
    "ComputationResults": [{"Duration": -2}]})"),
            "result 0: its Duration is -2, which no measurement gives (a cost is a finite "
            "number, not negative)");
  EXPECT_EQ(ErrorOf(R"({"Configuration": [{"Name": "A", "Value": 1}]})"),
            "result 0 has no \"Status\"");
}

// Every part of a KTT file, removed or replaced by a value of each JSON
// kind, one at a time (RecordedDataFiles.h; Kernel Tuner caches and T4
// files in KernelTunerCacheTest.cpp).
TEST(RecordedDataTest, EveryMalformedKttPartGetsItsOwnError) {
  expectEveryMalformedPartRefusedOrConsistent(kKttOutput, 50, 10);
}

TEST(RecordedDataTest, KernelTunerMaximisedObjectiveIsHonoured) {
  const ScopedTempDirectory Scratch("atfc-maximised");
  const fs::path Path = Scratch.path() / "cache.json";
  writePlain(Path, R"({"tune_params_keys": ["A"], "objective": "GFLOP/s",
    "objective_higher_is_better": true, "cache": {"1": {"A": 1, "GFLOP/s": 2.0},
    "2": {"A": 2, "GFLOP/s": 8.0}, "3": {"A": 3, "GFLOP/s": 0}}})");
  Expected<RecordedData> R = readRecordedData(Path.string());
  ASSERT_TRUE(R.ok()) << R.error().message();
  EXPECT_EQ(R->Objectives, std::vector<std::string>{"GFLOP/s"});
  EXPECT_EQ(R->Directions, std::vector<Direction>{Direction::Maximise});
  EXPECT_EQ(entryWith(*R, {I(2)})->Result.Costs, std::vector<double>{8.0}); // as measured
  // The search minimises the reciprocal; 0 GFLOP/s is no configuration to
  // find.
  const RecordedData Search = minimisedForm(*R);
  EXPECT_EQ(entryWith(Search, {I(2)})->Result.Costs, std::vector<double>{0.125});
  EXPECT_EQ(entryWith(Search, {I(1)})->Result.Costs, std::vector<double>{0.5});
  EXPECT_FALSE(entryWith(Search, {I(3)})->Result.Valid);

  writePlain(Path, R"({"tune_params_keys": ["A"], "objective_higher_is_better": false,
    "cache": {"1": {"A": 1, "time": 2.0}}})");
  R = readRecordedData(Path.string());
  ASSERT_TRUE(R.ok()) << R.error().message();
  EXPECT_EQ(R->Directions, std::vector<Direction>{Direction::Minimise});

  writePlain(Path, R"({"tune_params_keys": ["A"], "objective_higher_is_better": "yes",
    "cache": {"1": {"A": 1, "time": 2.0}}})");
  R = readRecordedData(Path.string());
  ASSERT_FALSE(R.ok());
  EXPECT_EQ(R.error().message(),
            Path.string() + ": \"objective_higher_is_better\" is not true or false");
}

TEST(RecordedDataTest, ColumnsMixingIntegersAndRealsBecomeReal) {
  const ScopedTempDirectory Scratch("atfc-replay");
  const fs::path &Dir = Scratch.path();
  writePlain(Dir / "mixed.json", R"({"tune_params_keys": ["F"], "cache": {
    "1": {"F": 1, "time": 2.0}, "1.5": {"F": 1.5, "time": 1.0}}})");
  Expected<RecordedData> R = readRecordedData((Dir / "mixed.json").string());
  ASSERT_TRUE(R.ok()) << R.error().message();
  ASSERT_EQ(R->Entries.size(), 2u);
  EXPECT_EQ(R->Entries[0].Configuration[0].Val, Value(1.0));
  EXPECT_EQ(R->Entries[1].Configuration[0].Val, Value(1.5));
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

  // KTT's pnpoly and convolution on an RTX 3090: the whole spaces, failed
  // configurations included, the constant parameters too.
  for (const auto &[Name, Parameters, Entries, Valid] :
       {std::tuple{"ktt_pnpoly_RTX3090.json.gz", 5u, 4092u, 3818u},
        std::tuple{"ktt_convolution_RTX3090.json.gz", 9u, 6768u, 5240u}}) {
    if (!fs::exists(Datasets / Name))
      GTEST_SKIP() << "the shared KTT datasets are absent (" << Datasets << ")";
    Expected<RecordedData> Ktt = readRecordedData((Datasets / Name).string());
    ASSERT_TRUE(Ktt.ok()) << Ktt.error().message();
    EXPECT_EQ(Ktt->Parameters.size(), Parameters) << Name;
    EXPECT_EQ(Ktt->Entries.size(), Entries) << Name;
    EXPECT_EQ(std::count_if(Ktt->Entries.begin(), Ktt->Entries.end(),
                            [](const EvaluationRecord &E) { return E.Result.Valid; }),
              Valid)
        << Name;
    EXPECT_NE(Ktt->Description.find("KTT output"), std::string::npos);
    EXPECT_NE(Ktt->Description.find("RTX 3090"), std::string::npos);
  }
}

} // namespace

// Costs no measurement gives, generated for every format: a negative time
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
    const std::string Ktt = std::string(R"({"Metadata": {"TimeUnit": "Milliseconds"},
      "Results": [{"Status": "Ok", "Configuration": [{"Name": "A", "Value": 1}],
      "ComputationResults": [{"Duration": )") +
                            Cost + R"(}]}]})";
    for (const auto &[Name, Text, Where, Objective] :
         {std::tuple{"cache.json", Cache, "entry \"2\"", "time"},
          std::tuple{"t4.json", T4, "result 0", "time"},
          std::tuple{"ktt.json", Ktt, "result 0", "Duration"}}) {
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
      EXPECT_NE(R.error().message().find(std::string(Where) + ": its " + Objective + " is "),
                std::string::npos)
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

// A tuning's directory stands for the results.db in it; any other path,
// a directory without one included, is itself.
TEST(RecordedDataTest, ADirectoryHoldingResultsStandsForItsDatabase) {
  ScopedTempDirectory Dir("recorded-directory");
  const std::filesystem::path Tuning = Dir.path() / "tuning", Empty = Dir.path() / "empty";
  std::filesystem::create_directories(Tuning);
  std::filesystem::create_directories(Empty);
  writePlain(Tuning / "results.db", "");
  writePlain(Dir.path() / "cache.json", "{}");
  EXPECT_EQ(recordedDataFile(Tuning.string()), (Tuning / "results.db").string());
  // A directory without one names the database it lacks in the error.
  EXPECT_EQ(recordedDataFile(Empty.string()), (Empty / "results.db").string());
  EXPECT_EQ(recordedDataFile((Dir.path() / "cache.json").string()),
            (Dir.path() / "cache.json").string());
  EXPECT_EQ(recordedDataFile((Dir.path() / "missing").string()), (Dir.path() / "missing").string());
}
