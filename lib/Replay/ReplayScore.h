//===- Replay/ReplayScore.h - The methodology's performance score -*- C++ -*-===//
//
// The performance score of the auto-tuning methodology of Willemsen et al.
// ("A methodology for comparing optimization algorithms for auto-tuning",
// FGCS 2024), on a budget of evaluations: at each budget b = 1..N, the best
// found so far is placed between what random search finds in expectation
// (score 0) and the optimum (score 1),
//
//   s(b) = (random(b) - best(b)) / (random(b) - optimum),
//
// and the score is the mean of s(b) over the budget. Negative is worse than
// random search. random(b) is exact: the expected minimum of b draws
// without replacement from the data's configurations, where a failed
// configuration counts as the worst valid cost (as does a run's best before
// its first valid evaluation). Costs are relative to the optimum (1).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_REPLAY_REPLAYSCORE_H
#define ATFC_REPLAY_REPLAYSCORE_H

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace atfc {

/// random(b) for b = 1..N (element b-1) over the relative costs of every
/// configuration (+infinity for a failed one); N is capped at their number.
std::vector<double> randomSearchExpectation(std::vector<double> Relative, std::uint64_t N);

/// The score of a run whose best improved at the given (evaluation, best
/// relative cost) steps, on the budget Random.size(); Worst stands for the
/// best before a first valid evaluation.
double performanceScore(std::span<const std::pair<std::uint64_t, double>> Improvements,
                        std::span<const double> Random, double Worst);

} // namespace atfc

#endif
