//===- SurrogateForestTest.cpp - A model of cost over parameters ----------===//
//
// A fitted tree reproduces a step function over value indices; the forest
// finds the optimum of the bowl and of a constrained landscape in far
// fewer evaluations than random search; random samples come first;
// deterministic per seed.
//
//===----------------------------------------------------------------------===//
#include "Search/Techniques/SurrogateForest.h"

#include "TechniqueLandscape.h"

#include "TechniqueProblem.h"

#include <gtest/gtest.h>

#include <numeric>

using namespace atfc;
using namespace atfc::test;

TEST(SurrogateForestTest, TreesFitAStepFunction) {
  // y = 1 where x0 <= 4, else 5 (x1 is noise-free and irrelevant).
  std::vector<double> X, Y;
  for (int A = 0; A < 10; ++A)
    for (int B = 0; B < 10; ++B) {
      X.push_back(A);
      X.push_back(B);
      Y.push_back(A <= 4 ? 1.0 : 5.0);
    }
  std::mt19937_64 Rng(3);
  std::vector<std::uint32_t> Rows(Y.size());
  std::iota(Rows.begin(), Rows.end(), 0);
  const SurrogateForest::Tree T = SurrogateForest::fitTree(X, 2, Y, Rows, Rng);
  for (int A = 0; A < 10; ++A)
    for (int B = 0; B < 10; ++B) {
      const double Row[] = {static_cast<double>(A), static_cast<double>(B)};
      EXPECT_DOUBLE_EQ(T.predict(Row), A <= 4 ? 1.0 : 5.0) << A << "," << B;
    }
}

TEST(SurrogateForestTest, FindsTheBowlOptimumQuickly) {
  std::vector<std::size_t> ToOptimum;
  for (std::uint64_t Seed = 1; Seed <= 5; ++Seed) {
    SurrogateForest T(10, 8, 200);
    LandscapeRun Run = runOnBowl(T, 600, Seed, 1);
    ASSERT_NE(Run.ToOptimum, 0u) << "seed " << Seed;
    ToOptimum.push_back(Run.ToOptimum);
  }
  std::sort(ToOptimum.begin(), ToOptimum.end());
  // Random search needs about 5,000 of the 10,000 configurations.
  EXPECT_LE(ToOptimum[2], 200u);
}

TEST(SurrogateForestTest, FindsAnOptimumBehindFailures) {
  // The bowl where every configuration with A + C > 12 fails: the model
  // must learn to avoid the failing region; the optimum (3,7,5,1) is valid.
  const ChainOfTrees Space = bowlSpace();
  const SearchDomain Domain(Space);
  auto CostOf = [&](const Configuration &C) -> OptionalCost {
    const std::vector<Value> V = Space.values(C);
    if (std::get<std::int64_t>(V[0]) + std::get<std::int64_t>(V[2]) > 12)
      return std::nullopt;
    return bowlCost(Space, C);
  };
  for (std::uint64_t Seed = 1; Seed <= 3; ++Seed) {
    SurrogateForest T(10, 8, 200);
    EXPECT_NE(runOn(T, Domain, CostOf, 1.0, 800, Seed, 2).ToOptimum, 0u) << "seed " << Seed;
  }
}

TEST(SurrogateForestTest, SamplesFirstDeterministicAndDescribed) {
  const ChainOfTrees Space = bowlSpace();
  const SearchDomain Domain(Space);
  SurrogateForest T(5, 4, 50);
  T.initialize(Domain, 2);
  EXPECT_EQ(T.propose(8).size(), 5u); // the samples, whatever the batch asked
  SurrogateForest A(6, 4, 50), B(6, 4, 50);
  EXPECT_EQ(runOnBowl(A, 60, 4).Proposed, runOnBowl(B, 60, 4).Proposed);
  EXPECT_EQ(SurrogateForest().describe(), "surrogate_forest(20, 16, 300)");
  EXPECT_NE(techniqueProblem("surrogate_forest(0)"), "");
  EXPECT_EQ(techniqueProblem("surrogate_forest(5, 4, 10)"), "");
}
