//===- Report/RandomBaseline.h - What uniform random search expects -*- C++ -*-===//
//
// A tuning run is worth its evaluations only if it beats uniform random
// search on the same space. What random search would have found after k
// evaluations follows from the measured cost distribution: rank the valid
// costs c_1 <= ... <= c_V; the best of k distinct draws is worse than c_i
// exactly when none of the i best was drawn. Sampling without replacement
// (atfc's random search never measures a configuration twice) from a
// population of N configurations of which the measured ones are a sample,
// each measured configuration standing for w = N / M of them:
//
//   q_i(k) = C(N - i w, k) / C(N, k)  (exact for w = 1: the whole space
//            was measured, as in recorded data),
//
// approximated for w > 1 by (1 - i w / (N - (k - 1) / 2))^k. Invalid
// configurations rank after every valid one. P(best = c_i) = q_{i-1} -
// q_i; the expectation is taken given that a valid one was drawn
// (probability 1 - q_V), and the quartiles are those of the best's
// distribution (infinite while fewer than that share of the draws would
// have found a valid configuration).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_REPORT_RANDOMBASELINE_H
#define ATFC_REPORT_RANDOMBASELINE_H

#include <cstdint>
#include <vector>

namespace atfc::report {

/// What uniform random search expects after Draws evaluations.
struct BaselinePoint {
  std::uint64_t Draws = 0;
  /// The probability that at least one draw was valid.
  double FoundValid = 0;
  /// E[best | a valid one was drawn]; +infinity when none can be.
  double Expected = 0;
  /// Quartiles of the best (+infinity: no valid draw at that probability).
  double Q1 = 0, Median = 0, Q3 = 0;
};

/// The baseline after each of Draws (ascending) for a population of
/// SpaceSize configurations (>= Measured; use Measured when unknown), of
/// which Measured were measured and ValidCosts are the valid ones' costs.
std::vector<BaselinePoint> randomSearchBaseline(std::vector<double> ValidCosts, double Measured,
                                                double SpaceSize,
                                                const std::vector<std::uint64_t> &Draws);

/// Up to about Count draw counts from 1 to Max: all of them when Max <=
/// Count, else spread evenly on a log scale (distinct, ascending, with Max).
std::vector<std::uint64_t> drawCounts(std::uint64_t Max, std::size_t Count);

} // namespace atfc::report

#endif
