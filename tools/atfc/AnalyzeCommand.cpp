//===- tools/atfc/AnalyzeCommand.cpp - atfc analyze -----------------------===//
//
// `atfc analyze DATA [--threshold T] [--probability P...] [--prune METHOD]
// [--prune-threshold X] [--cost-classes N] [--run ID] [--on OTHER]
// [--fix-to median|well-performing] [--emit-constraints] [--json]`: what
// earlier tuning data says about a space (lib/Analysis): the share of
// well-performing configurations and the random-search steps it implies,
// each parameter's importance, and pruning proposals; with --on, what the
// proposals keep on OTHER's data (another device's). DATA and OTHER are
// atfc results databases (recognised by their SQLite header), Kernel
// Tuner cache files, T4 results files or KTT output.
//
//===----------------------------------------------------------------------===//
#include "CommandLine.h"
#include "Invocation/CommandLine.h"
#include "Subcommands.h"
#include "System/TerminalText.h"

#include "Analysis/AnalysisReport.h"
#include "Analysis/FixedValues.h"
#include "Analysis/PruningTransfer.h"
#include "Results/RecordedData.h"
#include "Results/ResultsDatabase.h"
#include "Results/ResultsRecorded.h"
#include "Support/Diagnostic.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <ostream>

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
  /// --on: other data (another device) to apply the proposals to.
  std::string On;
  /// --fix-to: "median" or "well-performing"; empty: well-performing with
  /// --on, else median.
  std::string FixTo;
  /// --emit-constraints: print the proposal as directives.
  bool EmitConstraints = false;
  /// --json: one JSON object.
  bool Json = false;
};

/// atfc analyze: writes the analysis to Out and errors to Err; returns the
/// exit status (0, or 1 when the data cannot be read or holds no valid
/// configuration).
int runAnalyzeCommand(const AnalyzeOptions &Options, std::ostream &Out, std::ostream &Err);

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

/// For a results database read without --run, whose latest run is not its
/// only one: which run that is and how to read another, appended to an
/// error about what it holds ("" otherwise): a --fix run of a failing
/// sub-space holds nothing to learn, though earlier runs may.
std::string latestRunHint(const std::string &Path, std::int64_t RunId) {
  if (RunId > 0)
    return "";
  auto Db = ResultsDatabase::open(Path, ResultsDatabase::Mode::ReadOnly);
  if (!Db.ok())
    return "";
  auto All = (*Db)->runs();
  if (!All.ok() || All->size() < 2)
    return "";
  return fmt::format("; that is run {}, the latest of {} runs: --run N analyses another",
                     All->back().Id, All->size());
}

} // namespace

int runAnalyzeCommand(const AnalyzeOptions &Options, std::ostream &Out, std::ostream &Err) {
  DiagnosticSink Diags(Err);
  AnalysisOptions Analysis;
  Analysis.Threshold = Options.Threshold;
  if (!Options.Probabilities.empty())
    Analysis.Probabilities = Options.Probabilities;
  Analysis.CostClasses = Options.CostClasses;
  Analysis.PruneCutoff = Options.PruneCutoff;
  if (!Options.Prune.empty()) {
    std::optional<PruningMethod> Method = parsePruningMethod(Options.Prune);
    if (!Method) {
      Diags.error("unknown pruning method " + atfc::quoted(Options.Prune));
      return 1;
    }
    Analysis.Methods = {*Method};
  } else if (Options.EmitConstraints) {
    Analysis.Methods = {PruningMethod::Conservative};
  }

  const bool WellPerforming =
      Options.FixTo.empty() ? !Options.On.empty() : Options.FixTo == "well-performing";
  Analysis.Value = WellPerforming ? FixTo::WellPerforming : FixTo::Median;

  Expected<RecordedData> Read = isSqliteFile(Options.Data)
                                    ? readResultsDatabase(Options.Data, Options.Run)
                                    : readRecordedData(Options.Data);
  if (!Read.ok()) {
    Diags.error(Read.error().message());
    return 1;
  }
  // The other data is read before anything is computed, so that a bad path
  // is reported at once.
  std::optional<RecordedData> Other;
  if (!Options.On.empty()) {
    Expected<RecordedData> ReadOther = isSqliteFile(Options.On) ? readResultsDatabase(Options.On, 0)
                                                                : readRecordedData(Options.On);
    if (!ReadOther.ok()) {
      Diags.error(ReadOther.error().message());
      return 1;
    }
    Other = ReadOther.take();
  }
  const std::string Coverage =
      isSqliteFile(Options.Data) ? coverageNote(Options.Data, Options.Run, *Read) : "";
  if (!Coverage.empty())
    Diags.warning(Coverage);
  Expected<DataAnalysis> Result = analyzeData(*Read, Analysis);
  if (!Result) {
    const bool NoneValid = std::none_of(Read->Entries.begin(), Read->Entries.end(),
                                        [](const EvaluationRecord &E) { return E.Result.Valid; });
    Diags.error(SourceLocation{Options.Data},
                Result.error().message() + (NoneValid && isSqliteFile(Options.Data)
                                                ? latestRunHint(Options.Data, Options.Run)
                                                : ""));
    return 1;
  }
  std::optional<PruningTransfer> Transfer;
  if (Other) {
    Expected<PruningTransfer> Applied = transferPruning(*Result, *Other);
    if (!Applied) {
      Diags.error(SourceLocation{Options.On}, Applied.error().message());
      return 1;
    }
    Transfer = Applied.take();
  }
  if (Options.Json) {
    nlohmann::ordered_json Root = analysisToJson(*Result);
    if (Transfer)
      Root["on"] = transferToJson(*Transfer);
    Out << Root.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << '\n';
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
    if (Transfer) {
      const PruningProposal &On = Transfer->Proposals.front().OnOther;
      Out << "// on " << Options.On << ": keeps " << On.Remaining << " of " << On.Total
          << " configurations, performance retained " << On.performanceRetained() << '\n';
    }
    Out << "// or for one run, without editing: atfc tune FILE " << fixArguments(Proposal) << '\n'
        << fixingDirectives(Proposal);
    return 0;
  }
  // Names and values come from the data file: shown, not obeyed by the
  // terminal (TerminalText.h).
  // The coverage warning went to standard error, once.
  Out << escapeControlBytes(formatAnalysis(*Result) + (Transfer ? formatTransfer(*Transfer) : ""))
      << "\n(--emit-constraints prints a proposal as directives to paste; "
         "`atfc tune FILE --fix NAME=VALUE ...` applies one to a run)\n";
  return 0;
}

int analyzeMain(const SubcommandArgs &Args) {
  AnalyzeOptions Options;
  CLI::App App(summaryOf("analyze"), "atfc analyze");
  App.add_option("DATA", Options.Data, kRecordedDataHelp)->required()->transform(recordedDataFile);
  App.add_option("--threshold", Options.Threshold,
                 "Well-performing: cost <= best * (1 + T); also what pruning must keep")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  App.add_option("--probability", Options.Probabilities,
                 "Probabilities of finding a well-performing configuration to estimate the "
                 "steps for (default: 0.5 0.9 0.95 0.99)")
      ->check(CLI::Range(0.0, 1.0));
  App.add_option("--prune", Options.Prune, "Show (and emit) only this pruning method")
      ->check(CLI::IsMember({"naive", "aggressive", "conservative"}));
  App.add_option("--prune-threshold", Options.PruneCutoff,
                 "Naive/conservative cut-off: prune parameters whose mutual information is "
                 "below X times the largest")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  // More classes than configurations say nothing more (10^9 aborted).
  addCountOption(
      App, "--cost-classes", 1, 1000, [&](std::uint64_t N) { Options.CostClasses = N; },
      "Quantile classes of the cost for mutual information (default 10)");
  addCountOption(
      App, "--run", 1, INT64_MAX,
      [&](std::uint64_t N) { Options.Run = static_cast<std::int64_t>(N); },
      "For a results database: the run to analyse (default: the latest)");
  App.add_option("--on", Options.On,
                 "Other data of the same kernel (another device): apply the pruning proposals "
                 "to it and report the reduction and the performance they keep there")
      ->type_name("PATH")
      ->transform(recordedDataFile);
  App.add_option("--fix-to", Options.FixTo,
                 "The value a pruned parameter keeps: its median, or the value the "
                 "well-performing configurations use most (default: well-performing with --on, "
                 "else median)")
      ->check(CLI::IsMember({"median", "well-performing"}));
  App.add_flag("--emit-constraints", Options.EmitConstraints,
               "Print the proposal (--prune, default conservative) as directives to paste");
  App.add_flag("--json", Options.Json, "Print one JSON object");
  if (std::optional<int> Exit = parseSubcommandLine(App, Args))
    return *Exit;
  return runAnalyzeCommand(Options, std::cout, std::cerr);
}

} // namespace atfc
