//===- tools/atfc/ReportCommand.h - atfc report -----------------*- C++ -*-===//
//
// `atfc report DATA [-o report.html] [--run ID]`: one self-contained HTML
// page that shows a tuning run (lib/Report): DATA is an atfc results
// database (a run of it: the latest by default) or a Kernel Tuner cache or
// T4 results file (every entry, in the file's order).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TOOLS_ATFC_REPORTCOMMAND_H
#define ATFC_TOOLS_ATFC_REPORTCOMMAND_H

#include <cstdint>
#include <iosfwd>
#include <string>

namespace CLI {
class App;
}

namespace atfc {

struct ReportOptions {
  /// The data file.
  std::string Data;
  /// Where the page goes.
  std::string Output = "report.html";
  /// A results database's run; 0 for the latest.
  std::int64_t Run = 0;
};

/// Adds the `report` subcommand to App, filling Options; when it is run,
/// Status becomes its exit status.
void addReportCommand(CLI::App &App, ReportOptions &Options, int &Status);

/// atfc report: writes the page, says where to Out, errors to Err; returns
/// the exit status (0, or 1 when the data cannot be read or the page
/// cannot be written).
int runReportCommand(const ReportOptions &Options, std::ostream &Out, std::ostream &Err);

} // namespace atfc

#endif
