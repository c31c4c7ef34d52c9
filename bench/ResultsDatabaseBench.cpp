//===- bench/ResultsDatabaseBench.cpp - Cost of recording an evaluation ---===//
//
// How long the results database takes per evaluation a tuning run records
// (one committed transaction each, as the runtime does it), and how long
// reading everything back under a key takes. Prints one table.
//
//   results-db-bench [EVALUATIONS] [DIR]   (default 20000, a temporary dir)
//
//===----------------------------------------------------------------------===//
#include "Results/ResultsDatabase.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

namespace {

double secondsSince(std::chrono::steady_clock::time_point Start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
}

} // namespace

int main(int Argc, char **Argv) {
  using namespace atfc;
  namespace fs = std::filesystem;
  const long Count = Argc > 1 ? std::atol(Argv[1]) : 20000;
  fs::path Dir = Argc > 2 ? fs::path(Argv[2]) : fs::temp_directory_path();
  const fs::path Path = Dir / "results-db-bench.db";
  fs::remove(Path);
  fs::remove(Path.string() + "-wal");
  fs::remove(Path.string() + "-shm");

  auto Db = ResultsDatabase::open(Path.string());
  if (!Db.ok()) {
    std::fprintf(stderr, "results-db-bench: %s\n", Db.error().message().c_str());
    return 1;
  }
  RunInfo Run;
  Run.Key = resultKey({"bench"});
  Run.File = "gemm.cl";
  Run.Parameters = {"TM", "TN", "TK", "VEC", "UNROLL", "KIND"};
  Run.ParameterKinds = {ValueKind::Int,  ValueKind::Int,  ValueKind::Int,
                        ValueKind::UInt, ValueKind::Bool, ValueKind::String};
  Run.SpaceSize = "123456789012345678901234567890";
  const std::int64_t RunId = *(*Db)->beginRun(Run);

  const auto Start = std::chrono::steady_clock::now();
  for (long I = 0; I < Count; ++I) {
    EvaluationRecord E;
    E.ConfigIndex = std::to_string(1000000007LL * I);
    E.Configuration = {{"TM", Value(std::int64_t(I % 64))}, {"TN", Value(std::int64_t(I % 32))},
                       {"TK", Value(std::int64_t(I % 16))}, {"VEC", Value(std::uint64_t(4))},
                       {"UNROLL", Value(I % 2 == 0)},       {"KIND", Value(std::string("tiled"))}};
    E.Result = I % 10 == 0 ? Measurement::invalid(FailureKind::RunFailed, "exit status 1",
                                                  "some stderr output of the failing run")
                           : Measurement::valid({1e-3 * double(I % 97)});
    E.Evaluation = I + 1;
    if (auto Added = (*Db)->addEvaluation(RunId, E); !Added.ok()) {
      std::fprintf(stderr, "results-db-bench: %s\n", Added.error().message().c_str());
      return 1;
    }
  }
  const double Insert = secondsSince(Start);

  const auto ReadStart = std::chrono::steady_clock::now();
  auto Known = (*Db)->evaluationsOfKey(Run.Key);
  const double Read = secondsSince(ReadStart);
  const auto FindStart = std::chrono::steady_clock::now();
  long Found = 0;
  for (long I = 0; I < 1000; ++I)
    Found +=
        (*Db)->findEvaluation(Run.Key, std::to_string(1000000007LL * (I * 7 % Count)))->has_value();
  const double Find = secondsSince(FindStart);

  std::printf("%-34s %12s %14s\n", "operation", "count", "per item (us)");
  std::printf("%-34s %12ld %14.1f\n", "addEvaluation (committed each)", Count,
              1e6 * Insert / double(Count));
  std::printf("%-34s %12zu %14.2f\n", "evaluationsOfKey (read all)", Known->size(),
              1e6 * Read / double(Known->size()));
  std::printf("%-34s %12ld %14.1f\n", "findEvaluation (by index)", Found, 1e6 * Find / 1000.0);
  std::printf("database file: %s (%.1f MiB)\n", Path.c_str(),
              double(fs::file_size(Path)) / (1024.0 * 1024.0));
  Db->reset();
  fs::remove(Path);
  fs::remove(Path.string() + "-wal");
  fs::remove(Path.string() + "-shm");
  return 0;
}
