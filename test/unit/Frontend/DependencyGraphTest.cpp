//===- Frontend/DependencyGraphTest.cpp - Groups and order ----*- C++ -*-===//
//
// Unit tests of orderParameters: groups by connectivity, ordered by their
// first member; topological order with declaration order breaking ties;
// cycles found and still ordered; the cycle that edges taken in file order
// close first.
//
//===----------------------------------------------------------------------===//
#include "Frontend/DependencyGraph.h"

#include <gtest/gtest.h>

#include <vector>

using namespace atfc;

namespace {
using Indices = std::vector<std::size_t>;
using Graph = std::vector<Indices>;
} // namespace

TEST(DependencyGraphTest, Empty) {
  ParameterOrder Order = orderParameters({});
  EXPECT_TRUE(Order.Groups.empty());
  EXPECT_TRUE(Order.Cycles.empty());
}

TEST(DependencyGraphTest, IndependentParametersAreSingletons) {
  ParameterOrder Order = orderParameters(Graph{{}, {}, {}});
  EXPECT_EQ(Order.Groups, (std::vector<Indices>{{0}, {1}, {2}}));
  EXPECT_EQ(Order.GroupOf, (Indices{0, 1, 2}));
}

TEST(DependencyGraphTest, ChainDeclaredBackwards) {
  // 0 names 1, 1 names 2: 2 must come first.
  ParameterOrder Order = orderParameters(Graph{{1}, {2}, {}});
  EXPECT_EQ(Order.Groups, (std::vector<Indices>{{2, 1, 0}}));
  EXPECT_TRUE(Order.Cycles.empty());
}

TEST(DependencyGraphTest, TiesBrokenByDeclarationOrder) {
  // 3 names 0 and 2; 1 names 2. Ready at first: 0 and 2; 0 first.
  ParameterOrder Order = orderParameters(Graph{{}, {2}, {}, {0, 2}});
  EXPECT_EQ(Order.Groups, (std::vector<Indices>{{0, 2, 1, 3}}));
}

TEST(DependencyGraphTest, GroupsOrderedByFirstMember) {
  ParameterOrder Order = orderParameters(Graph{{3}, {}, {1}, {}, {}});
  EXPECT_EQ(Order.Groups, (std::vector<Indices>{{3, 0}, {1, 2}, {4}}));
  EXPECT_EQ(Order.GroupOf, (Indices{0, 1, 1, 0, 2}));
}

TEST(DependencyGraphTest, SelfReferencesAndRepeatsIgnored) {
  ParameterOrder Order = orderParameters(Graph{{0, 1, 1}, {1}});
  EXPECT_EQ(Order.Groups, (std::vector<Indices>{{1, 0}}));
  EXPECT_TRUE(Order.Cycles.empty());
}

TEST(DependencyGraphTest, CyclesAreFoundAndStillOrdered) {
  // 1 -> 2 -> 3 -> 1 is a cycle; 4 depends on it but is not in it; 5 <-> 6.
  ParameterOrder Order = orderParameters(Graph{{}, {2}, {3, 0}, {1}, {1}, {6}, {5}});
  EXPECT_EQ(Order.Cycles, (std::vector<Indices>{{1, 2, 3}, {5, 6}}));
  EXPECT_EQ(Order.Groups, (std::vector<Indices>{{0, 1, 3, 2, 4}, {5, 6}}));
}

TEST(DependencyGraphTest, NoEdgesCloseNoCycle) {
  EXPECT_TRUE(firstClosedCycle({}).empty());
  EXPECT_TRUE(firstClosedCycle({{0, 1}, {1, 2}, {0, 2}, {3, 3}}).empty());
}

TEST(DependencyGraphTest, TheClosingEdgeIsTheFirstThatCloses) {
  // 0 -> 2, 1 -> 0, then 2 -> 1 closes 0 -> 2 -> 1 -> 0; 2 -> 0 comes later.
  const std::vector<DependencyEdge> Edges{{0, 2}, {1, 0}, {2, 1}, {2, 0}};
  EXPECT_EQ(firstClosedCycle(Edges), (Indices{1, 0, 2}));
}

TEST(DependencyGraphTest, TheCycleFollowsItsEdgesFromTheClosingOnesTarget) {
  // The closing edge 3 -> 0 comes first in no order but the edges': the
  // cycle lists 0 -> 1 -> 2 -> 3, then the closing 3 -> 0.
  const std::vector<DependencyEdge> Edges{{2, 3}, {0, 1}, {1, 2}, {3, 0}};
  EXPECT_EQ(firstClosedCycle(Edges), (Indices{1, 2, 0, 3}));
}

TEST(DependencyGraphTest, AShortestCycleIsReported) {
  // 0 -> 1 -> 2 -> 0 and 0 -> 2 -> 0: the closing 2 -> 0 closes both.
  const std::vector<DependencyEdge> Edges{{0, 1}, {1, 2}, {0, 2}, {2, 0}};
  EXPECT_EQ(firstClosedCycle(Edges), (Indices{2, 3}));
}

TEST(DependencyGraphTest, RepeatedEdgesCloseOnce) {
  const std::vector<DependencyEdge> Edges{{0, 1}, {0, 1}, {1, 0}, {1, 0}};
  EXPECT_EQ(firstClosedCycle(Edges), (Indices{0, 2}));
}
