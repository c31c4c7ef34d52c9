//===- SubtreeMemoTest.cpp - Subtrees remembered --------------------------===//
//
// Online/SubtreeMemo through <atf.hpp>'s parameters: spaces whose levels
// remember the subtrees below their nodes equal brute force, with keys
// learned while recording, with siblings that share a key, and with keys
// past 32 bits; the memos must have copied subtrees.
//
//===----------------------------------------------------------------------===//
#include <atf.hpp>

#include "Online/SubtreeMemo.h"

#include <gtest/gtest.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <new>
#include <random>
#include <set>
#include <string>
#include <variant>
#include <vector>

namespace {

/// One random constraint of RememberedSubtreesEqualBruteForce's spaces:
/// (v + X[A] * (X[B] > T ? X[C] : 1)) % M != 0, where X[C] is read only
/// on the paths where X[B] > T, or none (M == 0).
struct RandomConstraint {
  std::size_t A = 0, B = 0, C = 0;
  int T = 0, M = 0;
  template <class ReadFn> bool operator()(int V, ReadFn &&X) const {
    return M == 0 || (V + X(A) * (X(B) > T ? X(C) : 1)) % M != 0;
  }
};

// Levels above a callable remember the subtrees below their nodes, keyed
// by what the levels below read, learned while recording: a read behind
// `?:` that no recording made before is caught (the entry is hidden) and
// the key grows. 24 random spaces of seven such parameters and one
// expression, against brute force, configuration by configuration; the
// memo must have copied subtrees.
TEST(SubtreeMemoTest, RememberedSubtreesEqualBruteForce) {
  constexpr std::size_t N = 7;
  const std::uint64_t CopiedBefore = atfc::online::SubtreeMemo::replayedSoFar();
  std::mt19937 Random(20261130);
  for (int Space = 0; Space < 24; ++Space) {
    std::vector<int> Sizes(N);
    std::vector<RandomConstraint> Constraints(N);
    for (std::size_t K = 0; K < N; ++K) {
      Sizes[K] = 2 + static_cast<int>(Random() % 5);
      if (K >= 2 && Random() % 4 != 0) {
        // Mostly the first parameters: the paths below repeat their reads.
        auto Earlier = [&] {
          return static_cast<std::size_t>(Random() % std::min<std::size_t>(K, 3));
        };
        Constraints[K] = {Earlier(), Earlier(), static_cast<std::size_t>(Random() % K),
                          static_cast<int>(Random() % 4), 2 + static_cast<int>(Random() % 3)};
      }
    }
    std::vector<std::function<int()>> Read(N);
    auto ReadX = [&](std::size_t I) { return Read[I](); };
    auto Make = [&](std::size_t K) {
      return atf::tp("X" + std::to_string(K), atf::interval<int>(1, Sizes[K]),
                     [&, K](int V) { return Constraints[K](V, ReadX); });
    };
    std::deque<decltype(Make(0))> X;
    for (std::size_t K = 0; K < N; ++K) {
      X.push_back(Make(K));
      Read[K] = [&X, K] { return static_cast<int>(X[K]); };
    }
    auto E = atf::tp("E", atf::interval<int>(1, 4), atf::less_than_or_eq(X[1]));
    atf::tuner T;
    T.tuning_parameters(X[0], X[1], X[2], E, X[3], X[4], X[5], X[6]);

    std::multiset<std::vector<int>> Expected;
    std::vector<int> V(N + 1);
    auto Walk = [&](auto &&Self, std::size_t K) -> void {
      if (K == N + 1) {
        for (std::size_t I = 0; I < N; ++I)
          if (!Constraints[I](V[I], [&](std::size_t J) { return V[J]; }))
            return;
        if (V[N] <= V[1])
          Expected.insert(V);
        return;
      }
      for (V[K] = 1; V[K] <= (K == N ? 4 : Sizes[K]); ++V[K])
        Self(Self, K + 1);
    };
    Walk(Walk, 0);

    const atfc::ChainOfTrees &S = T.space();
    std::multiset<std::vector<int>> Generated;
    const std::uint64_t Size = T.search_space_size();
    for (std::uint64_t I = 0; I < Size; ++I) {
      const std::vector<atfc::Value> Values =
          S.values(S.at(atfc::BigCount(static_cast<unsigned long>(I))));
      std::vector<int> Named(N + 1);
      for (std::size_t L = 0; L < Values.size(); ++L) {
        const std::string &Name = S.parameter(L).Name;
        Named[Name == "E" ? N : std::stoul(Name.substr(1))] =
            static_cast<int>(std::get<std::int64_t>(Values[L]));
      }
      Generated.insert(Named);
    }
    EXPECT_EQ(Generated, Expected) << "space " << Space;
  }
  EXPECT_GT(atfc::online::SubtreeMemo::replayedSoFar() - CopiedBefore, 1000u);
}

// Where the levels below a level do not read its value, its siblings share
// a key: the memo copies the last lookup's subtree without its table, keeps
// only that subtree once all its repeats are such, and copies each subtree
// from its latest copy. B is read by no level below it (keys: A's value
// only; up to 1,456 lookups, past the trial), C by the two below, with
// subtrees of three levels: the space against brute force, configuration
// by configuration, for several sizes of A, in an arena of one thread (no
// prefixes: every level's lookups in one chunk's memos) and of all.
TEST(SubtreeMemoTest, SiblingsWithOneKeyEqualBruteForce) {
  const std::uint64_t SiblingsOnlyBefore = atfc::online::SubtreeMemo::siblingsOnlySoFar();
  const std::uint64_t CopiedBefore = atfc::online::SubtreeMemo::replayedSoFar();
  auto Check = [](int SizeA) {
    auto A = atf::tp("A", atf::interval<int>(1, SizeA));
    auto B = atf::tp("B", atf::interval<int>(1, 200), atf::less_than_or_eq(A * 16));
    auto C = atf::tp("C", atf::interval<int>(1, 6), [&](int V) { return (int(A) * V) % 3 != 1; });
    auto D = atf::tp("D", atf::interval<int>(1, 5),
                     [&](int V) { return (V + int(A)) % (int(C) + 1) != 0; });
    auto E = atf::tp("E", {0, 1}, [&](int V) { return V == 0 || int(D) * int(A) % 4 < 2; });
    atf::tuner T;
    T.tuning_parameters(A, B, C, D, E);

    std::multiset<std::vector<int>> Expected, Generated;
    for (int VA = 1; VA <= SizeA; ++VA)
      for (int VB = 1; VB <= std::min(200, VA * 16); ++VB)
        for (int VC = 1; VC <= 6; ++VC)
          for (int VD = 1; VD <= 5; ++VD)
            for (int VE = 0; VE <= 1; ++VE)
              if ((VA * VC) % 3 != 1 && (VD + VA) % (VC + 1) != 0 && (VE == 0 || VD * VA % 4 < 2))
                Expected.insert({VA, VB, VC, VD, VE});
    const atfc::ChainOfTrees &S = T.space();
    ASSERT_EQ(S.numGroups(), 1u);
    for (std::uint64_t I = 0; I < T.search_space_size(); ++I) {
      std::vector<int> Values;
      for (const atfc::Value &V : S.values(S.at(atfc::BigCount(static_cast<unsigned long>(I)))))
        Values.push_back(static_cast<int>(std::get<std::int64_t>(V)));
      Generated.insert(Values);
    }
    EXPECT_EQ(Generated, Expected) << "A in 1.." << SizeA;
  };
  tbb::task_arena OneThread(1);
  for (int SizeA : {5, 12, 13})
    OneThread.execute([&] { Check(SizeA); });
  EXPECT_GT(atfc::online::SubtreeMemo::siblingsOnlySoFar() - SiblingsOnlyBefore, 0u);
  Check(12);
  EXPECT_GT(atfc::online::SubtreeMemo::replayedSoFar() - CopiedBefore, 3000u);
}

// A memo's key numbers its reads' values by their ranges' indices: where
// the ranges' sizes multiply past 2^32 the table keeps the keys' high
// words too. C and D read A and B, of 2^20 values each (keys up to 2^40);
// X between them (in their group by its relation to A) makes the keys
// repeat apart from siblings, so the
// table, not the last key, answers; B's values 2^12 and 2^13 give keys
// with the same low 32 bits and subtrees that differ. Against brute force.
TEST(SubtreeMemoTest, KeysPast32BitsEqualBruteForce) {
  const std::uint64_t CopiedBefore = atfc::online::SubtreeMemo::replayedSoFar();
  constexpr std::size_t Range = std::size_t(1) << 20;
  auto A = atf::tp("A", atf::interval<size_t>(1, Range), atf::divides(Range));
  auto X = atf::tp("X", atf::interval<size_t>(1, 3), atf::less_than_or_eq(A + 2));
  auto B = atf::tp("B", atf::interval<size_t>(1, Range), atf::divides(Range));
  auto C = atf::tp("C", atf::interval<size_t>(1, 8),
                   [&](size_t V) { return (size_t(A) + size_t(B) + V) % 3 != 0; });
  auto D = atf::tp("D", atf::interval<size_t>(0, 2),
                   [&](size_t V) { return (V * size_t(A) + size_t(C)) % 5 != size_t(B) % 5; });
  atf::tuner T;
  T.tuning_parameters(A, X, B, C, D);

  std::multiset<std::vector<std::size_t>> Expected, Generated;
  for (std::size_t VA = 1; VA <= Range; VA *= 2)
    for (std::size_t VX = 1; VX <= 3; ++VX)
      for (std::size_t VB = 1; VB <= Range; VB *= 2)
        for (std::size_t VC = 1; VC <= 8; ++VC)
          for (std::size_t VD = 0; VD <= 2; ++VD)
            if ((VA + VB + VC) % 3 != 0 && (VD * VA + VC) % 5 != VB % 5)
              Expected.insert({VA, VX, VB, VC, VD});
  const atfc::ChainOfTrees &S = T.space();
  ASSERT_EQ(S.numGroups(), 1u);
  for (std::uint64_t I = 0; I < T.search_space_size(); ++I) {
    std::vector<std::size_t> Values;
    for (const atfc::Value &V : S.values(S.at(atfc::BigCount(static_cast<unsigned long>(I)))))
      Values.push_back(static_cast<std::size_t>(std::get<std::uint64_t>(V)));
    Generated.insert(Values);
  }
  EXPECT_EQ(Generated, Expected);
  EXPECT_GT(atfc::online::SubtreeMemo::replayedSoFar() - CopiedBefore, 100u);
}

// A recording is forgotten only for a read of an entry that its own level
// hid. D reads C, which C's memo hides until its key has C; B's memo,
// recording around C's, keys on A alone and must keep its recording (C is
// inside B's subtree): it was dropped too, and its key never grew, so
// every new memo of B relearned nothing at the cost of a recording
// (cltune_gemm on one thread: 88 drops a generation, 6 now). In one
// thread, once per level that learns a read: A's (B and C read A), B's
// and C's. Against brute force too.
TEST(SubtreeMemoTest, ARecordingOutlivesReadsThatLevelsBelowHid) {
  auto A = atf::tp("A", atf::interval<int>(1, 8));
  auto B = atf::tp("B", atf::interval<int>(1, 8), [&](int V) { return (V + int(A)) % 3 != 0; });
  auto C = atf::tp("C", atf::interval<int>(1, 6), [&](int V) { return (V * int(A)) % 4 != 1; });
  auto D = atf::tp("D", {0, 1, 2}, [&](int V) { return V == 0 || int(C) % (V + 1) == 0; });
  atf::tuner T;
  T.tuning_parameters(A, B, C, D);
  const std::uint64_t DroppedBefore = atfc::online::SubtreeMemo::droppedSoFar();
  std::uint64_t Size = 0;
  tbb::task_arena(1).execute([&] { Size = T.search_space_size(); });
  EXPECT_LE(atfc::online::SubtreeMemo::droppedSoFar() - DroppedBefore, 3u);
  std::uint64_t Expected = 0;
  for (int VA = 1; VA <= 8; ++VA)
    for (int VB = 1; VB <= 8; ++VB)
      for (int VC = 1; VC <= 6; ++VC)
        for (int VD = 0; VD <= 2; ++VD)
          Expected += (VB + VA) % 3 != 0 && (VC * VA) % 4 != 1 && (VD == 0 || VC % (VD + 1) == 0);
  EXPECT_EQ(Size, Expected);
}

// A memo's entries are words that keep their contents as they grow (by
// mremap, without a copy), up to the most a memo keeps, past which
// appending is refused instead of writing beyond what is mapped.
TEST(SubtreeMemoTest, EntriesKeepTheirWordsUpToTheirBound) {
  atfc::online::SubtreeMemo::Words Words;
  std::size_t Size = 0;
  bool Refused = false;
  while (!Refused) {
    try {
      *Words.append(1) = static_cast<std::uint32_t>(Size);
      ++Size;
    } catch (const std::bad_alloc &) {
      Refused = true;
    }
  }
  EXPECT_EQ(Words.size(), Size);
  EXPECT_EQ(Size, std::size_t(1) << 19);
  EXPECT_EQ(Words.memoryBytes(), Size * sizeof(std::uint32_t));
  for (std::size_t I = 0; I < Size; I += 4099)
    ASSERT_EQ(*Words.at(I), I);
  ASSERT_EQ(*Words.at(Size - 1), Size - 1);
  Words.truncate(3);
  EXPECT_EQ(Words.append(1), Words.at(3));
  EXPECT_EQ(Words.memoryBytes(), Size * sizeof(std::uint32_t)); // (touched, kept)
}

} // namespace
