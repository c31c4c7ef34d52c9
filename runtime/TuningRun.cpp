//===- runtime/TuningRun.cpp - The tuning loop ----------------------------===//
//
// The loop asks the exploration for the next configurations (a batch when
// the measurer can work ahead), measures each, records it in the database
// before telling the search, and tells the reporter. Everything that can
// go wrong with a configuration is a Measurement; only problems of the
// tuner itself (an unwritable database) end the run early.
//
//===----------------------------------------------------------------------===//
#include "runtime/TuningRun.h"

#include "Report/RunReportData.h"
#include "Results/RunObjectives.h"
#include "System/Interruption.h"
#include "runtime/KnownConfigurations.h"

#include <chrono>

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
  for (const std::string &F : Options.Fixed)
    Text += (Text.empty() ? "" : " ") + F;
  return Text;
}

} // namespace

Expected<TuningLoopEnd> runTuningLoop(TuningSession &Session, ConfigurationMeasurer &Measurer,
                                      TuningReporter &Reporter) {
  const ChainOfTrees &Space = Session.space();
  const TuningRunOptions &Options = Session.options();
  const ObjectiveList &Objectives = Session.setup().Objectives;
  Exploration &Explorer = Session.exploration();
  Reporter.costMeaning(Options.FileName, Measurer.costMeaning(), Objectives);
  Reporter.compilingAhead(Options.FileName, Measurer.compileAhead());

  LiveReport Report(Session.database(), Session.runId(), Options.OutputDirectory + "/report.html");
  Interruption Interrupt([&Measurer] { Measurer.interrupt(); });
  std::uint64_t Discarded = 0;
  while (!Explorer.done() && !Interrupt.requested()) {
    std::vector<Configuration> Batch = Explorer.next(Measurer.batchSize());
    if (Batch.empty())
      break;
    std::vector<std::vector<Value>> Values;
    std::vector<ParameterValues> Named;
    for (const Configuration &C : Batch) {
      Values.push_back(Space.values(C));
      Named.push_back(namedValuesOf(Space, Values.back()));
    }
    if (Batch.size() > 1)
      Measurer.prepare(Named);
    for (std::size_t I = 0; I < Batch.size(); ++I) {
      const auto Begin = std::chrono::steady_clock::now();
      Measurement M = Measurer.measure(Named[I], Values[I]);
      checkCostFitsObjectives(M, Objectives);
      // A measurement that the interrupt cut short says nothing about the
      // configuration: it is not recorded, so --resume measures it. Whole
      // ones of the batch that came in anyway (other ranks') are kept.
      if (Interrupt.requested()) {
        for (std::size_t J = I; J < Batch.size(); ++J) {
          std::optional<Measurement> Done = Measurer.finishedAfterInterrupt(Named[J]);
          if (!Done)
            continue;
          checkCostFitsObjectives(*Done, Objectives);
          if (Expected<void> Recorded = Session.record(Batch[J], Named[J], *Done, 0); !Recorded)
            return Recorded.takeError();
          Reporter.evaluated(progressState(Session, 0), Named[J], *Done);
        }
        break;
      }
      const double Wall =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - Begin).count();
      if (Expected<void> Recorded = Session.record(Batch[I], Named[I], M, Wall); !Recorded)
        return Recorded.takeError();
      Report.update();
      Reporter.evaluated(progressState(Session, Batch.size() - I - 1), Named[I], M);
      // The abort condition is checked after every evaluation: the rest of
      // the batch, prepared ahead, is discarded unmeasured, so that
      // cost(c) or duration(t) stops where it would without a batch.
      if (Explorer.done()) {
        Discarded += Batch.size() - I - 1;
        break;
      }
    }
  }
  Reporter.loopEnded();
  if (Expected<void> Reused = Session.reusedRecorded(); !Reused)
    return Reused.takeError();
  const TuningLoopEnd End{Interrupt.requested(), Interrupt.signal(), Discarded};
  if (Expected<void> Finished = Session.finish(End.Interrupted); !Finished)
    Reporter.diagnostics().warning(SourceLocation{Options.FileName}, Finished.error().message());
  if (Expected<void> Written = Report.write(); !Written)
    Reporter.diagnostics().warning(SourceLocation{Options.FileName}, Written.error().message());
  return End;
}

Expected<TuningOutcome> concludeTuning(TuningSession &Session, const TuningLoopEnd &End,
                                       TuningReporter &Reporter) {
  const ChainOfTrees &Space = Session.space();
  const TuningSetup &Setup = Session.setup();
  const TuningRunOptions &Options = Session.options();
  const SearchStatus &S = Session.exploration().status();
  Reporter.finished(Options.FileName, {S.Evaluations, S.ValidEvaluations, S.ElapsedSeconds,
                                       Session.reused(), End.Interrupted, End.Discarded});
  if (S.Evaluations == 0 && !End.Interrupted) {
    Reporter.nothingEvaluated(Options.FileName, Session.abortName());
    return TuningOutcome::NothingEvaluated;
  }
  // The run's best: what it measured, and what it proposed that was known.
  if (!S.Best) {
    Reporter.noValidConfiguration(Options.FileName, fixedText(Options), Options.OutputDirectory);
    return TuningOutcome::NoValidConfiguration;
  }
  const BestConfiguration RunBest{namedValuesOf(Space, S.BestConfiguration),
                                  *Session.bestMeasuredCost(),
                                  Space.indexOf(S.BestConfiguration).get_str()};
  Expected<WrittenBest> Best = Session.bestUnderKey(RunBest);
  if (!Best) {
    Reporter.diagnostics().warning(SourceLocation{Options.FileName}, Best.error().message());
    Best = WrittenBest{RunBest, Session.runId(), std::nullopt};
  }
  TuningOutputFiles Outputs;
  Outputs.FileName = Options.FileName;
  Outputs.OutputDirectory = Options.OutputDirectory;
  Outputs.BlankedSource = Options.BlankedSource;
  Outputs.DefineLines = Setup.DefineLines;
  Outputs.CFamily = Setup.CFamily;
  Outputs.Best = Best->Best;
  Outputs.MeasuredByRun = Best->MeasuredByRun;
  Outputs.Objectives = Setup.Objectives;
  Outputs.Fixed = Options.Fixed;
  Outputs.Run = Session.runJson();
  Expected<std::vector<std::string>> Written = writeTuningOutputs(Outputs);
  if (!Written)
    return Error(SourceLocation{Options.FileName}, Written.error().message());
  Reporter.bestWritten(*Best, Session.runId(), Setup.Objectives, fixedText(Options), *Written,
                       End.Interrupted);
  return TuningOutcome::BestWritten;
}

} // namespace atfc
