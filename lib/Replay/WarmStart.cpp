//===- Replay/WarmStart.cpp - The best of earlier data as a start --------===//
#include "Replay/WarmStart.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>
#include <set>

namespace atfc {

namespace {

/// Numbers compare by value whatever their kind (a cache may write 8 or
/// 8.0); other values by kind and value.
std::optional<double> numberOf(const Value &V) {
  if (const auto *I = std::get_if<std::int64_t>(&V))
    return static_cast<double>(*I);
  if (const auto *U = std::get_if<std::uint64_t>(&V))
    return static_cast<double>(*U);
  if (const auto *D = std::get_if<double>(&V))
    return *D;
  return std::nullopt;
}

bool sameValue(const Value &A, const Value &B) {
  std::optional<double> X = numberOf(A), Y = numberOf(B);
  if (X && Y)
    return *X == *Y;
  return A == B;
}

/// The prior's leading configurations tried with values it never measured:
/// where all of them take the largest (smallest) value the prior measured
/// for a numeric parameter and the space offers larger (smaller) ones, the
/// trend is continued to the space's values beyond, farthest first. They
/// follow the prior's best and take at most half of Count.
std::vector<Configuration> withExtrapolations(const ChainOfTrees &Space, const RecordedData &Prior,
                                              const std::vector<std::optional<std::size_t>> &Column,
                                              std::vector<Configuration> Best, std::size_t Count) {
  const std::size_t Leads = std::min(kExtrapolatedLeads, Best.size());
  std::vector<std::vector<std::uint64_t>> LeadIndices;
  for (std::size_t I = 0; I < Leads; ++I)
    LeadIndices.push_back(Space.valueIndices(Best[I]));
  // Per level, the space's positions beyond the prior's measured values.
  std::vector<std::vector<std::uint64_t>> Beyond(Space.numLevels());
  for (std::size_t L = 0; L < Space.numLevels() && Leads > 0; ++L) {
    if (!Column[L])
      continue; // the prior never measured the parameter: no trend
    std::optional<double> Low, High;
    for (const EvaluationRecord &E : Prior.Entries)
      if (E.Result.Valid)
        if (std::optional<double> X = numberOf(E.Configuration[*Column[L]].Val)) {
          Low = Low ? std::min(*Low, *X) : *X;
          High = High ? std::max(*High, *X) : *X;
        }
    if (!Low)
      continue;
    const ParameterInfo &P = Space.parameter(L);
    auto LeadsAt = [&](double Edge) {
      return std::all_of(LeadIndices.begin(), LeadIndices.end(), [&](const auto &V) {
        std::optional<double> X = numberOf(P.ValueAt(V[L]));
        return X && *X == Edge;
      });
    };
    const bool AtHigh = LeadsAt(*High), AtLow = LeadsAt(*Low);
    for (std::uint64_t K = 0; K < P.RangeSize; ++K)
      if (std::optional<double> X = numberOf(P.ValueAt(K));
          X && ((AtHigh && *X > *High) || (AtLow && *X < *Low)))
        Beyond[L].push_back(K);
    // Farthest first: the trend continued to the end of the range.
    std::sort(Beyond[L].begin(), Beyond[L].end(), [&](std::uint64_t A, std::uint64_t B) {
      const double Edge = AtHigh ? *High : *Low;
      return std::abs(*numberOf(P.ValueAt(A)) - Edge) > std::abs(*numberOf(P.ValueAt(B)) - Edge);
    });
  }
  std::set<Configuration> Taken(Best.begin(), Best.end());
  std::vector<Configuration> Extra;
  for (std::size_t Rank = 0;; ++Rank) {
    bool Any = false;
    for (std::size_t L = 0; L < Space.numLevels(); ++L) {
      if (Rank >= Beyond[L].size())
        continue;
      Any = true;
      for (std::vector<std::uint64_t> V : LeadIndices) {
        V[L] = Beyond[L][Rank];
        if (std::optional<Configuration> C = Space.withValueIndices(V);
            C && Taken.insert(*C).second && Extra.size() < Count / 2)
          Extra.push_back(*C);
      }
    }
    if (!Any || Extra.size() >= Count / 2)
      break;
  }
  if (Extra.empty())
    return Best;
  std::vector<Configuration> Result(Best.begin(), Best.begin() + 1);
  Result.insert(Result.end(), Extra.begin(), Extra.end());
  Result.insert(Result.end(), Best.begin() + 1, Best.end());
  Result.resize(std::min(Result.size(), Count));
  return Result;
}

} // namespace

Expected<PriorStart> warmStartConfigurations(const ChainOfTrees &Space,
                                             const RecordedData &Recorded, std::size_t Count) {
  // Best first means best in each objective's direction: the search costs
  // (a maximised value's reciprocal), as the model also learns them.
  const RecordedData Prior = minimisedForm(Recorded);
  PriorStart Start;
  // The prior's column of each level; none where the prior lacks it.
  std::vector<std::optional<std::size_t>> Column(Space.numLevels());
  std::vector<std::size_t> Missing;
  for (std::size_t L = 0; L < Space.numLevels(); ++L) {
    const std::string &Name = Space.parameter(L).Name;
    auto It = std::find(Prior.Parameters.begin(), Prior.Parameters.end(), Name);
    if (It != Prior.Parameters.end()) {
      Column[L] = static_cast<std::size_t>(It - Prior.Parameters.begin());
    } else {
      Missing.push_back(L);
      Start.Missing.push_back(Name);
    }
  }
  if (Missing.size() == Space.numLevels())
    return Error("the prior data has none of the space's parameters");
  std::vector<std::size_t> Order;
  for (std::size_t I = 0; I < Prior.Entries.size(); ++I)
    if (Prior.Entries[I].Result.Valid && !Prior.Entries[I].Result.Costs.empty())
      Order.push_back(I);
  if (Order.empty())
    return Error("the prior data holds no valid configuration");
  std::stable_sort(Order.begin(), Order.end(), [&](std::size_t A, std::size_t B) {
    return Prior.Entries[A].Result.Costs < Prior.Entries[B].Result.Costs;
  });
  // The values of the parameters the prior lacks, as one mixed-radix
  // number: the K-th configuration taken starts at combination K, so the
  // prior's best try different values there.
  constexpr std::uint64_t kMost = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t Combinations = 1;
  for (std::size_t L : Missing)
    Combinations = Space.parameter(L).RangeSize > kMost / Combinations
                       ? kMost
                       : Combinations * Space.parameter(L).RangeSize;
  auto Complete = [&](std::vector<std::uint64_t> &Indices, std::uint64_t Combination) {
    for (std::size_t L : Missing) {
      Indices[L] = Combination % Space.parameter(L).RangeSize;
      Combination /= Space.parameter(L).RangeSize;
    }
  };
  std::vector<Configuration> &Configurations = Start.Configurations;
  std::set<Configuration> Taken;
  std::vector<std::uint64_t> Indices(Space.numLevels());
  for (std::size_t I : Order) {
    if (Configurations.size() >= Count && !Missing.empty())
      break;
    bool Found = true;
    for (std::size_t L = 0; L < Space.numLevels() && Found; ++L) {
      if (!Column[L])
        continue;
      const ParameterInfo &P = Space.parameter(L);
      const Value &V = Prior.Entries[I].Configuration[*Column[L]].Val;
      Found = false;
      for (std::uint64_t K = 0; K < P.RangeSize && !Found; ++K)
        if (sameValue(P.ValueAt(K), V)) {
          Indices[L] = K;
          Found = true;
        }
    }
    if (!Found)
      continue;
    if (Missing.empty())
      if (std::optional<Configuration> C = Space.withValueIndices(Indices))
        Start.Measured.emplace_back(*C, Prior.Entries[I].Result.Costs.front());
    if (Configurations.size() >= Count)
      continue;
    // The first completion the constraints admit, from the entry's turn on
    // (a bounded number of tries: a wide missing range is not enumerated).
    const std::uint64_t Tries = std::min<std::uint64_t>(Combinations, kCompletionTries);
    for (std::uint64_t T = 0; T < Tries; ++T) {
      Complete(Indices, (Configurations.size() + T) % Combinations);
      if (std::optional<Configuration> C = Space.withValueIndices(Indices)) {
        if (Taken.insert(*C).second)
          Configurations.push_back(*C);
        break;
      }
    }
  }
  Configurations = withExtrapolations(Space, Prior, Column, std::move(Configurations), Count);
  return Start;
}

std::string missingParametersNote(const std::vector<std::string> &Missing) {
  std::string Names;
  for (const std::string &Name : Missing)
    Names += (Names.empty() ? "'" : ", '") + Name + "'";
  return "the prior data has no parameter " + Names +
         "; its best configurations take their values in turn";
}

} // namespace atfc
