//===- test/unit/Report/PlotsTest.cpp -------------------------------------===//
#include "Report/Plots.h"

#include "Count.h"

#include <gtest/gtest.h>

namespace atfc::report {
namespace {

using test::count;

ProgressPlot sampleProgress() {
  ProgressPlot P;
  P.Label = "progress";
  P.XTitle = "evaluation";
  P.YTitle = "time";
  P.Valid = {{1, 5, 1, {}}, {2, 3, 2, {}}, {4, 4, 4, {}}};
  P.Failed = {{3, 0, 3, {}}};
  P.BestSoFar = {{1, 5}, {2, 3}, {4, 3}};
  P.Best = PlotPoint{2, 3, 2, {}};
  BandSeries B;
  B.Name = "random";
  B.Colour = "#D55E00";
  B.Dashed = true;
  B.X = {1, 2, 3, 4};
  B.Median = {4, 3.6, 3.3, 3.1};
  B.Q1 = {3, 3, 3, 3};
  B.Q3 = {5, 1.0 / 0.0, 4, 3.5};
  P.Bands = {B};
  return P;
}

TEST(Plots, ProgressPlotMarksEveryEvaluationOnce) {
  const std::string Svg = progressPlot(sampleProgress());
  EXPECT_EQ(count(Svg, "data-evaluation="), 4u);
  for (int N = 1; N <= 4; ++N)
    EXPECT_EQ(count(Svg, "data-evaluation=\"" + std::to_string(N) + "\""), 1u) << N;
  EXPECT_EQ(count(Svg, "class=\"failed\""), 1u);
  EXPECT_EQ(count(Svg, "class=\"best-line\""), 1u);
  EXPECT_NE(Svg.find(">best 3 at #2</text>"), std::string::npos);
  EXPECT_NE(Svg.find("class=\"median dashed\" stroke=\"#D55E00\""), std::string::npos);
  EXPECT_NE(Svg.find(">evaluation</text>"), std::string::npos);
  EXPECT_NE(Svg.find(">time</text>"), std::string::npos) << "3 to 5 is no decade: linear";
  EXPECT_NE(Svg.find(">random</text>"), std::string::npos) << "legend";
}

TEST(Plots, ProgressPlotUsesALogAxisWhenCostsSpanDecades) {
  ProgressPlot P = sampleProgress();
  P.Valid.push_back({5, 900, 5, {}});
  EXPECT_NE(progressPlot(P).find(">time (log scale)</text>"), std::string::npos);
}

// The best-so-far line is a staircase: it keeps its level until the next
// improvement, so it has two points per improvement after the first.
TEST(Plots, BestSoFarIsAStaircase) {
  const std::string Svg = progressPlot(sampleProgress());
  const std::size_t End = Svg.find("\" class=\"best-line\"");
  ASSERT_NE(End, std::string::npos);
  const std::size_t Begin = Svg.rfind("points=\"", End) + 8;
  const std::string Points = Svg.substr(Begin, End - Begin);
  // (1,5) (2,5) (2,3) (4,3) (4,3): the level held, then the drop.
  EXPECT_EQ(count(Points, ","), 5u) << Points;
}

TEST(Plots, ScatterOnCategoriesWithBoxesAndAFront) {
  ScatterPlot S;
  S.Label = "cost against OPT";
  S.XTitle = "OPT";
  S.YTitle = "time";
  S.Categories = {"-O1", "-O2"};
  S.Points = {{0, 1, 1, {}}, {0, 2, 2, {}}, {1, 3, 3, {}}};
  S.Boxes = {{0, 1, 1.25, 1.5, 1.75, 2}, {1, 3, 3, 3, 3, 3}};
  S.Highlight = {{0, 1, 0, "OPT=-O1"}};
  S.HighlightName = "Pareto front";
  S.Best = PlotPoint{0, 1, 1, {}};
  const std::string Svg = scatterPlot(S);
  EXPECT_EQ(count(Svg, "data-evaluation="), 3u);
  EXPECT_EQ(count(Svg, "class=\"box\""), 2u);
  EXPECT_EQ(count(Svg, "class=\"front-pt\""), 1u);
  EXPECT_NE(Svg.find("<title>OPT=-O1</title>"), std::string::npos);
  EXPECT_NE(Svg.find(">-O2</text>"), std::string::npos);
  EXPECT_NE(Svg.find(">Pareto front</text>"), std::string::npos);
}

TEST(Plots, ScatterOnNumbersMayUseLogAxes) {
  ScatterPlot S;
  S.XTitle = "N";
  S.YTitle = "time";
  S.Points = {{1, 1e-6, 1, {}}, {4096, 1e-3, 2, {}}};
  S.LogX = S.LogY = true;
  const std::string Svg = scatterPlot(S);
  EXPECT_NE(Svg.find(">N (log scale)</text>"), std::string::npos);
  EXPECT_NE(Svg.find(">time (log scale)</text>"), std::string::npos);
}

TEST(Plots, BarsAreProportional) {
  const std::string Svg = barChart("importance", "bits", {{"A", 2, "2 bits"}, {"B", 1, "1 bit"}});
  EXPECT_NE(Svg.find(">A</text>"), std::string::npos);
  EXPECT_NE(Svg.find(">1 bit</text>"), std::string::npos);
  // The widths of the two bars: the second is half the first (to 0.1 px).
  std::vector<double> Widths;
  for (std::size_t At = Svg.find("<rect"); At != std::string::npos;
       At = Svg.find("<rect", At + 1)) {
    const std::string Rect = Svg.substr(At, Svg.find("/>", At) - At);
    if (Rect.find("class=\"bar\"") == std::string::npos)
      continue;
    const std::size_t W = Rect.find("width=\"") + 7;
    Widths.push_back(std::stod(Rect.substr(W)));
  }
  ASSERT_EQ(Widths.size(), 2u);
  EXPECT_NEAR(Widths[1] * 2, Widths[0], 0.2);
}

TEST(Plots, BandPlotHasASeriesPerTechnique) {
  BandPlot P;
  P.XTitle = "evaluations";
  P.YTitle = "best / optimum";
  P.LogX = true;
  for (int I = 0; I < 3; ++I) {
    BandSeries S;
    S.Name = "technique " + std::to_string(I);
    S.Colour = seriesColour(static_cast<std::size_t>(I));
    S.X = {1, 10, 100};
    S.Q1 = {2, 1.5, 1};
    S.Median = {3, 2, 1.1};
    S.Q3 = {4, 3, 1.2};
    P.Series.push_back(S);
  }
  const std::string Svg = bandPlot(P);
  EXPECT_EQ(count(Svg, "data-series="), 3u);
  EXPECT_EQ(count(Svg, "class=\"band\""), 3u);
  EXPECT_EQ(count(Svg, "class=\"median\""), 3u);
  EXPECT_NE(Svg.find(">evaluations (log scale)</text>"), std::string::npos);
  EXPECT_NE(seriesColour(0), seriesColour(1));
}

} // namespace
} // namespace atfc::report
