//===- tools/atfc/CommandLine.h - A subcommand's options --------*- C++ -*-===//
//
// Each subcommand parses its own options with CLI11 through one function,
// the grammar of Invocation/CommandLine.h; this prints what it returns.
// A mistyped option must never become an argument of the tuned program or
// be dropped: every word before `--` that looks like an option must be one
// of the subcommand's, else atfc names it and the closest option it has.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TOOLS_ATFC_COMMANDLINE_H
#define ATFC_TOOLS_ATFC_COMMANDLINE_H

#include <optional>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace atfc {

/// The help of a subcommand's DATA argument: every kind of data atfc reads.
inline constexpr const char *kRecordedDataHelp =
    "An atfc results database (or the directory holding it), a Kernel Tuner cache file, a T4 "
    "results file or KTT output (plain or gzip)";

/// Parses Args, the words after the subcommand's name, into App
/// (parseSubcommandOptions); nullopt to go on, else the exit status to
/// return, after printing the --help text or the usage error.
std::optional<int> parseSubcommandLine(CLI::App &App, const std::vector<std::string> &Args,
                                       std::vector<std::string> *AfterDashes = nullptr);

} // namespace atfc

#endif
