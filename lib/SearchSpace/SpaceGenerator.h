//===- SearchSpace/SpaceGenerator.h - Generating a whole space --*- C++ -*-===//
//
// generateSpace(options, groups...) generates every group's tree (groups in
// parallel, and each group itself in parallel, see GroupGenerator) and
// chains them, or returns why it cannot. This is the entry point for the
// generated tuner and the tests.
//
// Only the groups' loop nests are compiled with the caller; the scheduling
// (oneTBB) lives in the library (SpaceGenerator.cpp), so a generated tuner
// neither parses nor instantiates oneTBB.
//
// Tested through ChainOfTreesTest.cpp and GroupGeneratorTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCHSPACE_SPACEGENERATOR_H
#define ATFC_SEARCHSPACE_SPACEGENERATOR_H

#include "SearchSpace/ChainOfTrees.h"
#include "SearchSpace/GroupGenerator.h"

#include <cstdint>
#include <span>

namespace atfc {

/// The most generation threads an option may ask for (oneTBB crashed at
/// 70,000).
inline constexpr unsigned kMaxGenerationThreads = 1024;

struct GenerationOptions {
  /// Worker threads; 0 means one per core; at most kMaxGenerationThreads.
  unsigned Threads = 0;
  /// Bytes the store may take by its estimate (StoreEstimate.h); 0 means
  /// machineStoreMemoryLimit() (the tuner passes storeMemoryLimit(), which
  /// ATFC_SPACE_MEMORY_LIMIT sets).
  std::uint64_t MemoryLimit = 0;
  /// A group estimated to try fewer candidates than this is generated
  /// whole in the calling thread, without the pool (GroupGenerator.h,
  /// kInlineCandidates); 0: only the time budgets decide.
  double InlineCandidates = kInlineCandidates;
};

/// The steady clock's time in nanoseconds (SpaceGenerator.cpp: the header
/// stays free of <chrono>, which every generated tuner would parse).
std::int64_t steadyClockNanoseconds();

/// Generates the trees of the groups whose loop nests are Groups, in
/// parallel, and chains them; the generation time counts from Start, a
/// steadyClockNanoseconds() (SpaceGenerator.cpp). The Error of the first
/// group, in order, that cannot be generated (GroupGenerator.h: a range
/// that could not be built, found before any work; a level too large),
/// which cancels the others. Throws SpaceTooLarge before generating when
/// the store's estimate exceeds the memory limit.
Expected<ChainOfTrees> generateChain(const GenerationOptions &Options,
                                     std::span<const GroupLevelsBase *const> Groups,
                                     std::int64_t Start);

namespace detail {
/// generateChain over the loop nests Levels.
template <class... Ls>
Expected<ChainOfTrees> generateChainOf(const GenerationOptions &Options, std::int64_t Start,
                                       const Ls &...Levels) {
  const GroupLevelsBase *const All[] = {&Levels...};
  return generateChain(Options, All, Start);
}
} // namespace detail

/// Generates the space of Groups (each made by group()), chained in the
/// order given, or says why it cannot (generateChain).
template <class... Gs>
Expected<ChainOfTrees> generateSpace(const GenerationOptions &Options, const Gs &...Groups) {
  const std::int64_t Start = steadyClockNanoseconds();
  return detail::generateChainOf(Options, Start, GroupLevels<Gs>(Groups)...);
}

} // namespace atfc

#endif
