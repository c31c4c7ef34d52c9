//===- Report/RunReport.h - The report of one tuning run --------*- C++ -*-===//
//
// The page that shows one tuning run (or one set of recorded data): what
// was tuned and how; the best cost so far against evaluations and against
// time, beside what uniform random search on the same space expects; the
// objectives against each other with the Pareto front (several
// objectives); the cost against each parameter and each parameter's
// importance (lib/Analysis); the best configurations; the failures.
//
// The input is the run's table of evaluations (RecordedData of
// EvaluationRecords, the table replay and analysis read too) and what only
// a page shows of the run, filled by whoever read the run
// (RunReportData.h), so this library knows no database.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_REPORT_RUNREPORT_H
#define ATFC_REPORT_RUNREPORT_H

#include "Results/RecordedData.h"

#include <string>
#include <utility>
#include <vector>

namespace atfc::report {

/// A run: its table of evaluations and what only its page shows of the run.
struct ReportRun {
  /// The page's title ("gemm.cl: run 3").
  std::string Title;
  /// What the run was, in display order: file, key, device, technique, ...
  std::vector<std::pair<std::string, std::string>> Facts;
  /// The parameters, the objectives (none: one cost called "cost"), their
  /// directions, and every evaluation in the order made: the page reads
  /// each record's number, failure kind, reason, log and (when Table.Timed)
  /// seconds (compile, run and the tuner's own) directly.
  RecordedData Table;
  /// |SP| (approximate above 2^53); 0 when unknown (the evaluations are
  /// then taken to be the whole space).
  double SpaceSize = 0;
  /// Still running: the page reloads itself every few seconds.
  bool Running = false;
  /// What the x axis of evaluations means ("evaluation", "entry in the
  /// file" for recorded data).
  std::string EvaluationAxis = "evaluation";
};

/// The run's page: one self-contained HTML document.
std::string runReportHtml(const ReportRun &Run);

} // namespace atfc::report

#endif
