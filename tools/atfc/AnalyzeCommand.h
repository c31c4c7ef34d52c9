//===- tools/atfc/AnalyzeCommand.h - atfc analyze ---------------*- C++ -*-===//
//
// `atfc analyze DATA [--threshold T] [--probability P...] [--prune METHOD]
// [--prune-threshold X] [--cost-classes N] [--run ID] [--emit-constraints]
// [--json]`: what earlier tuning data says about a space (lib/Analysis):
// the share of well-performing configurations and the random-search steps
// it implies, each parameter's importance, and pruning proposals. DATA is an
// atfc results database (recognised by its SQLite header), a Kernel Tuner
// cache file or a T4 results file.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TOOLS_ATFC_ANALYZECOMMAND_H
#define ATFC_TOOLS_ATFC_ANALYZECOMMAND_H

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace atfc {

/// The options of `atfc analyze`.
struct AnalyzeOptions {
  /// The data file.
  std::string Data;
  /// Well-performing: cost <= best * (1 + Threshold).
  double Threshold = 0.10;
  /// Probabilities to estimate steps for; empty: 0.5 0.9 0.95 0.99.
  std::vector<double> Probabilities;
  /// --prune: one method only ("naive", "aggressive", "conservative").
  std::string Prune;
  /// --prune-threshold: the naive/conservative cut-off relative to MI_max.
  double PruneCutoff = 0.2;
  /// --cost-classes: quantile classes for mutual information.
  std::size_t CostClasses = 10;
  /// --run: a results database's run; 0 for the latest.
  std::int64_t Run = 0;
  /// --emit-constraints: print the proposal as directives.
  bool EmitConstraints = false;
  /// --json: one JSON object.
  bool Json = false;
};

/// Whether Path starts with the SQLite header ("SQLite format 3" and a NUL),
/// which is how a results database is told from JSON data whatever its name.
bool isSqliteFile(const std::string &Path);

/// Adds the `analyze` subcommand to App, filling Options; when it is run,
/// Status becomes its exit status.
void addAnalyzeCommand(CLI::App &App, AnalyzeOptions &Options, int &Status);

/// atfc analyze: writes the analysis to Out and errors to Err; returns the
/// exit status (0, or 1 when the data cannot be read or holds no valid
/// configuration).
int runAnalyzeCommand(const AnalyzeOptions &Options, std::ostream &Out, std::ostream &Err);

} // namespace atfc

#endif
