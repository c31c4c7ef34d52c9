//===- RoundRobinTest.cpp - Techniques taking turns -----------------------===//
#include "Search/Techniques/RoundRobin.h"

#include "SearchTestSpaces.h"

#include <gtest/gtest.h>

using namespace atfc;
using namespace atfc::test;

namespace {

struct TwoScripts {
  std::shared_ptr<ScriptLog> LogA = std::make_shared<ScriptLog>();
  std::shared_ptr<ScriptLog> LogB = std::make_shared<ScriptLog>();
  std::unique_ptr<RoundRobin> Technique;
  TwoScripts() {
    std::vector<std::unique_ptr<SearchTechnique>> Subs;
    Subs.push_back(std::make_unique<ScriptedTechnique>(
        std::vector<std::vector<Point>>{{{0.1}, {0.15}, {0.12}}}, LogA, "a"));
    Subs.push_back(std::make_unique<ScriptedTechnique>(
        std::vector<std::vector<Point>>{{{0.9}, {0.95}, {0.92}}}, LogB, "b"));
    Technique = std::make_unique<RoundRobin>(std::move(Subs));
  }
};

TEST(RoundRobinTest, AlternatesAndRoutesReports) {
  const ChainOfTrees Space = spaceWithFixedParameters();
  const SearchDomain Domain(Space);
  TwoScripts T;
  T.Technique->initialize(Domain, 3);
  ASSERT_EQ(T.LogA->Seeds.size(), 1u);
  ASSERT_EQ(T.LogB->Seeds.size(), 1u);
  EXPECT_NE(T.LogA->Seeds[0], T.LogB->Seeds[0]);
  for (int Round = 0; Round < 3; ++Round) {
    std::vector<Point> First = T.Technique->propose(1);
    ASSERT_EQ(First, (std::vector<Point>{{0.1}}));
    T.Technique->report(First[0], Cost{1.0 + Round});
    std::vector<Point> Second = T.Technique->propose(1);
    ASSERT_EQ(Second, (std::vector<Point>{{0.9}}));
    T.Technique->report(Second[0], std::nullopt);
  }
  ASSERT_EQ(T.LogA->Reports.size(), 3u);
  ASSERT_EQ(T.LogB->Reports.size(), 3u);
  for (int Round = 0; Round < 3; ++Round) {
    EXPECT_EQ(T.LogA->Reports[Round].first, (Point{0.1}));
    EXPECT_EQ(T.LogA->Reports[Round].second, (Cost{1.0 + Round}));
    EXPECT_EQ(T.LogB->Reports[Round].first, (Point{0.9}));
    EXPECT_EQ(T.LogB->Reports[Round].second, std::nullopt);
  }
  EXPECT_EQ(T.Technique->describe(), "round_robin(a, b)");
}

TEST(RoundRobinTest, ABatchIsSharedAmongTheTechniques) {
  const ChainOfTrees Space = spaceWithFixedParameters();
  const SearchDomain Domain(Space);
  TwoScripts T;
  T.Technique->initialize(Domain, 3);
  const std::vector<Point> Batch = T.Technique->propose(5);
  EXPECT_EQ(Batch, (std::vector<Point>{{0.1}, {0.15}, {0.12}, {0.9}, {0.95}}));
  EXPECT_EQ(T.LogA->Batches, (std::vector<std::size_t>{3}));
  EXPECT_EQ(T.LogB->Batches, (std::vector<std::size_t>{2}));
  for (std::size_t I = 0; I < Batch.size(); ++I)
    T.Technique->report(Batch[I], Cost{static_cast<double>(I)});
  ASSERT_EQ(T.LogA->Reports.size(), 3u);
  ASSERT_EQ(T.LogB->Reports.size(), 2u);
  EXPECT_EQ(T.LogA->Reports[2].second, (Cost{2.0}));
  EXPECT_EQ(T.LogB->Reports[0].first, (Point{0.9}));
  EXPECT_EQ(T.LogB->Reports[1].second, (Cost{4.0}));
}

} // namespace
