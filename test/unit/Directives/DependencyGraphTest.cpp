//===- Directives/DependencyGraphTest.cpp - Groups and order ----*- C++ -*-===//
//
// Unit tests of orderParameters: groups by connectivity, ordered by their
// first member; topological order with declaration order breaking ties;
// cycles found and still ordered.
//
//===----------------------------------------------------------------------===//
#include "Directives/DependencyGraph.h"

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
