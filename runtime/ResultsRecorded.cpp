//===- runtime/ResultsRecorded.cpp - results.db as recorded data ----------===//
//
// A run (or every run of a key) of a results database as RecordedData, the
// form `atfc replay`, `atfc analyze` and warm starts read.
//
//===----------------------------------------------------------------------===//
#include "Support/NumberText.h"
#include "runtime/ResultsDatabase.h"
#include "runtime/RunObjectives.h"
#include "runtime/ValueJson.h"

#include <sqlite3.h>

#include <algorithm>
#include <ostream>
#include <string>
#include <vector>

namespace atfc {

namespace {

std::string costName(const ObjectiveList &Objectives, std::size_t I, std::size_t Count) {
  if (I < Objectives.size() && !Objectives[I].Name.empty())
    return Objectives[I].Name;
  return anonymousObjectiveName(I, Count);
}

} // namespace

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
  std::map<std::string, std::size_t, std::less<>> EntryOfIndex;
  for (const EvaluationRecord &E : Evaluations) {
    RecordedEntry Entry;
    bool Complete = true;
    for (const std::string &Name : Run.Parameters) {
      auto Found = std::find_if(E.Configuration.begin(), E.Configuration.end(),
                                [&](const NamedValue &P) { return P.Name == Name; });
      if (Found == E.Configuration.end()) {
        Complete = false;
        break;
      }
      Entry.Values.push_back(Found->Val);
    }
    if (!Complete) // a configuration of other parameters cannot be a row here
      continue;
    Entry.Valid = E.Result.Valid;
    Entry.Costs = E.Result.Costs;
    Entry.Error = !E.Result.Reason.empty() ? E.Result.Reason : failureName(E.Result.Failure);
    // By values, not index: a --fix run numbers its sub-space on its own.
    std::string Values;
    for (const Value &V : Entry.Values)
      Values += toString(V) + '\x1f';
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
ResultsOr<RecordedData>
recordedDataOrError(const RunInfo &Run, const ResultsOr<std::vector<EvaluationRecord>> &Evaluations,
                    const std::string &Which) {
  ResultsOr<RecordedData> Result;
  if (!Evaluations.ok()) {
    Result.Error = Evaluations.Error;
    return Result;
  }
  Result.Value = recordedData(Run, Evaluations.Value, describe(Run) + ", " + Which);
  return Result;
}

} // namespace

ResultsOr<RecordedData> ResultsDatabase::recordedDataOfRun(std::int64_t RunId) {
  ResultsOr<RecordedData> Result;
  ResultsOr<std::optional<RunInfo>> Run = run(RunId);
  if (!Run.ok() || !Run.Value) {
    Result.Error = Run.ok() ? Path + ": there is no run " + std::to_string(RunId) : Run.Error;
    return Result;
  }
  return recordedDataOrError(*Run.Value, evaluationsOfRun(RunId), "run " + std::to_string(RunId));
}

ResultsOr<RecordedData> ResultsDatabase::recordedDataOfKey(std::string_view Key) {
  ResultsOr<RecordedData> Result;
  ResultsOr<std::optional<RunInfo>> Run = lastRun(Key);
  if (!Run.ok()) {
    Result.Error = Run.Error;
    return Result;
  }
  if (!Run.Value)
    return Result;
  return recordedDataOrError(*Run.Value, evaluationsOfKey(Key), "key " + std::string(Key));
}

RecordedDataOrError readResultsDatabase(const std::string &Path, std::int64_t RunId) {
  RecordedDataOrError Result;
  ResultsOr<std::unique_ptr<ResultsDatabase>> Db =
      ResultsDatabase::open(Path, ResultsDatabase::Mode::ReadOnly);
  if (!Db.ok()) {
    Result.Error = Db.Error;
    return Result;
  }
  if (RunId == 0) {
    ResultsOr<std::vector<RunInfo>> Runs = Db.Value->runs();
    if (!Runs.ok() || Runs.Value.empty()) {
      Result.Error = Runs.ok() ? Path + ": the database holds no run" : Runs.Error;
      return Result;
    }
    RunId = Runs.Value.back().Id;
  }
  ResultsOr<RecordedData> Data = Db.Value->recordedDataOfRun(RunId);
  Result.Data = std::move(Data.Value);
  Result.Error = std::move(Data.Error);
  return Result;
}

} // namespace atfc
