//===- ResultsDbFixture.cpp - A sample results database for lit tests -----===//
//
// `results-db-fixture [--empty] PATH` writes a small results database through the
// library's API (no sqlite3 shell needed): run 1 of saxpy.cl, finished, with
// four evaluations (one invalid, a string value that needs CSV quoting, an
// index beyond 2^64); run 2 of the same key, interrupted, with a reused
// evaluation and a new one. Timestamps are fixed so that output can be
// checked exactly. With --empty, the database holds no run. The lit tests of `atfc results` read
// it.
//
//===----------------------------------------------------------------------===//
#include "Results/ResultsDatabase.h"

#include <cstdio>
#include <filesystem>
#include <string_view>

namespace {

using namespace atfc;

EvaluationRecord evaluation(std::int64_t Number, std::string Index, std::int64_t Wpt,
                            std::uint64_t Ls, std::string Name, Measurement Result) {
  EvaluationRecord E;
  E.Evaluation = Number;
  E.ConfigIndex = std::move(Index);
  E.Configuration = {{"WPT", Value(Wpt)}, {"LS", Value(Ls)}, {"NAME", Value(std::move(Name))}};
  E.Result = std::move(Result);
  E.Timestamp = "2024-05-01T10:00:0" + std::to_string(Number) + ".000Z";
  return E;
}

} // namespace

int main(int Argc, char **Argv) {
  const bool Empty = Argc == 3 && std::string_view(Argv[1]) == "--empty";
  if (Argc != 2 && !Empty) {
    std::fprintf(stderr, "usage: results-db-fixture [--empty] PATH\n");
    return 2;
  }
  const char *Path = Argv[Argc - 1];
  std::filesystem::remove(Path);
  auto Db = ResultsDatabase::open(Path);
  if (!Db.ok()) {
    std::fprintf(stderr, "results-db-fixture: %s\n", Db.error().message().c_str());
    return 1;
  }
  if (Empty)
    return 0;
  RunInfo Run;
  Run.Key = resultKey({"saxpy.cl", "tuner v1", "pocl"});
  Run.File = "saxpy.cl";
  Run.Started = "2024-05-01T10:00:00.000Z";
  Run.Technique = "auto";
  Run.AbortCondition = "evaluations(4)";
  Run.Seed = 42;
  Run.Arguments = {"1024"};
  Run.Parameters = {"WPT", "LS", "NAME"};
  Run.ParameterKinds = {ValueKind::Int, ValueKind::UInt, ValueKind::String};
  Run.Objectives = {{"time", Direction::Minimise}};
  Run.SpaceSize = "36893488147419103232";
  Run.Device = "pocl cpu";
  Run.Toolchain = "g++ 12";

  Measurement Failed = Measurement::invalid(FailureKind::RunFailed, "exit status 2, \"bad\"",
                                            "error: local size too large\n");
  Failed.CompileSeconds = 0.5;
  Measurement Fast = Measurement::valid({0.000125});
  Fast.CompileSeconds = 0.25;
  Fast.RunSeconds = 0.125;
  bool Ok = true;
  auto Check = [&Ok](const auto &Result) {
    if (!Result.ok()) {
      std::fprintf(stderr, "results-db-fixture: %s\n", Result.error().message().c_str());
      Ok = false;
    }
  };
  const std::int64_t First = (*Db)->beginRun(Run).take();
  Check((*Db)->addEvaluation(First,
                             evaluation(1, "0", 1, 8, "plain", Measurement::valid({0.00025}))));
  Check((*Db)->addEvaluation(First, evaluation(2, "5", 2, 1024, "plain", Failed)));
  Check((*Db)->addEvaluation(First,
                             evaluation(3, "18446744073709551617", 4, 8, "a, \"quoted\"", Fast)));
  Check(
      (*Db)->addEvaluation(First, evaluation(4, "9", 8, 8, "plain", Measurement::valid({0.0004}))));
  Check((*Db)->finishRun(First, RunStatus::Finished, 12.5));

  Run.Started = "2024-05-01T11:00:00.000Z";
  Run.AbortCondition = "evaluations(10)";
  const std::int64_t Second = (*Db)->beginRun(Run).take();
  EvaluationRecord Reused = evaluation(1, "0", 1, 8, "plain", Measurement::valid({0.00025}));
  Reused.Reused = true;
  Check((*Db)->addEvaluation(Second, Reused));
  Check(
      (*Db)->addEvaluation(Second, evaluation(2, "3", 2, 8, "plain", Measurement::valid({0.002}))));
  Check((*Db)->finishRun(Second, RunStatus::Interrupted, 1.5));
  return Ok ? 0 : 1;
}
