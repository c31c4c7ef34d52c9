//===- Tuning/TuningRun.cpp - The tuning loop ----------------------------===//
//
// The loop asks the exploration for the next configurations (a batch when
// the measurer can work ahead; with asynchronous dispatch, one for each
// rank as it finishes), measures each, records it in the database before
// telling the search, and tells the reporter. Everything that can
// go wrong with a configuration is a Measurement; only problems of the
// tuner itself (an unwritable database) end the run early.
//
//===----------------------------------------------------------------------===//
#include "Tuning/TuningRun.h"

#include "Report/RunReportData.h"
#include "Results/RunObjectives.h"
#include "System/CaughtArithmeticTrap.h"
#include "System/Interruption.h"
#include "Tuning/DependencyWatch.h"
#include "Tuning/KnownConfigurations.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <map>
#include <optional>

namespace atfc {
namespace {

ProgressState progressState(const TuningSession &Session, std::uint64_t Ahead) {
  const Exploration &Explorer = Session.exploration();
  const SearchStatus &S = Explorer.status();
  return {S.Evaluations,
          S.ValidEvaluations,
          Session.bestMeasuredCost(),
          S.ElapsedSeconds,
          Explorer.progress(),
          Session.setup().Objectives,
          Ahead};
}

/// The --fix values as given: "PAD=1 WPT=4".
std::string fixedText(const TuningRunOptions &Options) {
  std::string Text;
  for (const std::string &F : Options.Given.Fixed)
    Text += (Text.empty() ? "" : " ") + F;
  return Text;
}

/// Whether the loop hands a rank its next configuration as soon as it
/// finishes: where the measurer can, the technique can propose so, and
/// --dispatch does not ask for batches.
bool dispatchAsynchronously(TuningSession &Session, const ConfigurationMeasurer &Measurer) {
  return Measurer.concurrency() > 0 && Session.exploration().asynchronous() &&
         Session.options().Given.Dispatch != "batch";
}

/// Why a configuration's derived objectives have no value: they trapped.
std::string trappedObjectives(const LoopSetup &Setup) {
  std::string Names;
  for (std::size_t I : Setup.DerivedObjectives)
    if (I < Setup.Objectives.size())
      Names += (Names.empty() ? "'" : ", '") + Setup.Objectives[I].Name + "'";
  return fmt::format("computing the derived objective{} {} trapped: a division by zero or an "
                     "overflow",
                     Setup.DerivedObjectives.size() == 1 ? "" : "s", Names);
}

} // namespace

Expected<TuningLoopEnd> runTuningLoop(TuningSession &Session, ConfigurationMeasurer &Measurer,
                                      TuningReporter &Reporter) {
  const ChainOfTrees &Space = Session.space();
  const TuningRunOptions &Options = Session.options();
  const ObjectiveList &Objectives = Session.setup().Objectives;
  // Derived objectives join the measured costs before they are checked.
  // One that traps with this configuration's values (a division by zero)
  // makes it a bad cost, not the run's end.
  auto derive = [&Setup = Session.setup()](Measurement &M, std::span<const Value> Values) {
    if (!M.Valid || !Setup.Derive)
      return;
    std::optional<std::vector<double>> Costs =
        catchingArithmeticTraps([&] { return Setup.Derive(Values, M.Costs); });
    if (Costs) {
      M.Costs = std::move(*Costs);
      return;
    }
    Measurement Bad = Measurement::invalid(FailureKind::BadCost, trappedObjectives(Setup), M.Log);
    Bad.CompileSeconds = M.CompileSeconds;
    Bad.RunSeconds = M.RunSeconds;
    M = std::move(Bad);
  };
  Exploration &Explorer = Session.exploration();
  Reporter.costMeaning(Options.FileName, Measurer.costMeaning(), Objectives);
  Reporter.compilingAhead(Options.FileName, Measurer.compileAhead());

  // A run into a directory that is removed at its end writes no page.
  std::optional<LiveReport> Report;
  if (!Options.TemporaryOutput)
    Report.emplace(Session.database(), Session.runId(), Session.outputDirectory(), "report.html");
  Interruption Interrupt([&Measurer] { Measurer.interrupt(); });
  // A file the key covers that changed since the run began: the run stops,
  // and what was measured across the change is not recorded.
  const DependencyWatch Watch(Options.Given.DependedFiles);
  // Why the run cannot go on: the measurement that found it is not
  // recorded, as it says nothing of its configuration.
  std::optional<Error> Halted;
  auto Stopping = [&] { return Interrupt.requested() || Halted.has_value(); };
  std::uint64_t Discarded = 0;
  // Records a measurement of C; false when the database failed (Failure).
  std::optional<Error> Failure;
  auto Keep = [&](const Configuration &C, const BatchEntry &Entry, Measurement &M,
                  double WallSeconds, std::uint64_t Ahead) {
    if (!Halted) {
      if (const std::optional<std::string> File = Watch.changed())
        Halted = Error(SourceLocation{Options.FileName},
                       "'" + *File +
                           "' changed during the run; the results measured before are kept "
                           "under its earlier contents, and the next run measures anew with "
                           "its new ones");
      else
        Halted = Measurer.cannotGoOn();
      if (Halted)
        Measurer.interrupt();
    }
    if (Halted)
      return false;
    derive(M, Entry.Values);
    Session.checkCost(M);
    if (Expected<void> Recorded = Session.record(C, Entry.Named, M, WallSeconds); !Recorded) {
      Failure = Recorded.takeError();
      return false;
    }
    if (Report)
      Report->update();
    Reporter.evaluated(progressState(Session, Ahead), Entry.Named, M);
    return true;
  };
  // What the measurer and the records need of C: its values, named.
  auto EntryOf = [&Space](const Configuration &C) {
    std::vector<Value> Values = Space.values(C);
    ParameterValues Named = namedValuesOf(Space, Values);
    return BatchEntry{std::move(Named), std::move(Values)};
  };
  // A configuration whose values the run has a result for (a range that
  // lists a value twice) is answered from it, never measured again.
  auto Answer = [&](const Configuration &C, const BatchEntry &Entry) {
    if (!Session.answerFromSameValues(C, Entry.Named, Reporter))
      return false;
    if (Report)
      Report->update();
    return true;
  };
  const bool Asynchronous = dispatchAsynchronously(Session, Measurer);
  // Asynchronous dispatch: every free rank gets a configuration, and each
  // result is recorded and shown to the search as it comes.
  struct InFlight {
    Configuration Config;
    BatchEntry Entry;
    std::chrono::steady_clock::time_point Start;
  };
  std::map<std::uint64_t, InFlight> Flying;
  // Those whose values one in flight has: answered once it is measured.
  std::vector<std::pair<Configuration, BatchEntry>> Waiting;
  auto Twin = [&Flying](const BatchEntry &Entry) {
    for (const auto &[Id, F] : Flying)
      if (F.Entry.Named == Entry.Named)
        return true;
    return false;
  };
  auto AnswerWaiting = [&] {
    std::erase_if(Waiting, [&](const auto &W) {
      return !Explorer.done() && !Stopping() && Answer(W.first, W.second);
    });
  };
  std::uint64_t NextId = 0;
  while (Asynchronous) {
    while (!Explorer.done() && !Stopping() && Flying.size() < Measurer.concurrency()) {
      std::vector<Configuration> More = Explorer.next(Measurer.concurrency() - Flying.size());
      if (More.empty())
        break; // the search waits for a result, or the run is over
      for (Configuration &C : More) {
        BatchEntry Entry = EntryOf(C);
        if (Explorer.done()) {
          ++Discarded;
          continue;
        }
        if (Answer(C, Entry))
          continue;
        if (Twin(Entry)) {
          Waiting.emplace_back(std::move(C), std::move(Entry));
          continue;
        }
        InFlight &F = Flying[NextId];
        F = {std::move(C), std::move(Entry), std::chrono::steady_clock::now()};
        Measurer.start(NextId++, F.Entry);
      }
    }
    if (Flying.empty())
      break;
    // The next result, and every other that came meanwhile, recorded
    // before the search proposes again: one proposal for every rank that
    // finished.
    bool Stopped = false;
    for (bool Wait = true; !Failure && !Explorer.done(); Wait = false) {
      std::optional<MeasuredOutcome> Outcome = Measurer.finished(Wait);
      if (!Outcome) {
        Stopped = Wait || Stopping();
        break;
      }
      auto It = Flying.find(Outcome->Index);
      InFlight F = std::move(It->second);
      Flying.erase(It);
      const double Wall =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - F.Start).count();
      Keep(F.Config, F.Entry, Outcome->Result, Wall, Flying.size());
      AnswerWaiting();
      if (Stopping()) {
        Stopped = true;
        break;
      }
    }
    if (Failure)
      break;
    if (Stopped) {
      // Whole measurements of those in flight that came in anyway are
      // kept; the rest, cut short, are not recorded: --resume measures them.
      for (auto &[Id, F] : Flying)
        if (std::optional<Measurement> Done = Measurer.finishedAfterInterrupt(F.Entry.Named))
          if (!Keep(F.Config, F.Entry, *Done, 0, 0))
            break;
      break;
    }
    // The abort condition is checked after every evaluation: those in
    // flight are discarded unmeasured, as the rest of a batch is.
    if (Explorer.done()) {
      Discarded += Flying.size() + Waiting.size();
      break;
    }
  }
  if (Failure)
    return std::move(*Failure);
  while (!Asynchronous && !Explorer.done() && !Stopping()) {
    std::vector<Configuration> Proposed = Explorer.next(Measurer.batchSize());
    if (Proposed.empty())
      break;
    // Of the batch, those with the values of an earlier one are answered
    // now; the second of two with the same new values once the first is.
    std::vector<Configuration> Batch, Twins;
    std::vector<BatchEntry> Entries, TwinEntries;
    for (Configuration &C : Proposed) {
      BatchEntry Entry = EntryOf(C);
      if (Explorer.done()) {
        ++Discarded;
      } else if (Answer(C, Entry)) {
      } else if (std::any_of(Entries.begin(), Entries.end(),
                             [&](const BatchEntry &E) { return E.Named == Entry.Named; })) {
        Twins.push_back(std::move(C));
        TwinEntries.push_back(std::move(Entry));
      } else {
        Batch.push_back(std::move(C));
        Entries.push_back(std::move(Entry));
      }
    }
    if (!Entries.empty())
      Measurer.measureBatch(Entries, [&](MeasuredOutcome &Outcome) {
        const std::size_t I = Outcome.Index;
        // A measurement that the interrupt cut short says nothing about the
        // configuration: it is not recorded, so --resume measures it. Whole
        // ones of the batch that came in anyway (other ranks') are kept.
        if (Stopping()) {
          for (std::size_t J = I; J < Batch.size(); ++J)
            if (std::optional<Measurement> Done = Measurer.finishedAfterInterrupt(Entries[J].Named))
              if (!Keep(Batch[J], Entries[J], *Done, 0, 0))
                return false;
          return false;
        }
        if (!Keep(Batch[I], Entries[I], Outcome.Result, Outcome.WallSeconds, Batch.size() - I - 1))
          return false;
        // The abort condition is checked after every evaluation: the rest of
        // the batch, prepared ahead, is discarded unmeasured, so that
        // cost(c) or duration(t) stops where it would without a batch.
        if (Explorer.done()) {
          Discarded += Batch.size() - I - 1;
          return false;
        }
        return true;
      });
    if (Failure)
      return std::move(*Failure);
    for (std::size_t I = 0; I < Twins.size() && !Stopping(); ++I)
      if (Explorer.done() || !Answer(Twins[I], TwinEntries[I]))
        ++Discarded;
  }
  Reporter.loopEnded();
  if (Expected<void> Reused = Session.reusedRecorded(); !Reused)
    return Reused.takeError();
  const TuningLoopEnd End{Stopping(), Interrupt.signal(), Discarded, Halted};
  if (Expected<void> Finished = Session.finish(End.Interrupted); !Finished)
    Reporter.diagnostics().warning(SourceLocation{Options.FileName}, Finished.error().message());
  if (Report)
    if (Expected<void> Written = Report->write(); !Written)
      Reporter.diagnostics().warning(SourceLocation{Options.FileName}, Written.error().message());
  return End;
}

Expected<TuningOutcome> concludeTuning(TuningSession &Session, const TuningLoopEnd &End,
                                       TuningReporter &Reporter) {
  const ChainOfTrees &Space = Session.space();
  const LoopSetup &Setup = Session.setup();
  const TuningRunOptions &Options = Session.options();
  const SearchStatus &S = Session.exploration().status();
  Reporter.finished(Options.FileName,
                    {S.Evaluations, S.ValidEvaluations, S.ElapsedSeconds, Session.reused(),
                     Session.sameValues(), Session.remeasured(), End.Interrupted, End.Discarded});
  if (const Exploration &Explorer = Session.exploration(); Explorer.stalled())
    Reporter.diagnostics().warning(SourceLocation{Options.FileName}, Explorer.stallMessage());
  if (End.Halted)
    Reporter.diagnostics().report(End.Halted->diagnostic());
  if (S.Evaluations == 0 && !End.Interrupted) {
    Reporter.nothingEvaluated(Options.FileName, Session.abortName());
    return TuningOutcome::NothingEvaluated;
  }
  // The run's best: what it measured, and what it proposed that was known.
  if (!S.Best) {
    if (End.Halted)
      return TuningOutcome::NoValidConfiguration;
    // A temporary directory is gone when the user reads this, and a run
    // interrupted before its first evaluation has no reasons to read.
    Reporter.noValidConfiguration(
        Options.FileName, fixedText(Options),
        Options.TemporaryOutput || S.Evaluations == 0 ? "" : Options.OutputDirectory);
    return TuningOutcome::NoValidConfiguration;
  }
  const BestConfiguration RunBest{namedValuesOf(Space, S.BestConfiguration),
                                  *Session.bestMeasuredCost(),
                                  Space.indexOf(S.BestConfiguration).get_str()};
  // A database in memory holds this run only: its best is the key's.
  Expected<WrittenBest> Best = Options.TemporaryOutput
                                   ? WrittenBest{RunBest, Session.runId(), std::nullopt}
                                   : Session.bestUnderKey(RunBest);
  if (!Best) {
    Reporter.diagnostics().warning(SourceLocation{Options.FileName}, Best.error().message());
    Best = WrittenBest{RunBest, Session.runId(), std::nullopt};
  }
  TuningOutputFiles Outputs;
  Outputs.FileName = Options.FileName;
  Outputs.OutputDirectory = Options.OutputDirectory;
  Outputs.Directory = &Session.outputDirectory();
  Outputs.BlankedSource = Options.BlankedSource;
  Outputs.DefineLines = Setup.DefineLines;
  Outputs.CFamily = Setup.CFamily;
  Outputs.Best = Best->Best;
  Outputs.MeasuredByRun = Best->MeasuredByRun;
  Outputs.Objectives = Setup.Objectives;
  Outputs.Fixed = Options.Given.Fixed;
  Expected<WrittenOutputs> Written = writeTuningOutputs(Outputs, Session.runJson());
  if (!Written)
    return Error(SourceLocation{Options.FileName}, Written.error().message());
  if (!Written->LeftOut.empty() && !Options.TemporaryOutput)
    Reporter.diagnostics().warning(SourceLocation{Options.FileName}, Written->LeftOut);
  Reporter.bestWritten(*Best, Session.runId(), Setup.Objectives, fixedText(Options),
                       Options.TemporaryOutput ? std::vector<std::string>{} : Written->Files,
                       End.Interrupted && !End.Halted && !Options.TemporaryOutput
                           ? Options.ResumeHint
                           : std::string());
  return TuningOutcome::BestWritten;
}

int runTuning(const ChainOfTrees &Space, const LoopSetup &Setup, const TuningRunOptions &Options,
              ConfigurationMeasurer &Measurer, std::ostream &Out, std::ostream &Err) {
  TuningReporter Reporter(Out, Err, Options.Progress, Options.Given.Verbose);
  auto Fail = [&](const Error &E, int Status) {
    Reporter.diagnostics().report(E.diagnostic());
    return Status;
  };
  Expected<std::unique_ptr<TuningSession>> Opened =
      TuningSession::open(Space, Setup, Options, Measurer, Reporter);
  if (!Opened)
    return Fail(Opened.error(), kFailureExitCode);
  TuningSession &Session = **Opened;
  // A technique, abort condition or --resume that does not fit is the
  // user's mistake.
  if (Expected<void> Chosen = Session.chooseSearch(); !Chosen)
    return Fail(Chosen.error(), kUsageExitCode);
  if (Expected<void> Begun = Session.begin(Reporter); !Begun)
    return Fail(Begun.error(), kFailureExitCode);
  Expected<TuningLoopEnd> End = runTuningLoop(Session, Measurer, Reporter);
  if (!End)
    return Fail(End.error(), kFailureExitCode);
  Expected<TuningOutcome> Outcome = concludeTuning(Session, *End, Reporter);
  if (!Outcome)
    return Fail(Outcome.error(), kFailureExitCode);
  if (End->Halted)
    return kFailureExitCode;
  if (*Outcome == TuningOutcome::NothingEvaluated)
    return kFailureExitCode;
  if (End->Interrupted)
    return End->Signal != 0 ? 128 + End->Signal : kInterruptedExitCode;
  return *Outcome == TuningOutcome::BestWritten ? 0 : kFailureExitCode;
}

} // namespace atfc
