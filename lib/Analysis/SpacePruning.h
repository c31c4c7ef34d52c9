//===- Analysis/SpacePruning.h - Fixing unimportant parameters --*- C++ -*-===//
//
// The pruning methods of Olha et al. (CPE 2020, section 4.1): a pruned
// parameter is fixed to its median value, removing its dimension from the
// space. Parameters are considered from the least important (smallest
// mutual information) up:
//  - naive: prune every parameter whose mutual information is below
//    Cutoff * MI_max (the paper uses 20 %);
//  - aggressive: prune one by one while the best configuration left in the
//    pruned space stays within Threshold of the overall best; stop at the
//    first parameter that would break that;
//  - conservative: as aggressive, but a parameter must also be below the
//    naive cut-off (both criteria), stopping at the first that fails either.
// "Within Threshold" is the same test as a well-performing configuration:
// pruned best <= best * (1 + Threshold); the paper's 90 % of the best
// performance is Threshold = 0.111.
//
// The median of a parameter is the lower median of the distinct values it
// still takes among the configurations left, in value order; taking it from
// what is left (rather than from the full range) keeps every step's space
// non-empty in a constrained space. Parameters with a single value are
// never listed: fixing them changes nothing.
//
// For pruning that another device will use (`atfc analyze A --on B`), a
// parameter can instead be fixed to the value the well-performing
// configurations left use most (FixTo::WellPerforming; ties: the value of
// the best of them), the median when none is left.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_ANALYSIS_SPACEPRUNING_H
#define ATFC_ANALYSIS_SPACEPRUNING_H

#include "Analysis/ParameterImportance.h"
#include "Results/RecordedData.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace atfc {

/// The paper's pruning methods.
enum class PruningMethod { Naive, Aggressive, Conservative };

/// "naive", "aggressive", "conservative".
const char *pruningMethodName(PruningMethod Method);
/// The method named Name; nullopt for any other name.
std::optional<PruningMethod> parsePruningMethod(const std::string &Name);

/// Which value a pruned parameter keeps.
enum class FixTo {
  /// The lower median of the values left.
  Median,
  /// The value most common among the well-performing configurations left.
  WellPerforming
};

/// "median", "well-performing".
const char *fixToName(FixTo Choice);

/// The knobs of the methods.
struct PruningOptions {
  /// Naive and conservative: a parameter is unimportant when its mutual
  /// information is below Cutoff * MI_max.
  double Cutoff = 0.2;
  /// Aggressive and conservative: the pruned space's best cost must stay
  /// <= best * (1 + Threshold).
  double Threshold = 0.10;
  /// The value a pruned parameter keeps; well-performing means within
  /// Threshold of the best.
  FixTo Value = FixTo::Median;
};

/// A parameter a proposal fixes.
struct PrunedParameter {
  /// Its name.
  std::string Name;
  /// Its position in RecordedData::Parameters.
  std::size_t Index = 0;
  /// The value it is fixed to.
  Value Fixed;
  /// Its mutual information relative to MI_max (why it was chosen).
  double Relative = 0;
};

/// What a method proposes and what it would cost on the analysed data.
struct PruningProposal {
  PruningMethod Method = PruningMethod::Naive;
  /// The parameters fixed, in the order they were pruned (least important
  /// first).
  std::vector<PrunedParameter> Fixed;
  /// Configurations recorded in the full space, invalid ones included.
  std::size_t Total = 0;
  /// Configurations left in the pruned space, invalid ones included.
  std::size_t Remaining = 0;
  /// Valid configurations left.
  std::size_t RemainingValid = 0;
  /// The best cost of the full space.
  double BestCost = 0;
  /// The best cost left in the pruned space; nullopt when no valid
  /// configuration is left.
  std::optional<double> PrunedBestCost;

  /// State-space reduction: Total / Remaining (the paper's SSR).
  double reduction() const { return Remaining ? double(Total) / double(Remaining) : 0.0; }
  /// Performance retained: BestCost / PrunedBestCost (the paper's PR; 1
  /// means the best configuration survives), 0 when nothing valid is left.
  double performanceRetained() const;
};

/// The proposal of Method on Data, whose parameters Ranking ranks (from
/// rankParameters(Data)). Data must have at least one valid configuration.
PruningProposal proposePruning(const RecordedData &Data, const ImportanceRanking &Ranking,
                               PruningMethod Method, const PruningOptions &Options);

} // namespace atfc

#endif
