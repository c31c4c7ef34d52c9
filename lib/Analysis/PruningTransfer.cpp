//===- Analysis/PruningTransfer.cpp - Pruning on other data --------------===//
#include "Analysis/PruningTransfer.h"

#include "Analysis/FixedValues.h"
#include "Analysis/ValueColumns.h"

#include <fmt/format.h>

#include <algorithm>

namespace atfc {

namespace {

std::string shortNumber(double X) { return fmt::format("{:.4g}", X); }

} // namespace

bool sameRecordedValue(const Value &A, const Value &B) {
  const std::optional<long double> X = numberOf(A), Y = numberOf(B);
  if (X && Y)
    return *X == *Y;
  return A == B;
}

Expected<PruningTransfer> transferPruning(const DataAnalysis &Analysed, const RecordedData &Other) {
  PruningTransfer Transfer;
  Transfer.Description = Other.Description;
  Transfer.Configurations = Other.Entries.size();
  Transfer.Maximised = rankingMaximises(Other);
  if (Transfer.Maximised != Analysed.Maximised)
    return Error(std::string("the data ranks its first objective ") +
                 (Transfer.Maximised ? "maximised" : "minimised") + ", the analysed data " +
                 (Analysed.Maximised ? "maximised" : "minimised") + ": their costs do not compare");
  const std::optional<double> Best = bestCost(Other);
  if (!Best)
    return Error("the data holds no valid configuration");
  Transfer.BestCost = *Best;
  for (const EvaluationRecord &E : Other.Entries)
    if (rankingCost(E, Transfer.Maximised))
      ++Transfer.Valid;

  for (const PruningProposal &Proposal : Analysed.Proposals) {
    TransferredProposal T{Proposal, PruningProposal{}, {}};
    T.OnOther.Method = Proposal.Method;
    // The columns of Other that the proposal fixes, and their values.
    std::vector<std::pair<std::size_t, const Value *>> Fixed;
    for (const PrunedParameter &P : Proposal.Fixed) {
      auto It = std::find(Other.Parameters.begin(), Other.Parameters.end(), P.Name);
      if (It == Other.Parameters.end())
        T.Missing.push_back(P.Name);
      else
        Fixed.emplace_back(static_cast<std::size_t>(It - Other.Parameters.begin()), &P.Fixed);
    }
    if (!T.Missing.empty()) {
      Transfer.Proposals.push_back(std::move(T));
      continue;
    }
    PruningProposal &On = T.OnOther;
    On.Method = Proposal.Method;
    On.Fixed = Proposal.Fixed;
    On.Total = Other.Entries.size();
    On.BestCost = *Best;
    for (const EvaluationRecord &E : Other.Entries) {
      const bool Kept = std::all_of(Fixed.begin(), Fixed.end(), [&](const auto &F) {
        return F.first < E.Configuration.size() &&
               sameRecordedValue(E.Configuration[F.first].Val, *F.second);
      });
      if (!Kept)
        continue;
      ++On.Remaining;
      if (std::optional<double> Cost = rankingCost(E, Transfer.Maximised)) {
        ++On.RemainingValid;
        if (!On.PrunedBestCost || *Cost < *On.PrunedBestCost)
          On.PrunedBestCost = Cost;
      }
    }
    Transfer.Proposals.push_back(std::move(T));
  }
  return Transfer;
}

std::string formatTransfer(const PruningTransfer &Transfer) {
  auto Measured = [&](double X) { return measuredRankingCost(X, Transfer.Maximised); };
  std::string Out = fmt::format("\nThe pruning applied to other data: {}\n", Transfer.Description);
  Out += fmt::format("  configurations: {} recorded, {} valid; best cost: {}\n",
                     Transfer.Configurations, Transfer.Valid,
                     shortNumber(Measured(Transfer.BestCost)));
  Out += fmt::format("  {:<12}  {:>5}  {:>21}  {:>10}  {:>10}  {:>8}  {:>13}\n", "method", "fixed",
                     "remaining / total", "reduction", "best left", "retained", "retained here");
  for (const TransferredProposal &T : Transfer.Proposals) {
    const PruningProposal &P = T.OnOther;
    if (!T.Missing.empty()) {
      std::string Names;
      for (const std::string &Name : T.Missing)
        Names += (Names.empty() ? "" : ", ") + Name;
      Out += fmt::format("  {:<12}  {:>5}  does not apply: the data does not record {}\n",
                         pruningMethodName(P.Method), T.OnAnalysed.Fixed.size(), Names);
      continue;
    }
    Out += fmt::format("  {:<12}  {:>5}  {:>21}  {:>9.1f}x  {:>10}  {:>8.4f}  {:>13.4f}\n",
                       pruningMethodName(P.Method), P.Fixed.size(),
                       fmt::format("{} / {}", P.Remaining, P.Total), P.reduction(),
                       P.PrunedBestCost ? shortNumber(Measured(*P.PrunedBestCost)) : "none",
                       P.performanceRetained(), T.OnAnalysed.performanceRetained());
  }
  Out += "  (reduction, best left and retained on the other data; retained here: on the "
         "analysed data)\n";
  return Out;
}

nlohmann::ordered_json transferToJson(const PruningTransfer &Transfer) {
  using json = nlohmann::ordered_json;
  auto Measured = [&](double X) { return measuredRankingCost(X, Transfer.Maximised); };
  json Proposals = json::array();
  for (const TransferredProposal &T : Transfer.Proposals) {
    const PruningProposal &P = T.OnOther;
    if (!T.Missing.empty()) {
      Proposals.push_back({{"method", pruningMethodName(P.Method)},
                           {"fix_arguments", fixArguments(T.OnAnalysed)},
                           {"missing_parameters", T.Missing}});
      continue;
    }
    json Proposal = {{"method", pruningMethodName(P.Method)}, {"fix_arguments", fixArguments(P)}};
    addProposalOutcome(Proposal, P, Transfer.Maximised);
    Proposal["performance_retained_on_analysed"] = T.OnAnalysed.performanceRetained();
    Proposals.push_back(std::move(Proposal));
  }
  json Root;
  Root["description"] = Transfer.Description;
  Root["configurations"] = Transfer.Configurations;
  Root["valid"] = Transfer.Valid;
  Root["best_cost"] = Transfer.Proposals.empty()
                          ? json(nullptr)
                          : json(Measured(Transfer.Proposals.front().OnOther.BestCost));
  Root["proposals"] = Proposals;
  return Root;
}

} // namespace atfc
