//===- tools/atfc/CommandLine.h - A subcommand's options --------*- C++ -*-===//
//
// Each subcommand parses its own options with CLI11 through one function.
// A mistyped option must never become an argument of the tuned program or
// be dropped: every word before `--` that looks like an option must be one
// of the subcommand's, else atfc names it and the closest option it has.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TOOLS_ATFC_COMMANDLINE_H
#define ATFC_TOOLS_ATFC_COMMANDLINE_H

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace atfc {

/// The help of a subcommand's DATA argument: every kind of data atfc reads.
inline constexpr const char *kRecordedDataHelp =
    "An atfc results database, a Kernel Tuner cache file or a T4 results file (plain or gzip)";

/// The option among Known closest to Word (by edit distance), when it is
/// close enough to be a likely typo.
std::optional<std::string> closestOption(const std::string &Word,
                                         const std::vector<std::string> &Known);

/// The message for the first word of Args before `--` that looks like an
/// option (a '-' not followed by a digit or '.') and is none of Known
/// (`--name=value` counts as `--name`); nullopt when there is none.
std::optional<std::string> unknownOptionMessage(std::span<const std::string> Args,
                                                const std::vector<std::string> &Known);

/// Parses Args, the words after the subcommand's name, into App; nullopt to
/// go on, else the exit status to return (0 after --help, which it prints;
/// CLI11's message and 1 or more for a bad command line). With AfterDashes,
/// the subcommand runs a program: the words after `--` go there as they
/// are, never to CLI11, and an unknown option before `--` is an error with
/// a did-you-mean (exit 2) rather than an argument of the program.
std::optional<int> parseSubcommandLine(CLI::App &App, const std::vector<std::string> &Args,
                                       std::vector<std::string> *AfterDashes = nullptr);

} // namespace atfc

#endif
