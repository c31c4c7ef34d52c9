//===- Invocation/TunerCommandLine.cpp - A generated tuner's options ---------===//
//
// A hand-written parser: the grammar is small, and it must keep negative
// numbers and everything after `--` for the tuned program, which option
// libraries make awkward.
//
//===----------------------------------------------------------------------===//
#include "Invocation/TunerCommandLine.h"

#include "SearchSpace/SpaceGenerator.h"

#include "Invocation/PositionalInputs.h"
#include "Invocation/TunerInvocation.h"

#include <fmt/format.h>

#include <climits>
#include <optional>

namespace atfc {
namespace {

/// Whether Arg, beginning with '-', is a number for the tuned program.
bool isNegativeNumber(std::string_view Arg) {
  return Arg.size() > 1 && ((Arg[1] >= '0' && Arg[1] <= '9') || Arg[1] == '.');
}

/// Reads a count option's value, or says what is wrong with it.
template <class T> Expected<T> countValue(std::string_view Option, std::string_view Text, T Max) {
  std::uint64_t V = 0;
  const ArgumentProblem P = parseArgument(Text, V);
  if (P == ArgumentProblem::None && V <= Max)
    return static_cast<T>(V);
  return Error(
      fmt::format("option '{}' needs a whole number from 0 to {}, not '{}'", Option, Max, Text));
}

} // namespace

Expected<TunerOptions> parseTunerCommandLine(std::span<const std::string> Args) {
  TunerOptions O;
  for (std::size_t I = 0; I < Args.size(); ++I) {
    const std::string &Arg = Args[I];
    if (Arg == "--") {
      O.Arguments.insert(O.Arguments.end(), Args.begin() + I + 1, Args.end());
      break;
    }
    if (Arg == kInvocationOption) {
      // atfc's options as one value (TunerInvocation.h); the program's
      // arguments follow after `--`.
      if (I + 1 == Args.size())
        return Error("option '--invocation' needs a value");
      Expected<TunerOptions> Invoked = fromInvocation(Args[++I]);
      if (!Invoked)
        return Invoked;
      Invoked->Arguments = std::move(O.Arguments);
      O = std::move(*Invoked);
      continue;
    }
    if (Arg == "--replay") {
      // Everything up to `--` is atfc replay's; it checks it itself.
      O.Mode = TunerMode::Replay;
      for (++I; I < Args.size() && Args[I] != "--"; ++I)
        O.ReplayArguments.push_back(Args[I]);
      --I;
      continue;
    }
    if (Arg.size() < 2 || Arg[0] != '-' || isNegativeNumber(Arg)) {
      O.Arguments.push_back(Arg);
      continue;
    }
    // --name or --name=value.
    const std::size_t Equals = Arg.find('=');
    const std::string_view Name = std::string_view(Arg).substr(0, Equals);
    std::optional<std::string_view> Value;
    if (Equals != std::string::npos)
      Value = std::string_view(Arg).substr(Equals + 1);

    if (Name == "--output" || Name == "--blanked" || Name == "--technique" ||
        Name == "--abort-condition" || Name == "--seed" || Name == "--inputs-key" ||
        Name == "--prior") {
      if (!Value) {
        if (I + 1 == Args.size())
          return Error(fmt::format("option '{}' needs a value", Name));
        Value = Args[++I];
      }
      if (Name == "--output")
        O.OutputDirectory = *Value;
      else if (Name == "--blanked")
        O.BlankedSource = *Value;
      else if (Name == "--technique")
        O.Technique = *Value;
      else if (Name == "--abort-condition")
        O.AbortCondition = *Value;
      else if (Name == "--inputs-key")
        O.InputsKey = *Value;
      else if (Name == "--prior")
        O.Priors.push_back({std::string(*Value), 0});
      else if (Expected<std::uint64_t> S = countValue<std::uint64_t>(Name, *Value, UINT64_MAX))
        O.Seed = *S;
      else
        return S.takeError();
      continue;
    }

    if (Name == "--list" || Name == "--threads" || Name == "--repetitions") {
      if (!Value) {
        if (I + 1 == Args.size())
          return Error(fmt::format("option '{}' needs a value: {} {}", Name, Name,
                                   Name == "--threads" ? "T" : "N"));
        Value = Args[++I];
      }
      if (Name == "--list") {
        const Expected<std::uint64_t> N = countValue<std::uint64_t>(Name, *Value, UINT64_MAX);
        if (!N)
          return N.error();
        O.List = *N;
      } else if (Name == "--repetitions") {
        const Expected<unsigned> N = countValue<unsigned>(Name, *Value, 100000);
        if (!N)
          return N.error();
        O.Repetitions = *N;
      } else {
        // More threads than this made oneTBB crash (70,000: a segfault).
        const Expected<unsigned> T = countValue<unsigned>(Name, *Value, kMaxGenerationThreads);
        if (!T)
          return T.error();
        O.Threads = *T;
      }
      continue;
    }

    bool *Flag = nullptr;
    if (Name == "--json")
      Flag = &O.Json;
    else if (Name == "--help" || Name == "-h")
      Flag = &O.Help;
    else if (Name == "--resume")
      Flag = &O.Resume;
    else if (Name == "--verbose")
      Flag = &O.Verbose;
    else if (Name == "--fresh")
      Flag = &O.Fresh;
    else if (Name == "--tune")
      O.Mode = TunerMode::Tune;
    else if (Name == "--devices")
      O.Mode = TunerMode::Devices;
    else if (Name != "--space")
      return Error(fmt::format("unknown option '{}' (see --help; arguments of the tuned program "
                               "that begin with '-' go after '--')",
                               Name));
    if (Value)
      return Error(fmt::format("option '{}' takes no value", Name));
    if (Flag)
      *Flag = true;
    else if (Name == "--space")
      O.Mode = TunerMode::Space;
  }
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
  --prior PATH           start with the best configurations of earlier data: a
                         results database, a Kernel Tuner cache or a T4 file
                         (repeatable)
  --inputs-key HEX       hash of the files the results depend on besides the
                         source (atfc computes it); joins the results key
  --verbose              a line per evaluation

options:
  --invocation JSON
                 every option at once, as atfc passes them (one JSON object;
                 runtime/TunerInvocation.h); options after it apply on top
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
