//===- Invocation/CommandLine.cpp - The one option grammar ------------------===//
#include "Invocation/CommandLine.h"

#include "Invocation/PositionalInputs.h"
#include "Support/Diagnostic.h"
#include "Support/Suggestions.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <sstream>

namespace atfc {
namespace {

/// Word's option name: `--name=value` without `=value`, as CLI11 splits it.
std::string nameOf(const std::string &Word) {
  return Word.starts_with("--") ? Word.substr(0, Word.find('=')) : Word;
}

bool takesValue(const CLI::Option &O) { return O.get_expected_max() != 0; }

} // namespace

bool looksLikeOption(std::string_view Word) {
  return Word.size() > 1 && Word[0] == '-' && !(Word[1] >= '0' && Word[1] <= '9') && Word[1] != '.';
}

bool isPathValueName(std::string_view TypeName) {
  return TypeName == "PATH" || TypeName == "DIR" || TypeName == "FILE";
}

std::vector<std::string> optionNames(const CLI::App &App) {
  std::vector<std::string> Names;
  for (const CLI::Option *O : App.get_options()) {
    for (const std::string &L : O->get_lnames())
      Names.push_back("--" + L);
    for (const std::string &S : O->get_snames())
      Names.push_back("-" + S);
  }
  return Names;
}

std::optional<std::string> closestOption(const std::string &Word,
                                         const std::vector<std::string> &Known) {
  const std::string_view Close = closestSpelling(Word, Known);
  return Close.empty() ? std::nullopt : std::optional<std::string>(Close);
}

std::string optionMisuseMessage(const OptionMisuse &M, bool ProgramArguments) {
  switch (M.Problem) {
  case OptionMisuse::Kind::Unknown: {
    std::string Message = fmt::format("unknown option '{}'", M.Name);
    if (!M.Closest.empty())
      Message += fmt::format("; did you mean '{}'?", M.Closest);
    if (ProgramArguments)
      Message += " (arguments of the tuned program that begin with '-' go after '--')";
    return Message;
  }
  case OptionMisuse::Kind::TakesNoValue:
    return fmt::format("option '{}' takes no value", M.Name);
  case OptionMisuse::Kind::NeedsValue:
    if (M.ValueName.empty())
      return fmt::format("option '{}' needs a value", M.Name);
    return fmt::format("option '{0}' needs a value: {0} {1}", M.Name, M.ValueName);
  case OptionMisuse::Kind::OutOfRange:
    return fmt::format("option '{}' needs a whole number from {} to {}, not '{}'", M.Name, M.Min,
                       M.Max, M.Word);
  case OptionMisuse::Kind::EmptyPath:
    return fmt::format("option '{}' needs a path, not an empty one: {} {}", M.Name, M.Name,
                       M.ValueName);
  }
  return "option '" + M.Name + "' is misused";
}

std::optional<OptionMisuse> findOptionMisuse(const CLI::App &App,
                                             std::span<const std::string> Words) {
  for (std::size_t I = 0; I < Words.size(); ++I) {
    const std::string &Word = Words[I];
    if (Word == "--")
      return std::nullopt;
    if (!looksLikeOption(Word)) {
      if (App.get_prefix_command())
        return std::nullopt; // the rest is the prefixed command's
      continue;
    }
    OptionMisuse Misuse;
    Misuse.Word = Word;
    Misuse.Name = nameOf(Word);
    const CLI::Option *O = App.get_option_no_throw(Misuse.Name);
    if (!O) {
      if (std::optional<std::string> Close = closestOption(Misuse.Name, optionNames(App)))
        Misuse.Closest = *Close;
      return Misuse;
    }
    const bool Inline = Misuse.Name.size() != Word.size();
    if (!takesValue(*O)) {
      if (!Inline)
        continue;
      Misuse.Problem = OptionMisuse::Kind::TakesNoValue;
      return Misuse;
    }
    Misuse.ValueName = O->get_type_name();
    if (!Inline && I + 1 == Words.size()) {
      Misuse.Problem = OptionMisuse::Kind::NeedsValue;
      return Misuse;
    }
    const std::string Value = Inline ? Word.substr(Misuse.Name.size() + 1) : Words[++I];
    if (Value.empty() && isPathValueName(Misuse.ValueName)) {
      Misuse.Problem = OptionMisuse::Kind::EmptyPath;
      return Misuse;
    }
  }
  return std::nullopt;
}

void refuseOptionValue(std::string Message) { throw CLI::ValidationError(std::move(Message)); }

std::uint64_t countOptionValue(std::string_view Option, std::string_view Text, std::uint64_t Min,
                               std::uint64_t Max) {
  std::uint64_t V = 0;
  if (parseArgument(Text, V) == ArgumentProblem::None && V >= Min && V <= Max)
    return V;
  OptionMisuse Misuse;
  Misuse.Problem = OptionMisuse::Kind::OutOfRange;
  Misuse.Name = Option;
  Misuse.Word = Text;
  Misuse.Min = Min;
  Misuse.Max = Max;
  refuseOptionValue(optionMisuseMessage(Misuse, false));
}

void addCountOption(CLI::App &App, const std::string &Name, std::uint64_t Min, std::uint64_t Max,
                    std::function<void(std::uint64_t)> Set, const std::string &Help) {
  // The long name, for messages: "-n,--runs" -> "--runs".
  const std::string Shown = Name.substr(Name.find_last_of(',') + 1);
  App.add_option_function<std::string>(
         Name,
         [Shown, Min, Max, Set = std::move(Set)](const std::string &Text) {
           Set(countOptionValue(Shown, Text, Min, Max));
         },
         fmt::format("{} ({} to {})", Help, Min, Max))
      ->type_name("N")
      ->trigger_on_parse();
}

Expected<std::vector<std::string>> parseOptionWords(CLI::App &App,
                                                    std::span<const std::string> Words) {
  // `--name=value` as two words: CLI11 would take an empty inline value for
  // none and read the next word instead.
  std::vector<std::string> Split;
  std::size_t I = 0;
  for (; I < Words.size(); ++I) {
    const std::string &Word = Words[I];
    if (Word == "--" || (App.get_prefix_command() && !looksLikeOption(Word)))
      break;
    const std::string Name = nameOf(Word);
    const CLI::Option *O = looksLikeOption(Word) ? App.get_option_no_throw(Name) : nullptr;
    if (!O || !takesValue(*O)) {
      Split.push_back(Word);
      continue;
    }
    Split.push_back(Name);
    if (Name.size() != Word.size())
      Split.push_back(Word.substr(Name.size() + 1));
    else if (I + 1 < Words.size())
      Split.push_back(Words[++I]);
  }
  Split.insert(Split.end(), Words.begin() + static_cast<std::ptrdiff_t>(I), Words.end());
  std::reverse(Split.begin(), Split.end()); // CLI11 takes them last first
  App.allow_extras();
  try {
    App.parse(Split);
  } catch (const CLI::ParseError &E) {
    return Error(E.what());
  }
  return App.remaining();
}

Expected<std::vector<std::string>> parseOptions(CLI::App &App, std::span<const std::string> Words,
                                                bool ProgramArguments) {
  if (std::optional<OptionMisuse> Misuse = findOptionMisuse(App, Words))
    return Error(optionMisuseMessage(*Misuse, ProgramArguments));
  return parseOptionWords(App, Words);
}

std::optional<SubcommandExit> parseSubcommandOptions(CLI::App &App,
                                                     const std::vector<std::string> &Args,
                                                     std::vector<std::string> *AfterDashes) {
  std::vector<std::string> Words = Args;
  // A misused option, in the one text of every program of atfc; of a
  // command with subcommands of its own (atfc wisdom), in the words after
  // the subcommand's name (the rest is left to CLI11).
  const CLI::App *Checked = &App;
  std::span<const std::string> Checking(Words);
  if (!App.get_subcommands({}).empty()) {
    Checked = nullptr;
    for (const CLI::App *Sub : App.get_subcommands({}))
      if (!Words.empty() && Sub->check_name(Words.front()))
        Checked = Sub;
    Checking = Checking.subspan(Checked ? 1 : 0);
  }
  if (Checked)
    if (std::optional<OptionMisuse> Misuse = findOptionMisuse(*Checked, Checking))
      return SubcommandExit{
          2, "",
          diagnosticLine(diagnosticAt(Severity::Error, {},
                                      optionMisuseMessage(*Misuse, AfterDashes != nullptr)),
                         ProgramName) +
              "\n"};
  if (AfterDashes) {
    auto Dashes = std::find(Words.begin(), Words.end(), "--");
    if (Dashes != Words.end()) {
      AfterDashes->assign(Dashes + 1, Words.end());
      Words.erase(Dashes, Words.end());
    }
  }
  std::reverse(Words.begin(), Words.end()); // CLI11 takes them last first
  // Usage errors in the one format of every diagnostic (Support/Diagnostic.h).
  App.failure_message([](const CLI::App *, const CLI::Error &E) {
    return diagnosticLine(diagnosticAt(Severity::Error, {}, E.what()), ProgramName) + "\n" +
           diagnosticLine(diagnosticAt(Severity::Note, {}, "run with --help for more information"),
                          ProgramName) +
           "\n";
  });
  try {
    App.parse(Words);
  } catch (const CLI::ParseError &E) {
    std::ostringstream Output, Errors;
    const int Status = App.exit(E, Output, Errors);
    return SubcommandExit{Status, Output.str(), Errors.str()};
  }
  return std::nullopt;
}

} // namespace atfc
