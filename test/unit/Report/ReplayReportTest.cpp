//===- test/unit/Report/ReplayReportTest.cpp ------------------------------===//
#include "Report/ReplayReport.h"

#include "Count.h"

#include <gtest/gtest.h>

#include <cmath>

namespace atfc::report {
namespace {

using test::count;

TEST(ReplayReport, BestAfterIsAStepFunction) {
  const std::vector<std::pair<std::uint64_t, double>> Run = {{3, 2.0}, {10, 1.5}, {40, 1.0}};
  EXPECT_TRUE(std::isinf(bestAfter(Run, 2)));
  EXPECT_EQ(bestAfter(Run, 3), 2.0);
  EXPECT_EQ(bestAfter(Run, 39), 1.5);
  EXPECT_EQ(bestAfter(Run, 1000), 1.0);
}

ReplayReport sampleReplay() {
  ReplayReport R;
  R.Title = "replay: tiny";
  R.Facts = {{"data", "tiny"}};
  R.Evaluations = 30;
  R.Techniques = {{"exhaustive", {{{1, 3.0}, {26, 1.0}}, {{1, 3.0}, {26, 1.0}}}},
                  {"random", {{{1, 2.0}, {5, 1.2}}, {{2, 1.5}}, {{1, 1.0}}}}};
  R.RelativeCosts = {1, 1.2, 1.5, 2, 3};
  R.SpaceSize = 8;
  return R;
}

TEST(ReplayReport, OneCurveWithItsBandPerTechniqueAndRandomSearch) {
  const std::string Html = replayReportHtml(sampleReplay());
  const std::string Plot = test::between(Html, "<figure id=\"replay-curves\">", "</figure>");
  EXPECT_EQ(count(Plot, "data-series="), 3u);
  EXPECT_NE(Plot.find("data-series=\"exhaustive\""), std::string::npos);
  EXPECT_NE(Plot.find("data-series=\"uniform random (expected)\""), std::string::npos);
  EXPECT_EQ(count(Plot, "class=\"band\""), 3u);
  EXPECT_NE(Plot.find(">best / optimum</text>"), std::string::npos);
  EXPECT_NE(Plot.find(">evaluations</text>"), std::string::npos) << "30: a linear axis";
}

TEST(ReplayReport, TheTableSummarisesEachTechnique) {
  const std::string Html = replayReportHtml(sampleReplay());
  const std::string Table = test::between(Html, "<table id=\"techniques\"", "</table>");
  EXPECT_EQ(count(Table, "<tr>"), 3u);
  // Exhaustive reaches the optimum at 26 in both runs; random's median end
  // is 1.2 and one of three runs never comes within 5 %.
  EXPECT_NE(Table.find("<td>exhaustive</td><td class=\"num\" data-sort=\"2\">2</td><td "
                       "class=\"num\" data-sort=\"1\">1</td>"),
            std::string::npos);
  EXPECT_NE(Table.find("<td>26</td><td>26</td>"), std::string::npos);
  EXPECT_NE(Table.find("data-sort=\"1.2\">1.2</td>"), std::string::npos);
  EXPECT_NE(Table.find("(2 of 3 never)"), std::string::npos);
}

} // namespace
} // namespace atfc::report
