//===- WisdomTest.cpp - Best configurations per device and input ----------===//
//
// The stem and device rules, the selection rule (device tiers, nearest
// inputs in log space, strings before numbers, ties), the JSON round trip,
// merging, and collecting wisdom from a real results database (latest run
// per device and argument set, its best under its key).
//
//===----------------------------------------------------------------------===//
#include "Wisdom/Wisdom.h"

#include "../ScopedTempDirectory.h"
#include "Results/ResultsDatabase.h"

#include <gtest/gtest.h>

#include <limits>

#include <cmath>

#include <filesystem>
#include <unistd.h>

using namespace atfc;

namespace {

WisdomEntry entry(std::string Device, std::vector<std::string> Arguments, std::int64_t W,
                  double Cost) {
  WisdomEntry E;
  E.Device = std::move(Device);
  E.Arguments = std::move(Arguments);
  E.Values = {Value(W)};
  E.Costs = {Cost};
  return E;
}

Wisdom sizes() {
  Wisdom W;
  W.File = "gemm.cl";
  W.Inputs = {{"N", "size_t", 1}};
  W.Parameters = {{"WPT", ValueKind::Int}};
  W.Entries = {entry("PoCL: cpu-haswell (OpenCL 3.0)", {"256"}, 1, 1),
               entry("PoCL: cpu-haswell (OpenCL 3.0)", {"4096"}, 2, 1),
               entry("CUDA: NVIDIA GeForce RTX 3090 (sm_86)", {"256"}, 3, 1),
               entry("CUDA: NVIDIA GeForce RTX 3090 (sm_86)", {"65536"}, 4, 1)};
  return W;
}

} // namespace

TEST(WisdomTest, StemIsACIdentifierOfTheFileName) {
  EXPECT_EQ(selectionStem("gemm.cl"), "gemm");
  EXPECT_EQ(selectionStem("dir.x/my-fft.tuned.cu"), "my_fft");
  EXPECT_EQ(selectionStem("2d.cl"), "_2d");
  EXPECT_EQ(selectionStem(".cl"), "kernel");
  EXPECT_TRUE(isCIdentifier("gemm_2"));
  EXPECT_FALSE(isCIdentifier("2gemm"));
  EXPECT_FALSE(isCIdentifier("a-b"));
  EXPECT_FALSE(isCIdentifier(""));
}

TEST(WisdomTest, HeaderGuardsAreTheFilesAndNoReservedName) {
  // A stem beginning with '_' once gave the reserved "_2D_SELECT_H".
  EXPECT_EQ(headerGuard(selectionStem("2d.cl"), "select"), "ATFC_2D_SELECT_H");
  EXPECT_EQ(headerGuard(selectionStem("gemm.cl"), "select"), "ATFC_GEMM_SELECT_H");
  EXPECT_NE(headerGuard("gemm", "select"), headerGuard("gemm", "best"));
  for (const char *Name : {"_x.c", "a__b.cl", "__.cu", "x_.c", "-.c", "9.c"}) {
    const std::string Guard = headerGuard(selectionStem(Name), "select");
    EXPECT_EQ(Guard.find("__"), std::string::npos) << Name;
    EXPECT_TRUE(isCIdentifier(Guard)) << Name;
  }
}

TEST(WisdomTest, DeviceNamesAndFamilies) {
  EXPECT_EQ(wisdomDeviceName("PoCL: cpu-haswell-Intel(R) Xeon(R) (OpenCL 3.0 PoCL)"),
            "cpu-haswell-Intel(R) Xeon(R)");
  EXPECT_EQ(wisdomDeviceName("CUDA: NVIDIA A100-SXM4-40GB (sm_80)"), "NVIDIA A100-SXM4-40GB");
  EXPECT_EQ(wisdomDeviceName(""), "host");
  EXPECT_EQ(wisdomDeviceFamily("cpu-haswell-Intel(R) Xeon(R)"), "cpu");
  EXPECT_EQ(wisdomDeviceFamily("NVIDIA A100-SXM4-40GB"), "nvidia");
  EXPECT_EQ(wisdomDeviceFamily("GeForce GTX 1080"), "nvidia");
  EXPECT_EQ(wisdomDeviceFamily("AMD Radeon Pro W7800"), "amd");
  EXPECT_EQ(wisdomDeviceFamily("gfx1100"), "amd");
  EXPECT_EQ(wisdomDeviceFamily("Intel(R) UHD Graphics 770"), "intel");
  EXPECT_EQ(wisdomDeviceFamily("host"), "");
}

TEST(WisdomTest, ExactDeviceThenFamilyThenAny) {
  const Wisdom W = sizes();
  // Exact, by name or whole description: the RTX entries only.
  EXPECT_EQ(selectEntry(W, {"300"}, "NVIDIA GeForce RTX 3090"), 2u);
  EXPECT_EQ(selectEntry(W, {"30000"}, "CUDA: NVIDIA GeForce RTX 3090 (sm_86)"), 3u);
  // Same family: another NVIDIA GPU gets the RTX 3090's entries.
  EXPECT_EQ(selectEntry(W, {"30000"}, "NVIDIA A100"), 3u);
  // No family in common, or no device: every entry.
  EXPECT_EQ(selectEntry(W, {"4096"}, "Mali-G78"), 1u);
  EXPECT_EQ(selectEntry(W, {"4096"}, nullptr), 1u);
  EXPECT_EQ(selectEntry(W, {"4096"}, ""), 1u);
}

TEST(WisdomTest, NearestInLogSpaceAndFirstOfTies) {
  const Wisdom W = sizes();
  const char *Cpu = "cpu-haswell";
  EXPECT_EQ(selectEntry(W, {"256"}, Cpu), 0u);
  EXPECT_EQ(selectEntry(W, {"1000"}, Cpu), 0u); // 1001/257 < 4097/1001
  EXPECT_EQ(selectEntry(W, {"1100"}, Cpu), 1u); // 4097/1101 < 1101/257
  EXPECT_EQ(selectEntry(W, {"1"}, Cpu), 0u);
  EXPECT_EQ(selectEntry(W, {"1e9"}, Cpu), 1u);
  // A negative input is farther from every positive one than they are from
  // each other: the first of the ties goes.
  EXPECT_EQ(selectEntry(W, {"-5"}, Cpu), 0u);
  Wisdom Tie = W;
  Tie.Entries = {entry("", {"8"}, 1, 1), entry("", {"8"}, 2, 1)};
  EXPECT_EQ(selectEntry(Tie, {"9"}, nullptr), 0u);
  EXPECT_FALSE(selectEntry(Wisdom{}, {}, nullptr));
}

TEST(WisdomTest, StringInputsDifferBeforeNumbers) {
  Wisdom W;
  W.Inputs = {{"N", "int", 2}, {"layout", "std::string", 1}, {"fast", "bool", 3}};
  W.Parameters = {{"X", ValueKind::Int}};
  W.Entries = {entry("", {"row", "1000000", "true"}, 1, 1), entry("", {"col", "16", "true"}, 2, 1),
               entry("", {"col", "16", "false"}, 3, 1)};
  EXPECT_EQ(selectEntry(W, {"10", "row", "1"}, nullptr), 0u);
  EXPECT_EQ(selectEntry(W, {"1000000", "col", "yes"}, nullptr), 1u);
  EXPECT_EQ(selectEntry(W, {"16", "col", "off"}, nullptr), 2u);
  EXPECT_EQ(numericInput(W.Inputs[2], "ON"), 1.0);
  EXPECT_FALSE(numericInput(W.Inputs[1], "3"));
  EXPECT_FALSE(numericInput(W.Inputs[0], "12x"));
}

TEST(WisdomTest, JsonRoundTripKeepsEveryKind) {
  Wisdom W;
  W.File = "k.cl";
  W.Inputs = {{"N", "size_t", 1}};
  W.Parameters = {{"I", ValueKind::Int},
                  {"U", ValueKind::UInt},
                  {"D", ValueKind::Double},
                  {"B", ValueKind::Bool},
                  {"S", ValueKind::String}};
  WisdomEntry E;
  E.Device = "PoCL: cpu (x)";
  E.Arguments = {"64"};
  E.Values = {Value(std::int64_t(-3)), Value(std::uint64_t(18446744073709551615ull)), Value(0.25),
              Value(true), Value(std::string("a \"b\""))};
  E.Costs = {1.5, 2};
  E.Source = "a.db";
  E.Run = 7;
  W.Entries = {E};
  const Expected<Wisdom> Back = parseWisdom(wisdomJson(W));
  ASSERT_TRUE(Back.ok()) << Back.error().message();
  EXPECT_EQ(Back->Inputs, W.Inputs);
  EXPECT_EQ(Back->Parameters, W.Parameters);
  ASSERT_EQ(Back->Entries.size(), 1u);
  EXPECT_EQ(Back->Entries[0].Values, E.Values);
  EXPECT_EQ(Back->Entries[0].Costs, E.Costs);
  EXPECT_EQ(Back->Entries[0].Arguments, E.Arguments);
  EXPECT_EQ(Back->Entries[0].Run, 7);
  EXPECT_FALSE(parseWisdom("{}").ok());
  EXPECT_FALSE(parseWisdom("[").ok());
}

// An input's argument number that is no positive number is named as given
// (-5 was "$4294967291").
TEST(WisdomTest, ArgumentNumbersArePositive) {
  for (const char *Argument : {"-5", "0", "4294967296", "1.5", "\"1\"", "null"}) {
    const std::string Text = std::string(R"({"atfc_wisdom": 1, "file": "k.cl", "inputs": [{"name":
        "N", "type": "int", "argument": )") +
                             Argument + R"(}], "parameters": [], "entries": []})";
    const Expected<Wisdom> W = parseWisdom(Text);
    ASSERT_FALSE(W) << Argument;
    EXPECT_EQ(W.error().message(), std::string("input \"N\" has argument ") + Argument +
                                       ", not the number of a command-line argument ($1, $2, ...)");
  }
  const Expected<Wisdom> W = parseWisdom(R"({"atfc_wisdom": 1, "file": "k.cl", "inputs":
      [{"name": "N", "type": "int", "argument": 4294967295}], "parameters": [], "entries": []})");
  ASSERT_TRUE(W) << W.error().message();
  EXPECT_EQ(W->Inputs[0].Argument, 4294967295u);
}

// Nesting generated at every depth around the bound, where a wisdom file
// holds values (an entry's configuration: 4 levels around) and at its top:
// refused beyond the bound with a message, never a crash (a stack overflow
// at 100,000 levels before).
TEST(WisdomTest, DeepNestingIsRefused) {
  for (unsigned Depth : {1u, 2u, 100u, 124u, 125u, 126u, 128u, 129u, 1000u, 100000u}) {
    std::string Deep;
    for (unsigned I = 0; I < Depth; ++I)
      Deep += I % 2 ? "{\"k\":" : "[";
    Deep += "1";
    for (unsigned I = Depth; I-- > 0;)
      Deep += I % 2 ? "}" : "]";
    const std::string Text =
        R"({"atfc_wisdom": 1, "file": "k.cl", "inputs": [], "parameters": [{"name": "A",
        "kind": "int"}], "entries": [{"device": "d", "arguments": [], "configuration": {"A": )" +
        Deep + R"(}, "cost": [1]}]})";
    const Expected<Wisdom> W = parseWisdom(Text);
    ASSERT_FALSE(W) << Depth; // a nested value is no int either
    if (Depth + 4 > 128)
      EXPECT_NE(W.error().message().find("JSON nested more than 128 levels deep"),
                std::string::npos)
          << W.error().message();
    else
      EXPECT_EQ(W.error().message().find("nested"), std::string::npos) << W.error().message();
  }
}

// A NaN or infinite parameter value round-trips as results.db's does
// ("nan", "inf", "-inf"); wisdom's own writer once made it JSON null, which
// its reader refused.
TEST(WisdomTest, JsonRoundTripKeepsNonFiniteValues) {
  Wisdom W;
  W.File = "k.cl";
  W.Inputs = {{"N", "size_t", 1}};
  W.Parameters = {{"D", ValueKind::Double}};
  const double Values[] = {std::numeric_limits<double>::infinity(),
                           -std::numeric_limits<double>::infinity(),
                           std::numeric_limits<double>::quiet_NaN()};
  for (int I = 0; I < 3; ++I) {
    WisdomEntry E;
    E.Device = "d";
    E.Arguments = {std::to_string(I + 1)};
    E.Values = {Value(Values[I])};
    E.Costs = {1.0 + I};
    W.Entries.push_back(E);
  }
  const Expected<Wisdom> Back = parseWisdom(wisdomJson(W));
  ASSERT_TRUE(Back.ok()) << Back.error().message();
  ASSERT_EQ(Back->Entries.size(), 3u);
  EXPECT_EQ(std::get<double>(Back->Entries[0].Values[0]), Values[0]);
  EXPECT_EQ(std::get<double>(Back->Entries[1].Values[0]), Values[1]);
  EXPECT_TRUE(std::isnan(std::get<double>(Back->Entries[2].Values[0])));
}

TEST(WisdomTest, ConstraintsRoundTripAndMergeOnlyWhenTheyAgree) {
  Wisdom W = sizes();
  EXPECT_EQ(wisdomJson(W).find("constraints"), std::string::npos);
  EXPECT_FALSE(parseWisdom(wisdomJson(W))->Constraints);
  W.Constraints = std::vector<WisdomConstraint>{
      {W.Parameters[0].Name, "size_t", {{"divides", "N", false}, {"less_than", "ocl::x", true}}},
      {"Gone", "int", {}}};
  const Expected<Wisdom> Back = parseWisdom(wisdomJson(W));
  ASSERT_TRUE(Back.ok()) << Back.error().message();
  EXPECT_EQ(Back->Constraints, W.Constraints);
  // A wisdom without constraints merges with one that has them; two that
  // have other constraints are not of one file.
  Wisdom Old = sizes();
  Expected<Wisdom> Merged = mergeWisdom({Old, W});
  ASSERT_TRUE(Merged.ok()) << Merged.error().message();
  EXPECT_EQ(Merged->Constraints, W.Constraints);
  Wisdom Other = W;
  (*Other.Constraints)[0].Conjuncts[0].Expression = "2 * N";
  Merged = mergeWisdom({W, Other});
  ASSERT_FALSE(Merged.ok());
  EXPECT_NE(Merged.error().message().find("other constraints"), std::string::npos);
}

TEST(WisdomTest, MergeKeepsTheLowerCostPerDeviceAndArguments) {
  Wisdom A = sizes(), B = sizes();
  B.Entries = {entry("PoCL: cpu-haswell (OpenCL 3.0)", {"256"}, 9, 0.5),
               entry("PoCL: cpu-haswell (OpenCL 3.0)", {"4096"}, 8, 2),
               entry("OpenCL: gfx1100 (x)", {"256"}, 7, 1)};
  const Expected<Wisdom> M = mergeWisdom({A, B});
  ASSERT_TRUE(M.ok()) << M.error().message();
  ASSERT_EQ(M->Entries.size(), 5u);
  EXPECT_EQ(M->Entries[0].Values[0], Value(std::int64_t(9)));
  EXPECT_EQ(M->Entries[1].Values[0], Value(std::int64_t(2)));
  EXPECT_EQ(M->Entries[4].Device, "OpenCL: gfx1100 (x)");
  B.Parameters = {{"LS", ValueKind::Int}};
  EXPECT_FALSE(mergeWisdom({A, B}).ok());
}

TEST(WisdomTest, FromADatabaseTheLatestRunPerDeviceAndArguments) {
  const std::string Dir = ::testing::TempDir() + "/wisdom-" + std::to_string(getpid());
  std::filesystem::remove_all(Dir);
  std::filesystem::create_directories(Dir);
  const std::string Path = Dir + "/results.db";
  {
    auto Db = ResultsDatabase::open(Path);
    ASSERT_TRUE(Db.ok()) << Db.error().message();
    auto Run = [&](std::vector<std::string> Args, std::string Device, std::string Key,
                   std::vector<std::pair<std::int64_t, double>> Results) {
      RunInfo R;
      R.Key = Key;
      R.File = "k.cl";
      R.Technique = "random";
      R.Arguments = Args;
      R.Parameters = {"X"};
      R.ParameterKinds = {ValueKind::Int};
      R.SpaceSize = "10";
      R.Device = Device;
      auto Id = (*Db)->beginRun(R);
      ASSERT_TRUE(Id.ok()) << Id.error().message();
      std::int64_t Number = 1;
      for (auto [X, Cost] : Results) {
        EvaluationRecord E;
        E.ConfigIndex = std::to_string(X);
        E.Configuration = {{"X", Value(X)}};
        E.Result.Valid = true;
        E.Result.Costs = {Cost};
        E.Evaluation = Number++;
        ASSERT_TRUE((*Db)->addEvaluation(*Id, E).ok());
      }
    };
    Run({"256"}, "dev", "k1", {{1, 5.0}, {2, 3.0}});
    Run({"1024"}, "dev", "k2", {{3, 4.0}});
    // A later run of the same key: everything known under it counts.
    Run({"256"}, "dev", "k1", {{4, 3.5}});
    Run({"256"}, "", "k3", {{5, 1.0}});
  }
  const Expected<Wisdom> W = wisdomOfDatabase(Path, {{"N", "size_t", 1}}, "k.cl");
  ASSERT_TRUE(W.ok()) << W.error().message();
  ASSERT_EQ(W->Entries.size(), 3u);
  EXPECT_EQ(W->Entries[0].Arguments, std::vector<std::string>{"1024"});
  EXPECT_EQ(W->Entries[1].Arguments, std::vector<std::string>{"256"});
  EXPECT_EQ(W->Entries[1].Values[0], Value(std::int64_t(2)));
  EXPECT_EQ(W->Entries[1].Costs, std::vector<double>{3.0});
  EXPECT_EQ(W->Entries[2].Device, "");
  EXPECT_FALSE(wisdomOfDatabase(Path, {}, "other.cl").ok());
  std::filesystem::remove_all(Dir);
}

TEST(WisdomTest, MaximisedObjectivesSelectAndMergeInTheirDirection) {
  test::ScopedTempDirectory Dir("wisdom-objectives");
  const std::string Path = (Dir.path() / "results.db").string();
  const ObjectiveList Objectives = {{"gflops", Direction::Maximise}, {"time", Direction::Minimise}};
  {
    auto Db = ResultsDatabase::open(Path);
    ASSERT_TRUE(Db.ok()) << Db.error().message();
    RunInfo R;
    R.Key = "k";
    R.File = "k.cl";
    R.Technique = "exhaustive";
    R.Arguments = {"256"};
    R.Parameters = {"X"};
    R.ParameterKinds = {ValueKind::Int};
    R.Objectives = Objectives;
    R.SpaceSize = "3";
    auto Id = (*Db)->beginRun(R);
    ASSERT_TRUE(Id.ok()) << Id.error().message();
    std::int64_t Number = 1;
    for (auto [X, Gflops] :
         std::vector<std::pair<std::int64_t, double>>{{1, 10}, {2, 40}, {3, 20}}) {
      EvaluationRecord E;
      E.ConfigIndex = std::to_string(X);
      E.Configuration = {{"X", Value(X)}};
      E.Result.Valid = true;
      E.Result.Costs = {Gflops, 1.0};
      E.Evaluation = Number++;
      ASSERT_TRUE((*Db)->addEvaluation(*Id, E).ok());
    }
  }
  const Expected<Wisdom> W = wisdomOfDatabase(Path, {{"N", "size_t", 1}}, "k.cl");
  ASSERT_TRUE(W.ok()) << W.error().message();
  EXPECT_EQ(W->Objectives, Objectives);
  ASSERT_EQ(W->Entries.size(), 1u);
  EXPECT_EQ(W->Entries[0].Values[0], Value(std::int64_t(2)));

  // The objectives travel in the JSON, and merging keeps the higher gflops.
  const Expected<Wisdom> Read = parseWisdom(wisdomJson(*W));
  ASSERT_TRUE(Read.ok()) << Read.error().message();
  EXPECT_EQ(Read->Objectives, Objectives);
  Wisdom Better = *Read, Worse = *Read;
  Better.Entries[0].Values = {Value(std::int64_t(7))};
  Better.Entries[0].Costs = {50, 2};
  Worse.Entries[0].Values = {Value(std::int64_t(8))};
  Worse.Entries[0].Costs = {30, 0.5};
  const Expected<Wisdom> Merged = mergeWisdom({*Read, Better, Worse});
  ASSERT_TRUE(Merged.ok()) << Merged.error().message();
  ASSERT_EQ(Merged->Entries.size(), 1u);
  EXPECT_EQ(Merged->Entries[0].Values[0], Value(std::int64_t(7)));

  // Costs of other objectives are not comparable.
  Wisdom Minimised = *Read;
  Minimised.Objectives = {};
  EXPECT_FALSE(mergeWisdom({*Read, Minimised}).ok());
}
