//===- tools/atfc/ResultsCommand.h - atfc results ---------------*- C++ -*-===//
//
// `atfc results DB [--csv|--json] [--run ID]`: what a results database holds.
// By default a table for people: the runs with their best cost, then per
// run its best configuration and every evaluation in order. --csv writes one
// row per evaluation (a column per parameter and per cost), --json one
// object {schema_version, runs, evaluations}.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TOOLS_ATFC_RESULTSCOMMAND_H
#define ATFC_TOOLS_ATFC_RESULTSCOMMAND_H

#include <cstdint>
#include <iosfwd>
#include <string>

namespace CLI {
class App;
}

namespace atfc {

/// The options of `atfc results`.
struct ResultsOptions {
  /// The database file.
  std::string Database;
  /// --csv: one CSV row per evaluation.
  bool Csv = false;
  /// --json: one JSON object.
  bool Json = false;
  /// --run ID: only this run; 0 for all.
  std::int64_t Run = 0;
};

/// Adds the `results` subcommand to App, filling Options; when it is run,
/// Status becomes its exit status.
void addResultsCommand(CLI::App &App, ResultsOptions &Options, int &Status);

/// atfc results: writes the export to Out and errors to Err; returns the
/// exit status (0, or 1 when the database cannot be read).
int runResultsCommand(const ResultsOptions &Options, std::ostream &Out, std::ostream &Err);

} // namespace atfc

#endif
