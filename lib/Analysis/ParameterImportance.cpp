//===- Analysis/ParameterImportance.cpp - Mutual information --------------===//
#include "Analysis/ParameterImportance.h"

#include "Analysis/ValueColumns.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace atfc {

std::vector<std::uint32_t> quantileClasses(std::span<const double> Costs, std::size_t Bins) {
  const std::size_t N = Costs.size();
  Bins = std::max<std::size_t>(Bins, 1);
  std::vector<std::size_t> Order(N);
  std::iota(Order.begin(), Order.end(), std::size_t{0});
  std::stable_sort(Order.begin(), Order.end(),
                   [&](std::size_t A, std::size_t B) { return Costs[A] < Costs[B]; });
  std::vector<std::uint32_t> Classes(N);
  std::size_t Smaller = 0; // r of the current run of equal costs
  for (std::size_t I = 0; I < N; ++I) {
    if (I > 0 && Costs[Order[I]] != Costs[Order[I - 1]])
      Smaller = I;
    Classes[Order[I]] = static_cast<std::uint32_t>(Bins * Smaller / N);
  }
  return Classes;
}

namespace {

/// Counts of each value of Y.
std::vector<std::size_t> histogram(std::span<const std::uint32_t> Y) {
  std::vector<std::size_t> Counts;
  for (std::uint32_t V : Y) {
    if (V >= Counts.size())
      Counts.resize(V + 1, 0);
    ++Counts[V];
  }
  return Counts;
}

} // namespace

double entropyBits(std::span<const std::uint32_t> Y) {
  const double N = double(Y.size());
  double H = 0;
  for (std::size_t Count : histogram(Y))
    if (Count)
      H -= Count / N * std::log2(Count / N);
  return H;
}

double mutualInformationBits(std::span<const std::uint32_t> X, std::span<const std::uint32_t> Y) {
  const std::size_t N = std::min(X.size(), Y.size());
  if (N == 0)
    return 0;
  const std::vector<std::size_t> CountX = histogram(X.first(N)), CountY = histogram(Y.first(N));
  const std::size_t Width = CountY.size();
  std::vector<std::size_t> Joint(CountX.size() * Width, 0);
  for (std::size_t I = 0; I < N; ++I)
    ++Joint[X[I] * Width + Y[I]];
  // p(x,c) log2(p(x,c) / (p(x) p(c))) = (n_xc / N) log2(n_xc N / (n_x n_c)).
  double MI = 0;
  for (std::size_t XV = 0; XV < CountX.size(); ++XV)
    for (std::size_t YV = 0; YV < Width; ++YV)
      if (const std::size_t Nxy = Joint[XV * Width + YV])
        MI += double(Nxy) / double(N) *
              std::log2(double(Nxy) * double(N) / (double(CountX[XV]) * double(CountY[YV])));
  return std::max(MI, 0.0); // rounding may leave -1e-17 for independent columns
}

ImportanceRanking rankParameters(const RecordedData &Data, std::size_t CostClasses) {
  const ValueColumns Columns = indexValues(Data);
  const auto [ValidRows, Costs] = costedRows(Data);
  ImportanceRanking Ranking;
  Ranking.CostClasses = std::max<std::size_t>(CostClasses, 1);
  Ranking.Samples = Costs.size();
  const std::vector<std::uint32_t> Classes = quantileClasses(Costs, Ranking.CostClasses);
  Ranking.CostEntropy = entropyBits(Classes);

  std::vector<std::uint32_t> Values(ValidRows.size());
  double Largest = 0;
  for (std::size_t P = 0; P < Data.Parameters.size(); ++P) {
    for (std::size_t I = 0; I < ValidRows.size(); ++I)
      Values[I] = Columns.Index[P][ValidRows[I]];
    ParameterImportance Importance;
    Importance.Name = Data.Parameters[P];
    Importance.Index = P;
    Importance.DistinctValues = Columns.Distinct[P].size();
    Importance.MutualInformation = mutualInformationBits(Values, Classes);
    Importance.Normalised =
        Ranking.CostEntropy > 0 ? Importance.MutualInformation / Ranking.CostEntropy : 0.0;
    Largest = std::max(Largest, Importance.MutualInformation);
    Ranking.Parameters.push_back(std::move(Importance));
  }
  for (ParameterImportance &Importance : Ranking.Parameters)
    Importance.Relative = Largest > 0 ? Importance.MutualInformation / Largest : 0.0;
  std::stable_sort(Ranking.Parameters.begin(), Ranking.Parameters.end(),
                   [](const ParameterImportance &A, const ParameterImportance &B) {
                     return A.MutualInformation > B.MutualInformation;
                   });
  return Ranking;
}

} // namespace atfc
