//===- Report/RunReport.h - The report of one tuning run --------*- C++ -*-===//
//
// The page that shows one tuning run (or one set of recorded data): what
// was tuned and how; the best cost so far against evaluations and against
// time, beside what uniform random search on the same space expects; the
// objectives against each other with the Pareto front (several
// objectives); the cost against each parameter and each parameter's
// importance (lib/Analysis); the best configurations; the failures.
//
// The input is plain data, filled by whoever read the run (the runtime's
// results database, recorded data files), so this library knows no
// database.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_REPORT_RUNREPORT_H
#define ATFC_REPORT_RUNREPORT_H

#include "SearchSpace/Value.h"
#include "Support/Cost.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace atfc::report {

/// One evaluation of a run.
struct ReportEvaluation {
  /// Its number in the run, from 1.
  std::int64_t Number = 0;
  /// One value per parameter (ReportRun::Parameters).
  std::vector<Value> Values;
  bool Valid = false;
  /// The cost(s), most significant first.
  std::vector<double> Costs;
  /// Why it failed: the kind ("build failed"), the reason, the log's tail.
  std::string Failure, Reason, Log;
  /// Seconds it took (compiling, running, the tuner's own); negative when
  /// unknown (recorded data from elsewhere).
  double Seconds = -1;
};

/// A run and its evaluations, in the order they were made.
struct ReportRun {
  /// The page's title ("gemm.cl: run 3").
  std::string Title;
  /// What the run was, in display order: file, key, device, technique, ...
  std::vector<std::pair<std::string, std::string>> Facts;
  std::vector<std::string> Parameters;
  /// The costs' names; empty means one cost called "cost".
  std::vector<std::string> Objectives;
  /// Their directions, one per objective (missing ones are minimised).
  std::vector<Direction> Directions;
  /// |SP| (approximate above 2^53); 0 when unknown (the evaluations are
  /// then taken to be the whole space).
  double SpaceSize = 0;
  /// Still running: the page reloads itself every few seconds.
  bool Running = false;
  /// What the x axis of evaluations means ("evaluation", "entry in the
  /// file" for recorded data).
  std::string EvaluationAxis = "evaluation";
  std::vector<ReportEvaluation> Evaluations;
};

/// The run's page: one self-contained HTML document.
std::string runReportHtml(const ReportRun &Run);

} // namespace atfc::report

#endif
