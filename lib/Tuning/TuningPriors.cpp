//===- Tuning/TuningPriors.cpp - A tuning run's warm start ---------------===//
#include "Tuning/TuningPriors.h"

#include "Results/RecordedData.h"
#include "Results/ResultsRecorded.h"

#include <algorithm>
#include <set>

namespace atfc {

namespace {

bool anyValid(const RecordedData &Data) {
  return std::any_of(Data.Entries.begin(), Data.Entries.end(),
                     [](const EvaluationRecord &E) { return E.Result.Valid; });
}

/// The data of a prior. A results database named by the user gives its
/// latest run that has a valid configuration: a later --fix run of a
/// failing sub-space says nothing to start from, and --prior names no run.
Expected<RecordedData> readPrior(const PriorData &Prior, const std::string &Path,
                                 DiagnosticSink &Diags) {
  if (Prior.Run != 0)
    return readResultsDatabase(Path, Prior.Run);
  if (!isSqliteFile(Path))
    return readRecordedData(Path);
  Expected<LatestRunData> Latest = readLatestWantedRun(Path, anyValid);
  if (!Latest)
    return Latest.takeError();
  if (Latest->Run != Latest->Latest)
    Diags.note(SourceLocation{Path}, "run " + std::to_string(Latest->Latest) +
                                         ", the latest, has no valid configuration: the "
                                         "warm start takes run " +
                                         std::to_string(Latest->Run));
  return std::move(Latest->Data);
}

} // namespace

Expected<PriorStart> priorConfigurations(const ChainOfTrees &Space,
                                         const std::vector<PriorData> &Priors,
                                         DiagnosticSink &Diags, std::size_t Count) {
  PriorStart Result;
  std::vector<std::vector<Configuration>> Each;
  for (const PriorData &Prior : Priors) {
    // An output directory stands for its results.db, as in every reader
    // of recorded data (atfc results, report, analyze, replay --prior).
    const std::string Path = recordedDataFile(Prior.Path);
    Expected<RecordedData> Data = readPrior(Prior, Path, Diags);
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
