//===- Analysis/PruningTransfer.h - Pruning on other data ------*- C++ -*-===//
//
// Olha et al. (CPE 2020, section 4.2, Tables 7-10) prune a kernel's space
// with the data of one device and measure what the pruned space keeps on
// the others: its state-space reduction and its performance retained, the
// best configuration of the other device's pruned space against that
// device's global best. `atfc analyze A --on B` does this with two
// recorded data sets: the proposals of A's analysis (their parameters and
// the values they keep) are applied to B's configurations.
//
// B's configurations match a fixed value by parameter name and value
// (numbers numerically: 16 and 16.0 are the same value). A proposal that
// fixes a parameter B does not record (the same kernel with one option
// fewer on B's device) does not apply to B and says so; B must rank its
// first objective in the same direction as A.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_ANALYSIS_PRUNINGTRANSFER_H
#define ATFC_ANALYSIS_PRUNINGTRANSFER_H

#include "Analysis/AnalysisReport.h"
#include "Analysis/SpacePruning.h"
#include "Results/RecordedData.h"
#include "Support/Error.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace atfc {

/// One proposal of the analysed data and what it keeps on the other data.
struct TransferredProposal {
  /// The proposal as made on the analysed data (A).
  PruningProposal OnAnalysed;
  /// The same parameters and values applied to the other data (B): its
  /// Total, Remaining, RemainingValid, BestCost and PrunedBestCost are B's,
  /// so reduction() and performanceRetained() are the paper's SSR and PR
  /// on B. Empty (Total 0) when the proposal does not apply.
  PruningProposal OnOther;
  /// The parameters the proposal fixes that B does not record, in the
  /// proposal's order: the proposal does not apply to B.
  std::vector<std::string> Missing;
};

/// A's proposals on B.
struct PruningTransfer {
  /// B's RecordedData::Description.
  std::string Description;
  /// B's configurations, invalid ones included, and its valid ones.
  std::size_t Configurations = 0;
  std::size_t Valid = 0;
  /// B's best ranking cost.
  double BestCost = 0;
  /// Whether the ranking objective is maximised (costs are then ranking
  /// costs, shown as measured).
  bool Maximised = false;
  /// One per proposal of A, in A's order.
  std::vector<TransferredProposal> Proposals;
};

/// Whether A and B are the same parameter value (numbers numerically).
bool sameRecordedValue(const Value &A, const Value &B);

/// A's proposals applied to Other, or why they cannot be: Other has no
/// valid configuration or ranks its first objective the other way.
Expected<PruningTransfer> transferPruning(const DataAnalysis &Analysed, const RecordedData &Other);

/// The transfer as text: one line per proposal with SSR and PR on the
/// other data, next to PR on the analysed data.
std::string formatTransfer(const PruningTransfer &Transfer);

/// The transfer as JSON (docs/analyze.md lists its keys).
nlohmann::ordered_json transferToJson(const PruningTransfer &Transfer);

} // namespace atfc

#endif
