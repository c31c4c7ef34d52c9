//===- Analysis/AnalysisReport.cpp - Everything atfc analyze shows --------===//
#include "Analysis/AnalysisReport.h"

#include "Analysis/FixedValues.h"
#include "Analysis/ValueColumns.h"

#include <fmt/format.h>

#include <cmath>

namespace atfc {

Expected<DataAnalysis> analyzeData(const RecordedData &Data, const AnalysisOptions &Options) {
  if (!(Options.Threshold >= 0))
    return Error(fmt::format("the threshold must be at least 0, not {}", Options.Threshold));
  for (double P : Options.Probabilities)
    if (!(P > 0 && P < 1))
      return Error(fmt::format("a probability must lie strictly between 0 and 1, not {}", P));
  if (Options.CostClasses < 1)
    return Error("there must be at least one cost class");
  std::optional<WellPerformingShare> Share = measureWellPerforming(Data, Options.Threshold);
  if (!Share)
    return Error(fmt::format("no valid configuration among the {} recorded: nothing to learn",
                             Data.Entries.size()));
  DataAnalysis Analysis;
  Analysis.Options = Options;
  Analysis.Description = Data.Description;
  Analysis.Parameters = Data.Parameters;
  Analysis.Objectives = Data.Objectives;
  Analysis.Maximised = rankingMaximises(Data);
  Analysis.Share = *Share;
  Analysis.Steps = estimateSteps(*Share, Options.Probabilities);
  Analysis.Importance = rankParameters(Data, Options.CostClasses);
  Analysis.Intervals = importanceIntervals(Data, Options.CostClasses);
  const PruningOptions Pruning{Options.PruneCutoff, Options.Threshold, Options.Value};
  for (PruningMethod Method : Options.Methods)
    Analysis.Proposals.push_back(proposePruning(Data, Analysis.Importance, Method, Pruning));
  return Analysis;
}

namespace {

std::string countText(const std::optional<std::uint64_t> &Steps) {
  return Steps ? std::to_string(*Steps) : std::string("never");
}

/// A number with 4 significant digits, "inf" when infinite.
std::string shortNumber(double X) {
  if (std::isinf(X))
    return "inf";
  return fmt::format("{:.4g}", X);
}

std::string fixedText(const PruningProposal &Proposal) {
  if (Proposal.Fixed.empty())
    return "nothing";
  std::string Text;
  for (const PrunedParameter &P : Proposal.Fixed)
    Text += fmt::format("{}{}={}", Text.empty() ? "" : " ", P.Name, toString(P.Fixed));
  return Text;
}

} // namespace

std::string formatAnalysis(const DataAnalysis &A) {
  const WellPerformingShare &S = A.Share;
  std::string Out;
  if (!A.Description.empty())
    Out += fmt::format("data: {}\n", A.Description);
  Out += fmt::format("configurations: {} recorded, {} valid; {} parameters\n", S.Total, S.Valid,
                     A.Parameters.size());
  auto Measured = [&](double X) { return measuredRankingCost(X, A.Maximised); };
  const std::string Name = A.Objectives.empty() ? "cost" : A.Objectives.front();
  Out +=
      fmt::format("best cost: {:.6g}{}\n\n", Measured(S.BestCost),
                  A.Objectives.empty() ? "" : " (" + Name + (A.Maximised ? ", maximised)" : ")"));
  if (A.Maximised)
    Out += fmt::format("Well-performing: {} >= best / {} = {}\n", Name, 1 + S.Threshold,
                       shortNumber(Measured(S.CostLimit)));
  else
    Out += fmt::format("Well-performing: cost <= best * {} = {}\n", 1 + S.Threshold,
                       shortNumber(S.CostLimit));
  Out += fmt::format("  {} of {} configurations: {:.4g} % (of the valid ones: {:.4g} %)\n\n",
                     S.WellPerforming, S.Total, 100 * S.share(), 100 * S.shareOfValid());

  Out += "Random-search evaluations to find one (formula 2 of Olha et al.):\n";
  Out += fmt::format("  {:>11}  {:>10}  {:>16}  {:>19}\n", "probability", "formula 2",
                     "with replacement", "without replacement");
  for (const StepEstimate &E : A.Steps)
    Out += fmt::format("  {:>11}  {:>10}  {:>16}  {:>19}\n", E.Probability, shortNumber(E.Formula),
                       countText(E.WithReplacement), countText(E.WithoutReplacement));
  Out += fmt::format("  {:>11}  {:>10}  {:>16}  {:>19}\n", "mean", "",
                     shortNumber(expectedStepsWithReplacement(S)),
                     shortNumber(expectedStepsWithoutReplacement(S)));
  Out += "  Formula 2 draws with replacement; atfc's random search measures distinct\n"
         "  configurations, so its replays follow the without-replacement column.\n\n";

  const ImportanceRanking &R = A.Importance;
  const ImportanceIntervals &I = A.Intervals;
  Out += fmt::format(
      "Parameter importance: mutual information with the cost in {} quantile classes\n"
      "  (H = {:.4g} bits over {} valid configurations); above chance: less what chance gives\n"
      "  with as many (the mean over {} shuffles of the costs), with its 90 % bootstrap\n"
      "  interval ({} resamples); ranked as atfc report ranks them: a parameter whose\n"
      "  interval reaches 0 is not told from chance and comes last. Pruning goes by MI.\n",
      R.CostClasses, R.CostEntropy, R.Samples, I.Shuffles, I.Resamples);
  std::size_t Width = 9;
  std::vector<const ParameterImportance *> ByIndex(A.Parameters.size());
  for (const ParameterImportance &P : R.Parameters) {
    Width = std::max(Width, P.Name.size());
    ByIndex[P.Index] = &P;
  }
  Out +=
      fmt::format("  {:<{}}  {:>6}  {:>12}  {:>18}  {:>9}  {:>10}  {:>8}\n", "parameter", Width,
                  "values", "above chance", "90 % interval", "MI (bits)", "normalised", "relative");
  // Four decimals, without a sign on what rounds to zero (-0.0000).
  auto Bits = [](double B) { return std::fabs(B) < 5e-5 ? 0.0 : B; };
  for (std::size_t Index : chanceCorrectedOrder(R, I)) {
    const ParameterImportance &P = *ByIndex[Index];
    const ImportanceInterval &Sure = I.Parameters[Index];
    Out += fmt::format("  {:<{}}  {:>6}  {:>12.4f}  {:>18}  {:>9.4f}  {:>10.4f}  {:>8.4f}{}\n",
                       P.Name, Width, P.DistinctValues, Bits(Sure.AboveChance),
                       fmt::format("[{:.4f}, {:.4f}]", Bits(Sure.Lo), Bits(Sure.Hi)),
                       P.MutualInformation, P.Normalised, P.Relative,
                       Sure.Distinguishable ? "" : "  not told from chance");
  }

  if (!A.Proposals.empty()) {
    Out += fmt::format("\nPruning (cut-off {:.4g} % of MI_max; best kept within {:.4g} %{}):\n",
                       100 * A.Options.PruneCutoff, 100 * A.Options.Threshold,
                       A.Options.Value == FixTo::WellPerforming
                           ? "; fixed to the well-performing configurations' most common value"
                           : "");
    Out += fmt::format("  {:<12}  {:>5}  {:>21}  {:>10}  {:>10}  {:>8}\n", "method", "fixed",
                       "remaining / total", "reduction", "best left", "retained");
    for (const PruningProposal &P : A.Proposals)
      Out += fmt::format("  {:<12}  {:>5}  {:>21}  {:>9.1f}x  {:>10}  {:>8.4f}\n",
                         pruningMethodName(P.Method), P.Fixed.size(),
                         fmt::format("{} / {}", P.Remaining, P.Total), P.reduction(),
                         P.PrunedBestCost ? shortNumber(Measured(*P.PrunedBestCost)) : "none",
                         P.performanceRetained());
    for (const PruningProposal &P : A.Proposals)
      Out += fmt::format("  {}: {}\n", pruningMethodName(P.Method), fixedText(P));
  }
  return Out;
}

namespace {

nlohmann::ordered_json valueToJson(const Value &V) {
  return std::visit([](const auto &X) { return nlohmann::ordered_json(X); }, V);
}

nlohmann::ordered_json stepsToJson(const std::optional<std::uint64_t> &Steps) {
  return Steps ? nlohmann::ordered_json(*Steps) : nlohmann::ordered_json(nullptr);
}

nlohmann::ordered_json finiteOrNull(double X) {
  return std::isfinite(X) ? nlohmann::ordered_json(X) : nlohmann::ordered_json(nullptr);
}

} // namespace

void addProposalOutcome(nlohmann::ordered_json &Object, const PruningProposal &P, bool Maximised) {
  Object["total"] = P.Total;
  Object["remaining"] = P.Remaining;
  Object["remaining_valid"] = P.RemainingValid;
  Object["reduction"] = P.reduction();
  Object["pruned_best_cost"] =
      P.PrunedBestCost ? nlohmann::ordered_json(measuredRankingCost(*P.PrunedBestCost, Maximised))
                       : nlohmann::ordered_json(nullptr);
  Object["performance_retained"] = P.performanceRetained();
}

nlohmann::ordered_json analysisToJson(const DataAnalysis &A) {
  using json = nlohmann::ordered_json;
  const WellPerformingShare &S = A.Share;
  json Root;
  Root["description"] = A.Description;
  Root["parameters"] = A.Parameters;
  Root["objectives"] = A.Objectives;
  Root["direction"] = A.Maximised ? "max" : "min"; // of the first objective
  Root["configurations"] = S.Total;
  Root["valid"] = S.Valid;
  auto Measured = [&](double X) { return measuredRankingCost(X, A.Maximised); };
  Root["best_cost"] = Measured(S.BestCost);
  Root["well_performing"] = {{"threshold", S.Threshold},
                             {"cost_limit", Measured(S.CostLimit)},
                             {"count", S.WellPerforming},
                             {"share", S.share()},
                             {"share_of_valid", S.shareOfValid()}};
  json Estimates = json::array();
  for (const StepEstimate &E : A.Steps)
    Estimates.push_back({{"probability", E.Probability},
                         {"formula", finiteOrNull(E.Formula)},
                         {"with_replacement", stepsToJson(E.WithReplacement)},
                         {"without_replacement", stepsToJson(E.WithoutReplacement)}});
  Root["steps"] = {{"estimates", Estimates},
                   {"mean_with_replacement", finiteOrNull(expectedStepsWithReplacement(S))},
                   {"mean_without_replacement", finiteOrNull(expectedStepsWithoutReplacement(S))},
                   {"replays_match", "without_replacement"}};
  json Parameters = json::array();
  for (const ParameterImportance &P : A.Importance.Parameters) {
    const ImportanceInterval &Sure = A.Intervals.Parameters[P.Index];
    Parameters.push_back({{"name", P.Name},
                          {"values", P.DistinctValues},
                          {"mutual_information_bits", P.MutualInformation},
                          {"normalised", P.Normalised},
                          {"relative", P.Relative},
                          {"chance_bits", Sure.Chance},
                          {"above_chance_bits", Sure.AboveChance},
                          {"interval_bits", {Sure.Lo, Sure.Hi}},
                          {"told_from_chance", Sure.Distinguishable}});
  }
  json Ranked = json::array();
  for (std::size_t Index : chanceCorrectedOrder(A.Importance, A.Intervals))
    Ranked.push_back(A.Parameters[Index]);
  Root["importance"] = {{"cost_classes", A.Importance.CostClasses},
                        {"cost_entropy_bits", A.Importance.CostEntropy},
                        {"samples", A.Importance.Samples},
                        {"shuffles", A.Intervals.Shuffles},
                        {"resamples", A.Intervals.Resamples},
                        {"parameters", Parameters},
                        {"ranked_above_chance", Ranked}};
  json Proposals = json::array();
  for (const PruningProposal &P : A.Proposals) {
    json Fixed = json::array();
    for (const PrunedParameter &F : P.Fixed)
      Fixed.push_back(
          {{"name", F.Name}, {"value", valueToJson(F.Fixed)}, {"relative", F.Relative}});
    json Proposal = {{"method", pruningMethodName(P.Method)}, {"fixed", Fixed}};
    addProposalOutcome(Proposal, P, A.Maximised);
    Proposal["fix_arguments"] = fixArguments(P);
    Proposal["directives"] = fixingDirectives(P);
    Proposals.push_back(std::move(Proposal));
  }
  Root["pruning"] = {{"cutoff", A.Options.PruneCutoff},
                     {"threshold", A.Options.Threshold},
                     {"proposals", Proposals},
                     {"fix_to", fixToName(A.Options.Value)}};
  return Root;
}

} // namespace atfc
