//===- tools/atfc/ReportCommand.cpp - atfc report -------------------------===//
#include "ReportCommand.h"

#include "AnalyzeCommand.h"
#include "Report/RunReport.h"
#include "Support/Diagnostic.h"
#include "runtime/RunReportData.h"

#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>

namespace atfc {

void addReportCommand(CLI::App &App, ReportOptions &Options, int &Status) {
  CLI::App *Sub = App.add_subcommand(
      "report", "Write a self-contained HTML report of a tuning run or of recorded data");
  Sub->add_option("DATA", Options.Data,
                  "An atfc results database, a Kernel Tuner cache file or a T4 results file "
                  "(plain or gzip)")
      ->required();
  Sub->add_option("-o,--output", Options.Output, "The page to write")->capture_default_str();
  Sub->add_option("--run", Options.Run,
                  "For a results database: the run to show (default: the latest)");
  Sub->callback([&Options, &Status] { Status = runReportCommand(Options, std::cout, std::cerr); });
}

int runReportCommand(const ReportOptions &Options, std::ostream &Out, std::ostream &Err) {
  DiagnosticSink Diags(Err);
  report::ReportRun Run;
  if (isSqliteFile(Options.Data)) {
    auto Db = ResultsDatabase::open(Options.Data, ResultsDatabase::Mode::ReadOnly);
    if (!Db.ok()) {
      Diags.error(Db.Error);
      return 1;
    }
    auto Read = reportOfDatabaseRun(*Db.Value, Options.Run);
    if (!Read.ok()) {
      Diags.error(Read.Error);
      return 1;
    }
    Run = std::move(Read.Value);
  } else {
    if (Options.Run != 0) {
      Diags.error("--run applies to a results database, and " + atfc::quoted(Options.Data) +
                  " is not one");
      return 1;
    }
    RecordedDataOrError Read = readRecordedData(Options.Data);
    if (!Read.ok()) {
      Diags.error(Read.Error);
      return 1;
    }
    Run = reportOfRecordedData(Read.Data, Options.Data);
  }
  std::ofstream File(Options.Output, std::ios::binary | std::ios::trunc);
  File << report::runReportHtml(Run);
  File.flush();
  if (!File) {
    Diags.error("cannot write " + atfc::quoted(Options.Output) + ": " + std::strerror(errno));
    return 1;
  }
  Out << "written: " << Options.Output << " (" << Run.Evaluations.size() << " evaluations)\n";
  return 0;
}

} // namespace atfc
