//===- Report/Plots.cpp - The reports' plots ------------------------------===//
#include "Report/Plots.h"

#include "Report/Axis.h"
#include "Report/Svg.h"
#include "Support/SplitMix64.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace atfc::report {

std::string seriesColour(std::size_t I) {
  static const char *const Palette[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                        "#E69F00", "#56B4E9", "#000000", "#F0E442"};
  return Palette[I % (sizeof(Palette) / sizeof(Palette[0]))];
}

namespace {

constexpr double kWidth = 760, kHeight = 380;
constexpr double Inf = std::numeric_limits<double>::infinity();

Frame plotFrame(double Width = kWidth, double Height = kHeight) {
  return Frame{72, 34, Width - 72 - 18, Height - 34 - 52};
}

/// The smallest and largest finite values seen (positive ones only when
/// Positive, for a log axis).
struct Extent {
  double Lo = Inf, Hi = -Inf;
  void add(double V) {
    if (!std::isfinite(V))
      return;
    Lo = std::min(Lo, V);
    Hi = std::max(Hi, V);
  }
  bool empty() const { return Lo > Hi; }
};

/// One entry of a legend row above the frame.
struct LegendItem {
  std::string Name, Colour;
  /// "line", "dash", "dot", "cross", "band".
  std::string Shape;
};

void drawLegend(SvgWriter &Svg, const Frame &F, const std::vector<LegendItem> &Items) {
  double X = F.Left;
  const double Y = F.Top - 14;
  Svg.openGroup("legend");
  for (const LegendItem &I : Items) {
    const Attributes Colour = {{"style", "stroke:" + I.Colour + ";fill:" + I.Colour}};
    if (I.Shape == "dot")
      Svg.rect(X + 4, Y - 4, 8, 8, "swatch-dot", Colour);
    else if (I.Shape == "band")
      Svg.rect(X, Y - 5, 16, 10, "swatch-band", Colour);
    else if (I.Shape == "cross")
      Svg.rect(X + 5, Y - 1, 6, 2, "swatch-cross", Colour);
    else
      Svg.rect(X, Y - 1.5, 16, 3, I.Shape == "dash" ? "swatch-dash" : "swatch-line", Colour);
    Svg.text(X + 21, Y + 4, I.Name, "legend-text");
    // About 6.5 px per character at the legend's font size.
    X += 21 + 6.5 * static_cast<double>(I.Name.size()) + 18;
  }
  Svg.closeGroup();
}

/// The band's polygon and its median line, for the finite parts.
void drawBand(SvgWriter &Svg, const BandSeries &B, const Scale &X, const Scale &Y) {
  std::vector<std::pair<double, double>> Upper, Lower, Median;
  for (std::size_t I = 0; I < B.X.size(); ++I) {
    if (!std::isfinite(B.Q1[I]))
      continue;
    const double Q3 = std::isfinite(B.Q3[I]) ? B.Q3[I] : Y.Log ? Y.DomainHi : Y.DomainHi;
    Lower.push_back({X(B.X[I]), Y(B.Q1[I])});
    Upper.push_back({X(B.X[I]), Y(Q3)});
  }
  for (std::size_t I = 0; I < B.X.size(); ++I)
    if (std::isfinite(B.Median[I]))
      Median.push_back({X(B.X[I]), Y(B.Median[I])});
  std::vector<std::pair<double, double>> Polygon(Upper.begin(), Upper.end());
  Polygon.insert(Polygon.end(), Lower.rbegin(), Lower.rend());
  Svg.polygon(Polygon, "band", B.Colour);
  Svg.polyline(Median, B.Dashed ? "median dashed" : "median", B.Colour);
}

void addBands(Extent &E, const std::vector<BandSeries> &Bands, bool Y) {
  for (const BandSeries &B : Bands) {
    if (!Y) {
      for (double V : B.X)
        E.add(V);
      continue;
    }
    for (double V : B.Median)
      E.add(V);
    for (double V : B.Q1)
      E.add(V);
  }
}

/// A deterministic sideways offset in [-0.3, 0.3] for evaluation N.
double jitter(std::int64_t N) {
  std::uint64_t H = static_cast<std::uint64_t>(N) * kSplitMix64Gamma;
  H ^= H >> 29;
  return (static_cast<double>(H % 1000) / 999.0 - 0.5) * 0.6;
}

} // namespace

std::string progressPlot(const ProgressPlot &P) {
  // The run's main plot: as wide as a page section.
  constexpr double Width = 1080, Height = 400;
  const Frame F = plotFrame(Width, Height);
  Extent Xs, Ys;
  for (const PlotPoint &Pt : P.Valid) {
    Xs.add(Pt.X);
    Ys.add(Pt.Y);
  }
  for (const PlotPoint &Pt : P.Failed)
    Xs.add(Pt.X);
  addBands(Xs, P.Bands, false);
  addBands(Ys, P.Bands, true);
  if (Xs.empty())
    Xs = {0, 1};
  if (Ys.empty())
    Ys = {0, 1};
  const bool LogY = spansDecades(Ys.Lo, Ys.Hi);
  const Scale X = makeScale(P.LogX ? std::max(Xs.Lo, 1e-9) : Xs.Lo, Xs.Hi, F.Left, F.right(),
                            P.LogX && Xs.Hi > 0);
  const Scale Y = makeScale(Ys.Lo, Ys.Hi, F.bottom(), F.Top, LogY);

  SvgWriter Svg(Width, Height, P.Label);
  drawAxes(Svg, F, X, Y, P.XTitle, P.YTitle + (LogY ? " (log scale)" : ""));
  for (const BandSeries &B : P.Bands)
    drawBand(Svg, B, X, Y);
  // Thousands of dots: smaller and fainter, so that density shows.
  const bool Dense = P.Valid.size() > 2000;
  Svg.openGroup("points");
  for (const PlotPoint &Pt : P.Valid)
    Svg.circle(X(Pt.X), Y(Pt.Y), Dense ? 1.8 : 2.8, Dense ? "pt dense" : "pt", Pt.Evaluation,
               Pt.Title);
  for (const PlotPoint &Pt : P.Failed)
    Svg.cross(X(Pt.X), F.Top + 7, 3, "failed", Pt.Evaluation);
  Svg.closeGroup();
  std::vector<std::pair<double, double>> Steps;
  for (std::size_t I = 0; I < P.BestSoFar.size(); ++I) {
    const auto [Bx, By] = P.BestSoFar[I];
    if (I > 0)
      Steps.push_back({X(Bx), Steps.back().second});
    Steps.push_back({X(Bx), Y(By)});
  }
  Svg.polyline(Steps, "best-line");
  if (P.Best) {
    Svg.circle(X(P.Best->X), Y(P.Best->Y), 6, "best-marker");
    const bool Left = X(P.Best->X) > F.Left + F.Width * 0.7;
    Svg.text(X(P.Best->X) + (Left ? -10 : 10), Y(P.Best->Y) - 9,
             "best " + humanNumber(P.Best->Y) + " at #" + std::to_string(P.Best->Evaluation),
             "annotation", Left ? "end" : "start");
  }
  std::vector<LegendItem> Legend = {{"evaluation", "#3b6db3", "dot"},
                                    {"best so far", "#111111", "line"}};
  if (!P.Failed.empty())
    Legend.push_back({"failed", "#c0392b", "cross"});
  for (const BandSeries &B : P.Bands)
    Legend.push_back({B.Name, B.Colour, B.Dashed ? "dash" : "line"});
  drawLegend(Svg, F, Legend);
  return Svg.finish();
}

std::string scatterPlot(const ScatterPlot &P) {
  const Frame F = plotFrame(kWidth, 340);
  const bool Categorical = !P.Categories.empty();
  Extent Xs, Ys;
  for (const PlotPoint &Pt : P.Points) {
    Xs.add(Pt.X);
    Ys.add(Pt.Y);
  }
  for (const PlotPoint &Pt : P.Highlight) {
    Xs.add(Pt.X);
    Ys.add(Pt.Y);
  }
  for (const BoxSummary &B : P.Boxes) {
    Xs.add(B.X);
    Ys.add(B.Min);
    Ys.add(B.Max);
  }
  if (Xs.empty())
    Xs = {0, 1};
  if (Ys.empty())
    Ys = {0, 1};
  Scale X;
  if (Categorical) {
    X.DomainLo = -0.5;
    X.DomainHi = static_cast<double>(P.Categories.size()) - 0.5;
    X.RangeLo = F.Left;
    X.RangeHi = F.right();
  } else {
    X = makeScale(Xs.Lo, Xs.Hi, F.Left, F.right(), P.LogX && Xs.Lo > 0);
  }
  const Scale Y = makeScale(Ys.Lo, Ys.Hi, F.bottom(), F.Top, P.LogY && Ys.Lo > 0);
  const std::string YTitle = P.YTitle + (Y.Log ? " (log scale)" : "");
  const std::string XTitle = P.XTitle + (X.Log ? " (log scale)" : "");

  SvgWriter Svg(kWidth, 340, P.Label);
  if (Categorical)
    drawCategoryAxes(Svg, F, P.Categories, X, Y, XTitle, YTitle);
  else
    drawAxes(Svg, F, X, Y, XTitle, YTitle);
  Svg.openGroup("boxes");
  const double HalfBox = std::min(18.0, (F.Width / std::max<double>(1, P.Categories.size())) / 4);
  for (const BoxSummary &B : P.Boxes) {
    const double Cx = X(B.X);
    Svg.line(Cx, Y(B.Min), Cx, Y(B.Max), "whisker");
    Svg.rect(Cx - HalfBox, Y(B.Q3), 2 * HalfBox, Y(B.Q1) - Y(B.Q3), "box");
    Svg.line(Cx - HalfBox, Y(B.Median), Cx + HalfBox, Y(B.Median), "box-median");
  }
  Svg.closeGroup();
  Svg.openGroup("points");
  for (const PlotPoint &Pt : P.Points) {
    const double Px = Categorical ? X(Pt.X + jitter(Pt.Evaluation)) : X(Pt.X);
    Svg.circle(Px, Y(Pt.Y), 2.8, "pt", Pt.Evaluation, Pt.Title);
  }
  Svg.closeGroup();
  if (!P.Highlight.empty()) {
    if (P.JoinHighlight) {
      std::vector<std::pair<double, double>> Steps;
      for (const PlotPoint &Pt : P.Highlight) {
        if (!Steps.empty())
          Steps.push_back({X(Pt.X), Steps.back().second});
        Steps.push_back({X(Pt.X), Y(Pt.Y)});
      }
      Svg.polyline(Steps, "front-line");
    }
    Svg.openGroup("front");
    for (const PlotPoint &Pt : P.Highlight)
      Svg.circle(X(Pt.X), Y(Pt.Y), 4, "front-pt", std::nullopt, Pt.Title);
    Svg.closeGroup();
  }
  if (P.Best) {
    const double Px = Categorical ? X(P.Best->X + jitter(P.Best->Evaluation)) : X(P.Best->X);
    Svg.circle(Px, Y(P.Best->Y), 6, "best-marker");
  }
  std::vector<LegendItem> Legend = {{P.PointsName, "#3b6db3", "dot"}};
  if (!P.Boxes.empty())
    Legend.push_back({"quartiles of all evaluations", "#888888", "band"});
  if (!P.Highlight.empty())
    Legend.push_back({P.HighlightName, "#D55E00", "dot"});
  if (P.Best)
    Legend.push_back({"best", "#111111", "dot"});
  drawLegend(Svg, F, Legend);
  return Svg.finish();
}

std::string barChart(const std::string &Label, const std::string &XTitle,
                     const std::vector<Bar> &Bars, double Max) {
  const double RowHeight = 22;
  const double Height = 40 + RowHeight * static_cast<double>(Bars.size()) + 40;
  // Room for the longest name on the left and the longest value text on
  // the right, from generous widths per character (12 px and 11 px sans),
  // so that no label runs past the plot's edge; a name longer than a third
  // of the plot is shortened with an ellipsis.
  constexpr double NameChar = 7.5, ValueChar = 7;
  const std::size_t MostNameChars = static_cast<std::size_t>(kWidth / 3 / NameChar);
  std::size_t NameChars = 0, ValueChars = 0;
  for (const Bar &B : Bars) {
    NameChars = std::max(NameChars, std::min(B.Name.size(), MostNameChars));
    ValueChars = std::max(ValueChars, B.Text.size());
  }
  const double Left = std::max(150.0, NameChar * static_cast<double>(NameChars) + 16);
  const double Right = std::max(110.0, ValueChar * static_cast<double>(ValueChars) + 12);
  const Frame F{Left, 30, kWidth - Left - Right, RowHeight * static_cast<double>(Bars.size())};
  if (Max <= 0)
    for (const Bar &B : Bars)
      Max = std::max({Max, B.Value, std::isfinite(B.Hi) ? B.Hi : 0.0});
  if (Max <= 0)
    Max = 1;
  const Scale X = makeScale(0, Max, F.Left, F.right(), false);
  SvgWriter Svg(kWidth, Height, Label);
  Svg.openGroup("axes");
  for (double T : ticksOf(X, 5)) {
    Svg.line(X(T), F.Top, X(T), F.bottom(), "grid");
    Svg.text(X(T), F.bottom() + 16, humanNumber(T, 3), "tick", "middle");
  }
  Svg.text(F.Left + F.Width / 2, F.bottom() + 36, XTitle, "axis-label", "middle");
  Svg.closeGroup();
  for (std::size_t I = 0; I < Bars.size(); ++I) {
    const double Y = F.Top + RowHeight * static_cast<double>(I);
    const std::string &Name = Bars[I].Name;
    Svg.text(F.Left - 8, Y + RowHeight / 2 + 4,
             Name.size() <= MostNameChars ? Name : Name.substr(0, MostNameChars - 1) + "\u2026",
             "bar-name", "end");
    const Bar &B = Bars[I];
    Svg.rect(F.Left, Y + 4, X(std::max(B.Value, 0.0)) - F.Left, RowHeight - 8,
             B.Pale ? "bar pale" : "bar");
    double TextX = X(std::max(B.Value, 0.0));
    if (std::isfinite(B.Lo) && std::isfinite(B.Hi)) {
      // Clamped to the axis: an interval below 0 ends at 0.
      const double Left = X(std::max(B.Lo, 0.0)), Right = X(std::max(B.Hi, 0.0));
      const double Middle = Y + RowHeight / 2;
      Svg.line(Left, Middle, Right, Middle, "interval");
      Svg.line(Left, Middle - 4, Left, Middle + 4, "interval");
      Svg.line(Right, Middle - 4, Right, Middle + 4, "interval");
      TextX = std::max(TextX, Right);
    }
    Svg.text(TextX + 6, Y + RowHeight / 2 + 4, B.Text, "bar-value");
  }
  return Svg.finish();
}

std::string bandPlot(const BandPlot &P) {
  // The replay's one plot: as wide as a page section.
  constexpr double Width = 1080, Height = 460;
  const Frame F = plotFrame(Width, Height);
  Extent Xs, Ys;
  addBands(Xs, P.Series, false);
  addBands(Ys, P.Series, true);
  if (Xs.empty())
    Xs = {1, 2};
  if (Ys.empty())
    Ys = {1, 2};
  const Scale X = makeScale(Xs.Lo, Xs.Hi, F.Left, F.right(), P.LogX && Xs.Lo > 0);
  const Scale Y = makeScale(Ys.Lo, Ys.Hi, F.bottom(), F.Top, P.LogY && spansDecades(Ys.Lo, Ys.Hi));
  SvgWriter Svg(Width, Height, P.Label);
  drawAxes(Svg, F, X, Y, P.XTitle + (X.Log ? " (log scale)" : ""),
           P.YTitle + (Y.Log ? " (log scale)" : ""));
  std::vector<LegendItem> Legend;
  // Overlapping bands stay readable when each is fainter.
  const bool Many = P.Series.size() > 3;
  for (const BandSeries &B : P.Series) {
    Svg.openGroup(Many ? "series faint" : "series", {{"data-series", B.Name}});
    drawBand(Svg, B, X, Y);
    Svg.closeGroup();
    Legend.push_back({B.Name, B.Colour, B.Dashed ? "dash" : "line"});
  }
  drawLegend(Svg, F, Legend);
  return Svg.finish();
}

} // namespace atfc::report
