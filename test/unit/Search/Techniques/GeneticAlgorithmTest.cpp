//===- GeneticAlgorithmTest.cpp - A constraint-aware GA -------------------===//
//
// Finds the bowl's optimum; crossover keeps children valid where the
// parents' values do not combine (a constraint between parameters of one
// group) and takes each parameter from one of the parents; the first
// generation is random; generations come as batches; deterministic per
// seed.
//
//===----------------------------------------------------------------------===//
#include "Search/Techniques/GeneticAlgorithm.h"
#include "Support/Bug.h"

#include "TechniqueLandscape.h"

#include "TechniqueProblem.h"

#include <gtest/gtest.h>

#include <set>

using namespace atfc;
using namespace atfc::test;

namespace {

/// X, Y in 1..16 with X + Y <= 17: crossing (16, 1) with (1, 16) gives
/// (16, 16) half of the time, which is invalid.
ChainOfTrees sumSpace() {
  return cantFail(
      generateSpace(GenerationOptions{1},
                    group(parameter("X", interval<int>(1, 16), greater_than(0)),
                          parameter("Y", interval<int>(1, 16),
                                    [](int Y, const auto &P) { return std::get<0>(P) + Y <= 17; }),
                          parameter("Z", interval<int>(0, 7), greater_than_or_eq(0)))));
}

} // namespace

TEST(GeneticAlgorithmTest, FindsTheBowlOptimum) {
  // Both forms: constraint-aware crossover, and free crossover and
  // mutation repaired to the nearest valid configuration.
  for (bool Repair : {false, true}) {
    std::size_t Found = 0;
    for (std::uint64_t Seed = 1; Seed <= 6; ++Seed) {
      GeneticAlgorithm T(20, 1.5, Repair);
      Found += runOnBowl(T, 1500, Seed).ToOptimum != 0;
    }
    // Random search finds it within 1,500 of 10,000 in about 14 % of runs.
    EXPECT_GE(Found, 5u) << "repair " << Repair;
  }
}

TEST(GeneticAlgorithmTest, FindsAnOptimumOnAConstraintsBorder) {
  const ChainOfTrees Space = sumSpace();
  const SearchDomain Domain(Space);
  // Best where X + Y = 17 with X = 9, and Z = 7.
  auto CostOf = [&](const Configuration &C) {
    const std::vector<Value> V = Space.values(C);
    const double X = static_cast<double>(intAt(V, 0)), Y = static_cast<double>(intAt(V, 1));
    return OptionalCost(Cost{1.0 + (17 - X - Y) * 4 + (X - 9) * (X - 9) +
                             (7.0 - static_cast<double>(intAt(V, 2)))});
  };
  for (bool Repair : {false, true})
    for (std::uint64_t Seed = 1; Seed <= 4; ++Seed) {
      GeneticAlgorithm T(20, 1.5, Repair);
      EXPECT_NE(runOn(T, Domain, CostOf, 1.0, 1000, Seed).ToOptimum, 0u)
          << "seed " << Seed << ", repair " << Repair;
    }
}

TEST(GeneticAlgorithmTest, CrossoverMixesParentsAndStaysValid) {
  const ChainOfTrees Space = sumSpace();
  // (16, 1, 2) x (1, 16, 5): X + Y <= 17 rules out (16, 16, *).
  const Configuration A = *Space.withValueIndices(std::vector<std::uint64_t>{15, 0, 2});
  const Configuration B = *Space.withValueIndices(std::vector<std::uint64_t>{0, 15, 5});
  std::mt19937_64 Rng(1);
  std::set<std::vector<std::uint64_t>> Children;
  for (int I = 0; I < 400; ++I) {
    const std::vector<std::uint64_t> V =
        Space.valueIndices(GeneticAlgorithm::crossover(Space, A, B, Rng));
    EXPECT_TRUE(V[0] == 15 || V[0] == 0);
    EXPECT_TRUE(V[1] == 0 || V[1] == 15);
    EXPECT_TRUE(V[2] == 2 || V[2] == 5);
    EXPECT_FALSE(V[0] == 15 && V[1] == 15);
    Children.insert(V);
  }
  // Every valid mixture: X and Y from (16,1), (1,16), (1,1); Z from either.
  EXPECT_EQ(Children.size(), 6u);
}

TEST(GeneticAlgorithmTest, FirstGenerationIsRandomAndComesInBatches) {
  const ChainOfTrees Space = bowlSpace();
  const SearchDomain Domain(Space);
  GeneticAlgorithm T(8, 1.5);
  T.initialize(Domain, 3);
  std::size_t Proposed = 0;
  while (Proposed < 8) {
    std::vector<Point> Batch = T.propose(3);
    ASSERT_LE(Batch.size(), 3u);
    Proposed += Batch.size();
    for (const Point &P : Batch)
      T.report(P, bowlCost(Space, Domain.configurationAt(P)));
  }
  EXPECT_EQ(Proposed, 8u); // a generation's batches end with the generation
  GeneticAlgorithm A, B;
  EXPECT_EQ(runOnBowl(A, 200, 9).Proposed, runOnBowl(B, 200, 9).Proposed);
  EXPECT_EQ(GeneticAlgorithm().describe(), "genetic_algorithm(20, 1.5, 0)");
  EXPECT_NE(techniqueProblem("genetic_algorithm(1)"), "");
  EXPECT_EQ(techniqueProblem("genetic_algorithm(10, 2)"), "");
}
