//===- Results/ResultsExport.cpp - results.db as CSV and JSON -------------===//
//
// `atfc results --csv/--json`: every evaluation of a run (or of all runs)
// as one RFC 4180 CSV row or one JSON object, costs named by objective.
//
//===----------------------------------------------------------------------===//
#include "Results/ResultsExport.h"
#include "Results/RunObjectives.h"
#include "Results/ValueJson.h"
#include "Support/NumberText.h"

#include <algorithm>
#include <ostream>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace atfc {

std::string csvField(std::string_view Field, char Separator) {
  const char Special[] = {Separator, '"', '\r', '\n'};
  const bool Quote = Field.find_first_of(std::string_view(Special, 4)) != std::string_view::npos ||
                     (!Field.empty() && (Field.front() == ' ' || Field.back() == ' '));
  if (!Quote)
    return std::string(Field);
  std::string Out = "\"";
  for (char C : Field) {
    if (C == '"')
      Out += '"';
    Out += C;
  }
  return Out + '"';
}

namespace {

using Json = nlohmann::ordered_json;

/// The runs an export covers, and their evaluations in order.
struct ExportRows {
  std::vector<RunInfo> Runs;
  std::vector<EvaluationRecord> Evaluations;
};

/// Reads the runs and evaluations of an export (one run, or all).
Expected<ExportRows> exportRows(ResultsDatabase &Db, std::optional<std::int64_t> RunId) {
  ExportRows Rows;
  if (RunId) {
    Expected<RunInfo> Run = Db.existingRun(*RunId);
    if (!Run)
      return Run.takeError();
    Rows.Runs.push_back(Run.take());
  } else {
    Expected<std::vector<RunInfo>> Runs = Db.runs();
    if (!Runs)
      return Runs.takeError();
    Rows.Runs = Runs.take();
  }
  for (const RunInfo &Run : Rows.Runs) {
    Expected<std::vector<EvaluationRecord>> Evaluations = Db.evaluationsOfRun(Run.Id);
    if (!Evaluations)
      return Evaluations.takeError();
    for (EvaluationRecord &E : *Evaluations)
      Rows.Evaluations.push_back(std::move(E));
  }
  return Rows;
}

} // namespace

Expected<void> writeResultsCsv(ResultsDatabase &Db, std::ostream &OS,
                               std::optional<std::int64_t> RunId) {
  Expected<ExportRows> Rows = exportRows(Db, RunId);
  if (!Rows)
    return Rows.takeError();
  // One column per parameter of any run (first seen first), and as many
  // cost columns as the longest cost vector.
  std::vector<std::string> Parameters;
  std::set<std::string, std::less<>> Seen;
  ObjectiveList Objectives;
  for (const RunInfo &Run : Rows->Runs) {
    for (const std::string &P : Run.Parameters)
      if (Seen.insert(P).second)
        Parameters.push_back(P);
    if (Objectives.empty())
      Objectives = Run.Objectives;
  }
  for (const EvaluationRecord &E : Rows->Evaluations)
    for (const NamedValue &P : E.Configuration)
      if (Seen.insert(P.Name).second)
        Parameters.push_back(P.Name);
  std::size_t CostCount = 1;
  for (const EvaluationRecord &E : Rows->Evaluations)
    CostCount = std::max(CostCount, E.Result.Costs.size());

  OS << "run,evaluation,config_index";
  for (const std::string &P : Parameters)
    OS << ',' << csvField(P);
  OS << ",valid";
  for (std::size_t I = 0; I < CostCount; ++I)
    OS << ',' << csvField(costName(Objectives, I, CostCount));
  OS << ",failure,reason,compile_seconds,run_seconds,overhead_seconds,reused,timestamp\n";
  for (const EvaluationRecord &E : Rows->Evaluations) {
    OS << E.RunId << ',' << E.Evaluation << ',' << csvField(E.ConfigIndex);
    for (const std::string &P : Parameters) {
      OS << ',';
      for (const NamedValue &V : E.Configuration)
        if (V.Name == P)
          OS << csvField(toString(V.Val));
    }
    OS << ',' << (E.Result.Valid ? 1 : 0);
    for (std::size_t I = 0; I < CostCount; ++I) {
      OS << ',';
      if (I < E.Result.Costs.size())
        OS << shortestText(E.Result.Costs[I]);
    }
    OS << ',' << csvField(failureName(E.Result.Failure)) << ',' << csvField(E.Result.Reason) << ','
       << shortestText(E.Result.CompileSeconds) << ',' << shortestText(E.Result.RunSeconds) << ','
       << shortestText(E.OverheadSeconds) << ',' << (E.Reused ? 1 : 0) << ','
       << csvField(E.Timestamp) << '\n';
  }
  if (!OS)
    return Error("cannot write the CSV output");
  return success();
}

namespace {

Json runJson(const RunInfo &Run) {
  return Json{{"id", Run.Id},
              {"key", Run.Key},
              {"file", Run.File},
              {"started", Run.Started},
              {"finished", Run.Finished.empty() ? Json() : Json(Run.Finished)},
              {"status", runStatusName(Run.Status)},
              {"technique", Run.Technique},
              {"abort_condition", Run.AbortCondition},
              {"seed", Run.Seed},
              {"arguments", stringsJson(Run.Arguments)},
              {"elapsed_seconds", Run.ElapsedSeconds},
              {"parameters", stringsJson(Run.Parameters)},
              {"parameter_kinds", kindsJson(Run.ParameterKinds)},
              {"objectives", objectivesJson(Run.Objectives, Run.Objectives.size())},
              {"space_size", Run.SpaceSize},
              {"device", Run.Device},
              {"toolchain", Run.Toolchain},
              {"resumes", Run.Resumes},
              {"warm_start", Run.WarmStart}};
}

Json evaluationJson(const EvaluationRecord &E) {
  return Json{{"id", E.Id},
              {"run_id", E.RunId},
              {"evaluation", E.Evaluation},
              {"config_index", E.ConfigIndex},
              {"configuration", configurationJson(E.Configuration)},
              {"valid", E.Result.Valid},
              {"costs", costsJson(E.Result.Costs)},
              {"failure", failureName(E.Result.Failure)},
              {"reason", E.Result.Reason},
              {"log", E.Result.Log},
              {"compile_seconds", E.Result.CompileSeconds},
              {"run_seconds", E.Result.RunSeconds},
              {"overhead_seconds", E.OverheadSeconds},
              {"reused", E.Reused},
              {"timestamp", E.Timestamp}};
}

/// J as an element of a top-level array in a dump with indent 2.
std::string arrayElement(const Json &J) {
  const std::string Text = J.dump(2, ' ', true, Json::error_handler_t::replace);
  std::string Indented = "    ";
  for (char C : Text) {
    Indented += C;
    if (C == '\n')
      Indented += "    ";
  }
  return Indented;
}

/// The runs of Db to export: RunId's, or every one.
Expected<std::vector<RunInfo>> exportedRuns(ResultsDatabase &Db,
                                            std::optional<std::int64_t> RunId) {
  if (!RunId)
    return Db.runs();
  Expected<RunInfo> Run = Db.existingRun(*RunId);
  if (!Run)
    return Run.takeError();
  return std::vector<RunInfo>{Run.take()};
}

} // namespace

Expected<nlohmann::ordered_json> resultsJson(ResultsDatabase &Db,
                                             std::optional<std::int64_t> RunId) {
  Expected<ExportRows> Rows = exportRows(Db, RunId);
  if (!Rows)
    return Rows.takeError();
  Json Runs = Json::array();
  for (const RunInfo &Run : Rows->Runs)
    Runs.push_back(runJson(Run));
  Json Evaluations = Json::array();
  for (const EvaluationRecord &E : Rows->Evaluations)
    Evaluations.push_back(evaluationJson(E));
  return Json{{"schema_version", kResultsSchemaVersion},
              {"runs", std::move(Runs)},
              {"evaluations", std::move(Evaluations)}};
}

Expected<void> writeResultsJson(ResultsDatabase &Db, std::ostream &OS,
                                std::optional<std::int64_t> RunId) {
  Expected<std::vector<RunInfo>> Runs = exportedRuns(Db, RunId);
  if (!Runs)
    return Runs.takeError();
  OS << "{\n  \"schema_version\": " << kResultsSchemaVersion << ",\n  \"runs\": ";
  for (std::size_t I = 0; I < Runs->size(); ++I)
    OS << (I ? ",\n" : "[\n") << arrayElement(runJson((*Runs)[I]));
  OS << (Runs->empty() ? "[]" : "\n  ]") << ",\n  \"evaluations\": ";
  bool Any = false;
  for (const RunInfo &Run : *Runs)
    if (Expected<void> Written =
            Db.forEachEvaluationOfRun(Run.Id,
                                      [&](EvaluationRecord &&E) -> Expected<void> {
                                        OS << (std::exchange(Any, true) ? ",\n" : "[\n")
                                           << arrayElement(evaluationJson(E));
                                        if (!OS)
                                          return Error("cannot write the JSON output");
                                        return success();
                                      });
        !Written)
      return Written;
  OS << (Any ? "\n  ]" : "[]") << "\n}\n";
  if (!OS)
    return Error("cannot write the JSON output");
  return success();
}

} // namespace atfc
