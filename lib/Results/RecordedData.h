//===- Results/RecordedData.h - Tuning data measured elsewhere -*- C++ -*-===//
//
// Performance data recorded over a search space by an earlier tuning run or
// another tuner, read into one plain table: the parameters, and per
// configuration an EvaluationRecord (the one record model of an evaluation:
// its values, its cost or why it is invalid). Read by the
// replay backend (costs looked up instead of measured), by `atfc analyze`
// and by report pages (there every evaluation of a run, in order:
// evaluationTable of ResultsRecorded.h).
//
// Formats, detected from the contents (plain or gzip-compressed):
//  - Kernel Tuner cache files, 0.4 to 1.5 (JSON as Python writes it,
//    Results/PythonJson.h: "tune_params_keys", "objective", "cache" of
//    configurations; an entry with an "__error__", one of Kernel Tuner's
//    error classes in a field, or an objective missing, text, NaN or
//    infinite is an invalid configuration);
//  - T4 result files (JSON: "results" of {"configuration": {...},
//    "objectives": {...}, "invalidity": ...}; times read as milliseconds
//    by their unit, numbers written as text (KTT's) as numbers);
//  - KTT 2.x output (JSON: "Metadata" with the "TimeUnit", "Results" of
//    {"Configuration": [{"Name", "Value"}...], "ComputationResults":
//    [{"Duration"}...], "Status"}; a Status other than "Ok" is an invalid
//    configuration; times are read as milliseconds).
// A Kernel Tuner cache's "objective_higher_is_better" makes its objective
// maximised (Directions).
// Their records: the values in Configuration (Parameters order, names
// included), Evaluation the entry's place in the file (from 1), Valid and
// Costs; an invalid entry carries the data's error text in Result.Reason
// and FailureKind::None (the data names no kind of atfc's; the replay
// backend maps the text to one, recordedFailureKind, and a page words it
// "invalid"). The seconds an entry took where the data says (Kernel
// Tuner's compile_time as CompileSeconds, its verification_time and
// benchmark_time as RunSeconds; KTT's TotalOverhead and TotalDuration; T4's
// times are not read), for simulations of a run (Replay/ScaleSimulation.h);
// Timed stays false: atfc did not measure them. Ids, key, index and
// timestamp stay empty.
// atfc's own results databases are read by ResultsDatabase, the one reader
// of their schema, which fills the same table.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_RESULTS_RECORDEDDATA_H
#define ATFC_RESULTS_RECORDEDDATA_H

#include "Results/EvaluationRecord.h"
#include "SearchSpace/Value.h"
#include "Support/Cost.h"
#include "Support/Error.h"

#include <string>
#include <vector>

namespace atfc {

/// A table of recorded configurations.
struct RecordedData {
  /// The parameters' names, in the data's order.
  std::vector<std::string> Parameters;
  /// The objective(s) the costs measure, e.g. {"time"}.
  std::vector<std::string> Objectives;
  /// Their directions, one per objective (missing ones are minimised).
  std::vector<Direction> Directions;
  /// Every configuration recorded, each at most once, its Configuration
  /// in Parameters order, names included (a run's page, evaluationTable:
  /// every evaluation in order, as stored).
  std::vector<EvaluationRecord> Entries;
  /// What the data is, for reports: "Kernel Tuner cache (GEMM, NVIDIA ...)".
  std::string Description;
  /// Whether the records' seconds (Result.CompileSeconds, RunSeconds,
  /// OverheadSeconds) were measured: atfc's own results; not data from
  /// other tuners, whose records hold 0.
  bool Timed = false;
};

/// The objectives of Data as a list (missing directions minimise).
ObjectiveList objectivesOf(const RecordedData &Data);

/// Data as a search sees it: every cost its search cost (a maximised
/// objective's value as its reciprocal; an entry whose maximised value is
/// not positive is invalid), so that lower is better throughout.
RecordedData minimisedForm(RecordedData Data);

/// The file that Path names as data: Path itself, or where Path is a
/// directory (`atfc tune`'s FILE.atf, an interface's results(DIR)), the
/// results.db in it, whether or not there is one.
std::string recordedDataFile(const std::string &Path);

/// Whether Path starts with SQLite's header ("SQLite format 3" and a NUL):
/// an atfc results database, not a Kernel Tuner cache or a T4 file.
bool isSqliteFile(const std::string &Path);

/// Reads a Kernel Tuner cache file, a T4 results file or KTT output, plain
/// or gzip, or an atfc results database (its latest run; docs/results.md). The error's
/// message is "Path: what is wrong".
Expected<RecordedData> readRecordedData(const std::string &Path);

} // namespace atfc

#endif
