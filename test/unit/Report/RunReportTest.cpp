//===- test/unit/Report/RunReportTest.cpp ---------------------------------===//
#include "Report/RunReport.h"

#include "Count.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>

namespace atfc::report {
namespace {

using test::between;
using test::count;

/// A run of N evaluations over WG (1..32) and OPT (-O1..-O3); every fifth
/// fails; Objectives costs per evaluation.
ReportRun sampleRun(std::size_t N, std::size_t Objectives = 1) {
  ReportRun Run;
  Run.Title = "gemm.cl: run 1";
  Run.Facts = {{"file", "gemm.cl"}, {"device", "pocl"}};
  Run.Table.Parameters = {"WG", "OPT"};
  Run.Table.Objectives = {"time"};
  if (Objectives > 1)
    Run.Table.Objectives.push_back("energy");
  Run.Table.Timed = true;
  Run.SpaceSize = 1e6;
  std::mt19937 Random(1);
  for (std::size_t I = 1; I <= N; ++I) {
    EvaluationRecord E;
    E.Evaluation = static_cast<std::int64_t>(I);
    const auto WG = static_cast<std::int64_t>(1 + Random() % 32);
    E.Configuration = {{"WG", Value(WG)},
                       {"OPT", Value(std::string("-O") + std::to_string(1 + Random() % 3))}};
    if (I % 5 == 0) {
      E.Result = Measurement::invalid(FailureKind::RunFailed, "exit status 2",
                                      std::string(2000, 'x') + "the end");
    } else {
      const double Time =
          1.0 / static_cast<double>(WG) + 0.001 * static_cast<double>(Random() % 100);
      E.Result = Measurement::valid({Time});
      if (Objectives > 1)
        E.Result.Costs.push_back(1 / Time);
    }
    E.Result.RunSeconds = 0.5;
    Run.Table.Entries.push_back(std::move(E));
  }
  return Run;
}

TEST(RunReport, EveryEvaluationIsAPointOfTheProgressPlot) {
  const std::string Html = runReportHtml(sampleRun(40));
  const std::string Progress = between(Html, "<figure id=\"by-evaluation\">", "</figure>");
  EXPECT_EQ(count(Progress, "data-evaluation="), 40u);
  EXPECT_EQ(count(Progress, "class=\"failed\""), 8u);
  EXPECT_NE(Progress.find("random search (expected, quartiles)"), std::string::npos);
  EXPECT_NE(Html.find("<figure id=\"by-time\">"), std::string::npos);
  EXPECT_NE(Html.find(">tuning time (s): compiling, running and the tuner, summed</text>"),
            std::string::npos);
}

TEST(RunReport, SectionsOfASingleObjectiveRun) {
  const std::string Html = runReportHtml(sampleRun(40));
  for (const char *Id : {"run", "progress", "parameters", "best", "failures"})
    EXPECT_NE(Html.find("<section id=\"" + std::string(Id) + "\">"), std::string::npos) << Id;
  EXPECT_EQ(Html.find("<section id=\"objectives\">"), std::string::npos);
  EXPECT_NE(Html.find("<dd>40 (32 valid, 8 failed)</dd>"), std::string::npos);
  EXPECT_NE(
      Html.find("<td>run failed</td><td class=\"num\" data-sort=\"8\">8</td><td>exit status 2: "),
      std::string::npos);
  // The best table: 32 valid rows, sortable, sorted by cost.
  const std::string Best = between(Html, "<table id=\"best-configurations\"", "</table>");
  EXPECT_EQ(count(Best, "<tr>"), 33u);
  EXPECT_NE(Best.find("class=\"sortable\""), std::string::npos);
  // A scatter per parameter, WG on numbers (32 values > 24 categories
  // would be; here at most 32 distinct) and OPT on categories.
  EXPECT_NE(Html.find("aria-label=\"time against WG\""), std::string::npos);
  EXPECT_NE(Html.find("aria-label=\"time against OPT\""), std::string::npos);
  EXPECT_NE(Html.find(">-O2</text>"), std::string::npos);
}

TEST(RunReport, FailuresShowTheTailOfTheirLog) {
  const std::string Html = runReportHtml(sampleRun(10));
  const std::string Failures = between(Html, "<table id=\"failures\"", "</table>");
  EXPECT_EQ(count(Failures, "<tr>"), 3u);
  EXPECT_NE(Failures.find("xxxxthe end</pre>"), std::string::npos);
  EXPECT_LT(Failures.size(), 2 * 1000u + 1000u) << "tails, not whole logs";
}

/// The y coordinates of the points of Svg's first element of class Class.
std::vector<double> pointYs(const std::string &Svg, const std::string &Class) {
  const std::size_t ClassAt = Svg.find("class=\"" + Class + "\"");
  const std::size_t PointsAt = Svg.rfind("points=\"", ClassAt);
  if (ClassAt == std::string::npos || PointsAt == std::string::npos)
    return {};
  const std::string Points = Svg.substr(PointsAt, ClassAt - PointsAt);
  std::vector<double> Ys;
  for (std::size_t At = Points.find(','); At != std::string::npos; At = Points.find(',', At + 1))
    Ys.push_back(std::stod(Points.substr(At + 1)));
  return Ys;
}

// One valid evaluation of thirty: random search's expectation is that cost
// at every draw, a flat line; its quartiles ("none found yet" or that cost)
// made a band that jumped from the plot's top down to the line.
TEST(RunReport, OneValidCostDrawsAFlatBaselineAndNoBand) {
  ReportRun Run = sampleRun(30);
  Run.SpaceSize = 30;
  for (std::size_t Row = 0; Row < 30; ++Row) {
    Run.Table.Entries[Row].Result.Valid = Row == 17;
    Run.Table.Entries[Row].Result.Failure = Row == 17 ? FailureKind::None : FailureKind::RunFailed;
  }
  const std::string Html = runReportHtml(Run);
  for (const char *Figure : {"<figure id=\"by-evaluation\">", "<figure id=\"by-time\">"}) {
    const std::string Plot = between(Html, Figure, "</figure>");
    ASSERT_FALSE(Plot.empty()) << Figure;
    EXPECT_EQ(Plot.find("class=\"band\""), std::string::npos) << Figure;
    const std::vector<double> Ys = pointYs(Plot, "median dashed");
    ASSERT_GE(Ys.size(), 2u) << Figure;
    EXPECT_EQ(*std::min_element(Ys.begin(), Ys.end()), *std::max_element(Ys.begin(), Ys.end()))
        << Figure;
  }
  EXPECT_NE(between(Html, "<figure id=\"by-evaluation\">", "</figure>")
                .find(">random search (expected)</text>"),
            std::string::npos);
}

// Thirty valid evaluations: WG sets the time, OPT does not. Raw mutual
// information gave OPT a bar too (small samples share bits with anything);
// the bars now stand above chance with bootstrap whiskers, and OPT, whose
// interval reaches zero, is pale, last and said to be not told apart.
TEST(RunReport, ImportanceShowsItsUncertainty) {
  ReportRun Run = sampleRun(37);
  for (std::size_t Row = 0; Row < Run.Table.Entries.size(); ++Row) {
    EvaluationRecord &E = Run.Table.Entries[Row];
    const std::int64_t WG = std::int64_t{1} << (Row % 4);
    E.Configuration[0].Val = Value(WG);
    if (E.Result.Valid)
      E.Result.Costs = {1.0 / static_cast<double>(WG) + 0.001 * static_cast<double>(Row % 7)};
  }
  const std::string Html = runReportHtml(Run);
  const std::string Chart = between(Html, "aria-label=\"parameter importance\"", "</svg>");
  ASSERT_FALSE(Chart.empty());
  EXPECT_EQ(count(Chart, "class=\"interval\""), 6u) << "a whisker and two caps per bar";
  EXPECT_EQ(count(Chart, "class=\"bar pale\""), 1u);
  EXPECT_EQ(count(Chart, "class=\"bar\""), 1u);
  EXPECT_LT(Chart.find(">WG</text>"), Chart.find(">OPT</text>"));
  EXPECT_NE(Chart.find("not told from chance (3 values)"), std::string::npos);
  EXPECT_NE(Html.find("over 30 valid evaluations"), std::string::npos);
  EXPECT_NE(Html.find("90% bootstrap interval (200 resamples)"), std::string::npos);
}

// Thirteen wrong results that differ only in their message are one row of
// the Outcomes table, with their count and the first one's message.
TEST(RunReport, OutcomesAreGroupedByKind) {
  ReportRun Run = sampleRun(20);
  for (std::size_t Row = 0; Row < 13; ++Row) {
    Run.Table.Entries[Row].Result =
        Measurement::invalid(FailureKind::WrongResult, "y[" + std::to_string(Row) + "] differs");
  }
  Run.Table.Entries[13].Result = Measurement::invalid(
      FailureKind::BuildFailed, "build failed",
      "CL_BUILD_PROGRAM_FAILURE with options \"-D WG=3\"\n"
      "error: k.cl:4:2: use of undeclared identifier 'q'\n1 error generated.\n");
  const std::string Html = runReportHtml(Run);
  const std::string Outcomes = between(Html, "<table id=\"failure-counts\"", "</table>");
  ASSERT_FALSE(Outcomes.empty());
  EXPECT_EQ(count(Outcomes, "<td>wrong result</td>"), 1u) << Outcomes;
  EXPECT_NE(
      Outcomes.find(
          "<td>wrong result</td><td class=\"num\" data-sort=\"13\">13</td><td>y[0] differs</td>"),
      std::string::npos)
      << Outcomes;
  EXPECT_NE(Outcomes.find(
                "<td>build failed</td><td class=\"num\" data-sort=\"1\">1</td><td>error: k.cl:4:2: "
                "use of undeclared identifier &#39;q&#39;</td>"),
            std::string::npos)
      << Outcomes;
  // valid, wrong result, run failed (the sample's 20th), build failed.
  EXPECT_EQ(count(Outcomes, "<tr>"), 5u) << Outcomes;
}

TEST(RunReport, TwoObjectivesShowTheParetoFront) {
  const std::string Html = runReportHtml(sampleRun(40, 2));
  const std::string Objectives = between(Html, "<section id=\"objectives\">", "</section>");
  ASSERT_FALSE(Objectives.empty());
  EXPECT_NE(Objectives.find("aria-label=\"time against energy\""), std::string::npos);
  EXPECT_EQ(count(Objectives, "data-evaluation="), 32u);
  // time * energy = 1: every distinct valid configuration is on the front.
  std::set<double> Distinct;
  for (const EvaluationRecord &E : sampleRun(40, 2).Table.Entries)
    if (E.Result.Valid)
      Distinct.insert(E.Result.Costs[0]);
  EXPECT_EQ(count(Objectives, "class=\"front-pt\""), Distinct.size());
  EXPECT_NE(Objectives.find(std::to_string(Distinct.size()) + " configurations form the Pareto"),
            std::string::npos);
}

TEST(RunReport, ARunningRunReloadsAndAnEmptyOneSaysSo) {
  ReportRun Run = sampleRun(0);
  Run.Running = true;
  const std::string Html = runReportHtml(Run);
  EXPECT_NE(Html.find("http-equiv=\"refresh\""), std::string::npos);
  EXPECT_NE(Html.find("No evaluations yet."), std::string::npos);
}

TEST(RunReport, TextFromTheRunIsEscaped) {
  ReportRun Run = sampleRun(5);
  Run.Title = "<script>alert(1)</script>";
  Run.Table.Entries[4].Result.Reason = "<img src=x>";
  const std::string Html = runReportHtml(Run);
  EXPECT_EQ(count(Html, "<script>"), 1u);
  EXPECT_EQ(Html.find("<img"), std::string::npos);
}

// Ten thousand evaluations: every one a point of the progress plot, the
// parameters' plots summarised, the page well under 2 MB.
TEST(RunReport, LargeRunsStaySmall) {
  const std::string Html = runReportHtml(sampleRun(10000));
  const std::string Progress = between(Html, "<figure id=\"by-evaluation\">", "</figure>");
  EXPECT_EQ(count(Progress, "data-evaluation="), 10000u);
  EXPECT_GE(count(Html, "class=\"box\""), 3u);
  EXPECT_LT(Html.size(), 2u * 1000 * 1000);
}

} // namespace
} // namespace atfc::report
