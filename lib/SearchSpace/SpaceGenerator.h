//===- SearchSpace/SpaceGenerator.h - Generating a whole space --*- C++ -*-===//
//
// generateSpace(options, groups...) generates every group's tree in
// parallel (each group itself in parallel, see GroupGenerator) and chains
// them. This is the entry point for the generated tuner and the tests.
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

template <class... Gs>
ChainOfTrees generateSpace(const GenerationOptions &Options, const Gs &...Groups) {
  auto Start = std::chrono::steady_clock::now();
  std::vector<GroupTree> Trees(sizeof...(Gs));
  auto GenerateAll = [&] {
    if constexpr (sizeof...(Gs) == 1) {
      ((Trees[0] = generateGroup(Groups)), ...);
    } else {
      tbb::task_group Tasks;
      std::size_t I = 0;
      (Tasks.run([&Trees, &Groups, Slot = I++] { Trees[Slot] = generateGroup(Groups); }), ...);
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
