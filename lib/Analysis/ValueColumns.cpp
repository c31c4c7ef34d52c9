//===- Analysis/ValueColumns.cpp - Recorded data as index columns ---------===//
#include "Analysis/ValueColumns.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace atfc {

std::optional<long double> numberOf(const Value &V) {
  if (const auto *I = std::get_if<std::int64_t>(&V))
    return static_cast<long double>(*I);
  if (const auto *U = std::get_if<std::uint64_t>(&V))
    return static_cast<long double>(*U);
  if (const auto *D = std::get_if<double>(&V))
    return static_cast<long double>(*D);
  return std::nullopt;
}

namespace {

/// The order of ValueColumns::Distinct.
bool valueLess(const Value &A, const Value &B) {
  std::optional<long double> NA = numberOf(A), NB = numberOf(B);
  if (NA && NB) {
    if (*NA != *NB)
      return *NA < *NB;
    return A.index() < B.index(); // 2 (int) and 2.0 (double) stay distinct
  }
  if (NA || NB)
    return NA.has_value(); // numbers first
  return A < B;            // same kind compares by value, else by kind
}

} // namespace

bool rankingMaximises(const RecordedData &Data) {
  return !Data.Directions.empty() && Data.Directions.front() == Direction::Maximise;
}

std::optional<double> rankingCost(const EvaluationRecord &Entry, bool Maximised) {
  if (!Entry.Result.Valid || Entry.Result.Costs.empty() ||
      !std::isfinite(Entry.Result.Costs.front()))
    return std::nullopt;
  if (!Maximised)
    return Entry.Result.Costs.front();
  // The search cost: the reciprocal, so that "within 10 % of the best"
  // means the same in both directions.
  if (!(Entry.Result.Costs.front() > 0))
    return std::nullopt;
  return 1.0 / Entry.Result.Costs.front();
}

double measuredRankingCost(double Ranking, bool Maximised) {
  return Maximised ? (Ranking > 0 && std::isfinite(Ranking) ? 1.0 / Ranking : 0.0) : Ranking;
}

std::optional<double> bestCost(const RecordedData &Data) {
  std::optional<double> Best;
  for (const EvaluationRecord &Entry : Data.Entries)
    if (std::optional<double> Cost = rankingCost(Entry, rankingMaximises(Data));
        Cost && (!Best || *Cost < *Best))
      Best = Cost;
  return Best;
}

CostedRows costedRows(const RecordedData &Data) {
  CostedRows Result;
  for (std::size_t Row = 0; Row < Data.Entries.size(); ++Row)
    if (std::optional<double> Cost = rankingCost(Data.Entries[Row], rankingMaximises(Data))) {
      Result.Rows.push_back(Row);
      Result.Costs.push_back(*Cost);
    }
  return Result;
}

ValueColumns indexValues(const RecordedData &Data) {
  const std::size_t Parameters = Data.Parameters.size();
  ValueColumns Columns;
  Columns.Distinct.resize(Parameters);
  Columns.Index.resize(Parameters);
  for (std::size_t P = 0; P < Parameters; ++P) {
    std::map<Value, std::uint32_t, decltype(&valueLess)> Positions(&valueLess);
    for (const EvaluationRecord &Entry : Data.Entries)
      if (P < Entry.Configuration.size())
        Positions.emplace(Entry.Configuration[P].Val, 0);
    std::uint32_t Next = 0;
    for (auto &[V, Position] : Positions) {
      Position = Next++;
      Columns.Distinct[P].push_back(V);
    }
    std::vector<std::uint32_t> &Column = Columns.Index[P];
    Column.reserve(Data.Entries.size());
    for (const EvaluationRecord &Entry : Data.Entries)
      Column.push_back(P < Entry.Configuration.size() ? Positions.at(Entry.Configuration[P].Val)
                                                      : 0);
  }
  return Columns;
}

} // namespace atfc
