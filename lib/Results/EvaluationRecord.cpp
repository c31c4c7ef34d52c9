//===- Results/EvaluationRecord.cpp - One evaluation, as recorded ---------===//
//
// The best of a run's evaluations, as wisdom, input sets, a resumed run and
// `atfc results` name it: valid, with costs that fit the objectives, and
// lexicographically best in their directions.
//
//===----------------------------------------------------------------------===//
#include "Results/EvaluationRecord.h"

#include <cmath>

namespace atfc {

std::optional<std::size_t> bestEvaluation(const std::vector<EvaluationRecord> &Evaluations,
                                          const ObjectiveList &Objectives) {
  std::optional<std::size_t> Best;
  for (std::size_t I = 0; I < Evaluations.size(); ++I) {
    const Measurement &M = Evaluations[I].Result;
    if (!M.Valid || M.Costs.empty() || std::isnan(M.Costs.front()) ||
        !costProblem(M.Costs, Objectives).empty())
      continue;
    if (!Best || betterMeasuredCost(M.Costs, Evaluations[*Best].Result.Costs, Objectives))
      Best = I;
  }
  return Best;
}

} // namespace atfc
