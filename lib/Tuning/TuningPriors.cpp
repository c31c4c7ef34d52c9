//===- Tuning/TuningPriors.cpp - A tuning run's warm start ---------------===//
#include "Tuning/TuningPriors.h"

#include "Results/RecordedData.h"
#include "Results/ResultsRecorded.h"

#include <set>

namespace atfc {

Expected<PriorStart> priorConfigurations(const ChainOfTrees &Space,
                                         const std::vector<PriorData> &Priors,
                                         DiagnosticSink &Diags, std::size_t Count) {
  PriorStart Result;
  std::vector<std::vector<Configuration>> Each;
  for (const PriorData &Prior : Priors) {
    // An output directory stands for its results.db, as in every reader
    // of recorded data (atfc results, report, analyze, replay --prior).
    const std::string Path = recordedDataFile(Prior.Path);
    Expected<RecordedData> Data =
        Prior.Run != 0 ? readResultsDatabase(Path, Prior.Run) : readRecordedData(Path);
    if (!Data)
      return Data.takeError().context("cannot read the prior");
    Expected<PriorStart> Start = warmStartConfigurations(Space, *Data, Count);
    if (!Start)
      return Start.takeError().context(Path);
    if (!Start->Missing.empty())
      Diags.note(SourceLocation{Path}, missingParametersNote(Start->Missing));
    // One prior's costs only: those of different priors are not comparable.
    if (Result.Measured.empty())
      Result.Measured = std::move(Start->Measured);
    Each.push_back(std::move(Start->Configurations));
  }
  std::vector<Configuration> &Configurations = Result.Configurations;
  std::set<Configuration> Taken;
  for (std::size_t Rank = 0; Configurations.size() < Count; ++Rank) {
    bool Any = false;
    for (const std::vector<Configuration> &Best : Each) {
      if (Rank >= Best.size() || Configurations.size() >= Count)
        continue;
      Any = true;
      if (Taken.insert(Best[Rank]).second)
        Configurations.push_back(Best[Rank]);
    }
    if (!Any)
      break;
  }
  return Result;
}

} // namespace atfc
