//===- ExhaustiveTest.cpp - Every configuration once ----------------------===//
#include "Search/Techniques/Exhaustive.h"
#include "Search/Exploration.h"

#include "SearchTestSpaces.h"

#include <gtest/gtest.h>

#include <map>

using namespace atfc;
using namespace atfc::test;

namespace {

TEST(ExhaustiveTest, ProposesInIndexOrderInBatches) {
  const ChainOfTrees Space = paperSpace();
  const SearchDomain Domain(Space);
  Exhaustive Technique;
  Technique.initialize(Domain, 7);
  std::vector<Point> Batch = Technique.propose(7);
  ASSERT_EQ(Batch.size(), 7u);
  for (std::size_t I = 0; I < Batch.size(); ++I) {
    EXPECT_EQ(indexIn(Space, Domain.configurationAt(Batch[I])), I);
    Technique.report(Batch[I], Cost{1.0});
  }
  EXPECT_EQ(indexIn(Space, Domain.configurationAt(Technique.propose(1).at(0))), 7u);
}

TEST(ExhaustiveTest, VisitsEveryConfigurationExactlyOnceThenEnds) {
  const ChainOfTrees Space = paperSpace();
  std::map<std::uint64_t, int> Measured;
  ExplorationResult R = explore(Space, std::make_unique<Exhaustive>(), std::nullopt, 1,
                                [&](const Configuration &C) -> OptionalCost {
                                  ++Measured[indexIn(Space, C)];
                                  return distanceCost(Space, C, 137);
                                });
  ASSERT_EQ(R.Evaluations.size(), 200u);
  for (std::size_t I = 0; I < R.Evaluations.size(); ++I) {
    EXPECT_EQ(indexIn(Space, R.Evaluations[I].Config), I);
    EXPECT_EQ(R.Evaluations[I].Number, I + 1);
  }
  EXPECT_EQ(Measured.size(), 200u);
  for (const auto &[Index, Times] : Measured)
    EXPECT_EQ(Times, 1) << Index;
  EXPECT_EQ(R.Status.Evaluations, 200u);
  EXPECT_EQ(R.Status.Best, (Cost{1.0}));
  EXPECT_EQ(indexIn(Space, R.Status.BestConfiguration), 137u);
  EXPECT_EQ(R.Restarts, 0u);
}

} // namespace
