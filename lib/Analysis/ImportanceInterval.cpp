//===- Analysis/ImportanceInterval.cpp - How sure an importance is --------===//
#include "Analysis/ImportanceInterval.h"

#include "Analysis/ParameterImportance.h"
#include "Analysis/ValueColumns.h"
#include "Support/SplitMix64.h"

#include <algorithm>
#include <cmath>

namespace atfc {
namespace {

/// A uniform index below N (N > 0); the modulo bias is negligible here.
std::size_t below(SplitMix64 &Random, std::size_t N) { return Random.next() % N; }

void shuffle(std::vector<std::uint32_t> &V, SplitMix64 &Random) {
  for (std::size_t I = V.size(); I > 1; --I)
    std::swap(V[I - 1], V[below(Random, I)]);
}

/// The value at quantile Q of Sorted (not empty), interpolated.
double quantile(const std::vector<double> &Sorted, double Q) {
  const double Position = Q * static_cast<double>(Sorted.size() - 1);
  const auto Lower = static_cast<std::size_t>(Position);
  const std::size_t Upper = std::min(Lower + 1, Sorted.size() - 1);
  return Sorted[Lower] + (Sorted[Upper] - Sorted[Lower]) * (Position - static_cast<double>(Lower));
}

} // namespace

ImportanceIntervals importanceIntervals(const RecordedData &Data, std::size_t CostClasses,
                                        std::size_t Resamples, std::size_t Shuffles,
                                        std::uint64_t Seed) {
  const ValueColumns Columns = indexValues(Data);
  const auto [ValidRows, Costs] = costedRows(Data);
  ImportanceIntervals Result;
  Result.Samples = Costs.size();
  Result.Shuffles = Shuffles;
  Result.Resamples = Resamples;
  Result.Parameters.resize(Data.Parameters.size());
  if (Costs.size() < 2)
    return Result;
  const std::size_t N = Costs.size();
  const std::vector<std::uint32_t> Classes =
      quantileClasses(Costs, std::max<std::size_t>(CostClasses, 1));
  SplitMix64 Random{Seed};
  std::vector<std::uint32_t> Values(N), Shuffled, ResampledValues(N), ResampledClasses(N);
  std::vector<double> Excess(Resamples);
  for (std::size_t P = 0; P < Data.Parameters.size(); ++P) {
    for (std::size_t I = 0; I < N; ++I)
      Values[I] = Columns.Index[P][ValidRows[I]];
    ImportanceInterval &Interval = Result.Parameters[P];
    double ChanceSum = 0;
    for (std::size_t S = 0; S < Shuffles; ++S) {
      Shuffled = Classes;
      shuffle(Shuffled, Random);
      ChanceSum += mutualInformationBits(Values, Shuffled);
    }
    Interval.Chance = Shuffles > 0 ? ChanceSum / static_cast<double>(Shuffles) : 0;
    Interval.AboveChance = mutualInformationBits(Values, Classes) - Interval.Chance;
    if (Resamples == 0)
      continue;
    for (std::size_t R = 0; R < Resamples; ++R) {
      for (std::size_t I = 0; I < N; ++I) {
        const std::size_t Row = below(Random, N);
        ResampledValues[I] = Values[Row];
        ResampledClasses[I] = Classes[Row];
      }
      Excess[R] = mutualInformationBits(ResampledValues, ResampledClasses) - Interval.Chance;
    }
    std::sort(Excess.begin(), Excess.end());
    // Basic bootstrap: the resamples' spread around the estimate, mirrored;
    // the estimate moves as its median does, so that it stays inside.
    const double Estimate = Interval.AboveChance;
    Interval.AboveChance = 2 * Estimate - quantile(Excess, 0.5);
    Interval.Lo = 2 * Estimate - quantile(Excess, 0.95);
    Interval.Hi = 2 * Estimate - quantile(Excess, 0.05);
    Interval.Distinguishable = Interval.Lo > 0;
  }
  return Result;
}

std::vector<std::size_t> chanceCorrectedOrder(const ImportanceRanking &Ranking,
                                              const ImportanceIntervals &Intervals) {
  std::vector<std::size_t> Order;
  for (const ParameterImportance &P : Ranking.Parameters)
    Order.push_back(P.Index);
  std::stable_sort(Order.begin(), Order.end(), [&](std::size_t A, std::size_t B) {
    const ImportanceInterval &IA = Intervals.Parameters[A], &IB = Intervals.Parameters[B];
    if (IA.Distinguishable != IB.Distinguishable)
      return IA.Distinguishable;
    return IA.AboveChance > IB.AboveChance;
  });
  return Order;
}

} // namespace atfc
