//===- test/unit/Backends/ReplayTest.cpp - Recorded data and replay -------===//
//
// Reads small Kernel Tuner and T4 files written here (plain and gzip, with
// failed entries), checks the space built from them, the look-up of the
// replay backend, and that a replay experiment is deterministic for a seed.
// The shared datasets are read when ../shared is present.
//
//===----------------------------------------------------------------------===//
#include "Backends/RecordedData.h"
#include "Backends/RecordedSpace.h"
#include "Backends/ReplayBackend.h"
#include "Search/TechniqueFactory.h"
#include "runtime/ReplayExperiment.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>

using namespace atfc;

namespace {

namespace fs = std::filesystem;

/// A fresh directory for one test's files.
fs::path tempDir() {
  const auto *Info = ::testing::UnitTest::GetInstance()->current_test_info();
  fs::path Dir =
      fs::temp_directory_path() / (std::string("atfc-replay-") + Info->test_suite_name() + "-" +
                                   Info->name() + "-" + std::to_string(::getpid()));
  fs::remove_all(Dir);
  fs::create_directories(Dir);
  return Dir;
}

void writePlain(const fs::path &Path, const std::string &Text) {
  std::ofstream Out(Path, std::ios::binary);
  Out << Text;
}

void writeGzip(const fs::path &Path, const std::string &Text) {
  gzFile F = gzopen(Path.c_str(), "wb");
  ASSERT_NE(F, nullptr);
  ASSERT_EQ(gzwrite(F, Text.data(), static_cast<unsigned>(Text.size())),
            static_cast<int>(Text.size()));
  ASSERT_EQ(gzclose(F), Z_OK);
}

/// A Kernel Tuner cache: 2 x 3 values of which 5 are recorded, one failed
/// to compile and one failed at run time; a constant third parameter.
const char *const kKernelTunerCache = R"({
"device_name": "Test GPU",
"kernel_name": "kern",
"tune_params_keys": ["BS", "WPT", "PREC"],
"tune_params": {"BS": [16, 32], "WPT": [1, 2, 4], "PREC": [32]},
"objective": "time",
"cache": {
"32,1,32": {"BS": 32, "WPT": 1, "PREC": 32, "time": 3.5, "times": [3.4, 3.6]},
"16,1,32": {"BS": 16, "WPT": 1, "PREC": 32, "time": 4.0, "times": [4.0]},
"16,4,32": {"BS": 16, "WPT": 4, "PREC": 32, "time": "CompilationFailedConfig"},
"32,4,32": {"BS": 32, "WPT": 4, "PREC": 32, "time": 1.25},
"16,2,32": {"BS": 16, "WPT": 2, "PREC": 32, "time": "RuntimeFailedConfig"}
}
})";

/// A T4 results file: parameters in the configuration's key order (not
/// alphabetical), one result invalid, one a repetition of another.
const char *const kT4Results = R"({
"schema_version": "1.0.0",
"results": [
 {"configuration": {"y": 2, "x": 0.5, "name": "b"}, "invalidity": "correct",
  "measurements": [{"name": "time", "value": 7.0, "unit": "ms"}], "objectives": ["time"],
  "times": {"runtimes": [7.0, 7.1]}},
 {"configuration": {"y": 1, "x": 1.5, "name": "a"}, "invalidity": "compile",
  "measurements": [], "objectives": ["time"]},
 {"configuration": {"y": 1, "x": 0.5, "name": "a"}, "invalidity": "correct",
  "measurements": [{"name": "time", "value": 2.0, "unit": "ms"}], "objectives": ["time"]},
 {"configuration": {"y": 1, "x": 0.5, "name": "a"}, "invalidity": "correct",
  "measurements": [{"name": "time", "value": 9.0, "unit": "ms"}], "objectives": ["time"]}
]
})";

const RecordedEntry *entryWith(const RecordedData &Data, const std::vector<Value> &Values) {
  for (const RecordedEntry &E : Data.Entries)
    if (E.Values == Values)
      return &E;
  return nullptr;
}

Value I(std::int64_t V) { return Value(V); }

TEST(RecordedData, ReadsKernelTunerCachePlainAndGzip) {
  fs::path Dir = tempDir();
  writePlain(Dir / "cache.json", kKernelTunerCache);
  writeGzip(Dir / "cache.json.gz", kKernelTunerCache);
  for (const char *Name : {"cache.json", "cache.json.gz"}) {
    SCOPED_TRACE(Name);
    RecordedDataOrError R = readRecordedData((Dir / Name).string());
    ASSERT_TRUE(R.ok()) << R.Error;
    const RecordedData &D = R.Data;
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

TEST(RecordedData, ReadsT4ResultsPlainAndGzip) {
  fs::path Dir = tempDir();
  writePlain(Dir / "t4.json", kT4Results);
  writeGzip(Dir / "t4.json.gz", kT4Results);
  for (const char *Name : {"t4.json", "t4.json.gz"}) {
    SCOPED_TRACE(Name);
    RecordedDataOrError R = readRecordedData((Dir / Name).string());
    ASSERT_TRUE(R.ok()) << R.Error;
    const RecordedData &D = R.Data;
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

TEST(RecordedData, ColumnsMixingIntegersAndRealsBecomeReal) {
  fs::path Dir = tempDir();
  writePlain(Dir / "mixed.json", R"({"tune_params_keys": ["F"], "cache": {
    "1": {"F": 1, "time": 2.0}, "1.5": {"F": 1.5, "time": 1.0}}})");
  RecordedDataOrError R = readRecordedData((Dir / "mixed.json").string());
  ASSERT_TRUE(R.ok()) << R.Error;
  ASSERT_EQ(R.Data.Entries.size(), 2u);
  EXPECT_EQ(R.Data.Entries[0].Values[0], Value(1.0));
  EXPECT_EQ(R.Data.Entries[1].Values[0], Value(1.5));
}

TEST(RecordedData, ClearErrors) {
  fs::path Dir = tempDir();
  auto ErrorOf = [&](const std::string &Name) {
    RecordedDataOrError R = readRecordedData((Dir / Name).string());
    EXPECT_FALSE(R.ok());
    EXPECT_TRUE(R.Data.Entries.empty());
    return R.Error;
  };
  EXPECT_EQ(ErrorOf("missing.json"), (Dir / "missing.json").string() + ": cannot open the file");

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

RecordedData kernelTunerData() {
  fs::path Dir = fs::temp_directory_path() / ("atfc-replay-data-" + std::to_string(::getpid()));
  fs::create_directories(Dir);
  writePlain(Dir / "cache.json", kKernelTunerCache);
  RecordedDataOrError R = readRecordedData((Dir / "cache.json").string());
  fs::remove_all(Dir);
  EXPECT_TRUE(R.ok()) << R.Error;
  return R.Data;
}

TEST(RecordedSpace, HoldsExactlyTheRecordedConfigurations) {
  RecordedData D = kernelTunerData();
  RecordedSpace S = buildRecordedSpace(D);
  const ChainOfTrees &Space = S.Space;
  ASSERT_EQ(Space.numGroups(), 1u);
  ASSERT_EQ(Space.numLevels(), 3u);
  EXPECT_EQ(Space.size(), 5); // invalid entries included
  EXPECT_EQ(Space.unconstrainedSize(), 2 * 3 * 1);
  EXPECT_EQ(Space.parameter(0).Name, "BS");
  EXPECT_EQ(Space.parameter(1).Name, "WPT");
  EXPECT_EQ(Space.parameter(1).RangeSize, 3u);
  EXPECT_EQ(Space.parameter(1).ValueAt(0), I(1)); // sorted observed values
  EXPECT_EQ(Space.parameter(1).ValueAt(2), I(4));
  EXPECT_EQ(Space.parameter(1).Kind, ValueKind::Int);
  // Each leaf is its entry, every entry is one leaf, in lexicographic order.
  std::set<std::uint32_t> Entries;
  std::vector<Value> Previous;
  for (int Index = 0; Index < 5; ++Index) {
    Configuration C = Space.at(Index);
    std::vector<Value> V = Space.values(C);
    EXPECT_EQ(V, D.Entries[S.EntryOfLeaf[C.Leaves[0]]].Values);
    Entries.insert(S.EntryOfLeaf[C.Leaves[0]]);
    if (Index > 0) {
      EXPECT_TRUE(std::lexicographical_compare(Previous.begin(), Previous.end(), V.begin(), V.end(),
                                               valueLess));
    }
    Previous = V;
    EXPECT_EQ(Space.atCoordinates(Space.coordinatesOf(C)), C);
  }
  EXPECT_EQ(Entries.size(), 5u);
  // The unrecorded BS=32, WPT=2 is not in the space: BS=32 has two children.
  Configuration First32 = Space.at(3);
  EXPECT_EQ(Space.values(First32), (std::vector<Value>{I(32), I(1), I(32)}));
  EXPECT_EQ(Space.values(Space.at(4)), (std::vector<Value>{I(32), I(4), I(32)}));
}

TEST(RecordedSpace, EmptyDataGivesAnEmptySpace) {
  RecordedData D;
  D.Parameters = {"A"};
  EXPECT_TRUE(recordedSpace(D).empty());
}

ParameterValues named(const std::vector<std::string> &Names, const std::vector<Value> &Values) {
  ParameterValues P;
  for (std::size_t K = 0; K < Names.size(); ++K)
    P.push_back({Names[K], Values[K]});
  return P;
}

TEST(ReplayBackend, LooksUpCostsAndFailures) {
  RecordedData D = kernelTunerData();
  ReplayBackend B(D, {"BS", "WPT", "PREC"});
  ASSERT_TRUE(B.ok()) << B.error();
  ASSERT_TRUE(B.optimum());
  EXPECT_EQ(*B.optimum(), std::vector<double>{1.25});
  const std::vector<std::string> N = {"BS", "WPT", "PREC"};

  Measurement M = B.measure(named(N, {I(32), I(1), I(32)}));
  EXPECT_TRUE(M.Valid);
  EXPECT_EQ(M.Costs, std::vector<double>{3.5});

  M = B.measure(named(N, {I(16), I(4), I(32)}));
  EXPECT_FALSE(M.Valid);
  EXPECT_EQ(M.Failure, FailureKind::BuildFailed);
  EXPECT_EQ(M.Reason, "CompilationFailedConfig");
  EXPECT_EQ(B.measure(named(N, {I(16), I(2), I(32)})).Failure, FailureKind::RunFailed);

  M = B.measure(named(N, {I(32), I(2), I(32)}));
  EXPECT_FALSE(M.Valid);
  EXPECT_EQ(M.Failure, FailureKind::NotRecorded);
  // An unsigned 32 of a directive's space finds the data's signed 32.
  M = B.measure(named(N, {Value(std::uint64_t(32)), Value(std::uint64_t(4)), I(32)}));
  EXPECT_TRUE(M.Valid);
  EXPECT_EQ(M.Costs, std::vector<double>{1.25});
}

TEST(ReplayBackend, MatchesParametersByName) {
  RecordedData D = kernelTunerData();
  // Another order, and the constant PREC left out of the space.
  ReplayBackend B(D, {"WPT", "BS"});
  ASSERT_TRUE(B.ok()) << B.error();
  Measurement M = B.measure(named({"WPT", "BS"}, {I(4), I(32)}));
  EXPECT_TRUE(M.Valid);
  EXPECT_EQ(M.Costs, std::vector<double>{1.25});
  EXPECT_EQ(B.find(std::vector<Value>{I(1), I(16)}), std::optional<std::size_t>(1));

  ReplayBackend Missing(D, {"BS", "WPT", "PREC", "EXTRA"});
  EXPECT_EQ(Missing.error(), "the space's parameter 'EXTRA' is not in the data");
  EXPECT_FALSE(
      Missing.measure(named({"BS", "WPT", "PREC", "EXTRA"}, {I(32), I(4), I(32), I(1)})).Valid);
  ReplayBackend Varying(D, {"BS"});
  EXPECT_EQ(Varying.error(),
            "the data's parameter 'WPT' varies but is not a parameter of the space");
}

TEST(ReplayBackend, FindsEveryEntryOfTheRecordedSpace) {
  RecordedData D = kernelTunerData();
  RecordedSpace S = buildRecordedSpace(D);
  ReplayBackend B(D, D.Parameters);
  for (std::uint64_t Leaf = 0; Leaf < 5; ++Leaf)
    EXPECT_EQ(B.find(S.Space.values(Configuration{{Leaf}})),
              std::optional<std::size_t>(S.EntryOfLeaf[Leaf]));
}

/// A Kernel Tuner cache over a 2-D grid of 12 x 10 values with one optimum
/// (cost 1 at X = 7, Y = 3), a few failed configurations, and holes.
std::string gridCache() {
  std::string Text = R"({"tune_params_keys": ["X", "Y"], "kernel_name": "grid", "cache": {)";
  bool First = true;
  for (int X = 0; X < 12; ++X)
    for (int Y = 0; Y < 10; ++Y) {
      if ((X * 7 + Y * 3) % 11 == 0)
        continue; // not recorded
      std::string Time = (X + Y) % 9 == 0
                             ? "\"RuntimeFailedConfig\""
                             : std::to_string(1 + (X - 7) * (X - 7) + (Y - 3) * (Y - 3));
      Text += (First ? "" : ",\n") + std::string("\"") + std::to_string(X) + "," +
              std::to_string(Y) + "\": {\"X\": " + std::to_string(X) +
              ", \"Y\": " + std::to_string(Y) + ", \"time\": " + Time + "}";
      First = false;
    }
  return Text + "}}";
}

ReplayOptions experimentOptions(const std::string &Data) {
  std::vector<std::string> Args = {Data, "--technique", "random", "--evaluations", "40", "--runs",
                                   "6",  "--seed",      "5"};
  ReplayOptionsOrError O = parseReplayOptions(Args);
  EXPECT_TRUE(O.ok()) << O.Error;
  return O.Options;
}

TEST(ReplayExperiment, SameSeedSameResultWhateverTheThreads) {
  fs::path Dir = tempDir();
  writeGzip(Dir / "grid.json.gz", gridCache());
  RecordedDataOrError D = readRecordedData((Dir / "grid.json.gz").string());
  ASSERT_TRUE(D.ok()) << D.Error;
  ChainOfTrees Space = recordedSpace(D.Data);
  ReplayBackend Backend(D.Data, D.Data.Parameters);
  ReplayOptions O = experimentOptions((Dir / "grid.json.gz").string());
  O.Techniques = {"random", std::string(defaultTechniqueText())};
  O.Threads = 1;
  ReplayExperimentOrError A = runReplayExperiment(Space, Backend, O);
  ASSERT_TRUE(A.ok()) << A.Error;
  O.Threads = 3;
  ReplayExperimentOrError B = runReplayExperiment(Space, Backend, O);
  ASSERT_TRUE(B.ok()) << B.Error;
  std::ostringstream TextA, TextB;
  printReplayJson(TextA, A.Result, D.Data, Space);
  printReplayJson(TextB, B.Result, D.Data, Space);
  EXPECT_EQ(TextA.str(), TextB.str());

  // Another seed gives other runs.
  O.Seed = 6;
  ReplayExperimentOrError C = runReplayExperiment(Space, Backend, O);
  ASSERT_TRUE(C.ok()) << C.Error;
  std::ostringstream TextC;
  printReplayJson(TextC, C.Result, D.Data, Space);
  EXPECT_NE(TextA.str(), TextC.str());
  // Run r of seed 6 is run r + 1 of seed 5.
  EXPECT_EQ(C.Result.Techniques[0].Runs[0].Improvements,
            A.Result.Techniques[0].Runs[1].Improvements);
}

TEST(ReplayExperiment, ReportsAgainstTheOptimum) {
  fs::path Dir = tempDir();
  writePlain(Dir / "grid.json", gridCache());
  RecordedDataOrError D = readRecordedData((Dir / "grid.json").string());
  ASSERT_TRUE(D.ok()) << D.Error;
  ChainOfTrees Space = recordedSpace(D.Data);
  const std::uint64_t Size = Space.size().get_ui();
  ReplayBackend Backend(D.Data, D.Data.Parameters);
  ReplayOptions O = experimentOptions((Dir / "grid.json").string());
  // Exhaustive search over the whole space finds the optimum in every run,
  // at the optimum's position in index order (X = 7, Y = 3).
  O.Techniques = {"exhaustive"};
  O.Evaluations = 500;
  ReplayExperimentOrError E = runReplayExperiment(Space, Backend, O);
  ASSERT_TRUE(E.ok()) << E.Error;
  const ReplayExperimentResult &R = E.Result;
  EXPECT_EQ(R.Optimum, std::vector<double>{1.0});
  EXPECT_EQ(R.Budgets, (std::vector<std::uint64_t>{25, 50, 100, 200, 500}));
  const TechniqueReplay &T = R.Techniques[0];
  ASSERT_EQ(T.Runs.size(), 6u);
  std::uint64_t OptimumIndex = 0;
  for (std::uint64_t K = 0; K < Size; ++K)
    if (Space.values(Space.at(K)) == std::vector<Value>{I(7), I(3)})
      OptimumIndex = K + 1;
  ASSERT_GT(OptimumIndex, 0u);
  for (const ReplayRun &Run : T.Runs) {
    EXPECT_EQ(Run.Evaluations, Size); // the space ran out before 500
    EXPECT_LT(Run.ValidEvaluations, Size);
    EXPECT_EQ(Run.Within5, std::optional<std::uint64_t>(OptimumIndex));
    EXPECT_EQ(Run.bestAfter(500), 1.0);
  }
  EXPECT_EQ(T.NotWithin5, 0u);
  EXPECT_EQ(T.Within5.Median, static_cast<double>(OptimumIndex));
  EXPECT_EQ(T.BestAfter.back().Max, 1.0);

  // Two evaluations of random search mostly miss: runs not within 5 % are
  // counted, and their quartiles are "never" (infinity).
  O.Techniques = {"random"};
  O.Evaluations = 2;
  O.Runs = 9;
  E = runReplayExperiment(Space, Backend, O);
  ASSERT_TRUE(E.ok()) << E.Error;
  const TechniqueReplay &Few = E.Result.Techniques[0];
  EXPECT_EQ(E.Result.Budgets, std::vector<std::uint64_t>{2});
  EXPECT_GT(Few.NotWithin5, 4u);
  EXPECT_TRUE(std::isinf(Few.Within5.Median));
  EXPECT_TRUE(std::isinf(Few.Within5.Max));
}

TEST(ReplayExperiment, QuartilesInterpolateAndKeepNever) {
  const double Never = std::numeric_limits<double>::infinity();
  Quartiles Q = quartilesOf({4, 1, 3, 2, 5});
  EXPECT_EQ(Q.Min, 1);
  EXPECT_EQ(Q.Q1, 2);
  EXPECT_EQ(Q.Median, 3);
  EXPECT_EQ(Q.Q3, 4);
  EXPECT_EQ(Q.Max, 5);
  Q = quartilesOf({1, 2, 3, 4});
  EXPECT_DOUBLE_EQ(Q.Median, 2.5);
  EXPECT_DOUBLE_EQ(Q.Q1, 1.75);
  Q = quartilesOf({1, 2, Never, Never});
  EXPECT_DOUBLE_EQ(Q.Q1, 1.75);
  EXPECT_TRUE(std::isinf(Q.Median));
}

TEST(ReplayOptions, ParsesAndRoundTrips) {
  std::vector<std::string> Args = {"data.json",
                                   "--technique",
                                   "random",
                                   "--technique=exhaustive",
                                   "--evaluations",
                                   "100",
                                   "--runs",
                                   "7",
                                   "--seed",
                                   "3",
                                   "--json",
                                   "--",
                                   "64",
                                   "--x"};
  ReplayOptionsOrError R = parseReplayOptions(Args);
  ASSERT_TRUE(R.ok()) << R.Error;
  EXPECT_EQ(R.Options.DataPath, "data.json");
  EXPECT_EQ(R.Options.Techniques, (std::vector<std::string>{"random", "exhaustive"}));
  EXPECT_EQ(R.Options.Evaluations, 100u);
  EXPECT_EQ(R.Options.Runs, 7u);
  EXPECT_EQ(R.Options.Seed, 3u);
  EXPECT_TRUE(R.Options.Json);
  EXPECT_EQ(R.Options.ProgramArguments, (std::vector<std::string>{"64", "--x"}));
  ReplayOptionsOrError Again = parseReplayOptions(replayArguments(R.Options));
  ASSERT_TRUE(Again.ok()) << Again.Error;
  EXPECT_EQ(Again.Options.Techniques, R.Options.Techniques);
  EXPECT_EQ(Again.Options.Evaluations, 100u);
  EXPECT_EQ(Again.Options.Seed, 3u);

  // --parallel and --prior survive the round trip to a tuner.
  const std::vector<std::string> Batched = {"d", "--evaluations", "9", "--runs",
                                            "2", "--parallel",    "4", "--prior=o.json"};
  ReplayOptionsOrError B = parseReplayOptions(Batched);
  ASSERT_TRUE(B.ok()) << B.Error;
  EXPECT_EQ(B.Options.Parallel, 4u);
  EXPECT_EQ(B.Options.PriorPath, "o.json");
  ReplayOptionsOrError BAgain = parseReplayOptions(replayArguments(B.Options));
  ASSERT_TRUE(BAgain.ok()) << BAgain.Error;
  EXPECT_EQ(BAgain.Options.Parallel, 4u);
  EXPECT_EQ(BAgain.Options.PriorPath, "o.json");

  auto ErrorOf = [](std::vector<std::string> A) { return parseReplayOptions(A).Error; };
  EXPECT_EQ(ErrorOf({"d", "--runs", "3"}), "--evaluations N is required");
  EXPECT_EQ(ErrorOf({"d", "--evaluations", "3"}), "--runs R is required");
  EXPECT_EQ(ErrorOf({"--evaluations", "3", "--runs", "2"}),
            "no data file given (a Kernel Tuner cache or T4 results file)");
  EXPECT_EQ(ErrorOf({"d", "--evaluations", "x", "--runs", "2"}),
            "option '--evaluations' needs a whole number, not 'x'");
  EXPECT_EQ(ErrorOf({"d", "--evaluations", "0", "--runs", "2"}),
            "--evaluations must be at least 1");
  EXPECT_EQ(ErrorOf({"d", "--bogus"}), "unknown option '--bogus'");
  EXPECT_EQ(ErrorOf({"d", "--evaluations", "3", "--runs", "2", "--parallel", "0"}),
            "--parallel must lie in 1..4096");
  EXPECT_NE(ErrorOf({"d", "--technique", "no_such_technique", "--evaluations", "1", "--runs", "1"})
                .find("--technique 'no_such_technique': "),
            std::string::npos);
  // Without --technique the default technique runs.
  R = parseReplayOptions(std::vector<std::string>{"d", "--evaluations", "1", "--runs", "1"});
  ASSERT_TRUE(R.ok());
  EXPECT_EQ(R.Options.Techniques, std::vector<std::string>{std::string(defaultTechniqueText())});
}

TEST(SharedData, KernelTunerGemmAndT4Dedispersion) {
  const fs::path Datasets = fs::path(ATF_SHARED_DIR) / "bench" / "datasets";
  if (!fs::exists(Datasets / "kt_gemm_RTX3090.json.gz"))
    GTEST_SKIP() << "the shared datasets are absent (" << Datasets << ")";
  RecordedDataOrError Gemm = readRecordedData((Datasets / "kt_gemm_RTX3090.json.gz").string());
  ASSERT_TRUE(Gemm.ok()) << Gemm.Error;
  EXPECT_EQ(Gemm.Data.Parameters.size(), 15u);
  EXPECT_EQ(Gemm.Data.Entries.size(), 17956u);
  EXPECT_EQ(recordedSpace(Gemm.Data).size(), 17956);

  RecordedDataOrError T4 = readRecordedData((Datasets / "t4_dedispersion_A100.json.gz").string());
  ASSERT_TRUE(T4.ok()) << T4.Error;
  EXPECT_EQ(T4.Data.Parameters.size(), 8u);
  EXPECT_EQ(T4.Data.Parameters.front(), "block_size_x");
  EXPECT_EQ(T4.Data.Entries.size(), 11130u);
  EXPECT_EQ(recordedSpace(T4.Data).size(), 11130);
}

} // namespace
