//===- Report/ReplayReport.h - The report of a replay experiment -*- C++ -*-===//
//
// `atfc replay ... --report FILE`: the search techniques compared on
// recorded data, as one plot of the best cost so far (relative to the
// data's optimum) against evaluations, the median and the quartile band
// over each technique's runs, with uniform random search's expectation on
// the same space beside them, and a table of the same figures.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_REPORT_REPLAYREPORT_H
#define ATFC_REPORT_REPLAYREPORT_H

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace atfc::report {

/// One technique's runs.
struct ReplayCurves {
  std::string Name;
  /// Per run, each improvement of its best: the evaluation (from 1) and the
  /// best cost relative to the optimum then.
  std::vector<std::vector<std::pair<std::uint64_t, double>>> Runs;
};

struct ReplayReport {
  std::string Title;
  /// What was replayed, in display order: data, space, runs, seeds.
  std::vector<std::pair<std::string, std::string>> Facts;
  /// Evaluations per run.
  std::uint64_t Evaluations = 0;
  std::vector<ReplayCurves> Techniques;
  /// The valid configurations' costs relative to the optimum, and the
  /// space's size (the rest of it invalid), for random search's baseline.
  std::vector<double> RelativeCosts;
  double SpaceSize = 0;
};

/// The best relative cost of a run after B evaluations: +infinity before
/// its first valid one.
double bestAfter(const std::vector<std::pair<std::uint64_t, double>> &Improvements,
                 std::uint64_t B);

/// The replay's page: one self-contained HTML document.
std::string replayReportHtml(const ReplayReport &Report);

} // namespace atfc::report

#endif
