//===- Report/Plots.h - The reports' plots ----------------------*- C++ -*-===//
//
// The plots of a tuning report, each one function from plain data to an
// <svg> string:
//  - a progress plot: every evaluation's cost, the best so far as a step
//    line, the point where the best was found, failed evaluations as
//    crosses along the top, and bands (e.g. what random search expects);
//  - a scatter plot on numeric or category x (cost against a parameter, one
//    objective against another with the Pareto front marked), with box
//    summaries per category when there are too many points to see;
//  - horizontal bars (parameter importance);
//  - band curves (replays: median and quartiles per technique).
// Every point that stands for an evaluation carries data-evaluation="N".
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_REPORT_PLOTS_H
#define ATFC_REPORT_PLOTS_H

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace atfc::report {

/// One evaluation in a plot.
struct PlotPoint {
  double X = 0, Y = 0;
  std::int64_t Evaluation = 0;
  /// A tooltip (the configuration); empty for none.
  std::string Title;
};

/// A median line with its quartile band, over X.
struct BandSeries {
  std::string Name;
  /// A CSS colour.
  std::string Colour;
  std::vector<double> X, Q1, Median, Q3;
  /// Draw the median dashed (a baseline rather than a measurement).
  bool Dashed = false;
};

/// The colour of series I: a palette that stays apart for colour-blind
/// readers (Okabe-Ito).
std::string seriesColour(std::size_t I);

struct ProgressPlot {
  std::string Label, XTitle, YTitle;
  /// Every valid evaluation: X and its cost.
  std::vector<PlotPoint> Valid;
  /// Every failed evaluation: X (Y is ignored).
  std::vector<PlotPoint> Failed;
  /// The best so far: (X, best) at each improvement, and at the end.
  std::vector<std::pair<double, double>> BestSoFar;
  /// Where the best was found.
  std::optional<PlotPoint> Best;
  std::vector<BandSeries> Bands;
  bool LogX = false;
};
std::string progressPlot(const ProgressPlot &P);

/// A box summary of the points of one category.
struct BoxSummary {
  double X = 0, Min = 0, Q1 = 0, Median = 0, Q3 = 0, Max = 0;
};

struct ScatterPlot {
  std::string Label, XTitle, YTitle;
  std::vector<PlotPoint> Points;
  /// What the points are, for the legend.
  std::string PointsName = "evaluation";
  /// When not empty, X is an index into these names (spread a little
  /// sideways, deterministically, so that equal values do not hide each
  /// other).
  std::vector<std::string> Categories;
  /// Points drawn on top (the Pareto front), joined by a step line when
  /// JoinHighlight.
  std::vector<PlotPoint> Highlight;
  bool JoinHighlight = false;
  std::string HighlightName;
  std::optional<PlotPoint> Best;
  std::vector<BoxSummary> Boxes;
  bool LogX = false, LogY = false;
};
std::string scatterPlot(const ScatterPlot &P);

struct Bar {
  std::string Name;
  double Value = 0;
  /// The text at the bar's end.
  std::string Text;
  /// An interval around Value drawn as a whisker; none when not finite.
  double Lo = std::numeric_limits<double>::quiet_NaN();
  double Hi = std::numeric_limits<double>::quiet_NaN();
  /// Drawn pale: the value cannot be told from none.
  bool Pale = false;
};
/// Bars from 0 to Max (the largest value when 0).
std::string barChart(const std::string &Label, const std::string &XTitle,
                     const std::vector<Bar> &Bars, double Max = 0);

struct BandPlot {
  std::string Label, XTitle, YTitle;
  std::vector<BandSeries> Series;
  bool LogX = false, LogY = false;
};
std::string bandPlot(const BandPlot &P);

} // namespace atfc::report

#endif
