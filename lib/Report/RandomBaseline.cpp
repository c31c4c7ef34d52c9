//===- Report/RandomBaseline.cpp - What uniform random search expects -----===//
#include "Report/RandomBaseline.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace atfc::report {

std::vector<BaselinePoint> randomSearchBaseline(std::vector<double> ValidCosts, double Measured,
                                                double SpaceSize,
                                                const std::vector<std::uint64_t> &Draws) {
  constexpr double Inf = std::numeric_limits<double>::infinity();
  std::sort(ValidCosts.begin(), ValidCosts.end());
  const std::size_t V = ValidCosts.size();
  Measured = std::max(Measured, static_cast<double>(V));
  const double N = std::max(SpaceSize, Measured);
  const double W = Measured > 0 ? N / Measured : 1;
  const bool Exact = W == 1;
  std::vector<BaselinePoint> Points;
  for (std::uint64_t K : Draws) {
    BaselinePoint P;
    P.Draws = K;
    P.Expected = P.Q1 = P.Median = P.Q3 = Inf;
    const double Kd = static_cast<double>(K);
    if (V == 0 || K == 0 || N == 0) {
      Points.push_back(P);
      continue;
    }
    // q_i for i = 0..V, accumulated into the expectation and quantiles.
    double Q = 1, Sum = 0;
    bool HaveQ1 = false, HaveMedian = false, HaveQ3 = false;
    for (std::size_t I = 1; I <= V; ++I) {
      double Next;
      const double Removed = static_cast<double>(I) * W;
      if (Exact)
        Next = Q * std::max(0.0, (N - Kd - static_cast<double>(I) + 1) /
                                     (N - static_cast<double>(I) + 1));
      else
        Next = Removed >= N - Kd + 1 ? 0 : std::exp(Kd * std::log1p(-Removed / (N - (Kd - 1) / 2)));
      Sum += ValidCosts[I - 1] * (Q - Next);
      Q = Next;
      const double Found = 1 - Q;
      if (!HaveQ1 && Found >= 0.25) {
        P.Q1 = ValidCosts[I - 1];
        HaveQ1 = true;
      }
      if (!HaveMedian && Found >= 0.5) {
        P.Median = ValidCosts[I - 1];
        HaveMedian = true;
      }
      if (!HaveQ3 && Found >= 0.75) {
        P.Q3 = ValidCosts[I - 1];
        HaveQ3 = true;
      }
      if (Q == 0)
        break;
    }
    P.FoundValid = 1 - Q;
    if (P.FoundValid > 0)
      P.Expected = Sum / P.FoundValid;
    Points.push_back(P);
  }
  return Points;
}

std::vector<std::uint64_t> drawCounts(std::uint64_t Max, std::size_t Count) {
  std::vector<std::uint64_t> Counts;
  if (Max == 0)
    return Counts;
  if (Max <= Count) {
    for (std::uint64_t K = 1; K <= Max; ++K)
      Counts.push_back(K);
    return Counts;
  }
  const double Step = std::log(static_cast<double>(Max)) / static_cast<double>(Count - 1);
  for (std::size_t I = 0; I < Count; ++I) {
    const auto K = static_cast<std::uint64_t>(std::llround(std::exp(Step * I)));
    if (Counts.empty() || K > Counts.back())
      Counts.push_back(std::min(K, Max));
  }
  if (Counts.back() != Max)
    Counts.push_back(Max);
  return Counts;
}

} // namespace atfc::report
