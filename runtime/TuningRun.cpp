//===- runtime/TuningRun.cpp - The tuning loop ----------------------------===//
//
// The loop asks the exploration for the next configurations (a batch when
// the measurer can work ahead), measures each, records it in the database
// before telling the search, and redraws the progress line. Everything that
// can go wrong with a configuration is a Measurement; only problems of the
// tuner itself (a bad option, an unwritable database) end the run early.
//
//===----------------------------------------------------------------------===//
#include "runtime/TuningRun.h"

#include "Report/RunReportData.h"
#include "Results/ResultsDatabase.h"
#include "Results/RunObjectives.h"
#include "Results/ValueJson.h"
#include "Search/AbortConditionParser.h"
#include "Search/Exploration.h"
#include "Search/TechniqueExpr.h"
#include "Search/TechniqueFactory.h"
#include "Support/Diagnostic.h"
#include "System/Interruption.h"
#include "System/SafeFiles.h"
#include "runtime/KnownConfigurations.h"
#include "runtime/ProgressLine.h"
#include "runtime/ToolchainRecord.h"
#include "runtime/TuningOutputs.h"
#include "runtime/TuningPriors.h"

#include "Backends/SourceSubstitution.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <filesystem>
#include <ostream>
#include <random>
#include <unordered_map>

namespace atfc {
namespace {

/// Where a directive's text is, for "file:line:col: error:" (the column of
/// the character at Offset when the text is one line, else the directive's);
/// no file for text from the command line.
SourceLocation locationOf(const std::string &FileName, const DirectiveText &Directive,
                          std::size_t Offset) {
  if (Directive.Line == 0)
    return {};
  return {FileName, Directive.Line, static_cast<unsigned>(Directive.Column + Offset)};
}

/// The text to use for a directive: the override when given, else the
/// file's. OffsetBase is where that text's messages point.
struct ChosenText {
  std::string Text;
  DirectiveText Origin;
};

ChosenText choose(const std::string &Override, const DirectiveText &FromFile) {
  if (!Override.empty())
    return {Override, DirectiveText{Override, 0, 0}};
  return {FromFile.Text, FromFile};
}

/// The configuration's parameters with their names.
ParameterValues namedValues(const ChainOfTrees &Space, const std::vector<Value> &Values) {
  ParameterValues Named;
  Named.reserve(Values.size());
  for (std::size_t L = 0; L < Values.size(); ++L)
    Named.push_back({Space.parameter(L).Name, Values[L]});
  return Named;
}

/// One line per evaluation for --verbose.
std::string evaluationLine(std::uint64_t Number, const ParameterValues &Values,
                           const Measurement &M, const ObjectiveList &Objectives) {
  std::string Text = fmt::format("#{}", Number);
  for (const NamedValue &V : Values)
    Text += fmt::format(" {}={}", V.Name, toString(V.Val));
  if (M.Valid)
    Text += " -> " + formatNamedCost(M.Costs, Objectives);
  else
    Text += fmt::format(" -> invalid ({})", M.Reason.empty() ? failureName(M.Failure) : M.Reason);
  return Text;
}

class TuningLoop {
public:
  TuningLoop(const ChainOfTrees &Space, const TuningSetup &Setup, const TuningRunOptions &Options,
             ConfigurationMeasurer &Measurer, std::ostream &Out, std::ostream &Err)
      : Space(Space), Setup(Setup), Options(Options), Measurer(Measurer), Out(Out), Err(Err) {}

  int run() {
    if (Space.empty()) {
      Diags.error(SourceLocation{Options.FileName},
                  "the search space is empty: no configuration satisfies every constraint");
      return 1;
    }
    std::error_code EC;
    std::filesystem::create_directories(Options.OutputDirectory, EC);
    if (EC) {
      Diags.error(SourceLocation{Options.FileName},
                  std::string("cannot create '") + Options.OutputDirectory + "': " + EC.message());
      return 1;
    }
    auto Opened = ResultsDatabase::open(Options.OutputDirectory + "/results.db");
    if (!Opened) {
      Diags.error(SourceLocation{Options.FileName}, Opened.error().message());
      return 1;
    }
    Database = Opened.take();
    if (!startRun())
      return Status;
    if (Options.Fresh)
      Err << Options.FileName
          << ": fresh run: measuring every configuration again, reusing no earlier result\n";
    else if (!loadKnownResults())
      return 1;
    if (!WarmStart.empty())
      Explorer->warmStart(WarmStart);
    Explorer->measuredElsewhere(MeasuredElsewhere);
    Explorer->onReused([this](const Configuration &C) { recordReused(C); });
    Out << Options.FileName << ": cost = " << Measurer.costMeaning();
    if (!Setup.Objectives.empty()) {
      Out << "; objectives ";
      for (std::size_t I = 0; I < Setup.Objectives.size(); ++I)
        Out << (I ? ", " : "") << Setup.Objectives[I].Name << " ("
            << directionName(Setup.Objectives[I].Dir) << ")";
      if (Setup.Objectives.size() > 1)
        Out << ", compared in that order";
    }
    Out << '\n';

    LiveReport Report(*Database, RunId, Options.OutputDirectory + "/report.html");
    Interruption Interrupt([this] { Measurer.interrupt(); });
    ProgressLine Progress(Err, Options.Progress);
    while (!Explorer->done() && !Interrupt.requested()) {
      std::vector<Configuration> Batch = Explorer->next(Measurer.batchSize());
      if (Batch.empty())
        break;
      std::vector<std::vector<Value>> Values;
      std::vector<ParameterValues> Named;
      for (const Configuration &C : Batch) {
        Values.push_back(Space.values(C));
        Named.push_back(namedValues(Space, Values.back()));
      }
      if (Batch.size() > 1)
        Measurer.prepare(Named);
      for (std::size_t I = 0; I < Batch.size(); ++I) {
        const auto Begin = std::chrono::steady_clock::now();
        Measurement M = Measurer.measure(Named[I], Values[I]);
        checkCostFitsObjectives(M, Setup.Objectives);
        // A measurement that the interrupt cut short says nothing about the
        // configuration: it is not recorded, so --resume measures it.
        if (Interrupt.requested())
          break;
        const double Wall =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - Begin).count();
        if (!record(Batch[I], Named[I], M, Wall) || DatabaseFailed)
          return 1;
        Progress.update(progressState());
        Report.update();
        if (Options.Verbose) {
          Progress.clear();
          Err << evaluationLine(Explorer->status().Evaluations, Named[I], M, Setup.Objectives)
              << '\n';
        }
      }
    }
    Progress.clear();
    if (DatabaseFailed)
      return 1;
    const bool Interrupted = Interrupt.requested();
    InterruptedExitCode = Interrupt.exitCode();
    const double Elapsed = Explorer->status().ElapsedSeconds;
    if (auto S = Database->finishRun(
            RunId, Interrupted ? RunStatus::Interrupted : RunStatus::Finished, Elapsed);
        !S)
      Diags.warning(SourceLocation{Options.FileName}, S.error().message());
    if (Expected<void> Written = Report.write(); !Written)
      Diags.warning(SourceLocation{Options.FileName}, Written.error().message());
    return finish(Interrupted);
  }

private:
  /// Starts a new run, or reopens the one to resume; false with Status set
  /// when it cannot.
  bool startRun() {
    const std::string Args = nlohmann::json(Options.Arguments).dump();
    const std::string Device = Measurer.device();
    Key = Options.InputsKey.empty()
              ? resultKey({Options.TunerIdentity, Options.BlankedSource, Args, Device})
              : resultKey({Options.TunerIdentity, Options.BlankedSource, Args, Device,
                           Options.InputsKey});

    ChosenText Technique = choose(Options.Technique, Setup.Technique);
    ChosenText Abort = choose(Options.AbortCondition, Setup.AbortCondition);
    std::optional<std::uint64_t> Seed = Options.Seed ? Options.Seed : Setup.Seed;
    double ElapsedBefore = 0;

    if (Options.Resume) {
      auto Previous = Database->resumableRun(Key);
      if (!Previous) {
        Diags.error(SourceLocation{Options.FileName}, Previous.error().message());
        Status = 1;
        return false;
      }
      if (*Previous) {
        const RunInfo &Run = **Previous;
        if (!sameAsResumed(Run))
          return false;
        RunId = Run.Id;
        Technique = {Run.Technique, DirectiveText{Run.Technique, 0, 0}};
        Abort = {Run.AbortCondition, DirectiveText{Run.AbortCondition, 0, 0}};
        Seed = Run.Seed;
        ElapsedBefore = Run.ElapsedSeconds;
        if (auto S = Database->reopenRun(RunId); !S) {
          Diags.error(SourceLocation{Options.FileName}, S.error().message());
          Status = 1;
          return false;
        }
        Err << Options.FileName << ": resuming run " << RunId << " (seed " << *Seed << ")\n";
      } else {
        Diags.note(SourceLocation{Options.FileName},
                   "no interrupted run of this file with these inputs; starting a new one");
      }
    }

    // A technique or abort condition that does not parse or build is an
    // error of the directive (or option) it came from, at the offending text.
    auto FailAt = [&](const DirectiveText &Origin, const Error &E) {
      Diags.error(locationOf(Options.FileName, Origin, textOffset(E)), E.message());
      Status = 2;
      return false;
    };
    if (Technique.Text.empty())
      Technique.Text = defaultTechniqueText();
    Expected<std::unique_ptr<SearchTechnique>> Made = makeTechnique(Technique.Text);
    if (!Made)
      return FailAt(Technique.Origin, Made.error());
    std::optional<AbortCondition> Condition;
    if (!Abort.Text.empty()) {
      Expected<AbortCondition> Parsed = parseAbortCondition(Abort.Text, Setup.Objectives);
      if (!Parsed)
        return FailAt(Abort.Origin, Parsed.error());
      Condition = Parsed.take();
    }
    if (!Seed)
      Seed = std::random_device{}();
    TechniqueName = Technique.Text;
    AbortName = Abort.Text.empty() ? "the whole space" : Abort.Text;
    RunSeed = *Seed;

    const std::size_t WarmStartCount =
        warmStartCount(Condition ? Condition->evaluationBudget() : std::nullopt);
    const auto Start = std::chrono::steady_clock::now();
    Explorer = std::make_unique<Exploration>(
        Space, Made.take(), std::move(Condition), RunSeed, [Start, ElapsedBefore] {
          return ElapsedBefore +
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
        });

    // Read before this run is recorded: a prior may be this very database,
    // whose latest run is then the one before.
    if (!Options.Priors.empty() && RunId == 0) {
      Expected<PriorStart> Start =
          priorConfigurations(Space, Options.Priors, Diags, WarmStartCount);
      if (!Start) {
        Diags.error(SourceLocation{Options.FileName}, Start.error().message());
        Status = 1;
        return false;
      }
      WarmStart = std::move(Start->Configurations);
      MeasuredElsewhere = std::move(Start->Measured);
      Err << Options.FileName << ": warm start: " << WarmStart.size()
          << " configurations of earlier data first\n";
    }

    if (RunId == 0) {
      RunInfo Run;
      Run.Key = Key;
      Run.File = Options.FileName;
      Run.Technique = TechniqueName;
      Run.AbortCondition = Abort.Text;
      Run.Seed = RunSeed;
      Run.Arguments = Options.Arguments;
      for (std::size_t L = 0; L < Space.numLevels(); ++L) {
        Run.Parameters.push_back(Space.parameter(L).Name);
        Run.ParameterKinds.push_back(Space.parameter(L).Kind);
      }
      Run.SpaceSize = Space.size().get_str();
      Run.Device = Measurer.device();
      Run.Objectives = Setup.Objectives;
      Run.Toolchain = toolchainRecord(Options.TunerIdentity, Measurer.toolchain());
      auto Id = Database->beginRun(Run);
      if (!Id) {
        Diags.error(SourceLocation{Options.FileName}, Id.error().message());
        Status = 1;
        return false;
      }
      RunId = *Id;
    }
    return true;
  }

  /// Whether the options leave the resumed run as it was; else says what
  /// differs (a resumed run keeps its technique, abort condition and seed).
  bool sameAsResumed(const RunInfo &Run) {
    auto Differs = [&](const char *What, const std::string &Given, const std::string &Kept) {
      if (Given.empty() || Given == Kept)
        return false;
      Diags.error(SourceLocation{Options.FileName},
                  "--resume continues run " + std::to_string(Run.Id) + " with its " + What + " " +
                      (Kept.empty() ? std::string("(the file's)") : "'" + Kept + "'") +
                      "; it cannot change to '" + Given +
                      "' (drop the option, or start a new run without --resume)");
      return true;
    };
    if (Differs("technique", Options.Technique, Run.Technique) ||
        Differs("abort condition", Options.AbortCondition, Run.AbortCondition) ||
        Differs("seed", Options.Seed ? std::to_string(*Options.Seed) : "",
                std::to_string(Run.Seed))) {
      Status = 2;
      return false;
    }
    if (Run.SpaceSize != Space.size().get_str()) {
      Diags.error(SourceLocation{Options.FileName},
                  "--resume continues run " + std::to_string(Run.Id) + ", which tuned a space of " +
                      Run.SpaceSize + " configurations; this one has " + Space.size().get_str() +
                      " (--fix values differ?); resume with the options of that run, or start a "
                      "new run without --resume (its results are reused)");
      Status = 2;
      return false;
    }
    if (Options.Fresh) {
      Diags.error(SourceLocation{Options.FileName},
                  "--resume continues run " + std::to_string(Run.Id) +
                      " with the results it has; it cannot be --fresh");
      Status = 2;
      return false;
    }
    return true;
  }

  /// Tells the exploration every result stored under the key, so that no
  /// configuration is measured twice.
  bool loadKnownResults() {
    auto Known = Database->evaluationsOfKey(Key);
    if (!Known) {
      Diags.error(SourceLocation{Options.FileName}, Known.error().message());
      return false;
    }
    // Matched by values: a --fix run's sub-space and the whole space
    // number their configurations differently under one key.
    ConfigurationFinder Finder(Space);
    for (const EvaluationRecord &E : *Known) {
      if (E.RunId == RunId)
        NextNumber = std::max<std::int64_t>(NextNumber, E.Evaluation + 1);
      std::optional<Configuration> C = Finder.find(E.ConfigIndex, E.Configuration);
      if (!C)
        continue; // Outside this (sub-)space.
      Explorer->remember(*C, searchCostOf(E.Result));
      if (E.RunId != RunId)
        Earlier.emplace(valuesKey(E.Configuration), E);
    }
    return true;
  }

  /// Stores and reports one measurement; false when the database fails.
  bool record(const Configuration &C, const ParameterValues &Named, const Measurement &M,
              double WallSeconds) {
    EvaluationRecord E;
    E.ConfigIndex = Space.indexOf(C).get_str();
    E.Configuration = Named;
    E.Result = M;
    E.OverheadSeconds = std::max(0.0, WallSeconds - M.CompileSeconds - M.RunSeconds);
    E.Evaluation = NextNumber++;
    if (auto Id = Database->addEvaluation(RunId, E); !Id) {
      Diags.error(SourceLocation{Options.FileName}, Id.error().message());
      return false;
    }
    Explorer->report(C, searchCostOf(M));
    return true;
  }

  /// Records a configuration answered from an earlier run's result as an
  /// evaluation of this run (reused = 1), so that the run's rows and counts
  /// agree.
  void recordReused(const Configuration &C) {
    ParameterValues Named = namedValuesOf(Space, C);
    auto It = Earlier.find(valuesKey(Named));
    if (It == Earlier.end() || DatabaseFailed)
      return; // this run's own result, remembered by --resume
    EvaluationRecord E = It->second;
    E.Id = 0;
    E.ConfigIndex = Space.indexOf(C).get_str();
    E.Configuration = std::move(Named);
    E.Reused = true;
    E.OverheadSeconds = 0;
    E.Result.CompileSeconds = E.Result.RunSeconds = 0;
    E.Timestamp.clear();
    E.Evaluation = NextNumber++;
    ++Reused;
    if (auto Id = Database->addEvaluation(RunId, E); !Id) {
      Diags.error(SourceLocation{Options.FileName}, Id.error().message());
      DatabaseFailed = true;
    }
  }

  /// What the search sees of a measurement: its search cost (a maximised
  /// objective as its reciprocal), or none. A stored result that no longer
  /// fits the objectives counts as invalid.
  OptionalCost searchCostOf(const Measurement &M) const {
    if (!M.Valid)
      return std::nullopt;
    Measurement Checked = M;
    checkCostFitsObjectives(Checked, Setup.Objectives);
    if (!Checked.Valid)
      return std::nullopt;
    return searchCost(M.Costs, Setup.Objectives);
  }

  /// The --fix values as given: "PAD=1 WPT=4".
  std::string fixedText() const {
    std::string Text;
    for (const std::string &F : Options.Fixed)
      Text += (Text.empty() ? "" : " ") + F;
    return Text;
  }

  ProgressState progressState() const {
    const SearchStatus &S = Explorer->status();
    OptionalCost Best;
    if (S.Best)
      Best = measuredCost(*S.Best, Setup.Objectives);
    return {S.Evaluations,    S.ValidEvaluations,   Best,
            S.ElapsedSeconds, Explorer->progress(), Setup.Objectives};
  }

  /// Writes the outputs and the summary.
  int finish(bool Interrupted) {
    const SearchStatus &S = Explorer->status();
    Out << fmt::format("{}: {} after {} evaluations ({} valid) in {}", Options.FileName,
                       Interrupted ? "interrupted" : "done", S.Evaluations, S.ValidEvaluations,
                       formatDuration(S.ElapsedSeconds));
    if (Reused > 0)
      Out << fmt::format("; {} answered from earlier runs' results", Reused);
    Out << '\n';
    if (S.Evaluations == 0 && !Interrupted) {
      Out << Options.FileName << ": the abort condition '" << AbortName
          << "' held before the first evaluation, so nothing was evaluated\n";
      return 1;
    }
    // The run's best: what it measured, and what it proposed that was known.
    if (S.Best)
      Best = BestConfiguration{namedValues(Space, Space.values(S.BestConfiguration)),
                               measuredCost(*S.Best, Setup.Objectives),
                               Space.indexOf(S.BestConfiguration).get_str()};
    if (!Best) {
      Out << Options.FileName << ": no valid configuration found";
      if (!Options.Fixed.empty())
        Out << " in the sub-space of --fix " << fixedText();
      Out << "; see `atfc results " << Options.OutputDirectory << "/results.db` for the reasons\n";
      return Interrupted ? InterruptedExitCode : 1;
    }
    // The outputs hold the best known under the key: a run of a --fix
    // sub-space, or one stopped early, never replaces a better best.h.
    std::optional<BestConfiguration> RunBest = Best;
    std::int64_t BestRun = RunId;
    if (auto Known = Database->evaluationsOfKey(Key); Known) {
      if (auto I = bestEvaluation(*Known, Setup.Objectives);
          I && betterMeasuredCost((*Known)[*I].Result.Costs, Best->Costs, Setup.Objectives)) {
        const EvaluationRecord &E = (*Known)[*I];
        std::optional<Configuration> Here =
            ConfigurationFinder(Space).find(E.ConfigIndex, E.Configuration);
        Best = BestConfiguration{E.Configuration, E.Result.Costs,
                                 Here ? Space.indexOf(*Here).get_str() : E.ConfigIndex};
        BestRun = E.RunId;
      }
    } else {
      Diags.warning(SourceLocation{Options.FileName}, Known.error().message());
    }
    BestRunId = BestRun;
    if (Expected<void> Written = writeOutputs(); !Written) {
      Diags.error(SourceLocation{Options.FileName}, Written.error().message());
      return 1;
    }
    Out << "best cost " << formatNamedCost(Best->Costs, Setup.Objectives) << ":";
    for (const NamedValue &V : Best->Values)
      Out << ' ' << V.Name << '=' << toString(V.Val);
    if (BestRun != RunId) {
      Out << "\n  (measured by run " << BestRun << " of the same key; this run's best";
      if (!Options.Fixed.empty())
        Out << " in the sub-space of --fix " << fixedText();
      Out << " is " << formatNamedCost(RunBest->Costs, Setup.Objectives) << ")";
    }
    Out << "\nwritten: " << Options.OutputDirectory << "/best.json, best.h";
    if (Setup.CFamily)
      Out << ", " << tunedSourceName(Options.FileName);
    Out << '\n';
    if (Interrupted)
      Out << "resume with --resume\n";
    return Interrupted ? InterruptedExitCode : 0;
  }

  Expected<void> writeOutputs() {
    const SearchStatus &S = Explorer->status();
    nlohmann::ordered_json Json;
    Json["file"] = Options.FileName;
    nlohmann::ordered_json Params = nlohmann::ordered_json::object();
    for (const NamedValue &V : Best->Values)
      Params[V.Name] = valueJson(V.Val);
    Json["configuration"] = Params;
    Json["cost"] = Best->Costs;
    Json["objectives"] = objectivesJson(Setup.Objectives, Best->Costs.size());
    Json["index"] = Best->Index;
    Json["measured_by_run"] = BestRunId;
    if (!Options.Fixed.empty())
      Json["fixed"] = Options.Fixed;
    Json["run"] = {{"id", RunId},
                   {"technique", TechniqueName},
                   {"abort_condition", AbortName},
                   {"seed", RunSeed},
                   {"evaluations", S.Evaluations},
                   {"valid_evaluations", S.ValidEvaluations},
                   {"elapsed_seconds", S.ElapsedSeconds},
                   {"space_size", Space.size().get_str()},
                   {"arguments", Options.Arguments},
                   {"device", Measurer.device()},
                   {"key", Key},
                   {"reused_evaluations", Reused},
                   {"warm_start_configurations", WarmStart.size()},
                   {"fresh", Options.Fresh}};
    const std::string Dir = Options.OutputDirectory + "/";
    if (Expected<void> Written = writeFileReplacing(
            Dir + "best.json",
            Json.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n");
        !Written)
      return Written;
    if (Expected<void> Written = writeFileReplacing(
            Dir + "best.h", bestHeader(Best->Values, Options.FileName,
                                       formatNamedCost(Best->Costs, Setup.Objectives)));
        !Written)
      return Written;
    if (!Setup.CFamily)
      return success();
    return writeFileReplacing(
        Dir + tunedSourceName(Options.FileName),
        substituteConfiguration(Options.BlankedSource, Best->Values, Setup.DefineLines));
  }

  const ChainOfTrees &Space;
  const TuningSetup &Setup;
  const TuningRunOptions &Options;
  ConfigurationMeasurer &Measurer;
  std::ostream &Out;
  std::ostream &Err;
  DiagnosticSink Diags{Err};

  std::unique_ptr<ResultsDatabase> Database;
  std::unique_ptr<Exploration> Explorer;
  std::string Key;
  std::int64_t RunId = 0;
  std::int64_t NextNumber = 1;
  std::string TechniqueName;
  std::string AbortName;
  std::uint64_t RunSeed = 0;
  std::optional<BestConfiguration> Best;
  /// The run that measured Best (this one, or an earlier of the key).
  std::int64_t BestRunId = 0;
  /// Results of earlier runs under the key, by configuration index.
  std::unordered_map<std::string, EvaluationRecord> Earlier;
  std::uint64_t Reused = 0;
  /// The configurations of the priors, measured first, and the costs
  /// measured by the first prior that has any, for a model.
  std::vector<Configuration> WarmStart;
  std::vector<std::pair<Configuration, double>> MeasuredElsewhere;
  bool DatabaseFailed = false;
  /// 128 + the signal that interrupted the run.
  int InterruptedExitCode = kInterruptedExitCode;
  int Status = 0;
};

} // namespace

int runTuning(const ChainOfTrees &Space, const TuningSetup &Setup, const TuningRunOptions &Options,
              ConfigurationMeasurer &Measurer, std::ostream &Out, std::ostream &Err) {
  return TuningLoop(Space, Setup, Options, Measurer, Out, Err).run();
}

} // namespace atfc
