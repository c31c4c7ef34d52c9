//===- Invocation/TunerCommandLine.cpp - A generated tuner's options ---------===//
//
// Each row of TunerOptions.def is declared on a CLI::App by its member's
// type: how a flag, a text, a count or a repeatable option reads its value
// is defined once here, for every option of that type. What no option
// takes, negative numbers included, is the tuned program's, in its order.
//
//===----------------------------------------------------------------------===//
#include "Invocation/TunerCommandLine.h"

#include "Invocation/CommandLine.h"
#include "Invocation/PositionalInputs.h"
#include "Invocation/TunerInvocation.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <concepts>
#include <optional>

namespace atfc {
namespace {

/// What a row of TunerOptions.def says about its command-line option.
struct Row {
  std::string Names;
  std::string Value;
  std::uint64_t Min, Max;
  std::string Help;
};

// Each callback runs when its option is read, in the order given: an
// option after --invocation applies on top of it.

void declare(CLI::App &App, const Row &R, bool &B) {
  App.add_flag_callback(
         R.Names, [&B] { B = true; }, R.Help)
      ->trigger_on_parse();
}
void declare(CLI::App &App, const Row &R, std::string &S) {
  App.add_option_function<std::string>(
         R.Names, [&S](const std::string &V) { S = V; }, R.Help)
      ->type_name(R.Value)
      ->trigger_on_parse();
}
template <std::unsigned_integral T> void declare(CLI::App &App, const Row &R, T &N) {
  addCountOption(
      App, R.Names, R.Min, R.Max, [&N](std::uint64_t V) { N = static_cast<T>(V); }, R.Help);
}
template <std::unsigned_integral T> void declare(CLI::App &App, const Row &R, std::optional<T> &N) {
  addCountOption(
      App, R.Names, R.Min, R.Max, [&N](std::uint64_t V) { N = static_cast<T>(V); }, R.Help);
}
/// Repeatable, one value each time: `--fix A=1 FILE` leaves FILE alone.
template <class T, class Read>
void declareRepeatable(CLI::App &App, const Row &R, std::vector<T> &L, Read ReadValue) {
  App.add_option_function<std::string>(
         R.Names, [&L, ReadValue](const std::string &V) { L.push_back(ReadValue(V)); }, R.Help)
      ->type_name(R.Value)
      ->trigger_on_parse();
}
void declare(CLI::App &App, const Row &R, std::vector<std::string> &L) {
  declareRepeatable(App, R, L, [](const std::string &V) { return V; });
}
void declare(CLI::App &App, const Row &R, std::vector<PriorData> &L) {
  declareRepeatable(App, R, L, [](const std::string &V) { return PriorData{V, 0}; });
}
void declare(CLI::App &App, const Row &R, GivenDeviceLimits &Given) {
  App.add_option_function<std::string>(
         R.Names,
         [&Given](const std::string &Text) {
           auto [Name, Value] = deviceLimitOptionValue(Text);
           Given[Name] = Value;
         },
         R.Help + " (names: " + fmt::format("{}", fmt::join(deviceLimitNames(), ", ")) + ")")
      ->type_name(R.Value)
      ->trigger_on_parse();
}
void declare(CLI::App &App, const Row &, TunerMode &M) {
#define ATFC_TUNER_MODE(Enumerator, Name, Help)                                                    \
  App.add_flag_callback(                                                                           \
         "--" Name, [&M] { M = TunerMode::Enumerator; }, Help)                                     \
      ->trigger_on_parse();
#include "Invocation/TunerOptions.def"
}

/// Whether a member of type T is a count (with a range).
template <class T> constexpr bool IsCount = std::unsigned_integral<T> && !std::same_as<T, bool>;
template <class T> constexpr bool IsCount<std::optional<T>> = IsCount<T>;

/// Help, wrapped at 79 columns, after the option's spelling Left.
void appendUsageLine(std::string &Out, const std::string &Left, const std::string &Help) {
  constexpr std::size_t Column = 25, Width = 79;
  std::string Line = "  " + Left;
  auto Flush = [&] {
    Out += Line + "\n";
    Line.assign(Column, ' ');
  };
  if (Line.size() + 1 > Column)
    Flush();
  Line.resize(Column, ' ');
  std::size_t At = 0;
  while (At < Help.size()) {
    const std::size_t End = std::min(Help.find(' ', At), Help.size());
    const std::string Word = Help.substr(At, End - At);
    if (Line.size() > Column && Line.size() + 1 + Word.size() > Width)
      Flush();
    Line += (Line.size() > Column ? " " : "") + Word;
    At = End + 1;
  }
  Out += Line + "\n";
}

} // namespace

const char *tunerModeName(TunerMode Mode) {
  switch (Mode) {
#define ATFC_TUNER_MODE(Enumerator, Name, Help)                                                    \
  case TunerMode::Enumerator:                                                                      \
    return Name;
#include "Invocation/TunerOptions.def"
  }
  return "space";
}

void addTuningOptions(CLI::App &App, TunerOptions &O, OptionPlace Place) {
#define ATFC_TUNER_OPTION(Member, Type, Names, Key, Value, Min, Max, Places, Help)                 \
  if ((Places)&Place) {                                                                            \
    declare(App, Row{Names, Value, Min, Max, Help}, O.Member);                                     \
  } else if (Place == InTune && ((Places)&RefusedInTune)) {                                        \
    declare(App, Row{Names, Value, Min, Max, Help}, O.Member);                                     \
    App.get_option(Names)->group("");                                                              \
  }
#include "Invocation/TunerOptions.def"
}

Expected<TunerOptions> parseTunerCommandLine(std::span<const std::string> Args) {
  TunerOptions O;
  CLI::App App;
  App.set_help_flag(); // --help is an option like the others: TunerMain prints the usage
  addTuningOptions(App, O, InTuner);
  // atfc's options as one value (TunerInvocation.h), in place of those
  // before it; the program's arguments follow after `--`.
  App.add_option_function<std::string>(std::string(kInvocationOption),
                                       [&O](const std::string &V) {
                                         Expected<TunerOptions> Invoked = fromInvocation(V);
                                         if (!Invoked)
                                           refuseOptionValue(Invoked.error().message());
                                         O = Invoked.take();
                                       })
      ->type_name("JSON")
      ->trigger_on_parse();
  // --replay hands every word up to `--` to the replay's own options
  // (Replay/ReplayOptions.h), which check them; CLI11 sees the rest.
  const auto Dashes = std::find(Args.begin(), Args.end(), "--");
  const auto Replay = std::find(Args.begin(), Dashes, "--replay");
  std::vector<std::string> Words(Args.begin(), Replay == Dashes ? Dashes : Replay + 1);
  Words.insert(Words.end(), Dashes, Args.end());

  Expected<std::vector<std::string>> Rest = parseOptions(App, Words, /*ProgramArguments=*/true);
  if (!Rest)
    return Rest.takeError();
  // What no option took is the tuned program's, but the first `--`.
  O.Arguments = Rest.take();
  if (auto Mark = std::find(O.Arguments.begin(), O.Arguments.end(), "--");
      Mark != O.Arguments.end())
    O.Arguments.erase(Mark);
  if (Replay != Dashes)
    O.ReplayArguments.insert(O.ReplayArguments.end(), Replay + 1, Dashes);
  return O;
}

std::string tunerUsage(std::string_view Program, std::string_view FileName) {
  std::string Usage = fmt::format(
      R"(usage: {0} [options] [--] ARGS...

The tuner of {1}, generated by atfc. ARGS are the arguments of the tuned
program: the file's positional inputs read them as $1, $2, ...; put them after
'--' when one begins with '-' and is no number.

modes:
)",
      Program, FileName);
#define ATFC_TUNER_MODE(Enumerator, Name, Help) appendUsageLine(Usage, "--" Name, Help);
#include "Invocation/TunerOptions.def"
  Usage += "\noptions:\n";
#define ATFC_TUNER_OPTION(Member, Type, Names, Key, Value, Min, Max, Places, Help)                 \
  if (((Places)&InTuner) && *(Names)) {                                                            \
    const std::string Shown = std::string(Names) + (*(Value) ? " " Value : "");                    \
    appendUsageLine(Usage, Shown,                                                                  \
                    IsCount<Type> ? fmt::format("{} ({} to {})", Help, Min, Max)                   \
                                  : std::string(Help));                                            \
  }
#include "Invocation/TunerOptions.def"
  appendUsageLine(Usage, std::string(kInvocationOption) + " JSON",
                  "Every option at once, as atfc passes them (one JSON object; "
                  "Invocation/TunerInvocation.h); options after it apply on top");
  return Usage;
}

} // namespace atfc
