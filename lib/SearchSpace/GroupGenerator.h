//===- SearchSpace/GroupGenerator.h - Parallel tree generation --*- C++ -*-===//
//
// Generates the tree of one group (Listing 2 of the ATF TACO paper): a loop
// nest with one level per parameter, each constraint checked at its own
// level, dead ends removed. The first levels are expanded sequentially into
// prefixes until there are enough to share out; each prefix's subtree is
// generated in parallel (oneTBB) into its own chunk, and the chunks are
// joined in prefix order. The chunking does not depend on the thread count,
// so the tree is the same whatever the number of threads.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCHSPACE_GROUPGENERATOR_H
#define ATFC_SEARCHSPACE_GROUPGENERATOR_H

#include "SearchSpace/CandidateEnumeration.h"
#include "SearchSpace/GroupTree.h"
#include "SearchSpace/Parameter.h"

#include <tbb/parallel_for.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <utility>
#include <vector>

namespace atfc {

namespace detail {

/// Calls F.template operator()<I>() for the runtime level I < K.
template <std::size_t K, class F> void withLevel(std::size_t I, F &&Fn) {
  [&]<std::size_t... Is>(std::index_sequence<Is...>) {
    ((I == Is ? (Fn.template operator()<Is>(), 0) : 0), ...);
  }(std::make_index_sequence<K>{});
}

/// Throws when a level outgrows the 32-bit child offsets of the store.
void throwLevelTooLarge(const std::string &Parameter);

/// Assembles the tree's levels from the prefixes and their subtrees
/// (GroupGenerator.cpp). Prefix p is Indices[p*Depth .. p*Depth+Depth-1];
/// Chunks[p][L], for L >= Depth, is level L of its subtree, which becomes
/// one segment of the level without being copied.
std::vector<std::vector<TreeSegment>>
assembleLevels(const std::vector<ParameterInfo> &Params, std::size_t Depth,
               const std::vector<std::uint64_t> &Indices,
               std::vector<std::vector<TreeSegment>> &Chunks);

/// One empty segment per parameter, each wide enough for its range's indices.
std::vector<TreeSegment> emptySegments(const std::vector<ParameterInfo> &Params);
} // namespace detail

/// How many prefixes the sequential expansion aims for before the subtrees
/// are generated in parallel.
inline constexpr std::size_t kTargetPrefixes = 256;

template <class G> class GroupGenerator {
public:
  static constexpr std::size_t K = G::kSize;
  using Path = typename G::Path;

  explicit GroupGenerator(const G &Group) : Group(Group) {
    std::apply([&](const auto &...P) { (Params.push_back(describe(P)), ...); }, Group.Params);
  }

  /// Generates the tree; runs in parallel in the calling task arena.
  GroupTree generate() {
    auto Start = std::chrono::steady_clock::now();
    std::array<std::uint64_t, K> Accepted{};

    // Expand prefixes level by level until there are enough of them.
    std::vector<Path> Paths(1);
    std::vector<std::uint64_t> Indices; // Depth indices per prefix
    std::size_t Depth = 0;
    std::vector<std::uint64_t> Scratch;
    while (Depth + 1 < K && Paths.size() < kTargetPrefixes) {
      std::vector<Path> NextPaths;
      std::vector<std::uint64_t> NextIndices;
      detail::withLevel<K>(Depth, [&]<std::size_t I>() {
        const auto &Param = std::get<I>(Group.Params);
        for (std::size_t P = 0; P < Paths.size(); ++P)
          detail::forEachValid(Param.Range, Param.Constraint, Paths[P], Scratch,
                               [&](std::uint64_t Index, const auto &Value) {
                                 NextPaths.push_back(Paths[P]);
                                 std::get<I>(NextPaths.back()) = Value;
                                 NextIndices.insert(NextIndices.end(),
                                                    Indices.begin() + P * Depth,
                                                    Indices.begin() + (P + 1) * Depth);
                                 NextIndices.push_back(Index);
                               });
      });
      Accepted[Depth] += NextPaths.size();
      Paths = std::move(NextPaths);
      Indices = std::move(NextIndices);
      ++Depth;
    }

    // Generate each prefix's subtree into its own chunk.
    std::vector<std::vector<TreeSegment>> Chunks(Paths.size());
    std::vector<std::array<std::uint64_t, K>> ChunkAccepted(Paths.size());
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, Paths.size(), 1),
                      [&](const tbb::blocked_range<std::size_t> &Range) {
                        for (std::size_t P = Range.begin(); P != Range.end(); ++P) {
                          Chunk C(Params);
                          detail::withLevel<K>(Depth, [&]<std::size_t I>() {
                            descend<I>(Paths[P], C);
                          });
                          // Child offsets are 32-bit within a chunk.
                          for (std::size_t L = Depth + 1; L < K; ++L)
                            if (C.Levels[L].Values.size() > std::numeric_limits<std::uint32_t>::max())
                              detail::throwLevelTooLarge(Params[L].Name);
                          Chunks[P] = std::move(C.Levels);
                          ChunkAccepted[P] = C.Accepted;
                        }
                      });
    for (const auto &A : ChunkAccepted)
      for (std::size_t L = Depth; L < K; ++L)
        Accepted[L] += A[L];
    Paths.clear();

    std::vector<LevelStats> Stats(K);
    for (std::size_t L = 0; L < K; ++L) {
      Stats[L].ParentVisits = L == 0 ? 1 : Accepted[L - 1];
      Stats[L].Accepted = Accepted[L];
    }
    auto Levels = detail::assembleLevels(Params, Depth, Indices, Chunks);
    for (std::size_t L = 0; L < K; ++L)
      Stats[L].DeadEnds = Accepted[L] - nodesIn(Levels[L]);
    double Seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
    return GroupTree(Params, std::move(Levels), std::move(Stats), Seconds);
  }

private:
  /// The levels Depth..K-1 of one prefix's subtree, being built.
  struct Chunk {
    explicit Chunk(const std::vector<ParameterInfo> &Params)
        : Levels(detail::emptySegments(Params)) {}
    std::vector<TreeSegment> Levels;
    std::array<std::uint64_t, K> Accepted{};
    std::array<std::vector<std::uint64_t>, K> Scratch;
  };

  /// Generates the subtree below Path at level I; returns its leaf count.
  template <std::size_t I> std::uint64_t descend(Path &P, Chunk &C) const {
    const auto &Param = std::get<I>(Group.Params);
    TreeSegment &Level = C.Levels[I];
    std::uint64_t Leaves = 0;
    detail::forEachValid(Param.Range, Param.Constraint, P, C.Scratch[I],
                         [&](std::uint64_t Index, const auto &Value) {
                           ++C.Accepted[I];
                           if constexpr (I + 1 == K) {
                             Level.Values.push_back(Index);
                             ++Leaves;
                           } else {
                             std::get<I>(P) = Value;
                             const std::size_t Node = Level.Values.size();
                             // Offsets past 2^32 are caught once the chunk is done.
                             Level.Values.push_back(Index);
                             Level.FirstChild.push_back(
                                 static_cast<std::uint32_t>(C.Levels[I + 1].Values.size()));
                             std::uint64_t Below = descend<I + 1>(P, C);
                             if (Below == 0) {
                               Level.Values.truncate(Node);
                               Level.FirstChild.truncate(Node);
                             }
                             Leaves += Below;
                           }
                         });
    return Leaves;
  }

  const G &Group;
  std::vector<ParameterInfo> Params;
};

template <class G> GroupTree generateGroup(const G &Group) {
  return GroupGenerator<G>(Group).generate();
}

} // namespace atfc

#endif
