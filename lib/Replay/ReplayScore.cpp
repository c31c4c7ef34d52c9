//===- Replay/ReplayScore.cpp - The methodology's performance score ------===//
#include "Replay/ReplayScore.h"

#include <algorithm>
#include <cmath>

namespace atfc {

std::vector<double> randomSearchExpectation(std::vector<double> Relative, std::uint64_t N) {
  std::vector<double> Expected;
  if (Relative.empty())
    return Expected;
  double Worst = 1.0;
  for (double V : Relative)
    if (std::isfinite(V))
      Worst = std::max(Worst, V);
  for (double &V : Relative)
    if (!std::isfinite(V))
      V = Worst;
  std::sort(Relative.begin(), Relative.end());
  const std::uint64_t Size = Relative.size();
  N = std::min<std::uint64_t>(N, Size);
  for (std::uint64_t B = 1; B <= N; ++B) {
    // Q = P(the minimum's rank is >= I) = C(n-I+1, b) / C(n, b), I from 1.
    double Q = 1.0, Sum = 0.0;
    for (std::uint64_t I = 1; I <= Size && Q > 1e-17; ++I) {
      const double Remaining = static_cast<double>(Size - I + 1);
      const double Next = Remaining > static_cast<double>(B)
                              ? Q * (Remaining - static_cast<double>(B)) / Remaining
                              : 0.0;
      Sum += Relative[I - 1] * (Q - Next);
      Q = Next;
    }
    Expected.push_back(Sum);
  }
  return Expected;
}

double performanceScore(std::span<const std::pair<std::uint64_t, double>> Improvements,
                        std::span<const double> Random, double Worst) {
  if (Random.empty())
    return 0.0;
  double Total = 0.0, Best = Worst;
  std::size_t Next = 0;
  for (std::uint64_t B = 1; B <= Random.size(); ++B) {
    while (Next < Improvements.size() && Improvements[Next].first <= B)
      Best = Improvements[Next++].second;
    const double Gap = Random[B - 1] - 1.0;
    // Where random search is sure to hold the optimum, only the optimum
    // scores.
    Total += Gap > 1e-12 ? (Random[B - 1] - Best) / Gap : (Best <= 1.0 ? 1.0 : 0.0);
  }
  return Total / static_cast<double>(Random.size());
}

} // namespace atfc
