//===- Results/ResultsExport.h - results.db as CSV and JSON -----*- C++ -*-===//
//
// `atfc results --csv/--json`: every evaluation of a run (or of all runs)
// as one RFC 4180 CSV row or one JSON object, costs named by objective.
// What a user reads out of results.db without SQLite; the columns and keys
// are documented in docs/results.md.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_RESULTS_RESULTSEXPORT_H
#define ATFC_RESULTS_RESULTSEXPORT_H

#include "Results/ResultsDatabase.h"
#include "Support/Error.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

namespace atfc {

/// Field as one RFC 4180 CSV field between Separators (<atf.hpp>'s log
/// file separates by ';'): quoted when it holds the separator, a quote, a
/// line break or surrounding space; quotes doubled.
std::string csvField(std::string_view Field, char Separator = ',');

/// Writes one CSV row per evaluation of Db (of run RunId, or of every run
/// when nullopt): run, evaluation, config_index, one column per parameter,
/// valid, one column per cost, failure, reason, compile_seconds,
/// run_seconds, overhead_seconds, reused, timestamp. RFC 4180 quoting.
Expected<void> writeResultsCsv(ResultsDatabase &Db, std::ostream &OS,
                               std::optional<std::int64_t> RunId = std::nullopt);

/// {"schema_version": N, "runs": [...], "evaluations": [...]} of Db (of run
/// RunId, or of every run when nullopt). A log or reason may hold bytes
/// that are not UTF-8: dump it with error_handler_t::replace.
Expected<nlohmann::ordered_json> resultsJson(ResultsDatabase &Db,
                                             std::optional<std::int64_t> RunId = std::nullopt);

/// Writes resultsJson(Db, RunId) dumped with indent 2 (bytes that are not
/// UTF-8 replaced), and a line break, to OS as it reads the database: one
/// evaluation in memory at a time, whatever the number of rows.
Expected<void> writeResultsJson(ResultsDatabase &Db, std::ostream &OS,
                                std::optional<std::int64_t> RunId = std::nullopt);

} // namespace atfc

#endif
