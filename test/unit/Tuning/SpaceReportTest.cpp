//===- SpaceReportTest.cpp - What a tuner says about its space ------------===//
//
// The human report and the JSON of hand-built spaces: saxpy at N = 1000
// (100 configurations, numbers checked per group and level), a space with
// dead ends, an empty one, one beyond 2^64, and the configuration list with
// every value type.
//
//===----------------------------------------------------------------------===//
#include "Tuning/SpaceReport.h"

#include "SearchSpace/SpaceGenerator.h"
#include "Support/Bug.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstddef>
#include <regex>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

using namespace atfc;
using Json = nlohmann::ordered_json;

namespace {

/// WPT divides N, LS divides N / WPT: 100 configurations for N = 1000.
ChainOfTrees saxpy(std::size_t N) {
  return cantFail(
      generateSpace(GenerationOptions{1},
                    group(parameter("WPT", interval<std::size_t>(1, N), divides(N)),
                          parameter("LS", interval<std::size_t>(1, N),
                                    divides([N](const auto &P) { return N / std::get<0>(P); })))));
}

/// A * B == 12 with A, B in 1..10: A = 2, 3, 4, 6 have a B; A = 1, 5, 7, 8,
/// 9, 10 are dead ends.
ChainOfTrees withDeadEnds() {
  return cantFail(generateSpace(
      GenerationOptions{1}, group(parameter("A", interval<int>(1, 10)),
                                  parameter("B", interval<int>(1, 10), [](int B, const auto &P) {
                                    return std::get<0>(P) * B == 12;
                                  }))));
}

/// Every value type, in two groups: 2 * 2 * 3 * 2 = 24 configurations.
ChainOfTrees mixedTypes() {
  return cantFail(generateSpace(
      GenerationOptions{1},
      group(parameter("S", set({"a", "b c"})), parameter("B", set<bool>({false, true}))),
      group(parameter("X", interval<double>(0.5, 1.0, 0.25)),
            parameter("I", interval<int>(-2, -1)))));
}

/// Five unconstrained groups of 10^4 values: 10^20 > 2^64 configurations.
ChainOfTrees beyond64Bits() {
  auto G = [] { return group(parameter("P", interval<std::uint64_t>(1, 10000))); };
  return cantFail(generateSpace(GenerationOptions{1}, G(), G(), G(), G(), G()));
}

std::string report(const ChainOfTrees &Space, const std::string &File = "saxpy.cl") {
  std::ostringstream OS;
  writeSpaceReport(OS, Space, File);
  return OS.str();
}

/// The report with times and byte counts, which vary, replaced by T and M.
std::string stableReport(const ChainOfTrees &Space) {
  const std::string Timed =
      std::regex_replace(report(Space), std::regex(R"([0-9.e+-]+ (ms|s)\b)"), "T");
  return std::regex_replace(Timed, std::regex(R"([0-9.]+ (B|KiB|MiB|GiB)\b)"), "M");
}

TEST(SpaceReport, ThousandsSeparators) {
  EXPECT_EQ(withThousandsSeparators(BigCount(0)), "0");
  EXPECT_EQ(withThousandsSeparators(BigCount(999)), "999");
  EXPECT_EQ(withThousandsSeparators(BigCount(1000)), "1,000");
  EXPECT_EQ(withThousandsSeparators(BigCount(1234567)), "1,234,567");
  EXPECT_EQ(withThousandsSeparators(BigCount(-1234)), "-1,234");
  EXPECT_EQ(withThousandsSeparators(BigCount("123456789012345678901234")),
            "123,456,789,012,345,678,901,234");
}

TEST(SpaceReport, SaxpyText) {
  EXPECT_EQ(stableReport(saxpy(1000)),
            R"(saxpy.cl: search space
  configurations  100
  unconstrained   1,000,000 (the constraints keep 0.01 %)
  generated in    T
  store           M for 116 tree nodes

group 1 of 1 (WPT, LS): 100 configurations, 116 tree nodes, generated in T
  parameter  type  range  scans  accepted  dead ends  rejected
  WPT        uint  1,000      1        16          0       984
  LS         uint  1,000     16       100          0    15,900

scans: the range is scanned once per node of the level above; accepted: values
that passed the parameter's constraint; dead ends: accepted values with no valid
configuration below them; rejected: scans * range - accepted.
)");
}

TEST(SpaceReport, SaxpyJson) {
  const ChainOfTrees Space = saxpy(1000);
  const Json J = spaceReportJson(Space, "saxpy.cl");
  EXPECT_EQ(J["file"], "saxpy.cl");
  EXPECT_EQ(J["configurations"], "100");
  EXPECT_EQ(J["unconstrained"], "1000000");
  EXPECT_TRUE(J["generation_seconds"].is_number());
  EXPECT_EQ(J["generation_seconds"].get<double>(), Space.generationSeconds());
  EXPECT_EQ(J["memory_bytes"], Space.memoryBytes());
  EXPECT_EQ(J["nodes"], 116);
  EXPECT_FALSE(J.contains("configurations_listed"));
  ASSERT_EQ(J["groups"].size(), 1u);
  const Json &G = J["groups"][0];
  EXPECT_EQ(G["parameters"], Json::array({"WPT", "LS"}));
  EXPECT_EQ(G["leaves"], "100");
  EXPECT_EQ(G["nodes"], 116);
  EXPECT_TRUE(G["seconds"].is_number());
  EXPECT_EQ(G["levels"], Json::parse(R"([
    {"parameter": "WPT", "type": "uint", "range_size": 1000, "scans": 1, "accepted": 16,
     "dead_ends": 0, "nodes": 16, "rejected": "984"},
    {"parameter": "LS", "type": "uint", "range_size": 1000, "scans": 16, "accepted": 100,
     "dead_ends": 0, "nodes": 100, "rejected": "15900"}])"));
}

TEST(SpaceReport, RepeatedGenerations) {
  // The tuner's --repetitions: the median of the further generations beside
  // the first, in the text and in JSON.
  const ChainOfTrees Space = saxpy(1000);
  const std::vector<double> Repeated = {0.004, 0.001, 0.003, 0.002};
  std::ostringstream OS;
  writeSpaceReport(OS, Space, "saxpy.cl", Repeated);
  EXPECT_NE(OS.str().find("  repeated        median 2.5 ms of 4 more generations (1 ms to 4 ms)\n"),
            std::string::npos)
      << OS.str();
  const Json J = spaceReportJson(Space, "saxpy.cl", 0, Repeated);
  EXPECT_EQ(J["generation_seconds"].get<double>(), Space.generationSeconds());
  EXPECT_EQ(J["repeated_generation_seconds"], Json::array({0.004, 0.001, 0.003, 0.002}));
  EXPECT_DOUBLE_EQ(J["repeated_generation_median_seconds"].get<double>(), 0.0025);
  EXPECT_FALSE(spaceReportJson(Space, "saxpy.cl").contains("repeated_generation_seconds"));
  EXPECT_EQ(report(Space).find("repeated"), std::string::npos);
}

TEST(SpaceReport, DeadEnds) {
  const ChainOfTrees Space = withDeadEnds();
  const Json J = spaceReportJson(Space, "f.c");
  EXPECT_EQ(J["configurations"], "4");
  EXPECT_EQ(J["groups"][0]["levels"], Json::parse(R"([
    {"parameter": "A", "type": "int", "range_size": 10, "scans": 1, "accepted": 10,
     "dead_ends": 6, "nodes": 4, "rejected": "0"},
    {"parameter": "B", "type": "int", "range_size": 10, "scans": 10, "accepted": 4,
     "dead_ends": 0, "nodes": 4, "rejected": "96"}])"));
  EXPECT_NE(report(Space).find("  A          int      10      1        10          6         0\n"),
            std::string::npos)
      << report(Space);
}

TEST(SpaceReport, EmptySpace) {
  const ChainOfTrees Space = cantFail(generateSpace(
      GenerationOptions{1}, group(parameter("A", interval<int>(1, 10), greater_than(10))),
      group(parameter("B", interval<int>(1, 3)))));
  EXPECT_EQ(stableReport(Space), R"(saxpy.cl: search space
  configurations  0
  unconstrained   30 (the constraints keep none of it)
  generated in    T
  store           M for 3 tree nodes

group 1 of 2 (A): 0 configurations, 0 tree nodes, generated in T
  parameter  type  range  scans  accepted  dead ends  rejected
  A          int      10      1         0          0        10
  no configuration of this group satisfies its constraints, so the space is empty

group 2 of 2 (B): 3 configurations, 3 tree nodes, generated in T
  parameter  type  range  scans  accepted  dead ends  rejected
  B          int       3      1         3          0         0

scans: the range is scanned once per node of the level above; accepted: values
that passed the parameter's constraint; dead ends: accepted values with no valid
configuration below them; rejected: scans * range - accepted.
)");
  std::ostringstream List;
  writeConfigurationList(List, Space, 5);
  EXPECT_EQ(List.str(), "no configurations to list: the space is empty\n");
  EXPECT_EQ(spaceReportJson(Space, "f.c", 5)["configurations_listed"], Json::array());
}

TEST(SpaceReport, EmptySpaceReasonNamesTheConstraintThatRejectedAll) {
  // Group 2's B accepts values, C none under any B: C and its constraint
  // are named, at the constraint's place, with the inputs.
  const ChainOfTrees Space =
      cantFail(generateSpace(GenerationOptions{1}, group(parameter("A", interval<int>(1, 3))),
                             group(parameter("B", interval<int>(2, 4)),
                                   parameter("C", interval<int>(1, 1), [](int C, const auto &P) {
                                     return C * std::get<0>(P) > 10;
                                   }))));
  const std::vector<DirectiveText> Constraints = {{"", 0, 0}, {"", 0, 0}, {"C * B > N", 4, 30}};
  const std::vector<NamedValue> Inputs = {{"N", Value(std::int64_t{10})}};
  EmptySpaceReason Reason = emptySpaceReason(Space, Constraints, Inputs);
  EXPECT_EQ(Reason.Message, "no value of C (1) satisfies its constraint C * B > N, whatever the "
                            "values of B (inputs: N = 10)");
  EXPECT_EQ(Reason.Line, 4u);
  EXPECT_EQ(Reason.Column, 30u);
  // Without the constraints' text (the online interfaces): the parameter.
  Reason = emptySpaceReason(Space, {}, {});
  EXPECT_EQ(Reason.Message, "no value of C (1) satisfies its constraint, whatever the values of B");
  EXPECT_EQ(Reason.Line, 0u);
  // B's values for A = 1, 2 are dead ends: D, the parameter that accepts
  // none, is named with both before it.
  const ChainOfTrees DeadEnds = cantFail(generateSpace(
      GenerationOptions{1},
      group(parameter("A", interval<int>(1, 3)),
            parameter("B", interval<int>(1, 3),
                      [](int B, const auto &P) { return B == 3 && std::get<0>(P) < 3; }),
            parameter("D", interval<int>(1, 3),
                      [](int D, const auto &P) { return D + std::get<1>(P) > 9; }))));
  EXPECT_EQ(emptySpaceReason(DeadEnds, {}, {}).Message,
            "no value of D (1 to 3) satisfies its constraint, whatever the values of A, B");
}

TEST(SpaceReport, NoParameters) {
  const std::string Text = report(ChainOfTrees());
  EXPECT_NE(Text.find("  the file declares no tuning parameters\n"), std::string::npos) << Text;
  EXPECT_EQ(spaceReportJson(ChainOfTrees(), "f.c")["groups"], Json::array());
}

TEST(SpaceReport, ExactSizesBeyond64Bits) {
  const ChainOfTrees Space = beyond64Bits();
  const Json J = spaceReportJson(Space, "big.cl");
  EXPECT_EQ(J["configurations"], "100000000000000000000");
  EXPECT_EQ(J["unconstrained"], "100000000000000000000");
  EXPECT_EQ(J["groups"].size(), 5u);
  EXPECT_EQ(J["groups"][4]["leaves"], "10000");
  const std::string Text = report(Space);
  EXPECT_NE(Text.find("  configurations  100,000,000,000,000,000,000\n"), std::string::npos)
      << Text;
  EXPECT_NE(Text.find("(the constraints keep all of it)"), std::string::npos) << Text;
}

TEST(SpaceReport, TinySharesInScientificNotation) {
  // Ten groups of 100 values, one of which passes: 1 of 10^20.
  auto G = [] { return group(parameter("P", interval<int>(1, 100), equal(7))); };
  const ChainOfTrees Space = cantFail(
      generateSpace(GenerationOptions{1}, G(), G(), G(), G(), G(), G(), G(), G(), G(), G()));
  const std::string Text = report(Space);
  EXPECT_NE(Text.find("  unconstrained   100,000,000,000,000,000,000 (the constraints keep "
                      "1.00e-18 %)\n"),
            std::string::npos)
      << Text;
  // A share above 0.001 % keeps three significant digits.
  EXPECT_NE(report(withDeadEnds()).find("(the constraints keep 4 %)"), std::string::npos);
}

TEST(SpaceReport, ConfigurationListText) {
  const ChainOfTrees Space = mixedTypes();
  std::ostringstream OS;
  writeConfigurationList(OS, Space, 3);
  EXPECT_EQ(OS.str(), R"(the first 3 of 24 configurations:
S="a" B=false X=0.5 I=-2
S="a" B=false X=0.5 I=-1
S="a" B=false X=0.75 I=-2
)");
  std::ostringstream All;
  writeConfigurationList(All, saxpy(4), 100);
  EXPECT_EQ(All.str(), R"(all 6 configurations:
WPT=1 LS=1
WPT=1 LS=2
WPT=1 LS=4
WPT=2 LS=1
WPT=2 LS=2
WPT=4 LS=1
)");
  std::ostringstream None;
  writeConfigurationList(None, Space, 0);
  EXPECT_EQ(None.str(), "");
  EXPECT_EQ(configurationText(Space, Space.at(BigCount(23))), R"(S="b c" B=true X=1 I=-1)");
}

TEST(SpaceReport, ConfigurationListJson) {
  const ChainOfTrees Space = mixedTypes();
  const Json J = spaceReportJson(Space, "mixed.c", 2);
  EXPECT_EQ(J["configurations_listed"], Json::parse(R"([
    {"S": "a", "B": false, "X": 0.5, "I": -2},
    {"S": "a", "B": false, "X": 0.5, "I": -1}])"));
  // Level order, not alphabetical.
  EXPECT_EQ(J["configurations_listed"][0].begin().key(), "S");
  const Json Last = configurationJson(Space, Space.at(BigCount(23)));
  EXPECT_EQ(Last.dump(), R"({"S":"b c","B":true,"X":1.0,"I":-1})");
  EXPECT_EQ(spaceReportJson(saxpy(1000), "saxpy.cl", 1)["configurations_listed"],
            Json::parse(R"([{"WPT": 1, "LS": 1}])"));
}

TEST(SpaceReport, DeclaredTypes) {
  // Chain level order; an empty name (a parameter of unknown declaration)
  // shows the kind of its values.
  const ChainOfTrees Space = mixedTypes();
  const std::vector<std::string> Types = {"const char *", "bool", "float", ""};
  std::ostringstream OS;
  writeSpaceReport(OS, Space, "mixed.c", {}, Types);
  EXPECT_NE(OS.str().find("  S          const char *"), std::string::npos) << OS.str();
  EXPECT_NE(OS.str().find("  X          float "), std::string::npos) << OS.str();
  EXPECT_NE(OS.str().find("  I          int "), std::string::npos) << OS.str();
  const Json J = spaceReportJson(Space, "mixed.c", 0, {}, Types);
  EXPECT_EQ(J["groups"][0]["levels"][0]["type"], "const char *");
  EXPECT_EQ(J["groups"][0]["levels"][1]["type"], "bool");
  EXPECT_EQ(J["groups"][1]["levels"][0]["type"], "float");
  EXPECT_EQ(J["groups"][1]["levels"][1]["type"], "int");
  // Without them, as before: the kinds.
  EXPECT_EQ(spaceReportJson(Space, "mixed.c")["groups"][1]["levels"][0]["type"], "double");
}

} // namespace
