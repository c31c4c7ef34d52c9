//===- Replay/ReplayTables.cpp - A replay's result as text or JSON -------===//
#include "Replay/ReplayTables.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <ostream>

namespace atfc {

namespace {

/// A relative cost for the tables: "1.000", or "-" for none.
std::string ratio(double V) { return std::isinf(V) ? "-" : fmt::format("{:.3f}", V); }

/// An evaluation count for the tables: "172", "172.5", or ">N" for never.
std::string count(double V, std::uint64_t N) {
  if (std::isinf(V))
    return ">" + std::to_string(N);
  if (V == std::floor(V))
    return fmt::format("{}", static_cast<std::uint64_t>(V));
  return fmt::format("{:.1f}", V);
}

std::string spaceSize(const ChainOfTrees &Space) { return Space.size().get_str(); }

std::uint64_t validEntries(const RecordedData &Data) {
  std::uint64_t N = 0;
  for (const EvaluationRecord &E : Data.Entries)
    N += E.Result.Valid;
  return N;
}

nlohmann::ordered_json number(double V) {
  if (std::isinf(V))
    return nullptr;
  return V;
}

nlohmann::ordered_json toJson(const Quartiles &Q) {
  return {{"min", number(Q.Min)},
          {"q1", number(Q.Q1)},
          {"median", number(Q.Median)},
          {"q3", number(Q.Q3)},
          {"max", number(Q.Max)}};
}

} // namespace

void printReplayText(std::ostream &Out, const ReplayExperimentResult &R, const RecordedData &Data,
                     const ChainOfTrees &Space) {
  std::string Objectives;
  for (const std::string &O : Data.Objectives)
    Objectives += (Objectives.empty() ? "" : ", ") + O;
  Out << fmt::format("data: {}: {} configurations ({} valid), optimum {} ({})\n", Data.Description,
                     Data.Entries.size(), validEntries(Data),
                     fmt::format("{:.6g}", measuredCost(R.Optimum, objectivesOf(Data)).front()),
                     Objectives);
  Out << fmt::format("space: {} configurations; {} runs of {} evaluations per technique, seeds "
                     "{}..{}\n",
                     spaceSize(Space), R.Runs, R.Evaluations, R.Seed, R.Seed + R.Runs - 1);
  if (R.Parallel > 1)
    Out << fmt::format("rounds of {} evaluations at once\n", R.Parallel);
  if (!R.WarmStart.empty())
    Out << fmt::format("warm start: every run first evaluates {} configurations of the prior\n",
                       R.WarmStart.size());

  for (const TechniqueReplay &TR : R.Techniques) {
    Out << fmt::format("\n{}\n", TR.Description);
    Out << fmt::format("  best/optimum after {:>8}", "");
    for (std::uint64_t B : R.Budgets)
      Out << fmt::format("{:>8}", B);
    Out << '\n';
    const std::pair<const char *, double Quartiles::*> Rows[] = {{"min", &Quartiles::Min},
                                                                 {"q1", &Quartiles::Q1},
                                                                 {"median", &Quartiles::Median},
                                                                 {"q3", &Quartiles::Q3},
                                                                 {"max", &Quartiles::Max}};
    for (const auto &[Name, Field] : Rows) {
      Out << fmt::format("  {:<27}", Name);
      for (const Quartiles &Q : TR.BestAfter)
        Out << fmt::format("{:>8}", ratio(Q.*Field));
      Out << '\n';
    }
    for (const auto &[Label, Q, Never] :
         {std::tuple<const char *, const Quartiles &, std::uint64_t>{"5 %", TR.Within5,
                                                                     TR.NotWithin5},
          {"10 %", TR.Within10, TR.NotWithin10}})
      Out << fmt::format("  within {:<4} of the optimum after: median {}, quartiles {}..{}, "
                         "min {}; {} of {} runs not within {}\n",
                         Label, count(Q.Median, R.Evaluations), count(Q.Q1, R.Evaluations),
                         count(Q.Q3, R.Evaluations), count(Q.Min, R.Evaluations), Never, R.Runs,
                         R.Evaluations);
    if (R.Parallel > 1)
      for (const auto &[Label, Q] :
           {std::pair<const char *, const Quartiles &>{"5 %", TR.RoundsWithin5},
            {"10 %", TR.RoundsWithin10}})
        Out << fmt::format("  within {:<4} of the optimum after rounds of {}: median {}, quartiles "
                           "{}..{}\n",
                           Label, R.Parallel, count(Q.Median, R.Evaluations),
                           count(Q.Q1, R.Evaluations), count(Q.Q3, R.Evaluations));
    if (R.Scored)
      Out << fmt::format("  performance score over {} evaluations: mean {:.3f}, median {:.3f}, "
                         "quartiles {:.3f}..{:.3f}\n",
                         R.Evaluations, TR.MeanScore, TR.Score.Median, TR.Score.Q1, TR.Score.Q3);
    else
      Out << fmt::format("  performance score: left out, the data holds {:.3g} % of the space\n",
                         100.0 * R.Coverage);
  }

  // The summary: one line per technique.
  std::size_t Width = 9;
  for (const TechniqueReplay &TR : R.Techniques)
    Width = std::max(Width, TR.Text.size());
  Out << fmt::format("\nevaluations until within 5 % / 10 % of the optimum (median [q1, q3], "
                     "runs not within {}); best/optimum after {} (median)\n",
                     R.Evaluations, R.Evaluations);
  const std::string RoundsHeader =
      R.Parallel > 1 ? fmt::format("  {:>22}", fmt::format("rounds of {} to 5 %", R.Parallel)) : "";
  Out << fmt::format("{:<{}}  {:>22} {:>6}  {:>22} {:>6}  {:>8}  {:>6}{}\n", "technique", Width,
                     "5 %", "never", "10 %", "never", "best", "score", RoundsHeader);
  for (const TechniqueReplay &TR : R.Techniques) {
    auto Cell = [&](const Quartiles &Q) {
      return fmt::format("{} [{}, {}]", count(Q.Median, R.Evaluations), count(Q.Q1, R.Evaluations),
                         count(Q.Q3, R.Evaluations));
    };
    const std::string Rounds =
        R.Parallel > 1 ? fmt::format("  {:>22}", Cell(TR.RoundsWithin5)) : "";
    const std::string Score = R.Scored ? fmt::format("{:.3f}", TR.MeanScore) : "-";
    Out << fmt::format("{:<{}}  {:>22} {:>6}  {:>22} {:>6}  {:>8}  {:>6}{}\n", TR.Text, Width,
                       Cell(TR.Within5), TR.NotWithin5, Cell(TR.Within10), TR.NotWithin10,
                       ratio(TR.BestAfter.back().Median), Score, Rounds);
  }
}

void printReplayJson(std::ostream &Out, const ReplayExperimentResult &R, const RecordedData &Data,
                     const ChainOfTrees &Space) {
  nlohmann::ordered_json J;
  J["data"] = {
      {"description", Data.Description}, {"parameters", Data.Parameters},
      {"objectives", Data.Objectives},   {"configurations", Data.Entries.size()},
      {"valid", validEntries(Data)},     {"optimum", measuredCost(R.Optimum, objectivesOf(Data))}};
  J["space"] = {{"configurations", spaceSize(Space)},
                {"recorded", R.Covered},
                {"recorded_exact", R.CoverageExact},
                {"coverage", R.Coverage}};
  J["evaluations"] = R.Evaluations;
  J["runs"] = R.Runs;
  J["seed"] = R.Seed;
  J["budgets"] = R.Budgets;
  J["parallel"] = R.Parallel;
  J["warm_start_configurations"] = R.WarmStart.size();
  nlohmann::ordered_json Techniques = nlohmann::ordered_json::array();
  for (const TechniqueReplay &TR : R.Techniques) {
    nlohmann::ordered_json T;
    T["technique"] = TR.Text;
    T["description"] = TR.Description;
    nlohmann::ordered_json Best = nlohmann::ordered_json::array();
    for (const Quartiles &Q : TR.BestAfter)
      Best.push_back(toJson(Q));
    T["best_relative_after"] = Best;
    T["within_5_percent"] = toJson(TR.Within5);
    T["not_within_5_percent"] = TR.NotWithin5;
    T["within_10_percent"] = toJson(TR.Within10);
    T["not_within_10_percent"] = TR.NotWithin10;
    T["rounds_within_5_percent"] = toJson(TR.RoundsWithin5);
    T["rounds_within_10_percent"] = toJson(TR.RoundsWithin10);
    T["score"] = R.Scored ? toJson(TR.Score) : nlohmann::ordered_json(nullptr);
    T["mean_score"] = R.Scored ? nlohmann::ordered_json(TR.MeanScore) : nullptr;
    nlohmann::ordered_json Runs = nlohmann::ordered_json::array();
    for (const ReplayRun &Run : TR.Runs) {
      auto Optional = [](const std::optional<std::uint64_t> &V) -> nlohmann::ordered_json {
        if (V)
          return *V;
        return nullptr;
      };
      Runs.push_back({{"seed", Run.Seed},
                      {"evaluations", Run.Evaluations},
                      {"valid_evaluations", Run.ValidEvaluations},
                      {"restarts", Run.Restarts},
                      {"within_5_percent", Optional(Run.Within5)},
                      {"within_10_percent", Optional(Run.Within10)},
                      {"rounds_within_5_percent", Optional(Run.Within5Round)},
                      {"score", R.Scored ? nlohmann::ordered_json(Run.Score) : nullptr},
                      {"best_relative", number(Run.bestAfter(R.Evaluations))}});
    }
    T["runs"] = Runs;
    Techniques.push_back(T);
  }
  J["techniques"] = Techniques;
  Out << J.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << '\n';
}

} // namespace atfc
