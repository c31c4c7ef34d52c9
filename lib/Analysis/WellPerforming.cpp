//===- Analysis/WellPerforming.cpp - Share of good configurations ---------===//
#include "Analysis/WellPerforming.h"

#include "Analysis/ValueColumns.h"

#include <cmath>
#include <limits>

namespace atfc {

std::optional<WellPerformingShare> measureWellPerforming(const RecordedData &Data,
                                                         double Threshold) {
  std::optional<double> Best = bestCost(Data);
  if (!Best)
    return std::nullopt;
  WellPerformingShare Share;
  Share.Threshold = Threshold;
  Share.BestCost = *Best;
  // A negative best (a cost that is a negated gain) would shrink the limit
  // below the best: the distance is measured from the best either way.
  Share.CostLimit = *Best + std::abs(*Best) * Threshold;
  Share.Total = Data.Entries.size();
  for (const EvaluationRecord &Entry : Data.Entries) {
    std::optional<double> Cost = rankingCost(Entry, rankingMaximises(Data));
    if (!Cost)
      continue;
    ++Share.Valid;
    if (*Cost <= Share.CostLimit)
      ++Share.WellPerforming;
  }
  return Share;
}

double formulaSteps(double Share, double Probability) {
  if (Share >= 1)
    return 1;
  if (Share <= 0 || Probability >= 1)
    return std::numeric_limits<double>::infinity();
  if (Probability <= 0)
    return 0;
  // log1p keeps precision for the tiny shares of large spaces.
  return std::log1p(-Probability) / std::log1p(-Share);
}

std::optional<std::uint64_t> stepsWithReplacement(double Share, double Probability) {
  const double Steps = formulaSteps(Share, Probability);
  if (!std::isfinite(Steps))
    return std::nullopt;
  // A hair of tolerance so that a product that is exactly the target in
  // real arithmetic (0.5 = 0.5^1) does not round up to one more draw.
  const double Rounded = std::ceil(Steps - 1e-9);
  return Rounded < 1 ? 1 : static_cast<std::uint64_t>(Rounded);
}

std::optional<std::uint64_t> stepsWithoutReplacement(std::uint64_t Total, std::uint64_t Good,
                                                     double Probability) {
  if (Good == 0 || Good > Total)
    return std::nullopt;
  // P(the first n draws all miss) = prod_{i<n} (Total - Good - i) / (Total - i).
  const double MissTarget = 1 - Probability;
  double Miss = 1;
  for (std::uint64_t N = 1; N <= Total - Good + 1; ++N) {
    const std::uint64_t I = N - 1;
    Miss *= double(Total - Good - I) / double(Total - I);
    if (Miss <= MissTarget + 1e-12)
      return N;
  }
  return Total - Good + 1; // unreachable: the last factor is 0
}

std::vector<StepEstimate> estimateSteps(const WellPerformingShare &Share,
                                        std::span<const double> Probabilities) {
  std::vector<StepEstimate> Estimates;
  for (double P : Probabilities) {
    StepEstimate E;
    E.Probability = P;
    E.Formula = formulaSteps(Share.share(), P);
    E.WithReplacement = stepsWithReplacement(Share.share(), P);
    E.WithoutReplacement = stepsWithoutReplacement(Share.Total, Share.WellPerforming, P);
    Estimates.push_back(E);
  }
  return Estimates;
}

double expectedStepsWithReplacement(const WellPerformingShare &Share) {
  if (Share.WellPerforming == 0)
    return std::numeric_limits<double>::infinity();
  return 1 / Share.share();
}

double expectedStepsWithoutReplacement(const WellPerformingShare &Share) {
  if (Share.WellPerforming == 0)
    return std::numeric_limits<double>::infinity();
  return double(Share.Total + 1) / double(Share.WellPerforming + 1);
}

} // namespace atfc
