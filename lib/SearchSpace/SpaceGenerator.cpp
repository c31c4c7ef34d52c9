//===- SearchSpace/SpaceGenerator.cpp - Scheduling the groups -------------===//
//
// Generates the groups of a space: one after another in the calling thread
// while the space proves small, the rest in parallel, each inside the task
// arena that the options ask for.
//
//===----------------------------------------------------------------------===//
#include "SearchSpace/SpaceGenerator.h"
#include "SearchSpace/StoreEstimate.h"

#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include <algorithm>
#include <chrono>

namespace atfc {
namespace {

/// How long groups are generated one after another before the remaining
/// ones are handed to the thread pool.
constexpr std::chrono::microseconds kInlineGroupBudget{200};

} // namespace

std::int64_t steadyClockNanoseconds() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

ChainOfTrees generateChain(const GenerationOptions &Options,
                           std::span<const GroupLevelsBase *const> Groups, std::int64_t Start) {
  const std::size_t N = Groups.size();
  // Refused before any work when the unconstrained levels alone are too
  // many; each group checks again once its first levels are known.
  const std::uint64_t Limit = Options.MemoryLimit ? Options.MemoryLimit : machineStoreMemoryLimit();
  double Estimate = 0;
  for (const GroupLevelsBase *Group : Groups)
    Estimate += estimateGroupBytes(Group->parameters(), {});
  checkStoreEstimate(Estimate, Limit);

  std::vector<GroupTree> Trees(N);
  auto GenerateAll = [&] {
    auto Generate = [&](std::size_t I) { Trees[I] = generateGroupTree(*Groups[I], Limit); };
    // Groups are generated in the calling thread while the space proves
    // small (waking the pool would cost more than the work); then the rest
    // go to the pool in parallel. Each group is parallel inside anyway.
    std::size_t Next = 0;
    while (Next < N &&
           std::chrono::nanoseconds(steadyClockNanoseconds() - Start) < kInlineGroupBudget)
      Generate(Next++);
    if (Next < N) {
      tbb::task_group Tasks;
      for (std::size_t I = Next + 1; I < N; ++I)
        Tasks.run([&Generate, I] { Generate(I); });
      Generate(Next);
      Tasks.wait();
    }
  };
  if (Options.Threads == 0) {
    GenerateAll(); // in the caller's arena: all cores unless the caller limits it
  } else {
    tbb::task_arena Arena(static_cast<int>(std::min(Options.Threads, kMaxGenerationThreads)));
    Arena.execute(GenerateAll);
  }
  const double Seconds = static_cast<double>(steadyClockNanoseconds() - Start) * 1e-9;
  return ChainOfTrees(std::move(Trees), Seconds);
}

} // namespace atfc
