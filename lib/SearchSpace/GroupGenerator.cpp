//===- SearchSpace/GroupGenerator.cpp - Joining generated chunks ----------===//
//
// The untyped half of generation: joining the prefixes and their subtrees
// into the final contiguous level arrays.
//
//===----------------------------------------------------------------------===//
#include "SearchSpace/GroupGenerator.h"

namespace atfc::detail {

void throwLevelTooLarge(const std::string &Parameter) {
  throw std::length_error("search space too large: the level of parameter '" + Parameter +
                          "' has more than 2^32 nodes in its group");
}

std::vector<TreeLevel> emptyLevels(const std::vector<ParameterInfo> &Params) {
  std::vector<TreeLevel> Levels;
  Levels.reserve(Params.size());
  for (const ParameterInfo &P : Params)
    Levels.push_back(TreeLevel{PackedIndexArray(P.RangeSize ? P.RangeSize - 1 : 0), {}});
  return Levels;
}

std::vector<TreeLevel> joinChunks(const std::vector<ParameterInfo> &Params, std::size_t Depth,
                                  const std::vector<std::uint64_t> &Indices,
                                  std::vector<std::vector<TreeLevel>> &Chunks) {
  const std::size_t K = Params.size();
  std::vector<TreeLevel> Levels = emptyLevels(Params);
  for (std::size_t L = Depth; L < K; ++L) {
    std::size_t Total = 0;
    for (const auto &C : Chunks)
      Total += C[L].Values.size();
    Levels[L].Values.reserve(Total);
    if (L + 1 < K)
      Levels[L].FirstChild.reserve(Total + 1);
  }
  auto NextLevelSize = [&](std::size_t L) {
    std::size_t N = Levels[L + 1].Values.size();
    if (N > std::numeric_limits<std::uint32_t>::max())
      throwLevelTooLarge(Params[L + 1].Name);
    return static_cast<std::uint32_t>(N);
  };

  const std::uint64_t *Previous = nullptr;
  for (std::size_t P = 0; P < Chunks.size(); ++P) {
    std::vector<TreeLevel> &C = Chunks[P];
    if (C[K - 1].Values.size() != 0) {
      // New nodes of the prefix levels start where this prefix leaves the
      // previous surviving one.
      const std::uint64_t *Prefix = Indices.data() + P * Depth;
      std::size_t Shared = 0;
      while (Previous && Shared < Depth && Prefix[Shared] == Previous[Shared])
        ++Shared;
      for (std::size_t L = Shared; L < Depth; ++L) {
        Levels[L].Values.push_back(Prefix[L]);
        Levels[L].FirstChild.push_back(NextLevelSize(L));
      }
      Previous = Prefix;
      // The subtree's levels, child offsets shifted past earlier chunks.
      for (std::size_t L = Depth; L < K; ++L) {
        if (L + 1 < K) {
          const std::uint32_t Offset = NextLevelSize(L);
          const std::uint64_t Last =
              std::uint64_t(Offset) + C[L + 1].Values.size();
          if (Last > std::numeric_limits<std::uint32_t>::max())
            throwLevelTooLarge(Params[L + 1].Name);
          for (std::uint32_t First : C[L].FirstChild)
            Levels[L].FirstChild.push_back(First + Offset);
        }
        Levels[L].Values.append(C[L].Values);
      }
    }
    std::vector<TreeLevel>().swap(C);
  }
  for (std::size_t L = 0; L + 1 < K; ++L)
    Levels[L].FirstChild.push_back(NextLevelSize(L));
  for (TreeLevel &L : Levels) {
    L.Values.shrinkToFit();
    L.FirstChild.shrink_to_fit();
  }
  return Levels;
}

} // namespace atfc::detail
