//===- Results/ResultsRecorded.h - results.db as recorded data --*- C++ -*-===//
//
// A run (or every run of a key) of a results database as RecordedData, the
// table `atfc replay`, `atfc analyze`, warm starts and report pages read:
// each configuration once (what replay and analysis look up), or every
// evaluation in order (what a run's page plots). The table's entries are
// the EvaluationRecords read, whole (failure kind, reason, log, seconds:
// Timed), their Configuration in the table's parameter order.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_RESULTS_RESULTSRECORDED_H
#define ATFC_RESULTS_RESULTSRECORDED_H

#include "Results/EvaluationRecord.h"
#include "Results/RecordedData.h"
#include "Results/ResultsDatabase.h"
#include "Results/RunInfo.h"
#include "Support/Error.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace atfc {

/// Run RunId's evaluations in Db as a table of recorded data for `atfc
/// analyze` and replay: each configuration once, its latest result.
Expected<RecordedData> recordedDataOfRun(ResultsDatabase &Db, std::int64_t RunId);

/// Everything known under Key in Db as recorded data (parameters of its
/// latest run); empty entries when nothing is.
Expected<RecordedData> recordedDataOfKey(ResultsDatabase &Db, std::string_view Key);

/// Run's Evaluations as one table, every evaluation in the order recorded:
/// values in the order stored, objectives as Run names them (none for
/// anonymous costs). What a page of the run shows.
RecordedData evaluationTable(const RunInfo &Run, const std::vector<EvaluationRecord> &Evaluations);

/// The recorded data of the results database at Path, read-only: run RunId's
/// evaluations, or when RunId is 0 the latest run's that recorded any (the
/// latest run's when none did). For `atfc analyze`, replay and --prior.
Expected<RecordedData> readResultsDatabase(const std::string &Path, std::int64_t RunId = 0);

/// The data of a database's latest run that a reader wants.
struct LatestRunData {
  RecordedData Data;
  /// The run Data is of, and the database's latest run.
  std::int64_t Run = 0, Latest = 0;
};

/// The latest run of the results database at Path whose data Wanted takes,
/// or the latest run when none is; an error when the database has no run.
Expected<LatestRunData>
readLatestWantedRun(const std::string &Path,
                    const std::function<bool(const RecordedData &)> &Wanted);

} // namespace atfc

#endif
