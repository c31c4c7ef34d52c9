//===- test/fuzz/RecordedDataFuzzer.cpp - Fuzzing the data readers --------===//
//
// A libFuzzer target for the readers of recorded performance data, which
// read whatever file a user names: Kernel Tuner caches, T4 results, KTT
// output (all JSON, gzipped or not) and atfc results databases (SQLite, with their
// schema check). The input becomes a file (a memfd) that readRecordedData
// opens by name. Besides not crashing (ASan and UBSan are on), data it
// accepts must be consistent: a value per parameter in every entry.
//
//===----------------------------------------------------------------------===//
#include "Results/RecordedData.h"

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
  const int Fd = memfd_create("recorded", MFD_CLOEXEC);
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
  const Expected<RecordedData> Read = readRecordedData("/proc/self/fd/" + std::to_string(Fd));
  close(Fd);
  if (!Read.ok())
    return 0;
  for (const EvaluationRecord &E : Read->Entries)
    require(E.Configuration.size() == Read->Parameters.size());
  return 0;
}
