//===- Report/RunReport.cpp - The report of one tuning run ----------------===//
#include "Report/RunReport.h"

#include "Analysis/ImportanceInterval.h"
#include "Analysis/ParameterImportance.h"
#include "Analysis/ValueColumns.h"
#include "Backends/UsefulLogLine.h"
#include "Report/Axis.h"
#include "Report/HtmlPage.h"
#include "Report/ParetoFront.h"
#include "Report/Plots.h"
#include "Report/RandomBaseline.h"
#include "Report/Svg.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <numeric>
#include <optional>

namespace atfc::report {
namespace {

/// Above this many valid evaluations a parameter's plot shows box summaries
/// and only the best points: ten thousand dots per parameter would neither
/// be readable nor keep the page small.
constexpr std::size_t kScatterLimit = 1500;
constexpr std::size_t kScatterBest = 300;
constexpr std::size_t kTopRows = 50;
constexpr std::size_t kFailureRows = 100;
constexpr std::size_t kLogTail = 800;

bool maximisedObjective(const ReportRun &Run, std::size_t I) {
  const std::vector<Direction> &Directions = Run.Table.Directions;
  return I < Directions.size() && Directions[I] == Direction::Maximise;
}

/// The objective's name, and "(max)" when larger is better.
std::string objectiveName(const ReportRun &Run, std::size_t I) {
  std::string Name = I < Run.Table.Objectives.size() ? Run.Table.Objectives[I]
                     : I == 0                        ? "cost"
                                                     : "cost" + std::to_string(I + 1);
  return maximisedObjective(Run, I) ? Name + " (max)" : Name;
}

/// Whether costs A are better than B, each objective in its direction.
bool better(const ReportRun &Run, const std::vector<double> &A, const std::vector<double> &B) {
  for (std::size_t I = 0; I < std::min(A.size(), B.size()); ++I)
    if (A[I] != B[I])
      return maximisedObjective(Run, I) ? A[I] > B[I] : A[I] < B[I];
  return A.size() < B.size();
}

/// The entry of evaluation Row.
const EvaluationRecord &entryOf(const ReportRun &Run, std::size_t Row) {
  return Run.Table.Entries[Row];
}

/// The number of evaluation Row in its run (or its place in a file).
std::int64_t evaluationNumber(const ReportRun &Run, std::size_t Row) {
  return Run.Table.Entries[Row].Evaluation;
}

/// Seconds E took: compiling, running, the tuner's own (Table.Timed).
double secondsOf(const EvaluationRecord &E) {
  return E.Result.CompileSeconds + E.Result.RunSeconds + E.OverheadSeconds;
}

/// The kind of E's failure as failureName words it; empty when E is valid
/// or its data names no kind (FailureKind::None: data from other tuners).
std::string failureWords(const EvaluationRecord &E) {
  return E.Result.Valid ? "" : failureName(E.Result.Failure);
}

/// The costs of evaluation Row.
const std::vector<double> &costsOf(const ReportRun &Run, std::size_t Row) {
  return Run.Table.Entries[Row].Result.Costs;
}

std::string configurationText(const ReportRun &Run, std::size_t Row) {
  std::vector<Value> Values;
  for (const NamedValue &V : entryOf(Run, Row).Configuration)
    Values.push_back(V.Val);
  return atfc::configurationText(Run.Table.Parameters, Values);
}

std::string costsText(const std::vector<double> &Costs) {
  std::string Text;
  for (std::size_t I = 0; I < Costs.size(); ++I)
    Text += (I ? ", " : "") + humanNumber(Costs[I], 6);
  return Text;
}

bool usable(const EvaluationRecord &E) {
  return E.Result.Valid && !E.Result.Costs.empty() && std::isfinite(E.Result.Costs.front());
}

/// The failure's kind of evaluation Row, or "invalid" when it has none.
std::string failureKind(const ReportRun &Run, std::size_t Row) {
  if (std::string Words = failureWords(entryOf(Run, Row)); !Words.empty())
    return Words;
  return entryOf(Run, Row).Result.Valid ? "bad cost" : "invalid";
}

/// Why evaluation E failed, in one line: its reason and the line of its log
/// that says why (a compiler's error, a script's last line).
std::string exampleReason(const EvaluationRecord &E) {
  const std::string &Reason = E.Result.Reason;
  std::string Text = Reason == failureWords(E) ? std::string() : Reason;
  const std::string Line = usefulLogLine(E.Result.Log);
  if (!Line.empty() && Text.find(Line) == std::string::npos)
    Text += (Text.empty() ? "" : ": ") + Line;
  return Text;
}

/// What the page computes once from the evaluations.
struct RunFacts {
  std::vector<std::size_t> ValidRows;
  std::optional<std::size_t> BestRow;
  double SecondsTotal = 0;
  bool Timed = false;
};

RunFacts factsOf(const ReportRun &Run) {
  RunFacts F;
  F.Timed = !Run.Table.Entries.empty() && Run.Table.Timed;
  for (std::size_t I = 0; I < Run.Table.Entries.size(); ++I) {
    if (F.Timed)
      F.SecondsTotal += std::max(0.0, secondsOf(entryOf(Run, I)));
    if (!usable(entryOf(Run, I)))
      continue;
    F.ValidRows.push_back(I);
    if (!F.BestRow || better(Run, costsOf(Run, I), costsOf(Run, *F.BestRow)))
      F.BestRow = I;
  }
  return F;
}

std::string runSection(const ReportRun &Run, const RunFacts &F) {
  std::vector<std::pair<std::string, std::string>> Facts = Run.Facts;
  const std::size_t Failed = Run.Table.Entries.size() - F.ValidRows.size();
  Facts.push_back({"evaluations", std::to_string(Run.Table.Entries.size()) + " (" +
                                      std::to_string(F.ValidRows.size()) + " valid, " +
                                      std::to_string(Failed) + " failed)"});
  if (F.BestRow) {
    Facts.push_back({"best", costsText(costsOf(Run, *F.BestRow)) + " at evaluation " +
                                 std::to_string(evaluationNumber(Run, *F.BestRow)) + ": " +
                                 configurationText(Run, *F.BestRow)});
  }
  std::string Html = factsHtml(Facts);
  if (Failed == 0)
    return Html;
  // One row per kind of failure, not per message: thirteen "wrong result"
  // rows that differ in an index say less than one with a count.
  struct Outcome {
    std::string Kind;
    std::size_t Count = 0;
    std::size_t FirstRow = 0;
  };
  std::vector<Outcome> Outcomes;
  for (std::size_t Row = 0; Row < Run.Table.Entries.size(); ++Row) {
    if (usable(entryOf(Run, Row)))
      continue;
    const std::string Kind = failureKind(Run, Row);
    auto Same = std::find_if(Outcomes.begin(), Outcomes.end(),
                             [&](const Outcome &O) { return O.Kind == Kind; });
    if (Same == Outcomes.end())
      Outcomes.push_back({Kind, 1, Row});
    else
      ++Same->Count;
  }
  std::stable_sort(Outcomes.begin(), Outcomes.end(),
                   [](const Outcome &A, const Outcome &B) { return A.Count > B.Count; });
  Table T{{"outcome", "evaluations", "the first one's reason"}, {}, true, "failure-counts"};
  T.Rows.push_back(
      {textCell("valid"),
       numberCell(static_cast<double>(F.ValidRows.size()), std::to_string(F.ValidRows.size())),
       textCell("")});
  for (const Outcome &O : Outcomes)
    T.Rows.push_back({textCell(O.Kind),
                      numberCell(static_cast<double>(O.Count), std::to_string(O.Count)),
                      textCell(exampleReason(entryOf(Run, O.FirstRow)))});
  return Html + "<h3>Outcomes</h3><div class=\"tablebox\">" + tableHtml(T) + "</div>";
}

/// The random-search baseline over X = draws (or draws times the mean
/// seconds per evaluation, Scale), as a band.
BandSeries baselineBand(const ReportRun &Run, const RunFacts &F, double Scale) {
  // The baseline minimises: a maximised objective goes in negated and
  // comes out turned back (its quartiles swap).
  const double Sign = maximisedObjective(Run, 0) ? -1 : 1;
  std::vector<double> Costs;
  for (std::size_t Row : F.ValidRows)
    Costs.push_back(Sign * costsOf(Run, Row).front());
  const double Measured = static_cast<double>(Run.Table.Entries.size());
  const std::vector<std::uint64_t> Draws = drawCounts(Run.Table.Entries.size(), 300);
  // With one valid cost the quartiles are that cost or "none found yet"
  // (drawn at the plot's top): a band that jumps from the top to the line
  // says nothing. The expectation alone is the flat line it is.
  const bool Quartiles =
      std::adjacent_find(Costs.begin(), Costs.end(), std::not_equal_to<>()) != Costs.end();
  BandSeries B;
  B.Name = Quartiles ? "random search (expected, quartiles)" : "random search (expected)";
  B.Colour = "#D55E00";
  B.Dashed = true;
  constexpr double None = std::numeric_limits<double>::quiet_NaN();
  for (const BaselinePoint &P :
       randomSearchBaseline(Costs, Measured, Run.SpaceSize > 0 ? Run.SpaceSize : Measured, Draws)) {
    B.X.push_back(static_cast<double>(P.Draws) * Scale);
    B.Median.push_back(Sign * P.Expected);
    B.Q1.push_back(Quartiles ? Sign * (Sign > 0 ? P.Q1 : P.Q3) : None);
    B.Q3.push_back(Quartiles ? Sign * (Sign > 0 ? P.Q3 : P.Q1) : None);
  }
  return B;
}

std::string progressSection(const ReportRun &Run, const RunFacts &F) {
  if (Run.Table.Entries.empty())
    return "<p class=\"note\">No evaluations yet.</p>";
  const std::string Cost = objectiveName(Run, 0);
  ProgressPlot P;
  P.Label = "best " + Cost + " so far against " + Run.EvaluationAxis + "s";
  P.XTitle = Run.EvaluationAxis;
  P.YTitle = Cost;
  ProgressPlot T; // Against time: the improvements only.
  T.Label = "best " + Cost + " so far against tuning time";
  T.XTitle = "tuning time (s): compiling, running and the tuner, summed";
  T.YTitle = Cost;
  std::optional<std::vector<double>> Best;
  double Seconds = 0;
  for (std::size_t Row = 0; Row < Run.Table.Entries.size(); ++Row) {
    const std::vector<double> &Costs = costsOf(Run, Row);
    const std::int64_t Number = evaluationNumber(Run, Row);
    const auto X = static_cast<double>(Number);
    if (Run.Table.Timed)
      Seconds += std::max(0.0, secondsOf(entryOf(Run, Row)));
    if (!usable(entryOf(Run, Row))) {
      P.Failed.push_back({X, 0, Number, {}});
      continue;
    }
    P.Valid.push_back({X, Costs.front(), Number, {}});
    if (!Best || better(Run, Costs, *Best)) {
      Best = Costs;
      P.BestSoFar.push_back({X, Costs.front()});
      T.BestSoFar.push_back({Seconds, Costs.front()});
      T.Valid.push_back({Seconds, Costs.front(), Number, configurationText(Run, Row)});
    }
  }
  if (Best) {
    P.BestSoFar.push_back(
        {static_cast<double>(Run.Table.Entries.back().Evaluation), Best->front()});
    T.BestSoFar.push_back({Seconds, Best->front()});
    const std::int64_t BestNumber = evaluationNumber(Run, *F.BestRow);
    P.Best = PlotPoint{
        static_cast<double>(BestNumber), costsOf(Run, *F.BestRow).front(), BestNumber, {}};
    P.Bands.push_back(baselineBand(Run, F, 1));
  }
  std::string Html = "<p class=\"note\">Each dot is an evaluation, crosses along the top are "
                     "failed ones. The dashed line is what uniform random search on the same "
                     "space expects to have found after as many evaluations (from the measured "
                     "costs; the band holds its middle half).</p><figure id=\"by-evaluation\">" +
                     progressPlot(P) + "</figure>";
  if (F.Timed && Best && Seconds > 0) {
    T.Best = PlotPoint{T.Valid.back().X, T.Valid.back().Y, T.Valid.back().Evaluation, {}};
    T.Bands.push_back(
        baselineBand(Run, F, Seconds / static_cast<double>(Run.Table.Entries.size())));
    T.Bands.back().Name = "random search (at the run's mean time per evaluation)";
    Html += "<figure id=\"by-time\">" + progressPlot(T) + "</figure>";
  }
  return Html;
}

std::string objectivesSection(const ReportRun &Run, const RunFacts &F) {
  std::vector<std::vector<double>> Points;
  std::vector<std::vector<double>> Minimised; // the front minimises each
  for (std::size_t Row : F.ValidRows) {
    Points.push_back(costsOf(Run, Row));
    Minimised.push_back(Points.back());
    for (std::size_t I = 0; I < Minimised.back().size(); ++I)
      if (maximisedObjective(Run, I))
        Minimised.back()[I] = -Minimised.back()[I];
  }
  const std::vector<std::size_t> Front = paretoFront(Minimised);
  std::string Html = "<p class=\"note\">" + std::to_string(Front.size()) +
                     (Front.size() == 1 ? " configuration forms" : " configurations form") +
                     " the Pareto front (no other is better in one objective without being "
                     "worse in another), marked in orange.</p>";
  const std::size_t Objectives = Points.empty() ? 0 : Points.front().size();
  for (std::size_t J = 1; J < Objectives && J < 3; ++J) {
    ScatterPlot S;
    S.Label = objectiveName(Run, 0) + " against " + objectiveName(Run, J);
    S.XTitle = objectiveName(Run, 0);
    S.YTitle = objectiveName(Run, J);
    double Lo[2] = {INFINITY, INFINITY}, Hi[2] = {0, 0};
    for (std::size_t I = 0; I < Points.size(); ++I) {
      S.Points.push_back({Points[I][0], Points[I][J], evaluationNumber(Run, F.ValidRows[I]), {}});
      for (int K = 0; K < 2; ++K) {
        Lo[K] = std::min(Lo[K], Points[I][K ? J : 0]);
        Hi[K] = std::max(Hi[K], Points[I][K ? J : 0]);
      }
    }
    std::vector<std::size_t> Sorted = Front;
    std::sort(Sorted.begin(), Sorted.end(),
              [&](std::size_t A, std::size_t B) { return Points[A][0] < Points[B][0]; });
    for (std::size_t I : Sorted)
      S.Highlight.push_back(
          {Points[I][0], Points[I][J], 0, configurationText(Run, F.ValidRows[I])});
    // The front in these two objectives is a staircase only for two.
    S.JoinHighlight = Objectives == 2;
    S.HighlightName = "Pareto front";
    S.LogX = spansDecades(Lo[0], Hi[0]);
    S.LogY = spansDecades(Lo[1], Hi[1]);
    Html += "<figure>" + scatterPlot(S) + "</figure>";
  }
  return Html;
}

/// Whether a parameter's values are numbers.
bool numeric(const Value &V) {
  return !std::holds_alternative<std::string>(V) && !std::holds_alternative<bool>(V);
}

double numberOf(const Value &V) {
  return std::visit(
      [](const auto &X) -> double {
        if constexpr (std::is_same_v<std::decay_t<decltype(X)>, std::string>)
          return 0;
        else
          return static_cast<double>(X);
      },
      V);
}

/// Min, quartiles and max of a sample (not empty), at X.
BoxSummary boxOf(std::vector<double> V, double X) {
  std::sort(V.begin(), V.end());
  auto At = [&](double Q) {
    const double Pos = Q * static_cast<double>(V.size() - 1);
    const auto Lo = static_cast<std::size_t>(Pos);
    const std::size_t Hi = std::min(Lo + 1, V.size() - 1);
    return V[Lo] + (V[Hi] - V[Lo]) * (Pos - static_cast<double>(Lo));
  };
  return {X, V.front(), At(0.25), At(0.5), At(0.75), V.back()};
}

/// The table as the analysis reads it: only usable evaluations valid, and
/// a value for every parameter.
RecordedData analysedTable(const ReportRun &Run) {
  RecordedData Data = Run.Table;
  for (EvaluationRecord &Entry : Data.Entries) {
    for (std::size_t P = Entry.Configuration.size(); P < Data.Parameters.size(); ++P)
      Entry.Configuration.push_back({Data.Parameters[P], Value(std::int64_t(0))});
    Entry.Configuration.resize(Data.Parameters.size());
    Entry.Result.Valid = usable(Entry);
  }
  return Data;
}

std::string parametersSection(const ReportRun &Run, const RunFacts &F) {
  const std::vector<std::string> &Parameters = Run.Table.Parameters;
  if (F.ValidRows.empty() || Parameters.empty())
    return "<p class=\"note\">No valid evaluation yet.</p>";
  const RecordedData Data = analysedTable(Run);
  const ImportanceRanking Ranking = rankParameters(Data);
  const ImportanceIntervals Intervals = importanceIntervals(Data, Ranking.CostClasses);
  // Ranked by the information above chance; those the data cannot tell
  // from no effect come last, pale, whatever their estimate.
  const std::vector<std::size_t> Order = chanceCorrectedOrder(Ranking, Intervals);
  std::vector<std::size_t> DistinctValues(Data.Parameters.size());
  for (const ParameterImportance &P : Ranking.Parameters)
    DistinctValues[P.Index] = P.DistinctValues;
  std::vector<Bar> Bars;
  std::size_t Told = 0;
  for (std::size_t Index : Order) {
    const ImportanceInterval &I = Intervals.Parameters[Index];
    const std::size_t Values = DistinctValues[Index];
    Bar B{Data.Parameters[Index], std::max(I.AboveChance, 0.0),
          (I.Distinguishable ? humanNumber(I.AboveChance, 2) + " bits"
                             : std::string("not told from chance")) +
              " (" + std::to_string(Values) + (Values == 1 ? " value)" : " values)")};
    if (Values > 1) {
      B.Lo = I.Lo;
      B.Hi = I.Hi;
    }
    B.Pale = !I.Distinguishable;
    Told += I.Distinguishable;
    Bars.push_back(std::move(B));
  }
  std::string Html =
      "<h3>Importance</h3><p class=\"note\">Mutual information between each parameter's value "
      "and the cost in " +
      std::to_string(Ranking.CostClasses) + " quantile classes, over " +
      std::to_string(Ranking.Samples) +
      " valid evaluations, less what chance gives with as many (the mean over " +
      std::to_string(Intervals.Shuffles) +
      " shuffles of the costs). Whiskers: its 90% bootstrap interval (" +
      std::to_string(Intervals.Resamples) +
      " resamples). A pale bar's interval reaches zero: these evaluations cannot tell its "
      "parameter from one without effect, and it is not ranked" +
      (Told == 0 ? "; none is told apart yet." : ".") + "</p>" +
      barChart("parameter importance", "mutual information above chance (bits)", Bars);

  const ValueColumns Columns = indexValues(Data);
  const std::string Cost = objectiveName(Run, 0);
  double Lo = INFINITY, Hi = 0;
  for (std::size_t Row : F.ValidRows) {
    Lo = std::min(Lo, costsOf(Run, Row).front());
    Hi = std::max(Hi, costsOf(Run, Row).front());
  }
  const bool Many = F.ValidRows.size() > kScatterLimit;
  // The points drawn: all, or the best when there are many.
  std::vector<std::size_t> Drawn = F.ValidRows;
  if (Many) {
    std::partial_sort(Drawn.begin(), Drawn.begin() + kScatterBest, Drawn.end(),
                      [&](std::size_t A, std::size_t B) {
                        return better(Run, costsOf(Run, A), costsOf(Run, B));
                      });
    Drawn.resize(kScatterBest);
  }
  Html += "<h3>Cost against each parameter</h3><p class=\"note\">Most important first. ";
  Html += Many ? "With " + std::to_string(F.ValidRows.size()) +
                     " valid evaluations, boxes summarise all of them per value (whiskers: min "
                     "and max) and dots show the best " +
                     std::to_string(kScatterBest) + "."
               : std::string("Each dot is a valid evaluation.");
  std::string Constant;
  for (const ParameterImportance &Imp : Ranking.Parameters)
    if (Imp.DistinctValues == 1)
      Constant += (Constant.empty() ? "" : ", ") + Imp.Name;
  if (!Constant.empty())
    Html += " Not shown, as they take one value only: " + escapeXml(Constant) + ".";
  Html += "</p><div class=\"plots\">";
  for (const ParameterImportance &Imp : Ranking.Parameters) {
    const std::size_t P = Imp.Index;
    const std::vector<Value> &Distinct = Columns.Distinct[P];
    if (Distinct.size() <= 1)
      continue;
    const bool Numbers = !Distinct.empty() && numeric(Distinct.front()) && numeric(Distinct.back());
    const bool Categories = !Numbers || Distinct.size() <= 24;
    ScatterPlot S;
    S.Label = Cost + " against " + Parameters[P];
    S.XTitle = Parameters[P];
    S.YTitle = Cost;
    S.LogY = spansDecades(Lo, Hi);
    if (Many)
      S.PointsName = "best " + std::to_string(kScatterBest) + " evaluations";
    if (Categories)
      for (const Value &V : Distinct)
        S.Categories.push_back(toString(V));
    else
      S.LogX = spansDecades(numberOf(Distinct.front()), numberOf(Distinct.back()));
    auto XOf = [&](std::size_t Row) {
      return Categories ? static_cast<double>(Columns.Index[P][Row])
                        : numberOf(entryOf(Run, Row).Configuration[P].Val);
    };
    for (std::size_t Row : Drawn)
      S.Points.push_back({XOf(Row), costsOf(Run, Row).front(), evaluationNumber(Run, Row), {}});
    if (Many && Categories) {
      std::vector<std::vector<double>> PerValue(Distinct.size());
      for (std::size_t Row : F.ValidRows)
        PerValue[Columns.Index[P][Row]].push_back(costsOf(Run, Row).front());
      for (std::size_t V = 0; V < PerValue.size(); ++V)
        if (!PerValue[V].empty())
          S.Boxes.push_back(boxOf(PerValue[V], static_cast<double>(V)));
    }
    S.Best = PlotPoint{
        XOf(*F.BestRow), costsOf(Run, *F.BestRow).front(), evaluationNumber(Run, *F.BestRow), {}};
    Html += "<figure>" + scatterPlot(S) + "</figure>";
  }
  return Html + "</div>";
}

std::string bestSection(const ReportRun &Run, const RunFacts &F) {
  std::vector<std::size_t> Rows = F.ValidRows;
  const std::size_t N = std::min(kTopRows, Rows.size());
  std::partial_sort(
      Rows.begin(), Rows.begin() + static_cast<std::ptrdiff_t>(N), Rows.end(),
      [&](std::size_t A, std::size_t B) { return better(Run, costsOf(Run, A), costsOf(Run, B)); });
  Rows.resize(N);
  Table T;
  T.Id = "best-configurations";
  T.Sortable = true;
  T.Header = {"rank", "evaluation"};
  const std::vector<std::string> &Parameters = Run.Table.Parameters;
  T.Header.insert(T.Header.end(), Parameters.begin(), Parameters.end());
  const std::size_t Costs = Rows.empty() ? 1 : costsOf(Run, Rows.front()).size();
  for (std::size_t C = 0; C < Costs; ++C)
    T.Header.push_back(objectiveName(Run, C));
  if (F.Timed)
    T.Header.push_back("seconds");
  for (std::size_t R = 0; R < Rows.size(); ++R) {
    const EvaluationRecord &E = entryOf(Run, Rows[R]);
    std::vector<Cell> Row = {
        numberCell(static_cast<double>(R + 1), std::to_string(R + 1)),
        numberCell(static_cast<double>(E.Evaluation), std::to_string(E.Evaluation))};
    for (std::size_t P = 0; P < Parameters.size(); ++P) {
      const Value &V = P < E.Configuration.size() ? E.Configuration[P].Val : Value(std::string());
      Row.push_back(numeric(V) ? numberCell(numberOf(V), toString(V)) : textCell(toString(V)));
    }
    for (std::size_t C = 0; C < Costs; ++C)
      Row.push_back(C < E.Result.Costs.size() ? numberCell(E.Result.Costs[C]) : textCell(""));
    if (F.Timed)
      Row.push_back(numberCell(secondsOf(E), humanNumber(secondsOf(E), 3)));
    T.Rows.push_back(std::move(Row));
  }
  return "<p class=\"note\">The " + std::to_string(N) +
         " best valid configurations; click a heading to sort.</p><div class=\"tablebox\">" +
         tableHtml(T) + "</div>";
}

std::string failuresSection(const ReportRun &Run) {
  Table T;
  T.Id = "failures";
  T.Sortable = true;
  T.Header = {"evaluation", "configuration", "failure", "reason", "log (tail)"};
  std::size_t Failed = 0;
  for (std::size_t R = 0; R < Run.Table.Entries.size(); ++R) {
    if (usable(entryOf(Run, R)))
      continue;
    if (++Failed > kFailureRows)
      continue;
    const EvaluationRecord &E = entryOf(Run, R);
    const std::string &TheLog = E.Result.Log;
    Cell Log = textCell(
        TheLog.size() > kLogTail ? "\u2026" + TheLog.substr(TheLog.size() - kLogTail) : TheLog);
    Log.Pre = !TheLog.empty();
    T.Rows.push_back({numberCell(static_cast<double>(E.Evaluation), std::to_string(E.Evaluation)),
                      textCell(configurationText(Run, R)), textCell(failureKind(Run, R)),
                      textCell(E.Result.Reason), std::move(Log)});
  }
  if (Failed == 0)
    return "<p class=\"note\">No evaluation failed.</p>";
  std::string Note = Failed > kFailureRows
                         ? "The first " + std::to_string(kFailureRows) + " of " +
                               std::to_string(Failed) + " failures."
                         : std::to_string(Failed) + (Failed == 1 ? " failure." : " failures.");
  return "<p class=\"note\">" + Note + "</p><div class=\"tablebox\">" + tableHtml(T) + "</div>";
}

} // namespace

std::string runReportHtml(const ReportRun &Run) {
  const RunFacts F = factsOf(Run);
  HtmlPage Page(Run.Title, Run.Running ? 5 : 0);
  Page.section("run", "Run", runSection(Run, F));
  Page.section("progress", "Progress", progressSection(Run, F));
  if (!F.ValidRows.empty() && costsOf(Run, F.ValidRows.front()).size() > 1)
    Page.section("objectives", "Objectives", objectivesSection(Run, F));
  Page.section("parameters", "Parameters", parametersSection(Run, F));
  Page.section("best", "Best configurations", bestSection(Run, F));
  Page.section("failures", "Failures", failuresSection(Run));
  return Page.finish();
}

} // namespace atfc::report
