//===- Analysis/WellPerforming.h - Share of good configurations -*- C++ -*-===//
//
// How much of a recorded space is well-performing, and how many random-
// search evaluations that implies (Olha et al., CPE 2020, section 3).
//
// A configuration is well-performing when its cost is within Threshold of
// the best: cost <= best * (1 + Threshold). (The paper's "90 % of the best
// performance" is cost <= best / 0.9, i.e. Threshold = 0.111.)
//
// The share p_b counts over every recorded configuration, invalid ones
// included: a random search draws from the whole space and an invalid draw
// costs an evaluation like any other.
//
// Formula 2 of the paper, n = log_(1 - p_b)(1 - p_s), assumes independent
// draws, i.e. sampling WITH replacement. A tuner that never measures a
// configuration twice (atfc's techniques) samples WITHOUT replacement; with
// N configurations of which K are well-performing, n draws all miss with
// probability C(N-K, n) / C(N, n), which falls faster than (1 - p_b)^n. Both
// are computed; replays of atfc's random search should match the latter.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_ANALYSIS_WELLPERFORMING_H
#define ATFC_ANALYSIS_WELLPERFORMING_H

#include "Results/RecordedData.h"

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace atfc {

/// The well-performing part of a recorded space.
struct WellPerformingShare {
  /// The relative distance from the best that still counts as well
  /// performing (0.10: within 10 %).
  double Threshold = 0;
  /// The best (smallest) cost recorded.
  double BestCost = 0;
  /// The largest cost that is well-performing: BestCost * (1 + Threshold).
  double CostLimit = 0;
  /// K: how many configurations are well-performing.
  std::size_t WellPerforming = 0;
  /// How many configurations have a cost.
  std::size_t Valid = 0;
  /// N: how many configurations are recorded, invalid ones included.
  std::size_t Total = 0;

  /// p_b = K / N, the share the step estimates use.
  double share() const { return Total ? double(WellPerforming) / double(Total) : 0.0; }
  /// K / valid: the share among configurations that ran.
  double shareOfValid() const { return Valid ? double(WellPerforming) / double(Valid) : 0.0; }
};

/// The well-performing share of Data for Threshold (>= 0); nullopt when no
/// configuration has a cost.
std::optional<WellPerformingShare> measureWellPerforming(const RecordedData &Data,
                                                         double Threshold);

/// Formula 2 as a real number: log(1 - Probability) / log(1 - Share), for
/// Share and Probability in (0, 1). Share >= 1 gives 1 (the first draw
/// succeeds); Share <= 0 or Probability >= 1 gives +infinity.
double formulaSteps(double Share, double Probability);

/// The smallest number of independent draws (with replacement) after which
/// one well-performing configuration has been found with at least
/// Probability: ceil(formulaSteps), at least 1; nullopt when infinite.
std::optional<std::uint64_t> stepsWithReplacement(double Share, double Probability);

/// The smallest n such that n distinct configurations drawn uniformly
/// without replacement from Total, of which Good are well-performing, include
/// one with at least Probability (Probability in (0, 1]); nullopt when Good
/// is 0. Never more than Total - Good + 1.
std::optional<std::uint64_t> stepsWithoutReplacement(std::uint64_t Total, std::uint64_t Good,
                                                     double Probability);

/// The steps to a well-performing configuration for one probability.
struct StepEstimate {
  /// p_s: the probability of having found one.
  double Probability = 0;
  /// Formula 2 unrounded (+infinity when none can be found).
  double Formula = 0;
  /// Draws with replacement (the paper's model); nullopt: never.
  std::optional<std::uint64_t> WithReplacement;
  /// Distinct draws without replacement (atfc's random search); nullopt:
  /// never.
  std::optional<std::uint64_t> WithoutReplacement;
};

/// The estimates of Share for each of Probabilities.
std::vector<StepEstimate> estimateSteps(const WellPerformingShare &Share,
                                        std::span<const double> Probabilities);

/// The expected number of draws to the first well-performing configuration:
/// 1 / p_b with replacement; (N + 1) / (K + 1) without. +infinity when K = 0.
double expectedStepsWithReplacement(const WellPerformingShare &Share);
double expectedStepsWithoutReplacement(const WellPerformingShare &Share);

} // namespace atfc

#endif
