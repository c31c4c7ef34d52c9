//===- GroupGeneratorTest.cpp - Generating a group's tree -----------------===//
//
// generateGroupTree against a plain recursive reference (Listing 2 of the
// ATF TACO paper): dead ends removed on every level, groups without any
// configuration, single-parameter groups, and, for groups large enough to
// be generated in parallel from many prefixes (wide or narrow first
// levels), the same tree for 1, 2 and 3 threads. Failures are values: a
// range that cannot be built refuses its group before any work, and a level
// too large for one chunk stops the other chunks.
//
//===----------------------------------------------------------------------===//
#include "SearchSpace/SpaceGenerator.h"
#include "Support/SplitMix64.h"
#include "TreeShape.h"

#include <gtest/gtest.h>
#include <tbb/task_arena.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <thread>
#include <utility>
#include <vector>

using namespace atfc;

namespace {

using test::deadEndGroup;
using test::generateWith;
using test::shapeOf;
using test::TreeShape;

/// The tree of a group built by plain recursion (Listing 2 of the paper,
/// sequentially): level L has RangeSizes[L] values, and value index V is
/// valid below Path (value indices of the levels above) when Valid(L, Path,
/// V). Nodes without leaves below are removed again.
TreeShape referenceTree(const std::vector<std::uint64_t> &RangeSizes,
                        const std::function<bool(std::size_t, const std::vector<std::uint64_t> &,
                                                 std::uint64_t)> &Valid) {
  const std::size_t K = RangeSizes.size();
  TreeShape Shape;
  Shape.Values.resize(K);
  Shape.FirstChild.resize(K - 1);
  Shape.Accepted.assign(K, 0);
  std::vector<std::uint64_t> Path;
  std::function<std::uint64_t(std::size_t)> Build = [&](std::size_t L) -> std::uint64_t {
    std::uint64_t Leaves = 0;
    for (std::uint64_t V = 0; V < RangeSizes[L]; ++V) {
      if (!Valid(L, Path, V))
        continue;
      ++Shape.Accepted[L];
      Shape.Values[L].push_back(V);
      if (L + 1 == K) {
        ++Leaves;
        continue;
      }
      Shape.FirstChild[L].push_back(Shape.Values[L + 1].size());
      Path.push_back(V);
      const std::uint64_t Below = Build(L + 1);
      Path.pop_back();
      if (Below == 0) {
        Shape.Values[L].pop_back();
        Shape.FirstChild[L].pop_back();
      }
      Leaves += Below;
    }
    return Leaves;
  };
  Build(0);
  for (std::size_t L = 0; L + 1 < K; ++L)
    Shape.FirstChild[L].push_back(Shape.Values[L + 1].size());
  for (std::size_t L = 0; L < K; ++L) {
    Shape.ParentVisits.push_back(L == 0 ? 1 : Shape.Accepted[L - 1]);
    Shape.DeadEnds.push_back(Shape.Accepted[L] - Shape.Values[L].size());
  }
  return Shape;
}

TEST(GroupGeneratorTest, DeadEndsAreRemoved) {
  for (unsigned Threads : {1u, 2u}) {
    GroupTree T = generateWith(Threads, deadEndGroup());
    TreeShape Want;
    Want.Values = {{1, 2, 3}, {0, 0, 1, 0, 1}, {1, 2, 3, 3, 4}};
    Want.FirstChild = {{0, 1, 3, 5}, {0, 1, 2, 3, 4, 5}};
    Want.Accepted = {4, 6, 5};
    Want.DeadEnds = {1, 1, 0};
    Want.ParentVisits = {1, 4, 6};
    EXPECT_EQ(shapeOf(T), Want) << Threads << " threads";
  }
}

TEST(GroupGeneratorTest, GroupWithoutConfigurations) {
  auto G = group(parameter("A", set<int>({1, 2}), greater_than(0)),
                 parameter("B", interval<int>(1, 3), greater_than(5)));
  GroupTree T = generateWith(2, G);
  EXPECT_EQ(T.numLeaves(), 0u);
  EXPECT_EQ(T.numNodes(0), 0u);
  EXPECT_EQ(T.numNodes(), 0u);
  EXPECT_EQ(T.stats(0).Accepted, 2u);
  EXPECT_EQ(T.stats(0).DeadEnds, 2u);
  EXPECT_EQ(T.stats(1).ParentVisits, 2u);
  EXPECT_EQ(T.stats(1).Accepted, 0u);

  auto Empty = group(parameter("E", interval<int>(1, 0), greater_than(0)),
                     parameter("F", set<int>({1}), greater_than(0)));
  // With several threads the first level is expanded into prefixes before
  // the parallel part: there are none here.
  for (unsigned Threads : {1u, 2u, 3u}) {
    SCOPED_TRACE(Threads);
    GroupTree E = generateWith(Threads, Empty);
    EXPECT_EQ(E.numLeaves(), 0u);
    EXPECT_EQ(E.numNodes(), 0u);
    EXPECT_EQ(E.parameter(0).RangeSize, 0u);
    EXPECT_EQ(E.stats(0).Accepted, 0u);
    EXPECT_EQ(E.stats(1).ParentVisits, 0u);
  }
}

TEST(GroupGeneratorTest, SingleParameterGroup) {
  GroupTree T = generateWith(1, group(parameter("X", set<int>({5, 6, 7}), unequal(6))));
  ASSERT_EQ(T.numLevels(), 1u);
  EXPECT_EQ(T.numLeaves(), 2u);
  EXPECT_EQ(T.valueIndex(0, 0), 0u);
  EXPECT_EQ(T.valueIndex(0, 1), 2u);
  EXPECT_EQ(T.firstLeaf(0, 1), 1u);
  EXPECT_EQ(T.stats(0).Accepted, 2u);
  EXPECT_EQ(T.stats(0).ParentVisits, 1u);
}

// Four levels, ~1,000 prefixes after two levels, prefixes without leaves
// (A > 30 has no C), dead ends on every level but the last.
auto parallelGroup() {
  using U = std::uint64_t;
  return group(
      parameter("A", interval<U>(1, 40), unequal(U(13))),
      parameter("B", interval<U>(1, 60),
                less_than_or_eq([](const auto &P) { return std::get<0>(P) + 10; }) &&
                    predicate([](U B, const auto &P) { return (std::get<0>(P) * B) % 5 != 0; })),
      parameter("C", interval<U>(1, 30),
                multiple_of([](const auto &P) { return std::get<0>(P); }) &&
                    predicate([](U C, const auto &P) {
                      return (std::get<0>(P) + std::get<1>(P) + C) % 7 != 0;
                    })),
      parameter("D", interval<U>(1, 20),
                divides([](const auto &P) { return std::get<1>(P) * std::get<2>(P); }) &&
                    greater_than([](const auto &P) { return std::get<0>(P) / 4; })));
}

bool parallelGroupValid(std::size_t L, const std::vector<std::uint64_t> &Path, std::uint64_t V) {
  const std::uint64_t X = V + 1; // values are 1-based intervals
  const std::uint64_t A = L > 0 ? Path[0] + 1 : 0, B = L > 1 ? Path[1] + 1 : 0,
                      C = L > 2 ? Path[2] + 1 : 0;
  switch (L) {
  case 0:
    return X != 13;
  case 1:
    return X <= A + 10 && (A * X) % 5 != 0;
  case 2:
    return X % A == 0 && (A + B + X) % 7 != 0;
  default:
    return (B * C) % X == 0 && X > A / 4;
  }
}

TEST(GroupGeneratorTest, ParallelGenerationEqualsTheReference) {
  const TreeShape Want = referenceTree({40, 60, 30, 20}, parallelGroupValid);
  ASSERT_GT(Want.Values[3].size(), 1000u);
  ASSERT_GT(Want.DeadEnds[0], 0u);
  ASSERT_GT(Want.DeadEnds[1], 0u);
  ASSERT_GT(Want.DeadEnds[2], 0u);
  for (unsigned Threads : {1u, 2u, 3u, 0u}) {
    GroupTree T = generateWith(Threads, parallelGroup());
    EXPECT_TRUE(shapeOf(T) == Want) << Threads << " threads";
    EXPECT_EQ(T.numLeaves(), Want.Values[3].size());
  }
}

/// Three levels of NA, NB and NC values whose constraints count the
/// candidates checked outside the calling thread in Elsewhere.
auto countingGroup(std::uint64_t NA, std::uint64_t NB, std::uint64_t NC,
                   std::atomic<std::uint64_t> &Elsewhere) {
  using U = std::uint64_t;
  auto Count = [&Elsewhere, Caller = std::this_thread::get_id()] {
    if (std::this_thread::get_id() != Caller)
      Elsewhere.fetch_add(1, std::memory_order_relaxed);
  };
  return group(parameter("A", interval<U>(1, NA)),
               parameter("B", interval<U>(1, NB), predicate([Count](U B, const auto &P) {
                           Count();
                           return (std::get<0>(P) + B) % 3 != 0;
                         })),
               parameter("C", interval<U>(1, NC), predicate([Count](U C, const auto &P) {
                           Count();
                           return (std::get<0>(P) * std::get<1>(P) + C) % 5 != 0;
                         })));
}

TEST(GroupGeneratorTest, ASmallGroupIsGeneratedInTheCallingThread) {
  // About 20,000 candidates by the walks' estimate: below
  // kInlineCandidates, so the pool is never woken, whatever the threads.
  std::atomic<std::uint64_t> Elsewhere{0};
  auto G = countingGroup(40, 30, 16, Elsewhere);
  const TreeShape Want = shapeOf(generateWith(1, G));
  for (unsigned Threads : {2u, 4u, 0u}) {
    Elsewhere = 0;
    EXPECT_TRUE(shapeOf(generateWith(Threads, G, kInlineCandidates)) == Want) << Threads;
    EXPECT_EQ(Elsewhere.load(), 0u) << Threads;
  }
  // With no threshold, the same group is shared out to the pool's threads
  // (which may or may not take a chunk before the calling thread is done).
  EXPECT_TRUE(shapeOf(generateWith(4, G)) == Want);
}

TEST(GroupGeneratorTest, ALargeGroupIsStillGeneratedInParallel) {
  // About 4 million candidates: far above kInlineCandidates, so the
  // group is shared out to the pool, whose threads take chunks (in one of
  // some tries: on a loaded machine, a CI run beside it, a thread may
  // wake too late for one in five tries of two threads, as it did); the
  // tree is the same as with one thread.
  std::atomic<std::uint64_t> Elsewhere{0};
  auto G = countingGroup(400, 100, 150, Elsewhere);
  const TreeShape Want = shapeOf(generateWith(1, G));
  EXPECT_EQ(Elsewhere.load(), 0u);
  for (int Try = 0; Try < 20 && Elsewhere.load() == 0; ++Try)
    EXPECT_TRUE(shapeOf(generateWith(4, G, kInlineCandidates)) == Want);
  EXPECT_GT(Elsewhere.load(), 0u);
}

TEST(GroupGeneratorTest, RandomGroupsAreTheSameInlineAndInParallel) {
  // A hunter: random groups of four levels (sizes, constraints, dead ends),
  // generated in the calling thread by the threshold, by one thread, and by
  // the pool without a threshold, against the plain recursive reference.
  using U = std::uint64_t;
  SplitMix64 Random{1234};
  for (int Round = 0; Round < 40; ++Round) {
    SCOPED_TRACE(Round);
    std::vector<U> Sizes, Mod, Rem;
    for (int L = 0; L < 4; ++L) {
      Sizes.push_back(1 + Random.next() % (Round < 30 ? 24 : 90));
      Mod.push_back(2 + Random.next() % 6);
      Rem.push_back(Random.next() % 3);
    }
    auto Valid = [&](std::size_t L, const std::vector<U> &Path, U V) {
      U Sum = V + 1;
      for (U P : Path)
        Sum = Sum * 3 + P + 1;
      return Sum % Mod[L] != Rem[L];
    };
    const TreeShape Want = referenceTree(Sizes, Valid);
    auto Check = [&](std::size_t L) {
      return predicate([&Valid, L](U X, const auto &P) {
        std::vector<U> Path;
        [&]<std::size_t... Is>(std::index_sequence<Is...>) {
          ((Is < L ? Path.push_back(std::get<Is>(P) - 1) : void()), ...);
        }
        (std::make_index_sequence<3>{});
        return Valid(L, Path, X - 1);
      });
    };
    auto G = group(parameter("A", interval<U>(1, Sizes[0]), Check(0)),
                   parameter("B", interval<U>(1, Sizes[1]), Check(1)),
                   parameter("C", interval<U>(1, Sizes[2]), Check(2)),
                   parameter("D", interval<U>(1, Sizes[3]), Check(3)));
    EXPECT_TRUE(shapeOf(generateWith(1, G)) == Want);
    EXPECT_TRUE(shapeOf(generateWith(3, G)) == Want);
    EXPECT_TRUE(shapeOf(generateWith(3, G, kInlineCandidates)) == Want);
    EXPECT_TRUE(shapeOf(generateWith(0, G, kInlineCandidates)) == Want);
  }
}

TEST(GroupGeneratorTest, WideFirstLevelEqualsTheReference) {
  // 1,000 prefixes after the first level already; every tenth has no child.
  using U = std::uint64_t;
  auto G = group(parameter("A", interval<U>(1, 1000), greater_than(U(0))),
                 parameter("B", interval<U>(1, 12),
                           divides([](const auto &P) { return std::get<0>(P); }) &&
                               predicate([](U B, const auto &P) {
                                 return std::get<0>(P) % 10 != 0 || B > 12;
                               })));
  const TreeShape Want = referenceTree({1000, 12}, [](std::size_t L, const auto &Path, U V) {
    if (L == 0)
      return true;
    const U A = Path[0] + 1, B = V + 1;
    return A % B == 0 && A % 10 != 0;
  });
  for (unsigned Threads : {1u, 2u, 3u})
    EXPECT_TRUE(shapeOf(generateWith(Threads, G)) == Want) << Threads << " threads";
}

TEST(GroupGeneratorTest, NarrowFirstLevelsEqualTheReference) {
  // Prefixes reach at most the first half of the levels (two of four here),
  // which hold one value each: every thread count generates from a single
  // prefix of depth two, and the prefix levels must still be right.
  using U = std::uint64_t;
  auto G =
      group(parameter("A", interval<U>(1, 5), equal(U(3))),
            parameter("B", interval<U>(1, 5), equal([](const auto &P) { return std::get<0>(P); })),
            parameter("C", interval<U>(1, 40), greater_than(U(2))),
            parameter("D", interval<U>(1, 40),
                      divides([](const auto &P) { return std::get<2>(P) * std::get<1>(P); })));
  const TreeShape Want = referenceTree({5, 5, 40, 40}, [](std::size_t L, const auto &Path, U V) {
    const U X = V + 1;
    switch (L) {
    case 0:
      return X == 3;
    case 1:
      return X == Path[0] + 1;
    case 2:
      return X > 2;
    default:
      return ((Path[2] + 1) * (Path[1] + 1)) % X == 0;
    }
  });
  for (unsigned Threads : {1u, 2u, 3u, 0u})
    EXPECT_TRUE(shapeOf(generateWith(Threads, G)) == Want) << Threads << " threads";
}

/// A constraint that accepts everything and counts its calls.
struct CountingConstraint {
  std::atomic<std::uint64_t> *Calls;
  bool operator()(int) const {
    Calls->fetch_add(1, std::memory_order_relaxed);
    return true;
  }
};

TEST(GroupGeneratorTest, ARangeThatCannotBeBuiltRefusesTheGroupBeforeAnyWork) {
  std::atomic<std::uint64_t> Calls{0};
  auto G = group(parameter("A", interval<int>(1, 100), CountingConstraint{&Calls}),
                 parameter(SourceLocation{"f.atf", 2, 23}, "B", interval<int>(1, 10, 0)),
                 parameter("C", interval<int>(0, 40, 1, pow2)));
  const GroupLevels<decltype(G)> Levels(G);
  ASSERT_TRUE(Levels.failure());
  Expected<GroupTree> Tree = generateGroupTree(Levels);
  ASSERT_FALSE(Tree);
  // The first range that failed, at its place.
  EXPECT_EQ(
      Tree.error().message(),
      "the range of 'B', interval(1, 10, 0), cannot be built: interval: step must be positive");
  EXPECT_EQ(Tree.error().location(), (SourceLocation{"f.atf", 2, 23}));
  EXPECT_EQ(Calls.load(), 0u);

  // In a space, no group is generated: the failure of the first group, in
  // order, that has one, whatever the threads.
  auto Fine = group(parameter("D", interval<int>(1, 1000), CountingConstraint{&Calls}));
  auto Pow2 = group(parameter("E", interval<int>(0, 40, 1, pow2)));
  for (unsigned Threads : {1u, 2u, 4u}) {
    Expected<ChainOfTrees> Space = generateSpace(GenerationOptions{Threads}, Fine, Pow2, G);
    ASSERT_FALSE(Space) << Threads;
    EXPECT_EQ(Space.error().message(), "the range of 'E', interval(0, 40, 1, pow2), cannot be "
                                       "built: pow2: exponent out of range (2^i must be a "
                                       "value of the interval's type, i >= 0)")
        << Threads;
    EXPECT_FALSE(Space.error().location().hasFile());
  }
  EXPECT_EQ(Calls.load(), 0u);
}

TEST(GroupGeneratorTest, ALevelTooLargeForAChunkStopsGeneration) {
  // C's level holds 1,000 nodes per value of A: any part of the group with
  // two values of A has more than the 1,500 nodes allowed here (2^32 - 1 in
  // earnest: 32-bit child offsets). The first value of A is slow, so that
  // the chunk generated before the others holds it alone and passes; the
  // others fail in parallel.
  std::atomic<std::uint64_t> Calls{0};
  auto G = group(parameter("A", interval<int>(1, 64)), parameter("B", interval<int>(1, 1)),
                 parameter("C", interval<int>(1, 1000), [&Calls](int C, const auto &P) {
                   if (std::get<0>(P) == 1 && C == 1)
                     std::this_thread::sleep_for(std::chrono::milliseconds(1));
                   Calls.fetch_add(1, std::memory_order_relaxed);
                   return true;
                 }));
  const std::uint64_t Everything = 64 * 1000;
  for (int Threads : {1, 2, 4}) {
    Calls = 0;
    tbb::task_arena Arena(Threads);
    Expected<GroupTree> Tree =
        Arena.execute([&] { return generateGroupTree(GroupLevels<decltype(G)>(G), 0, 1500); });
    ASSERT_FALSE(Tree) << Threads;
    EXPECT_EQ(Tree.error().message(), "search space too large: the level of parameter 'C' has "
                                      "more than 1500 nodes in one part of its group")
        << Threads;
    // In parallel, the chunk that fails first cancels those not done.
    if (Threads > 1) {
      EXPECT_LT(Calls.load(), Everything / 2) << Threads;
    }
  }
  // Within the limit, the same group is whole.
  Expected<GroupTree> Whole = generateGroupTree(GroupLevels<decltype(G)>(G));
  ASSERT_TRUE(Whole);
  EXPECT_EQ(Whole->numLeaves(), Everything);
}

} // namespace
