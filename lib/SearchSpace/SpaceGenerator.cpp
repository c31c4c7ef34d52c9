//===- SearchSpace/SpaceGenerator.cpp - Scheduling the groups -------------===//
//
// Generates the groups of a space: one after another in the calling thread
// while the space proves small, and every group too small to be worth the
// pool (GenerationOptions::InlineCandidates), the rest in parallel, each
// inside the task arena that the options ask for. A group that fails
// cancels the groups not done, and the first failure in group order is the
// space's.
//
//===----------------------------------------------------------------------===//
#include "SearchSpace/SpaceGenerator.h"
#include "SearchSpace/StoreEstimate.h"

#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <vector>

namespace atfc {
namespace {

/// How long groups are generated one after another before the remaining
/// ones are handed to the thread pool once it runs (inlineBudgetNanoseconds).
constexpr std::int64_t kInlineGroupBudget = 200'000;

} // namespace

std::int64_t steadyClockNanoseconds() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

Expected<ChainOfTrees> generateChain(const GenerationOptions &Options,
                                     std::span<const GroupLevelsBase *const> Groups,
                                     std::int64_t Start) {
  const std::size_t N = Groups.size();
  // A range that could not be built ends generation before any work.
  for (const GroupLevelsBase *Group : Groups)
    if (Group->failure())
      return *Group->failure();
  // Refused before any work when the unconstrained levels alone are too
  // many; each group checks again once its first levels are known.
  const std::uint64_t Limit = Options.MemoryLimit ? Options.MemoryLimit : machineStoreMemoryLimit();
  double Estimate = 0;
  for (const GroupLevelsBase *Group : Groups)
    Estimate += estimateGroupBytes(Group->parameters(), {});
  checkStoreEstimate(Estimate, Limit);

  std::vector<GroupTree> Trees(N);
  std::vector<std::optional<Error>> Failures(N);
  auto GenerateAll = [&] {
    // Made only when groups are left for the pool: its first wait starts
    // oneTBB's scheduler, which costs more than a small space.
    std::optional<tbb::task_group> Tasks;
    // False when group I failed; the groups not done are cancelled.
    auto Generate = [&](std::size_t I) {
      Expected<GroupTree> Tree =
          generateGroupTree(*Groups[I], Limit, kMaxChunkLevelNodes, Options.InlineCandidates);
      if (Tree) {
        Trees[I] = Tree.take();
        return true;
      }
      Failures[I] = Tree.takeError();
      if (Tasks)
        Tasks->cancel();
      return false;
    };
    // Groups are generated in the calling thread while the space proves
    // small (waking the pool would cost more than the work), and so is
    // every group that cannot be large (its candidates, all valid, fewer
    // than InlineCandidates), in order; the others left go to the pool in
    // parallel (the calling thread joins in while it waits), unless only
    // one is left. Each group is parallel inside anyway.
    const std::int64_t Budget = inlineBudgetNanoseconds(kInlineGroupBudget);
    std::vector<std::size_t> Left;
    for (std::size_t I = 0; I < N; ++I) {
      const bool Tiny = unconstrainedCandidates(Groups[I]->parameters()) < Options.InlineCandidates;
      if (Tiny || (Left.empty() && steadyClockNanoseconds() - Start < Budget)) {
        if (!Generate(I))
          return;
      } else {
        Left.push_back(I);
      }
    }
    if (Left.size() <= 1) {
      for (std::size_t I : Left)
        Generate(I);
      return;
    }
    Tasks.emplace();
    notePoolStarted();
    for (std::size_t I : Left)
      Tasks->run([&Generate, I] { Generate(I); });
    Tasks->wait();
  };
  if (Options.Threads == 0) {
    GenerateAll(); // in the caller's arena: all cores unless the caller limits it
  } else {
    tbb::task_arena Arena(static_cast<int>(std::min(Options.Threads, kMaxGenerationThreads)));
    Arena.execute(GenerateAll);
  }
  for (std::optional<Error> &Failure : Failures)
    if (Failure)
      return std::move(*Failure);
  const double Seconds = static_cast<double>(steadyClockNanoseconds() - Start) * 1e-9;
  return ChainOfTrees(std::move(Trees), Seconds);
}

} // namespace atfc
