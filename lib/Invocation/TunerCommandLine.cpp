//===- Invocation/TunerCommandLine.cpp - A generated tuner's options ---------===//
//
// The options are CLI11's (Invocation/CommandLine.h); what no option takes,
// negative numbers included, is the tuned program's, in its order.
//
//===----------------------------------------------------------------------===//
#include "Invocation/TunerCommandLine.h"

#include "SearchSpace/SpaceGenerator.h"

#include "Invocation/CommandLine.h"
#include "Invocation/PositionalInputs.h"
#include "Invocation/TunerInvocation.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <optional>

namespace atfc {
namespace {

/// Reads a count option's value in 0..Max, or refuses it with what is
/// wrong (countOptionValue()).
template <class T> T countValue(std::string_view Option, std::string_view Text, T Max) {
  return static_cast<T>(countOptionValue(Option, Text, 0, Max));
}

} // namespace

void addTunerOptions(CLI::App &App, TunerOptions &O) {
  // Each callback runs when its option is read, in the order given: an
  // option after --invocation applies on top of it.
  auto Flag = [&](const char *Name, auto Set) {
    App.add_flag_callback(Name, std::move(Set))->trigger_on_parse();
  };
  auto Valued = [&](std::string Name, const char *ValueName, auto Set) {
    App.add_option_function<std::string>(Name, std::move(Set))
        ->type_name(ValueName)
        ->trigger_on_parse();
  };
  Flag("--space", [&O] { O.Mode = TunerMode::Space; });
  Flag("--tune", [&O] { O.Mode = TunerMode::Tune; });
  // The words after it, up to `--`, are `atfc replay`'s (parseTunerCommandLine).
  Flag("--replay", [&O] { O.Mode = TunerMode::Replay; });
  Flag("--devices", [&O] { O.Mode = TunerMode::Devices; });
  Flag("--json", [&O] { O.Json = true; });
  Flag("-h,--help", [&O] { O.Help = true; });
  Flag("--resume", [&O] { O.Resume = true; });
  Flag("--verbose", [&O] { O.Verbose = true; });
  Flag("--fresh", [&O] { O.Fresh = true; });
  Valued("--output", "", [&O](const std::string &V) { O.OutputDirectory = V; });
  Valued("--blanked", "", [&O](const std::string &V) { O.BlankedSource = V; });
  Valued("--technique", "", [&O](const std::string &V) { O.Technique = V; });
  Valued("--abort-condition", "", [&O](const std::string &V) { O.AbortCondition = V; });
  Valued("--inputs-key", "", [&O](const std::string &V) { O.InputsKey = V; });
  Valued("--prior", "", [&O](const std::string &V) { O.Priors.push_back({V, 0}); });
  Valued("--seed", "", [&O](const std::string &V) {
    O.Seed = countValue<std::uint64_t>("--seed", V, UINT64_MAX);
  });
  Valued("--compile-ahead", "N", [&O](const std::string &V) {
    O.CompileAhead = countValue<unsigned>("--compile-ahead", V, kMaxCompileAhead);
  });
  Valued("--list", "N", [&O](const std::string &V) {
    O.List = countValue<std::uint64_t>("--list", V, UINT64_MAX);
  });
  Valued("--repetitions", "N", [&O](const std::string &V) {
    O.Repetitions = countValue<unsigned>("--repetitions", V, 100000);
  });
  // More threads than this made oneTBB crash (70,000: a segfault).
  Valued("--threads", "T", [&O](const std::string &V) {
    O.Threads = countValue<unsigned>("--threads", V, kMaxGenerationThreads);
  });
  addDeviceLimitOption(App, O.DeviceLimits);
  // atfc's options as one value (TunerInvocation.h), in place of those
  // before it; the program's arguments follow after `--`.
  Valued(std::string(kInvocationOption), "", [&O](const std::string &V) {
    Expected<TunerOptions> Invoked = fromInvocation(V);
    if (!Invoked)
      refuseOptionValue(Invoked.error().message());
    O = Invoked.take();
  });
}

Expected<TunerOptions> parseTunerCommandLine(std::span<const std::string> Args) {
  TunerOptions O;
  CLI::App App;
  App.set_help_flag(); // --help is an option like the others: TunerMain prints the usage
  addTunerOptions(App, O);
  // --replay hands every word up to `--` to the replay's own options
  // (Replay/ReplayOptions.h), which check them; CLI11 sees the rest.
  const auto Dashes = std::find(Args.begin(), Args.end(), "--");
  const auto Replay = std::find(Args.begin(), Dashes, "--replay");
  std::vector<std::string> Words(Args.begin(), Replay == Dashes ? Dashes : Replay + 1);
  Words.insert(Words.end(), Dashes, Args.end());

  if (std::optional<OptionMisuse> Misuse = findOptionMisuse(App, Words)) {
    switch (Misuse->Problem) {
    case OptionMisuse::Kind::Unknown:
      return Error(fmt::format("unknown option '{}' (see --help; arguments of the tuned program "
                               "that begin with '-' go after '--')",
                               Misuse->Name));
    case OptionMisuse::Kind::TakesNoValue:
      return Error(fmt::format("option '{}' takes no value", Misuse->Name));
    case OptionMisuse::Kind::NeedsValue:
      if (Misuse->ValueName.empty())
        return Error(fmt::format("option '{}' needs a value", Misuse->Name));
      return Error(
          fmt::format("option '{0}' needs a value: {0} {1}", Misuse->Name, Misuse->ValueName));
    }
  }
  Expected<std::vector<std::string>> Rest = parseOptionWords(App, Words);
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
  return fmt::format(
      R"(usage: {0} [options] [--] ARGS...

The tuner of {1}, generated by atfc. ARGS are the arguments of the tuned
program: the file's positional inputs read them as $1, $2, ...; put them after
'--' when one begins with '-' and is no number.

mode:
  --space        generate the search space and report its size, and how each
                 parameter's constraint shaped it (the default)
  --tune         tune: explore the space, measure configurations, keep every
                 result in OUTPUT/results.db, write the best configuration
  --replay OPTIONS...
                 replay tuning runs on recorded data over this space; the
                 options up to `--` are those of `atfc replay`
  --devices      list the OpenCL and CUDA devices of this machine, and where
                 the CUDA driver and NVRTC were found (or why not)

tune options:
  --output DIR           where results and the best configuration go
                         (default: FILE.atf)
  --blanked PATH         the file with its directives blanked (atfc writes it)
  --technique T          search technique instead of the file's
  --abort-condition A    abort condition instead of the file's
  --seed S               seed instead of the file's
  --resume               continue the last interrupted run
  --fresh                measure every configuration again, reusing nothing
  --compile-ahead N      compile up to N configurations ahead, beside the one
                         measured (0: off; default: 2 compile scripts, kernels
                         one per free core on a GPU, none on a CPU device)
  --prior PATH           start with the best configurations of earlier data: a
                         results database, a Kernel Tuner cache or a T4 file
                         (repeatable)
  --inputs-key HEX       hash of the files the results depend on besides the
                         source (atfc computes it); joins the results key
  --verbose              a line per evaluation

space options:
  --device-limit NAME=VALUE
                 a device limit the file's ranges, constraints or launch sizes
                 name (max_threads_per_block=1024, local_mem_size=49152, ...),
                 so that the device need not be opened to read it; the last
                 value of a name wins (repeatable)

options:
  --invocation JSON
                 every option at once, as atfc passes them (one JSON object;
                 Invocation/TunerInvocation.h); options after it apply on top
  --json         print the report as exactly one JSON object
  --list N       also print the first N configurations, in index order
  --threads T    generation threads; 0 (the default) uses every core
  --repetitions N
                 space mode: generate the space N more times and report the
                 median of their times beside the first generation's
  -h, --help     print this help and exit
)",
      Program, FileName);
}

} // namespace atfc
