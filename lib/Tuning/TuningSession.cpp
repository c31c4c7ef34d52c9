//===- Tuning/TuningSession.cpp - A run in the results database ----------===//
#include "Tuning/TuningSession.h"

#include "Results/RunObjectives.h"
#include "Results/ValueJson.h"
#include "Search/AbortConditionParser.h"
#include "Search/TechniqueExpr.h"
#include "Search/TechniqueFactory.h"
#include "System/OutputDirectory.h"
#include "Tuning/KnownConfigurations.h"
#include "Tuning/SpaceReport.h"
#include "Tuning/ToolchainRecord.h"
#include "Tuning/TuningOutputs.h"
#include "Tuning/TuningPriors.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <fcntl.h>
#include <filesystem>
#include <random>
#include <sys/stat.h>
#include <unistd.h>
#include <unordered_set>

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
/// file's. Origin is where that text's messages point.
struct ChosenText {
  std::string Text;
  DirectiveText Origin;
};

ChosenText choose(const std::string &Override, const DirectiveText &FromFile) {
  if (!Override.empty())
    return {Override, DirectiveText{Override, 0, 0}};
  return {FromFile.Text, FromFile};
}

} // namespace

TuningSession::TuningSession(const ChainOfTrees &Space, const LoopSetup &Setup,
                             const TuningRunOptions &Options, ConfigurationMeasurer &Measurer)
    : Space(Space), Setup(Setup), Options(Options), Measurer(Measurer) {}

TuningSession::~TuningSession() {
  if (DatabaseFd >= 0)
    ::close(DatabaseFd);
}

Error TuningSession::errorOfFile(std::string Message) const {
  return Error(SourceLocation{Options.FileName}, std::move(Message));
}

Expected<std::unique_ptr<TuningSession>> TuningSession::open(const ChainOfTrees &Space,
                                                             const LoopSetup &Setup,
                                                             const TuningRunOptions &Options,
                                                             ConfigurationMeasurer &Measurer,
                                                             TuningReporter &Reporter) {
  std::unique_ptr<TuningSession> Made(new TuningSession(Space, Setup, Options, Measurer));
  TuningSession &Session = *Made;
  if (Space.empty()) {
    EmptySpaceReason Reason = emptySpaceReason(Space, Setup.Constraints, Setup.Inputs);
    return Error(SourceLocation{Options.FileName, Reason.Line, Reason.Column},
                 "the search space is empty: " + Reason.Message);
  }
  // What the run writes is claimed before it measures: a file of those
  // names that atfc did not create stops it here (System/OutputDirectory.h).
  Expected<OutputDirectory> Dir = OutputDirectory::open(Options.OutputDirectory, /*Create=*/true);
  if (!Dir)
    return Session.errorOfFile(Dir.error().message());
  if (Expected<void> Claimed = Dir->claimAll(runOutputNames(Options.FileName, Setup.CFamily));
      !Claimed)
    return Session.errorOfFile(Claimed.error().message());
  // Held to the end: best.json, best.h, the tuned sources and the report
  // are written through its descriptor, never by its path again.
  Session.Directory.emplace(Dir.take());
  auto Opened = ResultsDatabase::open(Options.OutputDirectory + "/results.db",
                                      Options.TemporaryOutput ? ResultsDatabase::Mode::Memory
                                                              : ResultsDatabase::Mode::Create);
  if (!Opened)
    return Session.errorOfFile(Opened.error().message());
  Session.Database = Opened.take();
  // (Its own descriptor of the file SQLite opened: its link count tells
  // whether the file is still in a directory, wherever that was moved.)
  if (!Options.TemporaryOutput)
    Session.DatabaseFd = ::open(Session.Database->path().c_str(), O_RDONLY | O_CLOEXEC);

  // Exact (Results/ValueJson.h): arguments of any bytes key their results
  // apart; a strict dump threw on one that is not UTF-8 and aborted.
  const std::string Args = jsonText(stringsJson(Options.Given.Arguments));
  const std::string Device = Measurer.device();
  Session.Key = Options.Given.InputsKey.empty()
                    ? resultKey({Options.TunerIdentity, Options.BlankedSource, Args, Device})
                    : resultKey({Options.TunerIdentity, Options.BlankedSource, Args, Device,
                                 Options.Given.InputsKey});
  // A kernel's data files and gold file: changed data is measured anew.
  if (Setup.DataKey) {
    Expected<std::string> DataKey = Setup.DataKey();
    if (!DataKey)
      return Session.errorOfFile(DataKey.error().message());
    if (!DataKey->empty())
      Session.Key = resultKey({Session.Key, *DataKey});
  }
  if (!Options.Given.Resume)
    return Made;
  auto Previous = Session.Database->resumableRun(Session.Key);
  if (!Previous)
    return Session.errorOfFile(Previous.error().message());
  Session.Resumed = Previous.take();
  if (!Session.Resumed)
    Reporter.diagnostics().note(SourceLocation{Options.FileName},
                                Session.noResumableRunNote(Options.FileName, Args));
  return Made;
}

std::string TuningSession::noResumableRunNote(const std::string &File,
                                              const std::string &Arguments) const {
  // The latest run of the file with the same arguments that stopped
  // before its end has another key: the file, a header or data file it
  // reads, the device or the tuner changed since.
  if (auto Runs = Database->runs(); Runs.ok())
    for (auto It = Runs->rbegin(); It != Runs->rend(); ++It)
      if ((It->Status == RunStatus::Interrupted || It->Status == RunStatus::Running) &&
          It->File == File && jsonText(stringsJson(It->Arguments)) == Arguments)
        return "run " + std::to_string(It->Id) +
               " of this file with these inputs was interrupted, but what its results depend "
               "on has changed since (the file, a file it includes or reads, the device or the "
               "tuner): it cannot be resumed; starting a new one";
  return "no interrupted run of this file with these inputs; starting a new one";
}

Expected<void> TuningSession::checkSameAsResumed(const RunInfo &Run) const {
  auto Differs = [&](const char *What, const std::string &Given,
                     const std::string &Kept) -> std::optional<Error> {
    if (Given.empty() || Given == Kept)
      return std::nullopt;
    return errorOfFile("--resume continues run " + std::to_string(Run.Id) + " with its " + What +
                       " " + (Kept.empty() ? std::string("(the file's)") : "'" + Kept + "'") +
                       "; it cannot change to '" + Given +
                       "' (drop the option, or start a new run without --resume)");
  };
  if (std::optional<Error> E = Differs("technique", Options.Given.Technique, Run.Technique))
    return std::move(*E);
  if (std::optional<Error> E =
          Differs("abort condition", Options.Given.AbortCondition, Run.AbortCondition))
    return std::move(*E);
  if (std::optional<Error> E =
          Differs("seed", Options.Given.Seed ? std::to_string(*Options.Given.Seed) : "",
                  std::to_string(Run.Seed)))
    return std::move(*E);
  if (Run.SpaceSize != Space.size().get_str())
    return errorOfFile("--resume continues run " + std::to_string(Run.Id) +
                       ", which tuned a space of " + Run.SpaceSize +
                       " configurations; this one has " + Space.size().get_str() +
                       " (--fix values differ?); resume with the options of that run, or start a "
                       "new run without --resume (its results are reused)");
  if (Options.Given.Fresh)
    return errorOfFile("--resume continues run " + std::to_string(Run.Id) +
                       " with the results it has; it cannot be --fresh");
  return success();
}

Expected<void> TuningSession::chooseSearch() {
  if (const std::string &D = Options.Given.Dispatch; !D.empty() && D != "async" && D != "batch")
    return Error(SourceLocation{Options.FileName},
                 "--dispatch is 'async' or 'batch', not '" + D + "'");
  ChosenText Technique = choose(Options.Given.Technique, Setup.Technique);
  ChosenText Abort = choose(Options.Given.AbortCondition, Setup.AbortCondition);
  std::optional<std::uint64_t> Seed = Options.Given.Seed ? Options.Given.Seed : Setup.Seed;
  double ElapsedBefore = 0;
  if (Resumed) {
    if (Expected<void> Same = checkSameAsResumed(*Resumed); !Same)
      return Same;
    Technique = {Resumed->Technique, DirectiveText{Resumed->Technique, 0, 0}};
    Abort = {Resumed->AbortCondition, DirectiveText{Resumed->AbortCondition, 0, 0}};
    Seed = Resumed->Seed;
    ElapsedBefore = Resumed->ElapsedSeconds;
  }

  // A technique or abort condition that does not parse or build is an
  // error of the directive (or option) it came from, at the offending text.
  auto ErrorAt = [&](const DirectiveText &Origin, const Error &E) {
    return Error(locationOf(Options.FileName, Origin, textOffset(E)), E.message());
  };
  if (Technique.Text.empty())
    Technique.Text = defaultTechniqueText();
  Expected<std::unique_ptr<SearchTechnique>> Made =
      Setup.MakeTechnique && Options.Given.Technique.empty() ? Setup.MakeTechnique()
                                                             : makeTechnique(Technique.Text);
  if (!Made)
    return ErrorAt(Technique.Origin, Made.error());
  std::optional<AbortCondition> Condition;
  if (Setup.Abort && Options.Given.AbortCondition.empty()) {
    Condition = Setup.Abort;
    Abort.Text = Setup.Abort->describe();
  } else if (!Abort.Text.empty()) {
    Expected<AbortCondition> Parsed = parseAbortCondition(Abort.Text, Setup.Objectives);
    if (!Parsed)
      return ErrorAt(Abort.Origin, Parsed.error());
    Condition = Parsed.take();
  }
  if (!Seed)
    Seed = std::random_device{}();
  TechniqueName = Technique.Text;
  AbortText = Abort.Text;
  AbortName = Abort.Text.empty() ? "the whole space" : Abort.Text;
  RunSeed = *Seed;

  WarmStartCount = warmStartCount(Condition ? Condition->evaluationBudget() : std::nullopt);
  const auto Start = std::chrono::steady_clock::now();
  Explorer = std::make_unique<Exploration>(
      Space, Made.take(), std::move(Condition), RunSeed, [Start, ElapsedBefore] {
        return ElapsedBefore +
               std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
      });
  return success();
}

Expected<void> TuningSession::begin(TuningReporter &Reporter) {
  if (Resumed) {
    RunId = Resumed->Id;
    if (Expected<void> Reopened = Database->reopenRun(RunId); !Reopened)
      return errorOfFile(Reopened.error().message());
    Reporter.resuming(Options.FileName, RunId, RunSeed);
  } else {
    // Read before this run is recorded: a prior may be this very database,
    // whose latest run is then the one before.
    if (!Options.Given.Priors.empty()) {
      Expected<PriorStart> Start =
          priorConfigurations(Space, Options.Given.Priors, Reporter.diagnostics(), WarmStartCount);
      if (!Start)
        return errorOfFile(Start.error().message());
      WarmStart = std::move(Start->Configurations);
      MeasuredElsewhere = std::move(Start->Measured);
      Reporter.warmStart(Options.FileName, WarmStart.size());
    }
    RunInfo Run;
    Run.Key = Key;
    Run.File = Options.FileName;
    Run.Technique = TechniqueName;
    Run.AbortCondition = AbortText;
    Run.Seed = RunSeed;
    Run.Arguments = Options.Given.Arguments;
    for (std::size_t L = 0; L < Space.numLevels(); ++L) {
      Run.Parameters.push_back(Space.parameter(L).Name);
      Run.ParameterKinds.push_back(Space.parameter(L).Kind);
    }
    Run.SpaceSize = Space.size().get_str();
    Run.Device = Measurer.device();
    Run.Objectives = Setup.Objectives;
    Run.Toolchain = toolchainRecord(Options.TunerIdentity, Measurer.toolchain());
    Run.WarmStart = WarmStart.size();
    Expected<std::int64_t> Id = Database->beginRun(Run);
    if (!Id)
      return errorOfFile(Id.error().message());
    RunId = *Id;
  }
  if (Options.Given.Fresh)
    Reporter.freshRun(Options.FileName);
  else if (Expected<void> Loaded = loadKnownResults(); !Loaded)
    return Loaded;
  if (!WarmStart.empty())
    Explorer->warmStart(WarmStart);
  Explorer->measuredElsewhere(MeasuredElsewhere);
  Explorer->onReused([this, &Reporter](const Configuration &C) {
    if (const EvaluationRecord *E = recordReused(C))
      Reporter.reused(NextNumber - 1, namedValuesOf(Space, C), E->Result, Setup.Objectives,
                      "run " + std::to_string(E->RunId));
    else if (auto Own = OwnFailures.find(valuesKey(namedValuesOf(Space, C)));
             Own != OwnFailures.end())
      Reporter.retraced(Own->second);
  });
  return success();
}

Expected<void> TuningSession::loadKnownResults() {
  auto Known = Database->evaluationsOfKey(Key);
  if (!Known)
    return errorOfFile(Known.error().message());
  // Matched by values: a --fix run's sub-space and the whole space
  // number their configurations differently under one key.
  ConfigurationFinder Finder(Space);
  std::unordered_set<std::string> NotReused, Answered;
  for (const EvaluationRecord &E : *Known) {
    if (E.RunId == RunId)
      NextNumber = std::max<std::int64_t>(NextNumber, E.Evaluation + 1);
    std::optional<Configuration> C = Finder.find(E.ConfigIndex, E.Configuration);
    if (!C)
      continue; // Outside this (sub-)space.
    // An earlier run's failure whose cause lay outside the configuration
    // (a failed check, a timeout, a missing tool) may be gone: measured
    // again, not answered from the database.
    if (E.RunId != RunId && failedOutsideConfiguration(E.Result)) {
      NotReused.insert(valuesKey(E.Configuration));
      continue;
    }
    tellExploration(*C, E.Result, /*Remembered=*/true);
    keepResultOfValues(valuesKey(E.Configuration), E.Result);
    Answered.insert(valuesKey(E.Configuration));
    if (E.RunId != RunId)
      Earlier.emplace(valuesKey(E.Configuration), E);
    else if (!E.Result.Valid)
      OwnFailures.emplace(valuesKey(E.Configuration), E.Result);
  }
  // Those with another known result are answered from that one.
  for (const std::string &Values : NotReused)
    Remeasured += Answered.count(Values) == 0;
  return success();
}

Expected<void> TuningSession::record(const Configuration &C, const ParameterValues &Named,
                                     const Measurement &M, double WallSeconds) {
  EvaluationRecord E;
  E.ConfigIndex = Space.indexOf(C).get_str();
  E.Configuration = Named;
  E.Result = M;
  // A difference of clock readings: whole nanoseconds, without its noise.
  E.OverheadSeconds =
      wholeNanoseconds(std::max(0.0, WallSeconds - M.CompileSeconds - M.RunSeconds));
  E.Evaluation = NextNumber++;
  if (auto Id = Database->addEvaluation(RunId, E); !Id)
    return errorOfFile(Id.error().message());
  // The time spent so far, kept with each result: a tuner killed outright
  // (or stopped by an error) cannot say it at its end, and --resume goes on
  // from it (a duration<> budget holds across the kill).
  Explorer->tick();
  if (Expected<void> Kept =
          Database->finishRun(RunId, RunStatus::Running, Explorer->status().ElapsedSeconds);
      !Kept)
    return errorOfFile(Kept.error().message());
  // A database removed (or replaced) under the tuner takes each result it
  // commits with it when it is closed: the run stops, never says "done".
  // One whose directory was moved keeps them, and the run goes on.
  if (struct stat File; DatabaseFd >= 0 && ::fstat(DatabaseFd, &File) == 0 && File.st_nlink == 0)
    return errorOfFile(Database->path() + " was removed or replaced during the run, so its "
                                          "results cannot be kept; stopping");
  tellExploration(C, M, /*Remembered=*/false);
  keepResultOfValues(valuesKey(Named), M);
  return reusedRecorded();
}

void TuningSession::keepResultOfValues(std::string Key, const Measurement &M) {
  auto [It, Inserted] = ResultOfValues.try_emplace(std::move(Key), M);
  if (Inserted)
    It->second.Log.clear(); // the stored evaluation has it
}

const Measurement *TuningSession::answerFromSameValues(const Configuration &C,
                                                       const ParameterValues &Named,
                                                       TuningReporter &Reporter) {
  auto It = ResultOfValues.find(valuesKey(Named));
  if (It == ResultOfValues.end() || ReuseFailure)
    return nullptr;
  EvaluationRecord E;
  E.ConfigIndex = Space.indexOf(C).get_str();
  E.Configuration = Named;
  E.Result = It->second;
  E.Result.CompileSeconds = E.Result.RunSeconds = 0;
  E.Reused = true;
  E.Evaluation = NextNumber++;
  ++SameValues;
  if (auto Id = Database->addEvaluation(RunId, E); !Id)
    ReuseFailure = errorOfFile(Id.error().message());
  tellExploration(C, It->second, /*Remembered=*/false);
  Reporter.reused(E.Evaluation, Named, It->second, Setup.Objectives,
                  "a configuration of the same values");
  return &It->second;
}

/// Records a configuration answered from an earlier run's result as an
/// evaluation of this run (reused = 1), so that the run's rows and counts
/// agree.
const EvaluationRecord *TuningSession::recordReused(const Configuration &C) {
  ParameterValues Named = namedValuesOf(Space, C);
  auto It = Earlier.find(valuesKey(Named));
  if (It == Earlier.end() || ReuseFailure)
    return nullptr; // this run's own result, remembered by --resume
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
  if (auto Id = Database->addEvaluation(RunId, E); !Id)
    ReuseFailure = errorOfFile(Id.error().message());
  return &It->second;
}

Expected<void> TuningSession::reusedRecorded() {
  if (ReuseFailure)
    return std::move(*ReuseFailure);
  return success();
}

Expected<void> TuningSession::finish(bool Interrupted) {
  Explorer->tick();
  return Database->finishRun(RunId, Interrupted ? RunStatus::Interrupted : RunStatus::Finished,
                             Explorer->status().ElapsedSeconds);
}

void TuningSession::checkCost(Measurement &M) {
  checkCostFitsObjectives(M, Setup.Objectives, CostCount);
  if (M.Valid && Setup.Objectives.empty() && !CostCount)
    CostCount = M.Costs.size();
}

OptionalCost TuningSession::searchCostOf(const Measurement &M) {
  if (!M.Valid)
    return std::nullopt;
  Measurement Checked = M;
  checkCost(Checked);
  if (!Checked.Valid)
    return std::nullopt;
  return searchCost(M.Costs, Setup.Objectives);
}

void TuningSession::tellExploration(const Configuration &C, const Measurement &M, bool Remembered) {
  OptionalCost Search = searchCostOf(M);
  if (Search)
    MeasuredOfSearch.try_emplace(*Search, M.Costs);
  if (Remembered)
    Explorer->remember(C, std::move(Search));
  else
    Explorer->report(C, std::move(Search));
}

OptionalCost TuningSession::bestMeasuredCost() const {
  const SearchStatus &S = Explorer->status();
  if (!S.Best)
    return std::nullopt;
  // The exploration's best is a search cost it was told; converting back
  // is only for one it learnt elsewhere.
  auto It = MeasuredOfSearch.find(*S.Best);
  return It != MeasuredOfSearch.end() ? It->second : measuredCost(*S.Best, Setup.Objectives);
}

Expected<WrittenBest> TuningSession::bestUnderKey(const BestConfiguration &RunBest) {
  // The outputs hold the best known under the key: a run of a --fix
  // sub-space, or one stopped early, never replaces a better best.h.
  WrittenBest Written{RunBest, RunId, std::nullopt};
  auto Known = Database->evaluationsOfKey(Key);
  if (!Known)
    return errorOfFile(Known.error().message());
  if (auto I = bestEvaluation(*Known, Setup.Objectives);
      I && betterMeasuredCost((*Known)[*I].Result.Costs, RunBest.Costs, Setup.Objectives)) {
    const EvaluationRecord &E = (*Known)[*I];
    std::optional<Configuration> Here =
        ConfigurationFinder(Space).find(E.ConfigIndex, E.Configuration);
    Written.Best = BestConfiguration{E.Configuration, E.Result.Costs,
                                     Here ? Space.indexOf(*Here).get_str() : E.ConfigIndex};
    Written.MeasuredByRun = E.RunId;
    Written.RunBest = RunBest;
  }
  return Written;
}

nlohmann::ordered_json TuningSession::runJson() const {
  const SearchStatus &S = Explorer->status();
  return {{"id", RunId},
          {"technique", TechniqueName},
          {"abort_condition", AbortName},
          {"seed", RunSeed},
          {"evaluations", S.Evaluations},
          {"valid_evaluations", S.ValidEvaluations},
          {"elapsed_seconds", S.ElapsedSeconds},
          {"space_size", Space.size().get_str()},
          {"arguments", Options.Given.Arguments},
          {"device", Measurer.device()},
          {"key", Key},
          {"reused_evaluations", Reused},
          {"same_values_evaluations", SameValues},
          {"warm_start_configurations", WarmStart.size()},
          {"fresh", Options.Given.Fresh}};
}

} // namespace atfc
