//===- tools/atfc/ReportCommand.cpp - atfc report -------------------------===//
//
// `atfc report DATA [-o report.html] [--run ID]`: one self-contained HTML
// page that shows a tuning run (lib/Report): DATA is an atfc results
// database (a run of it: the latest by default) or a Kernel Tuner cache or
// T4 results file (every entry, in the file's order).
//
//===----------------------------------------------------------------------===//
#include "CommandLine.h"
#include "Invocation/CommandLine.h"
#include "Subcommands.h"

#include "Report/HtmlPage.h"
#include "Report/RunReport.h"
#include "Report/RunReportData.h"
#include "Results/RecordedData.h"
#include "Support/Diagnostic.h"
#include "System/SafeFiles.h"

#include <CLI/CLI.hpp>

#include <cerrno>
#include <fstream>
#include <iostream>
#include <sys/stat.h>

namespace atfc {

struct ReportOptions {
  /// The data file.
  std::string Data;
  /// Where the page goes.
  std::string Output = "report.html";
  /// Whether the user named it (-o): else a file there is replaced only
  /// when it is a page atfc wrote.
  bool OutputNamed = false;
  /// A results database's run; 0 for the latest.
  std::int64_t Run = 0;
};

namespace {

/// Whether the page may go to Path unnamed: nothing is there, or a
/// regular file that begins as atfc's pages do.
bool replaceableByDefault(const std::string &Path) {
  struct stat S;
  if (::lstat(Path.c_str(), &S) != 0)
    return errno == ENOENT;
  if (!S_ISREG(S.st_mode))
    return false;
  std::ifstream In(Path, std::ios::binary);
  std::string Head(1024, '\0');
  In.read(Head.data(), static_cast<std::streamsize>(Head.size()));
  Head.resize(static_cast<std::size_t>(In.gcount()));
  return Head.find(report::kGeneratorMeta) != std::string::npos;
}

} // namespace

/// atfc report: writes the page, says where to Out, errors to Err; returns
/// the exit status (0, or 1 when the data cannot be read or the page
/// cannot be written).
int runReportCommand(const ReportOptions &Options, std::ostream &Out, std::ostream &Err) {
  DiagnosticSink Diags(Err);
  report::ReportRun Run;
  if (isSqliteFile(Options.Data)) {
    auto Db = ResultsDatabase::open(Options.Data, ResultsDatabase::Mode::ReadOnly);
    if (!Db.ok()) {
      Diags.error(Db.error().message());
      return 1;
    }
    auto Read = reportOfDatabaseRun(**Db, Options.Run);
    if (!Read.ok()) {
      Diags.error(Read.error().message());
      return 1;
    }
    Run = Read.take();
  } else {
    if (Options.Run != 0) {
      Diags.error("--run applies to a results database, and " + atfc::quoted(Options.Data) +
                  " is not one");
      return 1;
    }
    Expected<RecordedData> Read = readRecordedData(Options.Data);
    if (!Read.ok()) {
      Diags.error(Read.error().message());
      return 1;
    }
    Run = reportOfRecordedData(*Read, Options.Data);
  }
  if (!Options.OutputNamed && !replaceableByDefault(Options.Output)) {
    Diags.error(atfc::quoted(Options.Output) +
                " exists and is not a page atfc wrote, so atfc report leaves it; name the page "
                "to write with -o (a file named there is replaced)");
    return 1;
  }
  // The file the user named, replaced whole: a link there is replaced, not
  // followed (System/SafeFiles.h).
  if (Expected<void> Written = writeFileReplacing(Options.Output, report::runReportHtml(Run));
      !Written) {
    Diags.error(Written.error().message());
    return 1;
  }
  Out << "written: " << Options.Output << " (" << Run.Table.Entries.size() << " evaluations)\n";
  return 0;
}

int reportMain(const SubcommandArgs &Args) {
  ReportOptions Options;
  CLI::App App(summaryOf("report"), "atfc report");
  App.add_option("DATA", Options.Data, kRecordedDataHelp)->required()->transform(recordedDataFile);
  App.add_option("-o,--output", Options.Output,
                 "The page to write (replaced; unnamed, report.html only when atfc wrote it)")
      ->type_name("PATH")
      ->capture_default_str();
  addCountOption(
      App, "--run", 1, INT64_MAX,
      [&](std::uint64_t N) { Options.Run = static_cast<std::int64_t>(N); },
      "For a results database: the run to show (default: the latest)");
  if (std::optional<int> Exit = parseSubcommandLine(App, Args))
    return *Exit;
  Options.OutputNamed = App.count("--output") > 0;
  return runReportCommand(Options, std::cout, std::cerr);
}

} // namespace atfc
