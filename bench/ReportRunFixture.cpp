//===- bench/ReportRunFixture.cpp - A results database of any size -------===//
//
// `report-run-fixture DATA N OUT.db [--seed S] [--energy]` records one run
// of N evaluations in a new results database: N configurations of recorded
// data (a Kernel Tuner cache or T4 results file) in uniformly random order,
// each with the data's cost (or its failure), as a random search on that
// space would have measured them. Compile and run seconds are derived from
// the cost, so the report's time axis has something to show. --energy adds
// a second objective (cost times a factor that depends on the
// configuration), to exercise the multi-objective plots.
//
// It gives `atfc report` real distributions at sizes no tuning run here
// reaches quickly (10,000 evaluations), for the browser test and the size
// and load-time measurements of docs/report.md.
//
//===----------------------------------------------------------------------===//
#include "Results/RecordedData.h"
#include "Results/ResultsDatabase.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <random>
#include <string>
#include <string_view>

using namespace atfc;

int main(int Argc, char **Argv) {
  std::vector<std::string> Positional;
  std::uint64_t Seed = 1;
  bool Energy = false;
  for (int I = 1; I < Argc; ++I) {
    const std::string_view Arg = Argv[I];
    if (Arg == "--seed" && I + 1 < Argc)
      Seed = std::strtoull(Argv[++I], nullptr, 10);
    else if (Arg == "--energy")
      Energy = true;
    else
      Positional.emplace_back(Arg);
  }
  if (Positional.size() != 3) {
    std::fprintf(stderr, "usage: report-run-fixture DATA N OUT.db [--seed S] [--energy]\n");
    return 2;
  }
  Expected<RecordedData> Data = readRecordedData(Positional[0]);
  if (!Data.ok()) {
    std::fprintf(stderr, "report-run-fixture: %s\n", Data.error().message().c_str());
    return 1;
  }
  const std::size_t N = std::min<std::size_t>(std::strtoull(Positional[1].c_str(), nullptr, 10),
                                              Data->Entries.size());
  std::remove(Positional[2].c_str());
  auto Db = ResultsDatabase::open(Positional[2]);
  if (!Db.ok()) {
    std::fprintf(stderr, "report-run-fixture: %s\n", Db.error().message().c_str());
    return 1;
  }
  std::vector<std::size_t> Order(Data->Entries.size());
  std::iota(Order.begin(), Order.end(), 0);
  std::mt19937_64 Random(Seed);
  std::shuffle(Order.begin(), Order.end(), Random);

  RunInfo Run;
  Run.Key = resultKey({Positional[0], "report-run-fixture"});
  Run.File = Positional[0];
  Run.Technique = "random";
  Run.AbortCondition = "evaluations(" + std::to_string(N) + ")";
  Run.Seed = Seed;
  Run.Parameters = Data->Parameters;
  for (const NamedValue &V : Data->Entries.front().Configuration)
    Run.ParameterKinds.push_back(static_cast<ValueKind>(V.Val.index()));
  Run.Objectives = objectivesOf(*Data);
  if (Energy)
    Run.Objectives.push_back({"energy", Direction::Minimise});
  Run.SpaceSize = std::to_string(Data->Entries.size());
  Run.Device = Data->Description + " (recorded)";
  Run.Toolchain = "report-run-fixture";
  auto Id = (*Db)->beginRun(Run);
  if (!Id.ok()) {
    std::fprintf(stderr, "report-run-fixture: %s\n", Id.error().message().c_str());
    return 1;
  }
  double Elapsed = 0;
  for (std::size_t I = 0; I < N; ++I) {
    const Measurement &Entry = Data->Entries[Order[I]].Result;
    EvaluationRecord E;
    E.Evaluation = static_cast<std::int64_t>(I + 1);
    E.ConfigIndex = std::to_string(Order[I]);
    E.Configuration = Data->Entries[Order[I]].Configuration;
    E.Result.CompileSeconds = 0.05;
    if (Entry.Valid && !Entry.Costs.empty()) {
      E.Result.Valid = true;
      E.Result.Costs = Entry.Costs;
      if (Energy)
        E.Result.Costs.push_back(Entry.Costs.front() *
                                 (0.5 + static_cast<double>(Order[I] * 2654435761u % 1000) / 1000));
      // Recorded costs are milliseconds; a measurement runs a few times.
      E.Result.RunSeconds = Entry.Costs.front() * 1e-3 * 10;
    } else {
      E.Result = Measurement::invalid(FailureKind::RunFailed,
                                      Entry.Reason.empty() ? "invalid" : Entry.Reason,
                                      "recorded as invalid: " + Entry.Reason + "\n");
      E.Result.CompileSeconds = 0.05;
    }
    Elapsed += E.Result.CompileSeconds + E.Result.RunSeconds;
    if (auto R = (*Db)->addEvaluation(*Id, E); !R.ok()) {
      std::fprintf(stderr, "report-run-fixture: %s\n", R.error().message().c_str());
      return 1;
    }
  }
  if (auto S = (*Db)->finishRun(*Id, RunStatus::Finished, Elapsed); !S.ok()) {
    std::fprintf(stderr, "report-run-fixture: %s\n", S.error().message().c_str());
    return 1;
  }
  std::printf("%s: run %lld, %zu evaluations\n", Positional[2].c_str(), static_cast<long long>(*Id),
              N);
  return 0;
}
