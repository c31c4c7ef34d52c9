//===- Invocation/CommandLine.h - The one option grammar --------*- C++ -*-===//
//
// Every program of atfc reads its options with CLI11 through these
// functions: atfc's subcommands, a generated tuner, its --replay mode and
// atfc-ranks. Each program declares each of its options once, on a
// CLI::App; what CLI11 would say in its own words (a word that looks like an
// option and is none, a flag given a value, an option without its value) is
// found here first, so that each program says it in the house's words.
//
// Only the .cpp files include CLI11: a generated tuner includes these
// headers. Nothing here prints: --help and error texts are returned to the
// program's main.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_INVOCATION_COMMANDLINE_H
#define ATFC_INVOCATION_COMMANDLINE_H

#include "Support/Error.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace CLI {
class App;
}

namespace atfc {

/// Whether Word is taken for an option: a '-' not followed by a digit or
/// '.' (a negative number is data).
bool looksLikeOption(std::string_view Word);

/// Whether an option whose value is named TypeName (CLI11's type_name)
/// takes a path: "PATH", "DIR" or "FILE". Such an option refuses an empty
/// value (findOptionMisuse), in every program of atfc: `-o ''` once
/// silently meant the default directory, or standard output.
bool isPathValueName(std::string_view TypeName);

/// Every spelling of App's options: "--name" and "-n".
std::vector<std::string> optionNames(const CLI::App &App);

/// The option among Known closest to Word (by edit distance), when it is
/// close enough to be a likely typo.
std::optional<std::string> closestOption(const std::string &Word,
                                         const std::vector<std::string> &Known);

/// A word of a command line that App's options cannot take.
struct OptionMisuse {
  enum class Kind {
    /// Looks like an option and is none of App's.
    Unknown,
    /// A flag given a value (`--json=1`).
    TakesNoValue,
    /// An option that takes a value ends the command line.
    NeedsValue,
    /// A count option's value is no whole number from Min to Max.
    OutOfRange,
    /// A path option (isPathValueName) given an empty value.
    EmptyPath,
  };
  Kind Problem = Kind::Unknown;
  /// The word as given; for OutOfRange, the value refused.
  std::string Word;
  /// The option's name: the word without `=value` (the long name of a
  /// count option).
  std::string Name;
  /// What the value is (the option's type name, "N"), for NeedsValue;
  /// empty when it has none.
  std::string ValueName;
  /// For Unknown: the option of App closest to Name, when it is close
  /// enough to be a likely typo; empty when none is.
  std::string Closest;
  /// For OutOfRange: the count's range.
  std::uint64_t Min = 0, Max = 0;
};

/// The one text of Misuse, for every program of atfc: "unknown option
/// '--sed'; did you mean '--seed'?", "option '--json' takes no value",
/// "option '--list' needs a value: --list N", "option '--runs' needs a
/// whole number from 1 to 100000, not '-1'", "option '-o' needs a path,
/// not an empty one". With ProgramArguments (the
/// program's words that are no options go to a tuned program), an unknown
/// option also says where such arguments go.
std::string optionMisuseMessage(const OptionMisuse &Misuse, bool ProgramArguments);

/// The first misused word of Words before `--` (and, for a prefix command,
/// before its first word that is no option); nullopt when there is none.
std::optional<OptionMisuse> findOptionMisuse(const CLI::App &App,
                                             std::span<const std::string> Words);

/// Refuses an option's value from within its callback: parseOptionWords()
/// returns Message as its error.
[[noreturn]] void refuseOptionValue(std::string Message);

/// The value of the count option Option: Text as a whole decimal number in
/// [Min, Max]; anything else (negative, beyond Max, not a number) is
/// refused with refuseOptionValue("option '--runs' needs a whole number
/// from 1 to 100000, not '-1'"). Every whole-number option of atfc, its
/// tuners and atfc-ranks has such a range (docs/reliability.md): an
/// unbounded count once became an allocation that aborted.
std::uint64_t countOptionValue(std::string_view Option, std::string_view Text, std::uint64_t Min,
                               std::uint64_t Max);

/// Declares on App the count option Name ("--runs", or "-n,--runs"), read
/// by countOptionValue() with [Min, Max] when it is given, passing the
/// value to Set; its help shows the range after Help.
void addCountOption(CLI::App &App, const std::string &Name, std::uint64_t Min, std::uint64_t Max,
                    std::function<void(std::uint64_t)> Set, const std::string &Help);

/// Parses Words into App (parseOptionWords()) after findOptionMisuse()
/// found nothing; the error is optionMisuseMessage()'s, or the message of
/// the callback or of CLI11 that refused a word.
Expected<std::vector<std::string>> parseOptions(CLI::App &App, std::span<const std::string> Words,
                                                bool ProgramArguments);

/// Parses Words, in which findOptionMisuse() found nothing, into App in
/// their order (an option's callback, triggered on parse, sees the options
/// before it). The words that are no option come back in their order, the
/// first `--` included; the error is the message of the callback or of
/// CLI11 that refused a word.
Expected<std::vector<std::string>> parseOptionWords(CLI::App &App,
                                                    std::span<const std::string> Words);

/// Where parsing an atfc subcommand's words ended the subcommand: the exit
/// status and what to print first.
struct SubcommandExit {
  int Status = 0;
  /// For standard output: the --help text.
  std::string Output;
  /// For standard error: the usage error.
  std::string Errors;
};

/// Parses Args, the words after an atfc subcommand's name, into App;
/// nullopt to go on, else how the subcommand ends (0 after --help; for a
/// bad command line, optionMisuseMessage()'s text, or CLI11's with a note,
/// and 1 or more). With AfterDashes, the subcommand runs a program: the
/// words after `--` go there as they are, never to CLI11, and a misused
/// option before `--` is an error (exit 2) rather than an argument of the
/// program.
std::optional<SubcommandExit> parseSubcommandOptions(CLI::App &App,
                                                     const std::vector<std::string> &Args,
                                                     std::vector<std::string> *AfterDashes);

} // namespace atfc

#endif
