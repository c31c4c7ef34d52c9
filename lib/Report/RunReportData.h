//===- Report/RunReportData.h - Runs as report data ------------*- C++ -*-===//
//
// lib/Report draws a page from plain data; this reads that data from where
// runs are kept: a run of a results database (its settings and every
// evaluation, in order), or a Kernel Tuner cache or T4 results file (every
// entry, in the file's order). LiveReport keeps a tuning run's report.html
// up to date while it runs: rewritten every few seconds (less often when
// writing it takes long), and once more at the end.
//
// Tested by test/atfc/report/database.test.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_REPORT_RUNREPORTDATA_H
#define ATFC_REPORT_RUNREPORTDATA_H

#include "Report/RunReport.h"
#include "Results/RecordedData.h"
#include "Results/ResultsDatabase.h"
#include "System/OutputDirectory.h"

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace atfc {

/// The report data of Run with its Evaluations (in the order recorded).
report::ReportRun reportOfRun(const RunInfo &Run, const std::vector<EvaluationRecord> &Evaluations);

/// The report data of run RunId of Db (the latest run when 0).
Expected<report::ReportRun> reportOfDatabaseRun(ResultsDatabase &Db, std::int64_t RunId);

/// The report data of recorded data read from Path.
report::ReportRun reportOfRecordedData(const RecordedData &Data, const std::string &Path);

/// Writes the report of run RunId of Db to Path (atomically), or says why
/// it cannot.
Expected<void> writeRunReport(ResultsDatabase &Db, std::int64_t RunId, const std::string &Path);
/// The same into Name of Directory, through its descriptor (a run's
/// report.html in the output directory it holds).
Expected<void> writeRunReport(ResultsDatabase &Db, std::int64_t RunId, OutputDirectory &Directory,
                              const std::string &Name);

/// A tuning run's report, rewritten while the run goes on: Name in
/// Directory, which must outlive it, written through its descriptor.
class LiveReport {
public:
  LiveReport(ResultsDatabase &Db, std::int64_t RunId, OutputDirectory &Directory, std::string Name)
      : Db(Db), RunId(RunId), Directory(Directory), Name(std::move(Name)) {}

  /// Rewrites the report when the last write is old enough: every 5 s, or
  /// 20 times as long as writing took (so that a long run's report costs
  /// at most about 5 % of its time).
  void update();

  /// Writes the report now, or says why it cannot.
  Expected<void> write();

private:
  ResultsDatabase &Db;
  std::int64_t RunId;
  OutputDirectory &Directory;
  std::string Name;
  std::chrono::steady_clock::time_point Next = std::chrono::steady_clock::now();
};

} // namespace atfc

#endif
