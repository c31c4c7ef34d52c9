//===- tools/atfc/ResultsCommand.cpp - atfc results -----------------------===//
//
// `atfc results DB [--csv|--json] [--run ID]`: what a results database holds.
// By default a table for people: the runs with their best cost, then per
// run its best configuration and every evaluation in order. --csv writes one
// row per evaluation (a column per parameter and per cost), --json one
// object {schema_version, runs, evaluations}.
//
//===----------------------------------------------------------------------===//
//
// Opens a results database read-only and writes it out: the library's CSV
// and JSON exports as they are, or a table for people built here from the
// runs and evaluations.
//
//===----------------------------------------------------------------------===//
#include "CommandLine.h"
#include "Invocation/CommandLine.h"
#include "Subcommands.h"
#include "System/TerminalText.h"

#include "Backends/FailureSummary.h"
#include "Results/RecordedData.h"
#include "Results/ResultsDatabase.h"
#include "Results/ResultsExport.h"
#include "Results/RunObjectives.h"
#include "Support/Diagnostic.h"

#include "Support/TextTable.h"

#include <CLI/CLI.hpp>
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <iostream>
#include <ostream>
#include <sstream>
#include <vector>

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

/// atfc results: writes the export to Out and errors to Err; returns the
/// exit status (0, or 1 when the database cannot be read).
int runResultsCommand(const ResultsOptions &Options, std::ostream &Out, std::ostream &Err);

namespace {

std::string configurationText(const ParameterValues &Configuration) {
  std::vector<std::string> Names;
  std::vector<Value> Values;
  for (const NamedValue &P : Configuration) {
    Names.push_back(P.Name);
    Values.push_back(P.Val);
  }
  return atfc::configurationText(Names, Values);
}

std::string costText(const std::vector<double> &Costs) {
  std::string Text;
  for (double C : Costs) {
    if (!Text.empty())
      Text += ", ";
    Text += fmt::format("{}", C); // shortest that reads back exactly
  }
  return Text;
}

/// The cost column's title: the objectives with their directions
/// ("time (min), gflops (max)"), or "cost".
std::string costTitle(const RunInfo &Run) {
  if (Run.Objectives.empty())
    return "cost";
  std::string Title;
  for (const Objective &O : Run.Objectives)
    Title += (Title.empty() ? "" : ", ") + O.Name + " (" + directionName(O.Dir) + ")";
  return Title;
}

/// The last Count lines of Log.
std::vector<std::string> lastLines(const std::string &Log, std::size_t Count) {
  std::vector<std::string> Lines;
  std::size_t End = Log.size();
  while (End > 0 && Log[End - 1] == '\n')
    --End;
  while (End > 0 && Lines.size() < Count) {
    const std::size_t Begin = Log.rfind('\n', End - 1);
    const std::size_t From = Begin == std::string::npos ? 0 : Begin + 1;
    Lines.insert(Lines.begin(), Log.substr(From, End - From));
    if (Begin == std::string::npos)
      break;
    End = Begin;
  }
  return Lines;
}

/// Under the table, the tail of each failed evaluation's log: what the
/// compiler or the program said, which the reason only summarises.
void writeFailureLogs(std::ostream &OS, const std::vector<EvaluationRecord> &Es) {
  constexpr std::size_t kLogLines = 5;
  for (const EvaluationRecord &E : Es) {
    if (E.Result.Valid || E.Result.Log.empty())
      continue;
    // The log follows: the reason alone says what kind of failure it was.
    OS << fmt::format("  evaluation {} failed ({}); its log ends:\n", E.Evaluation,
                      failureDetail(E.Result.Failure, E.Result.Reason, ""));
    for (const std::string &Line : lastLines(E.Result.Log, kLogLines))
      OS << "    | " << Line << '\n';
  }
}

/// Writes the runs and their evaluations as tables.
void writeTables(std::ostream &OS, const std::string &Path, const std::vector<RunInfo> &Runs,
                 const std::vector<std::vector<EvaluationRecord>> &Evaluations) {
  std::size_t Total = 0;
  for (const auto &E : Evaluations)
    Total += E.size();
  OS << fmt::format("{}: {} run{}, {} evaluation{}\n", Path, Runs.size(),
                    Runs.size() == 1 ? "" : "s", Total, Total == 1 ? "" : "s");
  if (Runs.empty())
    return;

  TextTable Summary{{"run", "status", "started", "evaluations", "valid", "best", "file"},
                    {true, false, false, true, true, true, false},
                    {}};
  for (std::size_t R = 0; R < Runs.size(); ++R) {
    const auto &Es = Evaluations[R];
    const auto Valid =
        std::count_if(Es.begin(), Es.end(), [](const auto &E) { return E.Result.Valid; });
    const std::optional<std::size_t> Best = bestEvaluation(Es, Runs[R].Objectives);
    Summary.Rows.push_back(
        {std::to_string(Runs[R].Id), runStatusText(Runs[R]), Runs[R].Started,
         std::to_string(Es.size()), std::to_string(Valid),
         Best ? formatNamedCost(Es[*Best].Result.Costs, Runs[R].Objectives) : "-", Runs[R].File});
  }
  OS << '\n';
  Summary.write(OS, "");

  for (std::size_t R = 0; R < Runs.size(); ++R) {
    const RunInfo &Run = Runs[R];
    const auto &Es = Evaluations[R];
    OS << fmt::format("\nRun {} of {}: {}", Run.Id, Run.File, runStatusText(Run));
    if (Run.Status != RunStatus::Running)
      OS << fmt::format(" after {:.3g} s", Run.ElapsedSeconds);
    OS << fmt::format("; technique {}, abort condition {}, seed {}\n",
                      Run.Technique.empty() ? "-" : Run.Technique,
                      Run.AbortCondition.empty() ? "-" : Run.AbortCondition, Run.Seed);
    OS << fmt::format("  device {}, search space size {}, key {}\n",
                      Run.Device.empty() ? "-" : Run.Device,
                      Run.SpaceSize.empty() ? "-" : Run.SpaceSize, Run.Key);
    if (!Run.Arguments.empty()) {
      std::string Arguments;
      for (const std::string &A : Run.Arguments)
        Arguments += (Arguments.empty() ? "" : " ") + A;
      OS << "  arguments " << Arguments << '\n';
    }
    if (!Run.Toolchain.empty())
      OS << "  toolchain " << Run.Toolchain << '\n';
    if (Run.WarmStart > 0)
      OS << fmt::format("  warm start: evaluations 1 to {} measured configurations of earlier "
                        "data first\n",
                        Run.WarmStart);
    if (const std::optional<std::size_t> Best = bestEvaluation(Es, Run.Objectives))
      OS << fmt::format("  best (evaluation {}): {} -> {} {}\n", Es[*Best].Evaluation,
                        configurationText(Es[*Best].Configuration), costTitle(Run),
                        costText(Es[*Best].Result.Costs));
    else
      OS << "  no valid configuration\n";
    if (Es.empty())
      continue;
    TextTable Table{{"#", "index", costTitle(Run), "configuration"}, {true, true, true, false}, {}};
    for (const EvaluationRecord &E : Es) {
      std::string Configuration = configurationText(E.Configuration);
      if (!E.Result.Valid)
        Configuration +=
            "  (" + briefFailureDetail(E.Result.Failure, E.Result.Reason, E.Result.Log) + ')';
      if (E.Reused)
        Configuration += "  (reused)";
      if (E.Evaluation >= 1 && static_cast<std::uint64_t>(E.Evaluation) <= Run.WarmStart)
        Configuration += "  (warm start)";
      Table.Rows.push_back({std::to_string(E.Evaluation), E.ConfigIndex,
                            E.Result.Valid ? costText(E.Result.Costs) : "invalid",
                            std::move(Configuration)});
    }
    Table.write(OS, "  ");
    writeFailureLogs(OS, Es);
  }
}

} // namespace

int runResultsCommand(const ResultsOptions &Options, std::ostream &Out, std::ostream &Err) {
  auto Fail = [&](const std::string &Message) {
    DiagnosticSink(Err).error(Message);
    return 1;
  };
  Expected<std::unique_ptr<ResultsDatabase>> Db =
      ResultsDatabase::open(Options.Database, ResultsDatabase::Mode::ReadOnly);
  if (!Db.ok())
    return Fail(Db.error().message());
  const std::optional<std::int64_t> Run =
      Options.Run ? std::optional<std::int64_t>(Options.Run) : std::nullopt;
  if (Options.Csv) {
    Expected<void> Written = writeResultsCsv(**Db, Out, Run);
    return Written.ok() ? 0 : Fail(Written.error().message());
  }
  if (Options.Json) {
    // Streamed, one evaluation at a time. A log tail may end inside a
    // UTF-8 sequence: replaced, not failed. ASCII only: a C1 control stays
    // a valid \u escape, not the terminal escaper's \x
    // (System/TerminalText.h).
    Expected<void> Written = writeResultsJson(**Db, Out, Run);
    return Written.ok() ? 0 : Fail(Written.error().message());
  }

  std::vector<RunInfo> Runs;
  if (Run) {
    Expected<RunInfo> One = (*Db)->existingRun(*Run);
    if (!One.ok())
      return Fail(One.error().message());
    Runs.push_back(One.take());
  } else {
    Expected<std::vector<RunInfo>> All = (*Db)->runs();
    if (!All.ok())
      return Fail(All.error().message());
    Runs = All.take();
  }
  std::vector<std::vector<EvaluationRecord>> Evaluations;
  for (const RunInfo &R : Runs) {
    Expected<std::vector<EvaluationRecord>> Es = (*Db)->evaluationsOfRun(R.Id);
    if (!Es.ok())
      return Fail(Es.error().message());
    Evaluations.push_back(Es.take());
  }
  // The table is for people: control bytes from the database (a string
  // value, a log tail) are shown, not obeyed by the terminal.
  std::ostringstream Table;
  writeTables(Table, Options.Database, Runs, Evaluations);
  Out << escapeControlBytes(Table.str());
  return 0;
}

int resultsMain(const SubcommandArgs &Args) {
  ResultsOptions Options;
  CLI::App App(summaryOf("results"), "atfc results");
  App.add_option("DB", Options.Database,
                 "The results database (e.g. FILE.atf/results.db), or the directory holding it")
      ->required()
      ->transform(recordedDataFile);
  CLI::Option *Csv =
      App.add_flag("--csv", Options.Csv, "One CSV row per evaluation (a column per parameter)");
  App.add_flag("--json", Options.Json, "One JSON object {runs: [...], evaluations: [...]}")
      ->excludes(Csv);
  addCountOption(
      App, "--run", 1, INT64_MAX,
      [&](std::uint64_t N) { Options.Run = static_cast<std::int64_t>(N); },
      "Only the run with this id");
  if (std::optional<int> Exit = parseSubcommandLine(App, Args))
    return *Exit;
  return runResultsCommand(Options, std::cout, std::cerr);
}

} // namespace atfc
