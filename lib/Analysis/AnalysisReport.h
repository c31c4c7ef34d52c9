//===- Analysis/AnalysisReport.h - Everything atfc analyze shows -*- C++ -*-===//
//
// Runs every analysis of this component on one RecordedData table and
// renders the result as text for people or as JSON for programs. The
// rendering lives here, not in the tool, so that it is tested with the
// computations it reports.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_ANALYSIS_ANALYSISREPORT_H
#define ATFC_ANALYSIS_ANALYSISREPORT_H

#include "Analysis/ImportanceInterval.h"
#include "Analysis/ParameterImportance.h"
#include "Analysis/SpacePruning.h"
#include "Analysis/WellPerforming.h"
#include "Results/RecordedData.h"
#include "Support/Error.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace atfc {

/// What to analyse and how.
struct AnalysisOptions {
  /// Well-performing: cost <= best * (1 + Threshold); also the performance
  /// the aggressive and conservative pruning must keep.
  double Threshold = 0.10;
  /// The probabilities of finding a well-performing configuration to give
  /// step estimates for.
  std::vector<double> Probabilities = {0.5, 0.9, 0.95, 0.99};
  /// How many quantile classes the cost is discretised into for mutual
  /// information.
  std::size_t CostClasses = 10;
  /// The naive and conservative cut-off, relative to MI_max.
  double PruneCutoff = 0.2;
  /// The value a pruned parameter keeps (SpacePruning.h).
  FixTo Value = FixTo::Median;
  /// The pruning methods to propose, in this order.
  std::vector<PruningMethod> Methods = {PruningMethod::Naive, PruningMethod::Aggressive,
                                        PruningMethod::Conservative};
};

/// The analysis of one data set.
struct DataAnalysis {
  AnalysisOptions Options;
  /// RecordedData::Description.
  std::string Description;
  /// RecordedData::Parameters and Objectives.
  std::vector<std::string> Parameters;
  std::vector<std::string> Objectives;
  /// Whether the first objective, which ranks, is maximised: the costs
  /// below are then ranking costs (reciprocals), shown as measured.
  bool Maximised = false;
  WellPerformingShare Share;
  std::vector<StepEstimate> Steps;
  ImportanceRanking Importance;
  /// How sure each parameter's importance is: the information chance gives
  /// with as many samples, the excess and its bootstrap interval. People
  /// are shown the parameters in chanceCorrectedOrder, as atfc report
  /// shows them; pruning goes by Importance.
  ImportanceIntervals Intervals;
  /// One per Options.Methods.
  std::vector<PruningProposal> Proposals;
};

/// Analyses Data, or says why not: no configuration has a cost, or an option
/// is out of range (Threshold < 0, a probability outside (0, 1), no cost
/// class).
Expected<DataAnalysis> analyzeData(const RecordedData &Data, const AnalysisOptions &Options);

/// The analysis as text: the share and step table, the importance table
/// and one line per pruning proposal with its fixed parameters.
std::string formatAnalysis(const DataAnalysis &Analysis);

/// The analysis as one JSON object (docs/analyze.md lists its keys);
/// infinite step counts are null.
nlohmann::ordered_json analysisToJson(const DataAnalysis &Analysis);

/// Adds Proposal's outcome to Object, in this order: total, remaining,
/// remaining_valid, reduction, pruned_best_cost (as measured in the
/// objective's direction; null when nothing valid is left) and
/// performance_retained; a proposal's JSON here and in a transfer to other
/// data (PruningTransfer.h) share them.
void addProposalOutcome(nlohmann::ordered_json &Object, const PruningProposal &Proposal,
                        bool Maximised);

} // namespace atfc

#endif
