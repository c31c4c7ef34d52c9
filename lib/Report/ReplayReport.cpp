//===- Report/ReplayReport.cpp - The report of a replay experiment --------===//
#include "Report/ReplayReport.h"

#include "Report/HtmlPage.h"
#include "Report/Plots.h"
#include "Report/RandomBaseline.h"
#include "Report/Svg.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace atfc::report {

double bestAfter(const std::vector<std::pair<std::uint64_t, double>> &Improvements,
                 std::uint64_t B) {
  double Best = std::numeric_limits<double>::infinity();
  for (const auto &[Evaluation, Cost] : Improvements) {
    if (Evaluation > B)
      break;
    Best = std::min(Best, Cost);
  }
  return Best;
}

namespace {

/// The Q-quantile of a sorted sample, interpolated; +infinity where a
/// neighbour is (a run that has found nothing yet).
double quantile(const std::vector<double> &Sorted, double Q) {
  if (Sorted.empty())
    return std::numeric_limits<double>::infinity();
  const double Pos = Q * static_cast<double>(Sorted.size() - 1);
  const auto Lo = static_cast<std::size_t>(Pos);
  const std::size_t Hi = std::min(Lo + 1, Sorted.size() - 1);
  if (std::isinf(Sorted[Hi]))
    return Pos == static_cast<double>(Lo) ? Sorted[Lo] : std::numeric_limits<double>::infinity();
  return Sorted[Lo] + (Sorted[Hi] - Sorted[Lo]) * (Pos - static_cast<double>(Lo));
}

/// The first evaluation at which the run came within Limit, or 0.
std::uint64_t reached(const std::vector<std::pair<std::uint64_t, double>> &Improvements,
                      double Limit) {
  for (const auto &[Evaluation, Cost] : Improvements)
    if (Cost <= Limit)
      return Evaluation;
  return 0;
}

std::string reachedText(const ReplayCurves &T, double Limit) {
  std::vector<double> At;
  std::size_t Never = 0;
  for (const auto &Run : T.Runs) {
    const std::uint64_t E = reached(Run, Limit);
    if (E == 0)
      ++Never;
    At.push_back(E == 0 ? std::numeric_limits<double>::infinity() : static_cast<double>(E));
  }
  std::sort(At.begin(), At.end());
  const double Median = quantile(At, 0.5);
  std::string Text = std::isinf(Median) ? "never" : humanNumber(Median, 4);
  if (Never)
    Text += " (" + std::to_string(Never) + " of " + std::to_string(T.Runs.size()) + " never)";
  return Text;
}

} // namespace

std::string replayReportHtml(const ReplayReport &Report) {
  const std::vector<std::uint64_t> Xs = drawCounts(Report.Evaluations, 300);
  BandPlot Plot;
  Plot.Label = "best cost so far relative to the optimum, per technique";
  Plot.XTitle = "evaluations";
  Plot.YTitle = "best / optimum";
  Plot.LogX = Report.Evaluations >= 100;
  Plot.LogY = true;
  Table T;
  T.Id = "techniques";
  T.Sortable = true;
  T.Header = {"technique",
              "runs",
              "median best / optimum at the end",
              "quartiles",
              "median evaluations to within 5 %",
              "to within 10 %"};
  for (std::size_t I = 0; I < Report.Techniques.size(); ++I) {
    const ReplayCurves &Tech = Report.Techniques[I];
    BandSeries S;
    S.Name = Tech.Name;
    S.Colour = seriesColour(I);
    for (std::uint64_t X : Xs) {
      std::vector<double> Best;
      for (const auto &Run : Tech.Runs)
        Best.push_back(bestAfter(Run, X));
      std::sort(Best.begin(), Best.end());
      S.X.push_back(static_cast<double>(X));
      S.Q1.push_back(quantile(Best, 0.25));
      S.Median.push_back(quantile(Best, 0.5));
      S.Q3.push_back(quantile(Best, 0.75));
    }
    Plot.Series.push_back(S);
    const double Q1 = S.Q1.empty() ? INFINITY : S.Q1.back();
    const double Median = S.Median.empty() ? INFINITY : S.Median.back();
    const double Q3 = S.Q3.empty() ? INFINITY : S.Q3.back();
    T.Rows.push_back(
        {textCell(Tech.Name),
         numberCell(static_cast<double>(Tech.Runs.size()), std::to_string(Tech.Runs.size())),
         numberCell(Median, humanNumber(Median, 4)),
         textCell(humanNumber(Q1, 4) + " .. " + humanNumber(Q3, 4)),
         textCell(reachedText(Tech, 1.05)), textCell(reachedText(Tech, 1.10))});
  }
  BandSeries Random;
  Random.Name = "uniform random (expected)";
  Random.Colour = "#777777";
  Random.Dashed = true;
  for (const BaselinePoint &P :
       randomSearchBaseline(Report.RelativeCosts, Report.SpaceSize, Report.SpaceSize, Xs)) {
    Random.X.push_back(static_cast<double>(P.Draws));
    Random.Median.push_back(P.Expected);
    Random.Q1.push_back(P.Q1);
    Random.Q3.push_back(P.Q3);
  }
  Plot.Series.push_back(Random);

  HtmlPage Page(Report.Title);
  Page.section("replay", "Replay", factsHtml(Report.Facts));
  Page.section("curves", "Best so far",
               "<p class=\"note\">Per technique, the median over its runs of the best cost "
               "found so far relative to the data's optimum (1 is the optimum), with the band "
               "between the first and third quartiles. The dashed grey line is what uniform "
               "random search without repetition expects on the same space.</p><figure "
               "id=\"replay-curves\">" +
                   bandPlot(Plot) + "</figure>");
  Page.section("summary", "Summary", "<div class=\"tablebox\">" + tableHtml(T) + "</div>");
  return Page.finish();
}

} // namespace atfc::report
