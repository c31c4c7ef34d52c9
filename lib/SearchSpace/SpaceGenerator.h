//===- SearchSpace/SpaceGenerator.h - Generating a whole space --*- C++ -*-===//
//
// generateSpace(options, groups...) generates every group's tree (groups in
// parallel, and each group itself in parallel, see GroupGenerator) and
// chains them. This is the entry point for the generated tuner and the tests.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCHSPACE_SPACEGENERATOR_H
#define ATFC_SEARCHSPACE_SPACEGENERATOR_H

#include "SearchSpace/ChainOfTrees.h"
#include "SearchSpace/GroupGenerator.h"

#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include <chrono>

namespace atfc {

struct GenerationOptions {
  /// Worker threads; 0 means one per core.
  unsigned Threads = 0;
};

/// How long groups are generated one after another before the remaining
/// ones are handed to the thread pool.
inline constexpr std::chrono::microseconds kInlineGroupBudget{200};

template <class... Gs>
ChainOfTrees generateSpace(const GenerationOptions &Options, const Gs &...Groups) {
  auto Start = std::chrono::steady_clock::now();
  std::vector<GroupTree> Trees(sizeof...(Gs));
  auto GenerateAll = [&] {
    constexpr std::size_t N = sizeof...(Gs);
    auto All = std::tie(Groups...);
    auto Generate = [&](std::size_t I) {
      detail::withLevel<N>(I, [&]<std::size_t J>() { Trees[J] = generateGroup(std::get<J>(All)); });
    };
    // Groups are generated in the calling thread while the space proves
    // small (waking the pool would cost more than the work); then the rest
    // go to the pool in parallel. Each group is parallel inside anyway.
    std::size_t Next = 0;
    while (Next < N && std::chrono::steady_clock::now() - Start < kInlineGroupBudget)
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
    tbb::task_arena Arena(static_cast<int>(Options.Threads));
    Arena.execute(GenerateAll);
  }
  double Seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  return ChainOfTrees(std::move(Trees), Seconds);
}

} // namespace atfc

#endif
