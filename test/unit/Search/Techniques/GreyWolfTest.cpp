//===- GreyWolfTest.cpp - A pack of searchers led by the best -------------===//
//
// Finds the bowl's optimum in few evaluations and the optimum on a
// constraint's border; leaves a wide local optimum; never proposes a
// configuration it knows; children mix the leaders' values and stay valid;
// a warm start's configurations lead the pack; batches; deterministic per
// seed; its numbers are checked.
//
//===----------------------------------------------------------------------===//
#include "Search/Techniques/GreyWolf.h"

#include "Search/Exploration.h"

#include "TechniqueLandscape.h"

#include "TechniqueProblem.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

using namespace atfc;
using namespace atfc::test;

namespace {
std::size_t median(std::vector<std::size_t> V) {
  std::sort(V.begin(), V.end());
  return V[V.size() / 2];
}
} // namespace

TEST(GreyWolfTest, FindsTheBowlsOptimumInFewEvaluations) {
  for (std::size_t Screen : {1, 4}) {
    std::vector<std::size_t> ToOptimum;
    for (std::uint64_t Seed = 1; Seed <= 11; ++Seed) {
      GreyWolf T(8, 0.2, 0.15, 80, 0.3, 0.05, Screen);
      LandscapeRun Run = runOnBowl(T, 2000, Seed, 1);
      ToOptimum.push_back(Run.ToOptimum == 0 ? 100000 : Run.ToOptimum);
    }
    // Random search needs about 5,000 of the 10,000 configurations.
    EXPECT_LE(median(ToOptimum), 250u) << "screen " << Screen;
  }
}

TEST(GreyWolfTest, FindsTheOptimumOnAConstraintsBorder) {
  const ChainOfTrees Space = borderSpace();
  const SearchDomain Domain(Space);
  std::vector<std::size_t> ToOptimum;
  for (std::uint64_t Seed = 1; Seed <= 9; ++Seed) {
    GreyWolf T;
    LandscapeRun Run = runOn(
        T, Domain, [&](const Configuration &C) { return OptionalCost(borderCost(Space, C)); }, 1.0,
        3000, Seed, 1);
    ToOptimum.push_back(Run.ToOptimum == 0 ? 100000 : Run.ToOptimum);
  }
  EXPECT_LE(median(ToOptimum), 3000u);
}

TEST(GreyWolfTest, LeavesAWideLocalOptimum) {
  const ChainOfTrees Space = bowlSpace();
  const SearchDomain Domain(Space);
  std::size_t Found = 0;
  for (std::uint64_t Seed = 1; Seed <= 5; ++Seed) {
    GreyWolf T(8, 0.2, 0.15, 10, 0.3, 0.05, 1);
    LandscapeRun Run = runOn(
        T, Domain, [&](const Configuration &C) { return OptionalCost(twoBasins(Space, C)); }, 1.0,
        5000, Seed, 1);
    Found += Run.ToOptimum != 0;
    if (!Run.ToOptimum) {
      EXPECT_GT(T.restarts(), 0u) << "seed " << Seed;
    }
  }
  EXPECT_GE(Found, 4u);
}

TEST(GreyWolfTest, NeverProposesAKnownConfiguration) {
  const ChainOfTrees Space = bowlSpace();
  const SearchDomain Domain(Space);
  for (std::size_t Max : {1, 3}) {
    GreyWolf T(6, 0.5, 0.5, 2, 0.5, 0.1, 2);
    // A flat landscape: no child is better, the pack restarts again and
    // again; nothing may be proposed twice.
    LandscapeRun Run = runOn(
        T, Domain, [](const Configuration &) { return OptionalCost(Cost{5.0}); }, 0.0, 3000, 3,
        Max);
    std::set<Configuration> Seen;
    for (const Point &P : Run.Proposed)
      EXPECT_TRUE(Seen.insert(Domain.configurationAt(P)).second);
    EXPECT_GE(Run.Evaluations, 3000u);
    EXPECT_GT(T.restarts(), 0u);
  }
}

TEST(GreyWolfTest, ChildrenTakeTheLeadersValues) {
  // Without shaking and with a landscape where every configuration is new
  // (no tabu replacement is needed early), a child's value on every
  // parameter is one of the pack's: measured over the first generation.
  const ChainOfTrees Space = bowlSpace();
  const SearchDomain Domain(Space);
  GreyWolf T(8, 0.0, 0.0, 80, 0.3, 0.0, 1);
  T.initialize(Domain, 4);
  std::vector<std::vector<std::uint64_t>> PackValues;
  while (PackValues.size() < 8) {
    for (const Point &P : T.propose(1)) {
      const Configuration C = Domain.configurationAt(P);
      PackValues.push_back(Space.valueIndices(C));
      T.report(P, bowlCost(Space, C));
    }
  }
  std::size_t Mixed = 0;
  for (int I = 0; I < 5; ++I) {
    std::vector<Point> Batch = T.propose(1);
    ASSERT_EQ(Batch.size(), 1u);
    const Configuration C = Domain.configurationAt(Batch[0]);
    const std::vector<std::uint64_t> V = Space.valueIndices(C);
    bool FromPack = true;
    for (std::size_t L = 0; L < V.size(); ++L)
      FromPack = FromPack && std::any_of(PackValues.begin(), PackValues.end(),
                                         [&](const auto &W) { return W[L] == V[L]; });
    Mixed += FromPack;
    T.report(Batch[0], bowlCost(Space, C));
  }
  // A tabu replacement (a known child) changes one value: rare here.
  EXPECT_GE(Mixed, 4u);
  EXPECT_EQ(T.generations(), 1u);
}

TEST(GreyWolfTest, AWarmStartLeadsThePack) {
  const ChainOfTrees Space = bowlSpace();
  const Configuration Near = *Space.withValueIndices(std::vector<std::uint64_t>{3, 7, 5, 2});
  std::vector<std::size_t> With, Without;
  for (std::uint64_t Seed = 1; Seed <= 9; ++Seed)
    for (bool Warm : {true, false}) {
      Exploration Run(Space, std::make_unique<GreyWolf>(), AbortCondition::evaluations(2000), Seed);
      if (Warm)
        Run.warmStart({Near});
      std::size_t ToOptimum = 0;
      while (!Run.done() && !ToOptimum)
        for (const Configuration &C : Run.next(1)) {
          Run.report(C, bowlCost(Space, C));
          if (Run.status().Best == Cost{1.0} && !ToOptimum)
            ToOptimum = Run.status().Evaluations;
        }
      (Warm ? With : Without).push_back(ToOptimum == 0 ? 100000 : ToOptimum);
    }
  EXPECT_LT(median(With), median(Without));
}

TEST(GreyWolfTest, BatchesAndIsDeterministicPerSeed) {
  for (std::size_t Max : {1, 4}) {
    GreyWolf A, B;
    EXPECT_EQ(runOnBowl(A, 300, 3, Max).Proposed, runOnBowl(B, 300, 3, Max).Proposed);
  }
  GreyWolf T;
  LandscapeRun Run = runOnBowl(T, 2000, 9, 4);
  EXPECT_NE(Run.ToOptimum, 0u);
  EXPECT_EQ(GreyWolf().describe(), "grey_wolf(8, 0.2, 0.15, 80, 0.3, 0, 4)");
  EXPECT_NE(techniqueProblem("grey_wolf(3)"), "");
  EXPECT_NE(techniqueProblem("grey_wolf(8, 1.5)"), "");
  EXPECT_NE(techniqueProblem("grey_wolf(8, 0.2, 0.15, 80, 0)"), "");
  EXPECT_EQ(techniqueProblem("grey_wolf(4, 0, 1, 1, 1, 0, 3)"), "");
}
