//===- Report/ParetoFront.h - Non-dominated configurations ------*- C++ -*-===//
//
// For a run with several objectives (time and energy, say) no single
// configuration is best; the interesting ones are the Pareto front: those
// that no other configuration beats in one objective without losing in
// another. All objectives are minimised.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_REPORT_PARETOFRONT_H
#define ATFC_REPORT_PARETOFRONT_H

#include <cstddef>
#include <vector>

namespace atfc::report {

/// Whether A dominates B: no component worse, one better.
bool dominates(const std::vector<double> &A, const std::vector<double> &B);

/// The indices of Points (all of one size) that no other point dominates,
/// in lexicographic order of their costs; of equal points, the first.
std::vector<std::size_t> paretoFront(const std::vector<std::vector<double>> &Points);

} // namespace atfc::report

#endif
