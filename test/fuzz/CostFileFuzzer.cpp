//===- test/fuzz/CostFileFuzzer.cpp - Fuzzing the cost file parser --------===//
//
// A libFuzzer target for what a run script writes as its cost: any bytes.
// Besides not crashing, what it accepts is a list of finite numbers, one per
// comma-separated part, and what it refuses comes with a bounded message
// free of control bytes.
//
//===----------------------------------------------------------------------===//
#include "Backends/CostFile.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>

using namespace atfc;

static void require(bool Condition) {
  if (!Condition)
    __builtin_trap();
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data, std::size_t Size) {
  const std::string_view Text(reinterpret_cast<const char *>(Data), Size);
  std::vector<double> Costs;
  std::string Problem;
  if (parseCosts(Text, Costs, Problem)) {
    require(Costs.size() ==
            static_cast<std::size_t>(std::count(Text.begin(), Text.end(), ',')) + 1);
    for (double C : Costs)
      require(std::isfinite(C));
  } else {
    require(!Problem.empty() && Problem.size() < 400);
    for (char C : Problem)
      require(static_cast<unsigned char>(C) >= 0x20 && C != 0x7f);
  }
  return 0;
}
