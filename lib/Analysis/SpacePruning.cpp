//===- Analysis/SpacePruning.cpp - Fixing unimportant parameters ----------===//
#include "Analysis/SpacePruning.h"

#include "Analysis/ValueColumns.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace atfc {

const char *pruningMethodName(PruningMethod Method) {
  switch (Method) {
  case PruningMethod::Naive:
    return "naive";
  case PruningMethod::Aggressive:
    return "aggressive";
  case PruningMethod::Conservative:
    return "conservative";
  }
  return "?";
}

std::optional<PruningMethod> parsePruningMethod(const std::string &Name) {
  for (PruningMethod M :
       {PruningMethod::Naive, PruningMethod::Aggressive, PruningMethod::Conservative})
    if (Name == pruningMethodName(M))
      return M;
  return std::nullopt;
}

const char *fixToName(FixTo Choice) {
  return Choice == FixTo::Median ? "median" : "well-performing";
}

double PruningProposal::performanceRetained() const {
  if (!PrunedBestCost || *PrunedBestCost == 0)
    return PrunedBestCost ? 1.0 : 0.0;
  return BestCost / *PrunedBestCost;
}

namespace {

/// The best cost among the rows Alive marks; nullopt when none is valid.
std::optional<double> bestAmong(const RecordedData &Data, const std::vector<char> &Alive) {
  std::optional<double> Best;
  for (std::size_t Row = 0; Row < Data.Entries.size(); ++Row)
    if (Alive[Row])
      if (std::optional<double> Cost = rankingCost(Data.Entries[Row], rankingMaximises(Data));
          Cost && (!Best || *Cost < *Best))
        Best = Cost;
  return Best;
}

/// The index of the value that the well-performing rows Alive marks use
/// most (ties: the value of the best of them); nullopt when none is left.
std::optional<std::uint32_t> wellPerformingValue(const RecordedData &Data,
                                                 const std::vector<std::uint32_t> &Column,
                                                 const std::vector<char> &Alive, double Limit) {
  std::map<std::uint32_t, std::pair<std::size_t, double>> Uses; // count, best cost
  for (std::size_t Row = 0; Row < Alive.size(); ++Row) {
    if (!Alive[Row])
      continue;
    std::optional<double> Cost = rankingCost(Data.Entries[Row], rankingMaximises(Data));
    if (!Cost || *Cost > Limit)
      continue;
    auto [It, New] = Uses.try_emplace(Column[Row], 0, *Cost);
    ++It->second.first;
    It->second.second = std::min(It->second.second, *Cost);
  }
  std::optional<std::uint32_t> Chosen;
  for (const auto &[Index, Use] : Uses)
    if (!Chosen || Use.first > Uses[*Chosen].first ||
        (Use.first == Uses[*Chosen].first && Use.second < Uses[*Chosen].second))
      Chosen = Index;
  return Chosen;
}

} // namespace

PruningProposal proposePruning(const RecordedData &Data, const ImportanceRanking &Ranking,
                               PruningMethod Method, const PruningOptions &Options) {
  const ValueColumns Columns = indexValues(Data);
  PruningProposal Proposal;
  Proposal.Method = Method;
  Proposal.Total = Data.Entries.size();
  Proposal.BestCost = bestCost(Data).value_or(0.0);
  const double Limit = Proposal.BestCost + std::abs(Proposal.BestCost) * Options.Threshold;
  const bool ChecksCutoff = Method != PruningMethod::Aggressive;
  const bool ChecksPerformance = Method != PruningMethod::Naive;

  std::vector<char> Alive(Data.Entries.size(), 1);
  // Least important first: the ranking is most important first, ties in the
  // data's order, so walk it backwards.
  for (auto It = Ranking.Parameters.rbegin(); It != Ranking.Parameters.rend(); ++It) {
    const ParameterImportance &Candidate = *It;
    if (Candidate.DistinctValues < 2)
      continue;
    if (ChecksCutoff && !(Candidate.Relative < Options.Cutoff))
      break;
    const std::vector<std::uint32_t> &Column = Columns.Index[Candidate.Index];
    std::set<std::uint32_t> Left; // indices are in value order
    for (std::size_t Row = 0; Row < Alive.size(); ++Row)
      if (Alive[Row])
        Left.insert(Column[Row]);
    if (Left.size() < 2)
      continue; // already fixed by the parameters pruned before it
    std::uint32_t Kept = *std::next(Left.begin(), (Left.size() - 1) / 2);
    if (Options.Value == FixTo::WellPerforming)
      Kept = wellPerformingValue(Data, Column, Alive, Limit).value_or(Kept);
    std::vector<char> Pruned = Alive;
    for (std::size_t Row = 0; Row < Pruned.size(); ++Row)
      Pruned[Row] = Pruned[Row] && Column[Row] == Kept;
    if (ChecksPerformance) {
      std::optional<double> Best = bestAmong(Data, Pruned);
      if (!Best || *Best > Limit)
        break;
    }
    Alive = std::move(Pruned);
    Proposal.Fixed.push_back(PrunedParameter{Candidate.Name, Candidate.Index,
                                             Columns.Distinct[Candidate.Index][Kept],
                                             Candidate.Relative});
  }
  Proposal.Remaining = static_cast<std::size_t>(std::count(Alive.begin(), Alive.end(), 1));
  for (std::size_t Row = 0; Row < Alive.size(); ++Row)
    if (Alive[Row] && rankingCost(Data.Entries[Row], rankingMaximises(Data)))
      ++Proposal.RemainingValid;
  Proposal.PrunedBestCost = bestAmong(Data, Alive);
  return Proposal;
}

} // namespace atfc
