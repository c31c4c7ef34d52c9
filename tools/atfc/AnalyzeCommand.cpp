//===- tools/atfc/AnalyzeCommand.cpp - atfc analyze -----------------------===//
#include "AnalyzeCommand.h"
#include "TerminalText.h"

#include "Analysis/AnalysisReport.h"
#include "Analysis/FixedValues.h"
#include "Backends/RecordedData.h"
#include "runtime/ResultsDatabase.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <ostream>

namespace atfc {

bool isSqliteFile(const std::string &Path) {
  static constexpr char Magic[] = "SQLite format 3"; // 15 characters + '\0'
  char Head[sizeof(Magic)] = {};
  std::ifstream In(Path, std::ios::binary);
  return In.read(Head, sizeof(Head)) && std::memcmp(Head, Magic, sizeof(Magic)) == 0;
}

void addAnalyzeCommand(CLI::App &App, AnalyzeOptions &Options, int &Status) {
  CLI::App *Sub = App.add_subcommand(
      "analyze", "Learn from earlier tuning data: well-performing share, random-search steps, "
                 "parameter importance, pruning proposals");
  Sub->add_option("DATA", Options.Data,
                  "An atfc results database, a Kernel Tuner cache file or a T4 results file "
                  "(plain or gzip)")
      ->required();
  Sub->add_option("--threshold", Options.Threshold,
                  "Well-performing: cost <= best * (1 + T); also what pruning must keep")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  Sub->add_option("--probability", Options.Probabilities,
                  "Probabilities of finding a well-performing configuration to estimate the "
                  "steps for (default: 0.5 0.9 0.95 0.99)")
      ->check(CLI::Range(0.0, 1.0));
  Sub->add_option("--prune", Options.Prune, "Show (and emit) only this pruning method")
      ->check(CLI::IsMember({"naive", "aggressive", "conservative"}));
  Sub->add_option("--prune-threshold", Options.PruneCutoff,
                  "Naive/conservative cut-off: prune parameters whose mutual information is "
                  "below X times the largest")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  Sub->add_option("--cost-classes", Options.CostClasses,
                  "Quantile classes of the cost for mutual information")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  Sub->add_option("--run", Options.Run,
                  "For a results database: the run to analyse (default: the latest)");
  Sub->add_flag("--emit-constraints", Options.EmitConstraints,
                "Print the proposal (--prune, default conservative) as directives to paste");
  Sub->add_flag("--json", Options.Json, "Print one JSON object");
  Sub->callback([&Options, &Status] { Status = runAnalyzeCommand(Options, std::cout, std::cerr); });
}

namespace {

/// For a results database whose run records little of its space: how much
/// it covers and how far the estimates can be trusted; "" when it covers
/// at least half of the space (or its size is unknown).
std::string coverageNote(const std::string &Path, std::int64_t RunId, const RecordedData &Data) {
  auto Db = ResultsDatabase::open(Path, ResultsDatabase::Mode::ReadOnly);
  if (!Db.ok())
    return "";
  std::optional<RunInfo> Run;
  if (RunId > 0) {
    auto One = (*Db)->run(RunId);
    if (One.ok())
      Run = *One;
  } else if (auto All = (*Db)->runs(); All.ok() && !All->empty()) {
    Run = All->back();
  }
  if (!Run || Run->SpaceSize.empty())
    return "";
  const long double Size = std::strtold(Run->SpaceSize.c_str(), nullptr);
  const std::size_t N = Data.Entries.size();
  if (!(Size > 0) || N == 0 || static_cast<long double>(N) * 2 >= Size)
    return "";
  const double Share = static_cast<double>(N / Size);
  // A share estimated from N samples is off by up to 1.96 * sqrt(1/(4N))
  // (95 %, the worst case p = 1/2) for the rest of the space.
  const double Margin = 1.96 * std::sqrt(0.25 / static_cast<double>(N));
  return fmt::format(
      "the data covers {} of {} configurations of the space ({:.3g} %): the share of "
      "well-performing configurations and the step counts hold for the whole space only to "
      "within +-{:.0f} percentage points (95 %, if the recorded ones are a random sample), and "
      "parameter importance and pruning describe the recorded configurations alone: a "
      "parameter value never measured may be pruned though it performs well",
      N, Run->SpaceSize, 100 * Share, 100 * Margin);
}

} // namespace

int runAnalyzeCommand(const AnalyzeOptions &Options, std::ostream &Out, std::ostream &Err) {
  AnalysisOptions Analysis;
  Analysis.Threshold = Options.Threshold;
  if (!Options.Probabilities.empty())
    Analysis.Probabilities = Options.Probabilities;
  Analysis.CostClasses = Options.CostClasses;
  Analysis.PruneCutoff = Options.PruneCutoff;
  if (!Options.Prune.empty()) {
    std::optional<PruningMethod> Method = parsePruningMethod(Options.Prune);
    if (!Method) {
      Err << "atfc analyze: error: unknown pruning method '" << Options.Prune << "'\n";
      return 1;
    }
    Analysis.Methods = {*Method};
  } else if (Options.EmitConstraints) {
    Analysis.Methods = {PruningMethod::Conservative};
  }

  Expected<RecordedData> Read = isSqliteFile(Options.Data)
                                    ? readResultsDatabase(Options.Data, Options.Run)
                                    : readRecordedData(Options.Data);
  if (!Read.ok()) {
    Err << "atfc analyze: error: " << Read.error().message() << '\n';
    return 1;
  }
  const std::string Coverage =
      isSqliteFile(Options.Data) ? coverageNote(Options.Data, Options.Run, *Read) : "";
  if (!Coverage.empty())
    Err << "atfc analyze: warning: " << Coverage << '\n';
  Expected<DataAnalysis> Result = analyzeData(*Read, Analysis);
  if (!Result) {
    Err << "atfc analyze: error: " << Options.Data << ": " << Result.error().message() << '\n';
    return 1;
  }
  if (Options.Json) {
    Out << analysisToJson(*Result).dump(2) << '\n';
    return 0;
  }
  if (Options.EmitConstraints) {
    const PruningProposal &Proposal = Result->Proposals.front();
    Out << "// atfc analyze " << Options.Data << ": " << pruningMethodName(Proposal.Method)
        << " pruning keeps " << Proposal.Remaining << " of " << Proposal.Total
        << " configurations, performance retained " << Proposal.performanceRetained() << '\n';
    if (Proposal.Fixed.empty()) {
      Out << "// nothing to fix\n";
      return 0;
    }
    Out << "// or for one run, without editing: atfc tune FILE " << fixArguments(Proposal) << '\n'
        << fixingDirectives(Proposal);
    return 0;
  }
  // Names and values come from the data file: shown, not obeyed by the
  // terminal (TerminalText.h).
  Out << escapeControlBytes(formatAnalysis(*Result))
      << (Coverage.empty() ? "" : "\nwarning: " + Coverage + "\n")
      << "\n(--emit-constraints prints a proposal as directives to paste; "
         "`atfc tune FILE --fix NAME=VALUE ...` applies one to a run)\n";
  return 0;
}

} // namespace atfc
