//===- Replay/WarmStart.h - The best of earlier data as a start -*- C++ -*-===//
//
// A warm start seeds a search with the best configurations of the same
// kernel measured before: on another GPU, or for another input size. The
// prior data (a Kernel Tuner cache, a T4 file, or a run of the results
// database as RecordedData) is matched to the space by parameter name and
// value; its best valid entries that the space holds become the first
// configurations of the run (Exploration::warmStart), best first.
//
// Shared by `atfc replay DATA --prior OTHER` and the tuning run.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_REPLAY_WARMSTART_H
#define ATFC_REPLAY_WARMSTART_H

#include "Results/RecordedData.h"
#include "SearchSpace/ChainOfTrees.h"
#include "Support/Error.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace atfc {

/// How many of the prior's best configurations a warm start measures. On
/// the shipped Kernel Tuner pairs a configuration within 5 % of the
/// target's optimum is among the prior's 16 best where the prior helps at
/// all (GEMM RTX 3060 laptop -> RTX 3090: the 13th; 4 found none there);
/// docs/replay.md has the measurements.
inline constexpr std::size_t kWarmStartConfigurations = 16;

/// The prior's best configurations whose values decide an extrapolation
/// (warmStartConfigurations).
inline constexpr std::size_t kExtrapolatedLeads = 4;

/// How many configurations a warm start measures in a run whose abort
/// condition ends it after Budget evaluations (AbortCondition::
/// evaluationBudget; nullopt: none bounds it): kWarmStartConfigurations,
/// but at most a quarter of the budget and at least one, so that a small
/// budget (`atfc tune --inputs` with evaluations(16)) is not all warm
/// start.
constexpr std::size_t warmStartCount(std::optional<std::uint64_t> Budget) {
  if (!Budget)
    return kWarmStartConfigurations;
  return static_cast<std::size_t>(
      std::clamp<std::uint64_t>(*Budget / 4, 1, kWarmStartConfigurations));
}

/// How many combinations of the values of the parameters a prior lacks are
/// tried for one of its configurations before it is passed over.
inline constexpr std::uint64_t kCompletionTries = 64;

/// A warm start from one prior.
struct PriorStart {
  /// To measure first, best in the prior first.
  std::vector<Configuration> Configurations;
  /// The space's parameters the prior lacks, in the space's order.
  std::vector<std::string> Missing;
  /// Every valid entry of the prior that is a configuration of the space,
  /// with its primary cost, for a model (Exploration::measuredElsewhere);
  /// none where the prior lacks a parameter.
  std::vector<std::pair<Configuration, double>> Measured;
};

/// The configurations of Space (distinct, best in the prior first) with the
/// Count best primary costs, each objective in its direction (its search
/// cost, minimisedForm), among the valid entries of Prior, matched by
/// parameter name and value; entries whose values Space lacks (another
/// space, or a value a constraint rejects here) are passed over. A
/// parameter of Space that the prior lacks (a kernel that gained one) says
/// nothing about its value, so the configurations take its values in turn:
/// the prior's K-th taken starts at the K-th combination of the missing
/// parameters' values and takes the first the constraints admit.
/// Where the prior's kExtrapolatedLeads best all take the largest (smallest)
/// value the prior measured for a numeric parameter and the space has larger
/// (smaller) ones, which the prior cannot rank, those leads are also tried
/// with the values beyond, farthest first, after the prior's best and at
/// most half of Count (convolution A4000 -> RTX 3060 laptop: tile sizes 5..8
/// that the A4000 never measured; docs/replay.md). An error when Prior has
/// none of Space's parameters or no valid entry.
Expected<PriorStart> warmStartConfigurations(const ChainOfTrees &Space, const RecordedData &Prior,
                                             std::size_t Count = kWarmStartConfigurations);

/// The note for a prior that lacks some of the space's parameters.
std::string missingParametersNote(const std::vector<std::string> &Missing);

} // namespace atfc

#endif
