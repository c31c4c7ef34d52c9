//===- RandomSearchTest.cpp - Uniformly random configurations -------------===//
#include "Search/Techniques/RandomSearch.h"
#include "Search/Exploration.h"

#include "SearchTestSpaces.h"

#include <gtest/gtest.h>

#include <set>

using namespace atfc;
using namespace atfc::test;

namespace {

TEST(RandomSearchTest, DeterministicForASeed) {
  const ChainOfTrees Space = paperSpace();
  const SearchDomain Domain(Space);
  RandomSearch A, B, C;
  A.initialize(Domain, 42);
  B.initialize(Domain, 42);
  C.initialize(Domain, 43);
  const std::vector<Point> PA = A.propose(50), PB = B.propose(50), PC = C.propose(50);
  ASSERT_EQ(PA.size(), 50u);
  EXPECT_EQ(PA, PB);
  EXPECT_NE(PA, PC);
  for (const Point &P : PA) {
    ASSERT_EQ(P.size(), Domain.dimensions());
    for (double X : P) {
      EXPECT_GT(X, 0.0);
      EXPECT_LE(X, 1.0);
    }
  }
  // Initializing again starts the same sequence again.
  A.initialize(Domain, 42);
  EXPECT_EQ(A.propose(50), PA);
}

TEST(RandomSearchTest, ConfigurationsAreUniform) {
  const ChainOfTrees Space = paperSpace();
  const SearchDomain Domain(Space);
  RandomSearch Technique;
  Technique.initialize(Domain, 5);
  std::vector<int> Hits(200);
  const std::vector<Point> Points = Technique.propose(200 * 200);
  for (const Point &P : Points)
    ++Hits[indexIn(Space, Domain.configurationAt(P))];
  // 200 expected per configuration, standard deviation about 14.
  for (std::size_t I = 0; I < Hits.size(); ++I) {
    EXPECT_GT(Hits[I], 120) << I;
    EXPECT_LT(Hits[I], 280) << I;
  }
}

TEST(RandomSearchTest, CoversTheSpaceAndRunsAreReproducible) {
  const ChainOfTrees Space = paperSpace();
  auto Run = [&](std::uint64_t Seed) {
    return explore(Space, std::make_unique<RandomSearch>(), std::nullopt, Seed,
                   [&](const Configuration &C) { return distanceCost(Space, C, 50); });
  };
  const ExplorationResult R = Run(9);
  ASSERT_EQ(R.Evaluations.size(), 200u);
  std::set<std::uint64_t> Seen;
  for (const ExploredEvaluation &E : R.Evaluations)
    Seen.insert(indexIn(Space, E.Config));
  EXPECT_EQ(Seen.size(), 200u);
  const ExplorationResult Again = Run(9), Other = Run(10);
  ASSERT_EQ(Again.Evaluations.size(), 200u);
  bool SameOrder = true, OtherOrder = true;
  for (std::size_t I = 0; I < 200; ++I) {
    SameOrder &= Again.Evaluations[I].Config == R.Evaluations[I].Config;
    OtherOrder &= Other.Evaluations[I].Config == R.Evaluations[I].Config;
  }
  EXPECT_TRUE(SameOrder);
  EXPECT_FALSE(OtherOrder);
}

} // namespace
