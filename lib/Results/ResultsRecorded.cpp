//===- Results/ResultsRecorded.cpp - results.db as recorded data ----------===//
//
// A run (or every run of a key) of a results database as RecordedData, the
// table `atfc replay`, `atfc analyze`, warm starts and report pages read:
// each configuration once (its record, values in the run's parameter
// order), or every evaluation in order (a page's), the records as read.
//
//===----------------------------------------------------------------------===//
#include "Results/ResultsRecorded.h"
#include "Results/RunObjectives.h"
#include "Results/ValueJson.h"
#include "Support/NumberText.h"

#include <algorithm>
#include <ostream>
#include <string>
#include <vector>

namespace atfc {

namespace {

/// The evaluations as recorded data over Run's parameters: each
/// configuration index once, its latest result.
RecordedData recordedData(const RunInfo &Run, const std::vector<EvaluationRecord> &Evaluations,
                          std::string Description) {
  RecordedData Data;
  Data.Parameters = Run.Parameters;
  std::size_t CostCount = 0;
  for (const EvaluationRecord &E : Evaluations)
    CostCount = std::max(CostCount, E.Result.Costs.size());
  for (std::size_t I = 0; I < std::max<std::size_t>(CostCount, 1); ++I) {
    Data.Objectives.push_back(costName(Run.Objectives, I, std::max<std::size_t>(CostCount, 1)));
    Data.Directions.push_back(I < Run.Objectives.size() ? Run.Objectives[I].Dir
                                                        : Direction::Minimise);
  }
  Data.Description = std::move(Description);
  Data.Timed = true;
  std::map<std::string, std::size_t, std::less<>> EntryOfIndex;
  for (const EvaluationRecord &E : Evaluations) {
    ParameterValues Ordered;
    Ordered.reserve(Run.Parameters.size());
    for (const std::string &Name : Run.Parameters) {
      auto Found = std::find_if(E.Configuration.begin(), E.Configuration.end(),
                                [&](const NamedValue &P) { return P.Name == Name; });
      if (Found == E.Configuration.end())
        break;
      Ordered.push_back(*Found);
    }
    if (Ordered.size() != Run.Parameters.size()) // of other parameters: no row here
      continue;
    // By values, not index: a --fix run numbers its sub-space on its own.
    std::string Values;
    for (const NamedValue &V : Ordered)
      Values += toString(V.Val) + '\x1f';
    EvaluationRecord Entry = E;
    Entry.Configuration = std::move(Ordered);
    auto [It, New] = EntryOfIndex.emplace(std::move(Values), Data.Entries.size());
    if (New)
      Data.Entries.push_back(std::move(Entry));
    else
      Data.Entries[It->second] = std::move(Entry);
  }
  return Data;
}

std::string describe(const RunInfo &Run) {
  std::string Text = "atfc results of " + Run.File;
  if (!Run.Device.empty())
    Text += " on " + Run.Device;
  return Text;
}

/// Run's recorded data from its evaluations as read (or the read's error),
/// described as the results of Run's file and device, then Which.
Expected<RecordedData> recordedDataOrError(const RunInfo &Run,
                                           Expected<std::vector<EvaluationRecord>> Evaluations,
                                           const std::string &Which) {
  if (!Evaluations)
    return Evaluations.takeError();
  return recordedData(Run, *Evaluations, describe(Run) + ", " + Which);
}

} // namespace

RecordedData evaluationTable(const RunInfo &Run, const std::vector<EvaluationRecord> &Evaluations) {
  RecordedData Data;
  Data.Parameters = Run.Parameters;
  for (const Objective &O : Run.Objectives) {
    Data.Objectives.push_back(O.Name);
    Data.Directions.push_back(O.Dir);
  }
  Data.Description = describe(Run) + ", run " + std::to_string(Run.Id);
  Data.Timed = true;
  Data.Entries = Evaluations;
  return Data;
}

Expected<RecordedData> recordedDataOfRun(ResultsDatabase &Db, std::int64_t RunId) {
  Expected<RunInfo> Run = Db.existingRun(RunId);
  if (!Run)
    return Run.takeError();
  return recordedDataOrError(*Run, Db.evaluationsOfRun(RunId), "run " + std::to_string(RunId));
}

Expected<RecordedData> recordedDataOfKey(ResultsDatabase &Db, std::string_view Key) {
  Expected<std::optional<RunInfo>> Run = Db.lastRun(Key);
  if (!Run)
    return Run.takeError();
  if (!*Run)
    return RecordedData();
  return recordedDataOrError(**Run, Db.evaluationsOfKey(Key), "key " + std::string(Key));
}

Expected<LatestRunData>
readLatestWantedRun(const std::string &Path,
                    const std::function<bool(const RecordedData &)> &Wanted) {
  Expected<std::unique_ptr<ResultsDatabase>> Db =
      ResultsDatabase::open(Path, ResultsDatabase::Mode::ReadOnly);
  if (!Db)
    return Db.takeError();
  Expected<std::vector<RunInfo>> Runs = (*Db)->runs();
  if (!Runs)
    return Runs.takeError();
  if (Runs->empty())
    return Error(Path + ": the database holds no run");
  const std::int64_t Latest = Runs->back().Id;
  for (auto Run = Runs->rbegin(); Run != Runs->rend(); ++Run) {
    Expected<RecordedData> Data = recordedDataOfRun(**Db, Run->Id);
    if (!Data)
      return Data.takeError();
    if (Wanted(*Data))
      return LatestRunData{Data.take(), Run->Id, Latest};
  }
  Expected<RecordedData> Data = recordedDataOfRun(**Db, Latest);
  if (!Data)
    return Data.takeError();
  return LatestRunData{Data.take(), Latest, Latest};
}

Expected<RecordedData> readResultsDatabase(const std::string &Path, std::int64_t RunId) {
  if (RunId != 0) {
    Expected<std::unique_ptr<ResultsDatabase>> Db =
        ResultsDatabase::open(Path, ResultsDatabase::Mode::ReadOnly);
    if (!Db)
      return Db.takeError();
    return recordedDataOfRun(**Db, RunId);
  }
  // The latest run that measured anything: one stopped before its first
  // evaluation (Ctrl-C during the build) hid every earlier run's data.
  Expected<LatestRunData> Latest =
      readLatestWantedRun(Path, [](const RecordedData &Data) { return !Data.Entries.empty(); });
  if (!Latest)
    return Latest.takeError();
  return std::move(Latest->Data);
}

} // namespace atfc
