//===- runtime/ReplayExperiment.cpp - Tuning runs replayed on data --------===//
#include "runtime/ReplayExperiment.h"
#include "runtime/ReplayReportWriter.h"

#include "Backends/RecordedSpace.h"
#include "Search/AbortCondition.h"
#include "Search/Exploration.h"
#include "Search/TechniqueFactory.h"
#include "Support/Diagnostic.h"
#include "runtime/ReplayScore.h"
#include "runtime/WarmStart.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <tbb/info.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <ostream>

namespace atfc {

namespace {

constexpr double kNever = std::numeric_limits<double>::infinity();

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

Quartiles quartilesOf(std::vector<double> Sample) {
  Quartiles Q;
  if (Sample.empty())
    return Q;
  std::sort(Sample.begin(), Sample.end());
  auto At = [&](double P) {
    const double Pos = P * static_cast<double>(Sample.size() - 1);
    const auto Lo = static_cast<std::size_t>(std::floor(Pos));
    const std::size_t Hi = std::min(Lo + 1, Sample.size() - 1);
    const double Frac = Pos - static_cast<double>(Lo);
    if (Frac == 0)
      return Sample[Lo];
    if (std::isinf(Sample[Lo]) || std::isinf(Sample[Hi]))
      return kNever;
    return Sample[Lo] + Frac * (Sample[Hi] - Sample[Lo]);
  };
  Q.Min = Sample.front();
  Q.Q1 = At(0.25);
  Q.Median = At(0.5);
  Q.Q3 = At(0.75);
  Q.Max = Sample.back();
  return Q;
}

double ReplayRun::bestAfter(std::uint64_t B) const {
  double Best = kNever;
  for (const auto &[Evaluation, Relative] : Improvements) {
    if (Evaluation > B)
      break;
    Best = Relative;
  }
  return Best;
}

std::vector<std::uint64_t> replayBudgets(std::uint64_t N) {
  std::vector<std::uint64_t> Budgets;
  for (std::uint64_t B : {25, 50, 100, 200, 500})
    if (B < N)
      Budgets.push_back(B);
  for (std::uint64_t B = 1000; B < N && B <= std::numeric_limits<std::uint64_t>::max() / 10;
       B *= 10) {
    Budgets.push_back(B);
    if (2 * B < N)
      Budgets.push_back(2 * B);
    if (5 * B < N)
      Budgets.push_back(5 * B);
  }
  Budgets.push_back(N);
  return Budgets;
}

Expected<ReplayExperimentResult> runReplayExperiment(const ChainOfTrees &Space,
                                                     const ReplayBackend &Backend,
                                                     const ReplayOptions &Options,
                                                     std::vector<Configuration> WarmStart) {
  ReplayExperimentResult R;
  if (!Backend.ok())
    return Error(Backend.error());
  if (!Backend.optimum())
    return Error("the data holds no valid configuration");
  if (Space.empty())
    return Error("the search space is empty");
  R.Optimum = *Backend.optimum();
  R.Evaluations = Options.Evaluations;
  R.Runs = Options.Runs;
  R.Seed = Options.Seed;
  R.Parallel = std::max<std::uint64_t>(Options.Parallel, 1);
  R.WarmStart = std::move(WarmStart);
  R.Budgets = replayBudgets(Options.Evaluations);
  std::vector<std::string> Texts = Options.Techniques;
  if (Texts.empty())
    Texts.emplace_back(defaultTechniqueText());
  for (const std::string &Text : Texts) {
    Expected<std::unique_ptr<SearchTechnique>> T = makeTechnique(Text);
    if (!T)
      return T.takeError().context("technique '" + Text + "'");
    TechniqueReplay TR;
    TR.Text = Text;
    TR.Description = (*T)->describe();
    TR.Runs.resize(Options.Runs);
    R.Techniques.push_back(std::move(TR));
  }

  const double Optimum = R.Optimum.front();
  const std::size_t NumRuns = Options.Runs;
  // Random search's expected best per budget, over the data's entries.
  std::vector<double> Relative;
  double Worst = 1.0;
  for (const RecordedEntry &E : Backend.data().Entries) {
    const bool Valid = E.Valid && !E.Costs.empty();
    Relative.push_back(Valid ? E.Costs.front() / Optimum : kNever);
    if (Valid)
      Worst = std::max(Worst, E.Costs.front() / Optimum);
  }
  const std::vector<double> Random = randomSearchExpectation(std::move(Relative), R.Evaluations);
  // A configuration's cost: the data's, or none when it failed there or
  // the data lacks it.
  auto Cost = [&](const Configuration &C) -> OptionalCost {
    std::optional<std::size_t> I = Backend.find(Space.values(C));
    if (!I)
      return std::nullopt;
    const RecordedEntry &E = Backend.data().Entries[*I];
    if (!E.Valid)
      return std::nullopt;
    return E.Costs;
  };
  auto RunOne = [&](std::size_t Task) {
    TechniqueReplay &TR = R.Techniques[Task / NumRuns];
    ReplayRun &Run = TR.Runs[Task % NumRuns];
    Run.Seed = Options.Seed + Task % NumRuns;
    Exploration E(Space, makeTechnique(TR.Text).take(), // checked above
                  AbortCondition::evaluations(R.Evaluations), Run.Seed, [] { return 0.0; });
    E.warmStart(R.WarmStart);
    // Rounds of up to P evaluations, each measured before the next round.
    for (std::uint64_t Round = 1;; ++Round) {
      std::vector<Configuration> Batch = E.next(R.Parallel);
      if (Batch.empty())
        break;
      for (const Configuration &C : Batch)
        E.report(C, Cost(C));
      Run.RoundOf.resize(E.status().Evaluations, Round);
    }
    const SearchStatus &Status = E.status();
    Run.Evaluations = Status.Evaluations;
    Run.ValidEvaluations = Status.ValidEvaluations;
    Run.Restarts = E.restarts();
    for (const Improvement &Step : Status.Improvements) {
      const double Best = Step.BestCost.front();
      Run.Improvements.emplace_back(Step.Evaluation, Best / Optimum);
      const std::uint64_t Round = Run.RoundOf.at(Step.Evaluation - 1);
      if (!Run.Within10 && Best <= Optimum * 1.10) {
        Run.Within10 = Step.Evaluation;
        Run.Within10Round = Round;
      }
      if (!Run.Within5 && Best <= Optimum * 1.05) {
        Run.Within5 = Step.Evaluation;
        Run.Within5Round = Round;
      }
    }
    Run.Score = performanceScore(Run.Improvements, Random, Worst);
  };
  std::string Failure;
  auto RunAll = [&] { tbb::parallel_for(std::size_t(0), R.Techniques.size() * NumRuns, RunOne); };
  try {
    if (Options.Threads == 0) {
      RunAll();
    } else {
      // More threads than cores would only make oneTBB warn.
      tbb::task_arena Arena(
          std::min(static_cast<int>(Options.Threads), tbb::info::default_concurrency()));
      Arena.execute(RunAll);
    }
  } catch (const std::exception &E) {
    return Error(std::string("a tuning run failed: ") + E.what());
  }

  for (TechniqueReplay &TR : R.Techniques) {
    for (std::uint64_t B : R.Budgets) {
      std::vector<double> Sample;
      for (const ReplayRun &Run : TR.Runs)
        Sample.push_back(Run.bestAfter(B));
      TR.BestAfter.push_back(quartilesOf(std::move(Sample)));
    }
    std::vector<double> Five, Ten, FiveRounds, TenRounds, Scores;
    auto Sample = [](const std::optional<std::uint64_t> &V) {
      return V ? static_cast<double>(*V) : kNever;
    };
    for (const ReplayRun &Run : TR.Runs) {
      Five.push_back(Sample(Run.Within5));
      Ten.push_back(Sample(Run.Within10));
      FiveRounds.push_back(Sample(Run.Within5Round));
      TenRounds.push_back(Sample(Run.Within10Round));
      Scores.push_back(Run.Score);
      TR.MeanScore += Run.Score / static_cast<double>(TR.Runs.size());
      TR.NotWithin5 += !Run.Within5;
      TR.NotWithin10 += !Run.Within10;
    }
    TR.Within5 = quartilesOf(std::move(Five));
    TR.Within10 = quartilesOf(std::move(Ten));
    TR.RoundsWithin5 = quartilesOf(std::move(FiveRounds));
    TR.RoundsWithin10 = quartilesOf(std::move(TenRounds));
    TR.Score = quartilesOf(std::move(Scores));
  }
  return R;
}

namespace {

/// A relative cost for the tables: "1.000", or "-" for none.
std::string ratio(double V) { return std::isinf(V) ? "-" : fmt::format("{:.3f}", V); }

/// An evaluation count for the tables: "172", "172.5", or ">N" for never.
std::string count(double V, std::uint64_t N) {
  if (std::isinf(V))
    return ">" + std::to_string(N);
  if (V == std::floor(V))
    return fmt::format("{}", static_cast<std::uint64_t>(V));
  return fmt::format("{:.1f}", V);
}

std::string spaceSize(const ChainOfTrees &Space) { return Space.size().get_str(); }

std::uint64_t validEntries(const RecordedData &Data) {
  std::uint64_t N = 0;
  for (const RecordedEntry &E : Data.Entries)
    N += E.Valid;
  return N;
}

nlohmann::ordered_json number(double V) {
  if (std::isinf(V))
    return nullptr;
  return V;
}

nlohmann::ordered_json toJson(const Quartiles &Q) {
  return {{"min", number(Q.Min)},
          {"q1", number(Q.Q1)},
          {"median", number(Q.Median)},
          {"q3", number(Q.Q3)},
          {"max", number(Q.Max)}};
}

} // namespace

void printReplayText(std::ostream &Out, const ReplayExperimentResult &R, const RecordedData &Data,
                     const ChainOfTrees &Space) {
  std::string Objectives;
  for (const std::string &O : Data.Objectives)
    Objectives += (Objectives.empty() ? "" : ", ") + O;
  Out << fmt::format("data: {}: {} configurations ({} valid), optimum {} ({})\n", Data.Description,
                     Data.Entries.size(), validEntries(Data),
                     fmt::format("{:.6g}", measuredCost(R.Optimum, objectivesOf(Data)).front()),
                     Objectives);
  Out << fmt::format("space: {} configurations; {} runs of {} evaluations per technique, seeds "
                     "{}..{}\n",
                     spaceSize(Space), R.Runs, R.Evaluations, R.Seed, R.Seed + R.Runs - 1);
  if (R.Parallel > 1)
    Out << fmt::format("rounds of {} evaluations at once\n", R.Parallel);
  if (!R.WarmStart.empty())
    Out << fmt::format("warm start: every run first evaluates {} configurations of the prior\n",
                       R.WarmStart.size());

  for (const TechniqueReplay &TR : R.Techniques) {
    Out << fmt::format("\n{}\n", TR.Description);
    Out << fmt::format("  best/optimum after {:>8}", "");
    for (std::uint64_t B : R.Budgets)
      Out << fmt::format("{:>8}", B);
    Out << '\n';
    const std::pair<const char *, double Quartiles::*> Rows[] = {{"min", &Quartiles::Min},
                                                                 {"q1", &Quartiles::Q1},
                                                                 {"median", &Quartiles::Median},
                                                                 {"q3", &Quartiles::Q3},
                                                                 {"max", &Quartiles::Max}};
    for (const auto &[Name, Field] : Rows) {
      Out << fmt::format("  {:<27}", Name);
      for (const Quartiles &Q : TR.BestAfter)
        Out << fmt::format("{:>8}", ratio(Q.*Field));
      Out << '\n';
    }
    for (const auto &[Label, Q, Never] :
         {std::tuple<const char *, const Quartiles &, std::uint64_t>{"5 %", TR.Within5,
                                                                     TR.NotWithin5},
          {"10 %", TR.Within10, TR.NotWithin10}})
      Out << fmt::format("  within {:<4} of the optimum after: median {}, quartiles {}..{}, "
                         "min {}; {} of {} runs not within {}\n",
                         Label, count(Q.Median, R.Evaluations), count(Q.Q1, R.Evaluations),
                         count(Q.Q3, R.Evaluations), count(Q.Min, R.Evaluations), Never, R.Runs,
                         R.Evaluations);
    if (R.Parallel > 1)
      for (const auto &[Label, Q] :
           {std::pair<const char *, const Quartiles &>{"5 %", TR.RoundsWithin5},
            {"10 %", TR.RoundsWithin10}})
        Out << fmt::format("  within {:<4} of the optimum after rounds of {}: median {}, quartiles "
                           "{}..{}\n",
                           Label, R.Parallel, count(Q.Median, R.Evaluations),
                           count(Q.Q1, R.Evaluations), count(Q.Q3, R.Evaluations));
    Out << fmt::format("  performance score over {} evaluations: mean {:.3f}, median {:.3f}, "
                       "quartiles {:.3f}..{:.3f}\n",
                       R.Evaluations, TR.MeanScore, TR.Score.Median, TR.Score.Q1, TR.Score.Q3);
  }

  // The summary: one line per technique.
  std::size_t Width = 9;
  for (const TechniqueReplay &TR : R.Techniques)
    Width = std::max(Width, TR.Text.size());
  Out << fmt::format("\nevaluations until within 5 % / 10 % of the optimum (median [q1, q3], "
                     "runs not within {}); best/optimum after {} (median)\n",
                     R.Evaluations, R.Evaluations);
  const std::string RoundsHeader =
      R.Parallel > 1 ? fmt::format("  {:>22}", fmt::format("rounds of {} to 5 %", R.Parallel)) : "";
  Out << fmt::format("{:<{}}  {:>22} {:>6}  {:>22} {:>6}  {:>8}  {:>6}{}\n", "technique", Width,
                     "5 %", "never", "10 %", "never", "best", "score", RoundsHeader);
  for (const TechniqueReplay &TR : R.Techniques) {
    auto Cell = [&](const Quartiles &Q) {
      return fmt::format("{} [{}, {}]", count(Q.Median, R.Evaluations), count(Q.Q1, R.Evaluations),
                         count(Q.Q3, R.Evaluations));
    };
    const std::string Rounds =
        R.Parallel > 1 ? fmt::format("  {:>22}", Cell(TR.RoundsWithin5)) : "";
    Out << fmt::format("{:<{}}  {:>22} {:>6}  {:>22} {:>6}  {:>8}  {:>6.3f}{}\n", TR.Text, Width,
                       Cell(TR.Within5), TR.NotWithin5, Cell(TR.Within10), TR.NotWithin10,
                       ratio(TR.BestAfter.back().Median), TR.MeanScore, Rounds);
  }
}

void printReplayJson(std::ostream &Out, const ReplayExperimentResult &R, const RecordedData &Data,
                     const ChainOfTrees &Space) {
  nlohmann::ordered_json J;
  J["data"] = {
      {"description", Data.Description}, {"parameters", Data.Parameters},
      {"objectives", Data.Objectives},   {"configurations", Data.Entries.size()},
      {"valid", validEntries(Data)},     {"optimum", measuredCost(R.Optimum, objectivesOf(Data))}};
  J["space"] = {{"configurations", spaceSize(Space)}};
  J["evaluations"] = R.Evaluations;
  J["runs"] = R.Runs;
  J["seed"] = R.Seed;
  J["budgets"] = R.Budgets;
  J["parallel"] = R.Parallel;
  J["warm_start_configurations"] = R.WarmStart.size();
  nlohmann::ordered_json Techniques = nlohmann::ordered_json::array();
  for (const TechniqueReplay &TR : R.Techniques) {
    nlohmann::ordered_json T;
    T["technique"] = TR.Text;
    T["description"] = TR.Description;
    nlohmann::ordered_json Best = nlohmann::ordered_json::array();
    for (const Quartiles &Q : TR.BestAfter)
      Best.push_back(toJson(Q));
    T["best_relative_after"] = Best;
    T["within_5_percent"] = toJson(TR.Within5);
    T["not_within_5_percent"] = TR.NotWithin5;
    T["within_10_percent"] = toJson(TR.Within10);
    T["not_within_10_percent"] = TR.NotWithin10;
    T["rounds_within_5_percent"] = toJson(TR.RoundsWithin5);
    T["rounds_within_10_percent"] = toJson(TR.RoundsWithin10);
    T["score"] = toJson(TR.Score);
    T["mean_score"] = TR.MeanScore;
    nlohmann::ordered_json Runs = nlohmann::ordered_json::array();
    for (const ReplayRun &Run : TR.Runs) {
      auto Optional = [](const std::optional<std::uint64_t> &V) -> nlohmann::ordered_json {
        if (V)
          return *V;
        return nullptr;
      };
      Runs.push_back({{"seed", Run.Seed},
                      {"evaluations", Run.Evaluations},
                      {"valid_evaluations", Run.ValidEvaluations},
                      {"restarts", Run.Restarts},
                      {"within_5_percent", Optional(Run.Within5)},
                      {"within_10_percent", Optional(Run.Within10)},
                      {"rounds_within_5_percent", Optional(Run.Within5Round)},
                      {"score", Run.Score},
                      {"best_relative", number(Run.bestAfter(R.Evaluations))}});
    }
    T["runs"] = Runs;
    Techniques.push_back(T);
  }
  J["techniques"] = Techniques;
  Out << J.dump(2) << '\n';
}

namespace {

int replayOn(const ChainOfTrees &Space, const RecordedData &Data, const ReplayOptions &Options,
             std::ostream &Out, std::ostream &Err) {
  DiagnosticSink Diags(Err);
  std::vector<std::string> Names;
  for (std::size_t L = 0; L < Space.numLevels(); ++L)
    Names.push_back(Space.parameter(L).Name);
  // The search minimises: maximised objectives as their search costs.
  const RecordedData Minimised = minimisedForm(Data);
  ReplayBackend Backend(Minimised, std::move(Names));
  std::vector<Configuration> WarmStart;
  if (!Options.PriorPath.empty()) {
    Expected<RecordedData> Prior = readRecordedData(Options.PriorPath);
    if (!Prior) {
      Diags.error(Prior.error().message());
      return 1;
    }
    // As in a tuning run: at most a quarter of the budget.
    Expected<std::vector<Configuration>> Start = warmStartConfigurations(
        Space, minimisedForm(*Prior),
        warmStartCount(Options.Evaluations ? std::optional<std::uint64_t>(Options.Evaluations)
                                           : std::nullopt));
    if (!Start) {
      Diags.error(SourceLocation{Options.PriorPath}, Start.error().message());
      return 1;
    }
    WarmStart = Start.take();
  }
  Expected<ReplayExperimentResult> E =
      runReplayExperiment(Space, Backend, Options, std::move(WarmStart));
  if (!E) {
    Diags.error(SourceLocation{Options.DataPath}, E.error().message());
    return 1;
  }
  if (Options.Json)
    printReplayJson(Out, *E, Data, Space);
  else
    printReplayText(Out, *E, Data, Space);
  if (!Options.ReportPath.empty()) {
    if (Expected<void> Written = writeReplayReport(Options.ReportPath, *E, Data, Space); !Written) {
      Diags.error(Written.error().message());
      return 1;
    }
  }
  return Out.good() ? 0 : 1;
}

} // namespace

int runReplay(const ChainOfTrees &Space, const ReplayOptions &Options, std::ostream &Out,
              std::ostream &Err) {
  DiagnosticSink Diags(Err);
  if (Options.Help) {
    Out << replayUsage("TUNER --replay", /*WithSpace=*/false);
    return 0;
  }
  Expected<RecordedData> Data = readRecordedData(Options.DataPath);
  if (!Data) {
    Diags.error(Data.error().message());
    return 1;
  }
  return replayOn(Space, *Data, Options, Out, Err);
}

int runReplay(const ReplayOptions &Options, std::ostream &Out, std::ostream &Err) {
  DiagnosticSink Diags(Err);
  if (Options.Help) {
    Out << replayUsage("atfc replay", /*WithSpace=*/true);
    return 0;
  }
  Expected<RecordedData> Data = readRecordedData(Options.DataPath);
  if (!Data) {
    Diags.error(Data.error().message());
    return 1;
  }
  Expected<ChainOfTrees> Space = recordedSpace(*Data);
  if (!Space) {
    Diags.error(SourceLocation{Options.DataPath}, Space.error().message());
    return 1;
  }
  return replayOn(*Space, *Data, Options, Out, Err);
}

} // namespace atfc
