//===- tools/atfc/ReportCommand.cpp - atfc report -------------------------===//
#include "ReportCommand.h"

#include "AnalyzeCommand.h"
#include "Report/RunReport.h"
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
  report::ReportRun Run;
  if (isSqliteFile(Options.Data)) {
    auto Db = ResultsDatabase::open(Options.Data, ResultsDatabase::Mode::ReadOnly);
    if (!Db.ok()) {
      Err << "atfc report: error: " << Db.error().message() << '\n';
      return 1;
    }
    auto Read = reportOfDatabaseRun(**Db, Options.Run);
    if (!Read.ok()) {
      Err << "atfc report: error: " << Read.error().message() << '\n';
      return 1;
    }
    Run = Read.take();
  } else {
    if (Options.Run != 0) {
      Err << "atfc report: error: --run applies to a results database, and '" << Options.Data
          << "' is not one\n";
      return 1;
    }
    Expected<RecordedData> Read = readRecordedData(Options.Data);
    if (!Read.ok()) {
      Err << "atfc report: error: " << Read.error().message() << '\n';
      return 1;
    }
    Run = reportOfRecordedData(*Read, Options.Data);
  }
  std::ofstream File(Options.Output, std::ios::binary | std::ios::trunc);
  File << report::runReportHtml(Run);
  File.flush();
  if (!File) {
    Err << "atfc report: error: cannot write '" << Options.Output << "': " << std::strerror(errno)
        << '\n';
    return 1;
  }
  Out << "written: " << Options.Output << " (" << Run.Evaluations.size() << " evaluations)\n";
  return 0;
}

} // namespace atfc
