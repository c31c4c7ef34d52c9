//===- SearchSpace/GroupGenerator.cpp - Assembling generated chunks -------===//
//
// The untyped half of generation: rebuilding the small prefix levels and
// adopting each chunk's levels as segments, so no node is copied.
//
//===----------------------------------------------------------------------===//
#include "SearchSpace/GroupGenerator.h"

namespace atfc::detail {

void throwLevelTooLarge(const std::string &Parameter) {
  throw std::length_error("search space too large: the level of parameter '" + Parameter +
                          "' has more than 2^32 nodes in one part of its group");
}

std::vector<TreeSegment> emptySegments(const std::vector<ParameterInfo> &Params) {
  std::vector<TreeSegment> Levels(Params.size());
  for (std::size_t L = 0; L < Params.size(); ++L)
    Levels[L].Values = PackedIndexArray(Params[L].RangeSize ? Params[L].RangeSize - 1 : 0);
  return Levels;
}

std::vector<std::vector<TreeSegment>> assembleLevels(const std::vector<ParameterInfo> &Params,
                                                     std::size_t Depth,
                                                     const std::vector<std::uint64_t> &Indices,
                                                     std::vector<GeneratedChunk> &Chunks) {
  const std::size_t K = Params.size();
  std::vector<std::vector<TreeSegment>> Levels(K);
  // The prefix levels are one segment each, with absolute child numbers.
  std::vector<TreeSegment> Prefix = emptySegments(Params);
  std::vector<std::uint64_t> Next(K, 0); // nodes so far on each level
  auto CheckNarrow = [&](std::size_t L, std::uint64_t N) {
    if (N > std::numeric_limits<std::uint32_t>::max())
      throwLevelTooLarge(Params[L].Name);
    return N;
  };

  const std::uint64_t *Previous = nullptr;
  for (GeneratedChunk &C : Chunks) {
    for (std::size_t J = 0; J < C.PrefixLeaves.size(); ++J) {
      if (C.PrefixLeaves[J] == 0)
        continue; // no valid configuration below this prefix
      // The prefix adds nodes from where it leaves the previous survivor.
      const std::uint64_t *Indexes = Indices.data() + (C.FirstPrefix + J) * Depth;
      std::size_t Shared = 0;
      while (Previous && Shared < Depth && Indexes[Shared] == Previous[Shared])
        ++Shared;
      for (std::size_t L = Shared; L < Depth; ++L) {
        Prefix[L].Values.push_back(Indexes[L]);
        Prefix[L].FirstChild.push_back(
            CheckNarrow(L + 1, L + 1 < Depth ? Next[L + 1] : Next[Depth] + C.PrefixFirstNode[J]));
        ++Next[L];
      }
      Previous = Indexes;
    }
    if (C.Levels.empty() || C.Levels[K - 1].Values.size() == 0)
      continue;
    // The chunk's levels become segments.
    for (std::size_t L = Depth; L < K; ++L) {
      TreeSegment &S = C.Levels[L];
      S.First = Next[L];
      if (L + 1 < K) {
        S.ChildBase = Next[L + 1];
        S.FirstChild.push_back(C.Levels[L + 1].Values.size());
      }
      Next[L] += S.Values.size();
      S.Values.shrinkToFit();
      S.FirstChild.shrinkToFit();
      Levels[L].push_back(std::move(S));
    }
  }
  for (std::size_t L = 0; L < Depth; ++L) {
    Prefix[L].FirstChild.push_back(CheckNarrow(L + 1, Next[L + 1]));
    Prefix[L].Values.shrinkToFit();
    Prefix[L].FirstChild.shrinkToFit();
    Levels[L].push_back(std::move(Prefix[L]));
  }
  Chunks.clear();
  return Levels;
}

} // namespace atfc::detail
