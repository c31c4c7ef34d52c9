//===- Analysis/ParameterImportance.h - Mutual information ------*- C++ -*-===//
//
// How much each tuning parameter determines the cost: the mutual
// information between the parameter's value and the cost (Olha et al.,
// CPE 2020, section 4.1), estimated from the recorded configurations.
//
// Mutual information needs a discrete cost. The paper does not say how it
// discretised runtime; atfc uses equal-frequency (quantile) classes of the
// valid configurations' costs, 10 by default: a class is a decile of the
// ranking, so the measure is unaffected by outliers and by the cost's unit
// or scale, and it sees every part of the distribution (a two-class split
// into well-performing and the rest would ignore everything the slow
// majority says). Equal costs always share a class. Invalid configurations
// have no cost and are left out.
//
// I(X; C) = sum_{x,c} p(x,c) log2(p(x,c) / (p(x) p(c))), in bits, with the
// empirical probabilities of the valid configurations. Reported three ways:
// in bits; normalised by the cost classes' entropy H(C), so 1 means the
// parameter alone determines the cost class; and relative to the largest
// of all parameters, the paper's scale for its pruning cut-off (MI_max).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_ANALYSIS_PARAMETERIMPORTANCE_H
#define ATFC_ANALYSIS_PARAMETERIMPORTANCE_H

#include "Results/RecordedData.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace atfc {

/// The class of each cost: its equal-frequency bin among Bins (>= 1). A
/// cost's class is floor(Bins * r / n), r being how many of the n costs are
/// strictly smaller, so equal costs share a class.
std::vector<std::uint32_t> quantileClasses(std::span<const double> Costs, std::size_t Bins);

/// H(Y) in bits of the empirical distribution of Y.
double entropyBits(std::span<const std::uint32_t> Y);

/// I(X; Y) in bits of the empirical joint distribution of X and Y (same
/// length).
double mutualInformationBits(std::span<const std::uint32_t> X, std::span<const std::uint32_t> Y);

/// One parameter's importance.
struct ParameterImportance {
  /// The parameter's name.
  std::string Name;
  /// Its position in RecordedData::Parameters.
  std::size_t Index = 0;
  /// How many distinct values it takes in the data; 1 means it is constant
  /// there (its importance is 0 and pruning it changes nothing).
  std::size_t DistinctValues = 0;
  /// I(value; cost class) in bits.
  double MutualInformation = 0;
  /// MutualInformation / H(cost class), in [0, 1]; 0 when H is 0.
  double Normalised = 0;
  /// MutualInformation / the largest MutualInformation of all parameters, in
  /// [0, 1]; 0 when the largest is 0.
  double Relative = 0;
};

/// The importance ranking of Data's parameters.
struct ImportanceRanking {
  /// How many cost classes were used.
  std::size_t CostClasses = 0;
  /// H(cost class) in bits: at most log2(CostClasses).
  double CostEntropy = 0;
  /// How many valid configurations the estimate rests on.
  std::size_t Samples = 0;
  /// Every parameter, most important first (ties in the data's order).
  std::vector<ParameterImportance> Parameters;
};

/// Ranks Data's parameters by the mutual information between their values
/// and the cost, discretised into CostClasses quantile classes.
ImportanceRanking rankParameters(const RecordedData &Data, std::size_t CostClasses = 10);

} // namespace atfc

#endif
