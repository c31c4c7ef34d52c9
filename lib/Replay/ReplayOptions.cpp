//===- Replay/ReplayOptions.cpp - The options of a replay ----------------===//
#include "Replay/ReplayOptions.h"

#include "Search/TechniqueFactory.h"

#include <fmt/format.h>

#include <charconv>
#include <optional>

namespace atfc {

namespace {

/// Parses a whole decimal unsigned number.
std::optional<std::uint64_t> parseCount(const std::string &Text) {
  std::uint64_t V = 0;
  const char *End = Text.data() + Text.size();
  auto [Ptr, Ec] = std::from_chars(Text.data(), End, V);
  if (Text.empty() || Ec != std::errc() || Ptr != End)
    return std::nullopt;
  return V;
}

} // namespace

Expected<ReplayOptions> parseReplayOptions(std::span<const std::string> Args) {
  ReplayOptions O;
  bool HaveEvaluations = false, HaveRuns = false;
  auto Fail = [](std::string Message) { return Error(std::move(Message)); };
  for (std::size_t I = 0; I < Args.size(); ++I) {
    std::string Arg = Args[I];
    if (Arg == "--") {
      O.ProgramArguments.assign(Args.begin() + static_cast<std::ptrdiff_t>(I) + 1, Args.end());
      break;
    }
    if (Arg == "--help" || Arg == "-h") {
      O.Help = true;
      continue;
    }
    if (Arg == "--json") {
      O.Json = true;
      continue;
    }
    if (Arg.size() < 2 || Arg[0] != '-') {
      if (!O.DataPath.empty())
        return Fail("unexpected argument '" + Arg + "' (the data file is '" + O.DataPath +
                    "'; the program's arguments go after `--`)");
      O.DataPath = Arg;
      continue;
    }
    // An option with a value: --name VALUE or --name=VALUE.
    std::string Name = Arg, Text;
    bool Inline = false;
    if (auto Eq = Arg.find('='); Eq != std::string::npos && Arg.starts_with("--")) {
      Name = Arg.substr(0, Eq);
      Text = Arg.substr(Eq + 1);
      Inline = true;
    }
    static const char *const kValued[] = {"--space",    "--technique", "--evaluations",
                                          "--runs",     "--seed",      "--threads",
                                          "--parallel", "--prior",     "--report"};
    if (std::find_if(std::begin(kValued), std::end(kValued),
                     [&](const char *K) { return Name == K; }) == std::end(kValued))
      return Fail("unknown option '" + Arg + "'");
    if (!Inline) {
      if (I + 1 >= Args.size())
        return Fail("option '" + Name + "' needs a value");
      Text = Args[++I];
    }
    if (Name == "--space") {
      O.SpaceFile = Text;
    } else if (Name == "--report") {
      O.ReportPath = Text;
    } else if (Name == "--prior") {
      O.PriorPath = Text;
    } else if (Name == "--technique") {
      if (Expected<std::unique_ptr<SearchTechnique>> T = makeTechnique(Text); !T)
        return Fail("--technique '" + Text + "': " + T.error().message());
      O.Techniques.push_back(Text);
    } else {
      std::optional<std::uint64_t> N = parseCount(Text);
      if (!N)
        return Fail("option '" + Name + "' needs a whole number, not '" + Text + "'");
      if (Name == "--evaluations") {
        if (*N == 0)
          return Fail("--evaluations must be at least 1");
        O.Evaluations = *N;
        HaveEvaluations = true;
      } else if (Name == "--runs") {
        if (*N == 0)
          return Fail("--runs must be at least 1");
        O.Runs = *N;
        HaveRuns = true;
      } else if (Name == "--seed") {
        O.Seed = *N;
      } else if (Name == "--parallel") {
        if (*N == 0 || *N > 4096)
          return Fail("--parallel must lie in 1..4096");
        O.Parallel = *N;
      } else {
        if (*N > 4096)
          return Fail("--threads must be at most 4096");
        O.Threads = static_cast<unsigned>(*N);
      }
    }
  }
  if (O.Help)
    return O;
  if (O.DataPath.empty())
    return Fail("no data file given (a Kernel Tuner cache or T4 results file)");
  if (!HaveEvaluations)
    return Fail("--evaluations N is required");
  if (!HaveRuns)
    return Fail("--runs R is required");
  if (O.Techniques.empty())
    O.Techniques.emplace_back(defaultTechniqueText());
  return O;
}

std::vector<std::string> replayArguments(const ReplayOptions &Options) {
  std::vector<std::string> Args = {Options.DataPath};
  for (const std::string &T : Options.Techniques) {
    Args.push_back("--technique");
    Args.push_back(T);
  }
  for (auto [Name, V] :
       {std::pair<const char *, std::uint64_t>{"--evaluations", Options.Evaluations},
        {"--runs", Options.Runs},
        {"--seed", Options.Seed},
        {"--threads", Options.Threads},
        {"--parallel", Options.Parallel}}) {
    Args.push_back(Name);
    Args.push_back(std::to_string(V));
  }
  if (!Options.PriorPath.empty()) {
    Args.push_back("--prior");
    Args.push_back(Options.PriorPath);
  }
  if (Options.Json)
    Args.push_back("--json");
  if (!Options.ReportPath.empty()) {
    Args.push_back("--report");
    Args.push_back(Options.ReportPath);
  }
  return Args;
}

std::string replayUsage(const std::string &Command, bool WithSpace) {
  return fmt::format(
      "Usage: {} DATA{} [--technique T]... --evaluations N --runs R\n"
      "       [--seed S] [--threads T] [--parallel P] [--prior OTHER] [--json]\n"
      "       [--report FILE]{}\n"
      "Replays R tuning runs of N evaluations per technique on recorded data (a\n"
      "Kernel Tuner cache or T4 results file, plain or gzip) and reports the best\n"
      "cost found relative to the data's optimum after a few budgets, and the\n"
      "evaluations needed to come within 5 % and 10 % of the optimum, and the\n"
      "performance score (0: random search, 1: the optimum at once).\n"
      "  --technique T    a search technique, as in search_technique (repeatable;\n"
      "                   default {}); the techniques and their numbers are\n"
      "                   listed below\n"
      "  --evaluations N  distinct configurations evaluated per run\n"
      "  --runs R         independent runs per technique; run r has seed S + r\n"
      "  --seed S         the first run's seed (default 1)\n"
      "  --threads T      threads for the runs (default 0: every core)\n"
      "  --parallel P     P evaluations per round (batches); reports rounds too\n"
      "  --prior OTHER    start every run with the best configurations of OTHER\n"
      "                   (the same kernel measured on another GPU or input)\n"
      "  --json           print one JSON object\n"
      "  --report FILE    also write the curves as a self-contained HTML page\n"
      "{}\n"
      "Techniques (numbers: their defaults; a number's meaning and admitted\n"
      "values below it):\n"
      "{}",
      Command, WithSpace ? " [--space FILE]" : "", WithSpace ? " [-- ARGS...]" : "",
      defaultTechniqueText(),
      WithSpace ? "  --space FILE     search the space of this directive file (its tuner is\n"
                  "                   built and run in replay mode) instead of the space of\n"
                  "                   the configurations in the data; ARGS are its inputs\n"
                : "",
      techniqueHelp());
}

} // namespace atfc
