//===- test/fuzz/ResultsDatabaseFuzzer.cpp - Fuzzing results.db reading ---===//
//
// A libFuzzer target for opening a results database that someone else
// wrote (`atfc results`, `atfc report`, `atfc analyze` open any file named
// so): the schema check, then the runs and evaluations read back. The input
// becomes a file (a memfd) opened read-only by name. Anything may be
// refused with a message; nothing may crash (ASan and UBSan are on), and
// a run's evaluations belong to it.
//
//===----------------------------------------------------------------------===//
#include "Results/ResultsDatabase.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <sys/mman.h>
#include <unistd.h>

using namespace atfc;

static void require(bool Condition) {
  if (!Condition)
    __builtin_trap();
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data, std::size_t Size) {
  const int Fd = memfd_create("results", MFD_CLOEXEC);
  if (Fd < 0)
    return 0;
  for (std::size_t Done = 0; Done < Size;) {
    const ssize_t N = write(Fd, Data + Done, Size - Done);
    if (N <= 0) {
      close(Fd);
      return 0;
    }
    Done += static_cast<std::size_t>(N);
  }
  auto Db =
      ResultsDatabase::open("/proc/self/fd/" + std::to_string(Fd), ResultsDatabase::Mode::ReadOnly);
  if (Db.ok()) {
    auto Runs = (*Db)->runs();
    if (Runs.ok())
      for (const RunInfo &Run : *Runs)
        if (auto Evaluations = (*Db)->evaluationsOfRun(Run.Id); Evaluations.ok())
          for (const EvaluationRecord &E : *Evaluations)
            require(E.RunId == Run.Id);
  } else {
    require(!Db);
  }
  close(Fd);
  return 0;
}
