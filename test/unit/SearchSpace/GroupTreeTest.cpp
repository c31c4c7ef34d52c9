//===- GroupTreeTest.cpp - Generated trees, node by node ------------------===//
//
// The exact tree generation builds for the example of section 4 of the ATF
// TACO paper, and a tree's navigation (firstLeaf, pathOfLeaf,
// childHoldingLeaf) and statistics. How trees are generated (dead ends,
// empty groups, parallel chunks) is GroupGeneratorTest's.
//
//===----------------------------------------------------------------------===//
#include "SearchSpace/SpaceGenerator.h"
#include "SearchSpaceTestSupport.h"
#include "TreeShape.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <vector>

using namespace atfc;

namespace {

using test::deadEndGroup;
using test::generateWith;
using test::paperTree2;
using test::shapeOf;
using test::TreeShape;

TEST(GroupTreeTest, PaperExample) {
  GroupTree T = generateWith(1, paperTree2());
  ASSERT_EQ(T.numLevels(), 3u);
  EXPECT_EQ(T.parameter(1).Name, "n4");
  EXPECT_EQ(T.parameter(2).RangeSize, 5u);
  TreeShape Want;
  // 26 -> {1 -> 27, 13 -> 39}; 51 -> {1 -> 52, 3 -> 54, 17 -> 68}.
  Want.Values = {{0, 1}, {0, 2, 0, 1, 3}, {0, 1, 2, 3, 4}};
  Want.FirstChild = {{0, 2, 5}, {0, 1, 2, 3, 4, 5}};
  Want.Accepted = {2, 5, 5};
  Want.DeadEnds = {0, 0, 0};
  Want.ParentVisits = {1, 2, 5};
  EXPECT_EQ(shapeOf(T), Want);
  EXPECT_EQ(T.numLeaves(), 5u);
  EXPECT_EQ(T.numNodes(), 12u);
  EXPECT_GT(T.memoryBytes(), 0u);
}

TEST(GroupTreeTest, Navigation) {
  GroupTree T = generateWith(1, deadEndGroup());
  // Leaves: (1,1,2) (2,1,3) (2,2,4) (3,1,4) (3,2,5).
  EXPECT_EQ(T.firstLeaf(0, 0), 0u);
  EXPECT_EQ(T.firstLeaf(0, 1), 1u);
  EXPECT_EQ(T.firstLeaf(0, 2), 3u);
  EXPECT_EQ(T.firstLeaf(0, 3), 5u); // one past the last node
  EXPECT_EQ(T.firstLeaf(1, 4), 4u);
  EXPECT_EQ(T.firstLeaf(2, 4), 4u);
  std::uint64_t Path[3];
  T.pathOfLeaf(3, Path);
  EXPECT_EQ(Path[0], 2u);
  EXPECT_EQ(Path[1], 3u);
  EXPECT_EQ(Path[2], 3u);
  T.pathOfLeaf(0, Path);
  EXPECT_EQ(Path[0], 0u);
  EXPECT_EQ(Path[1], 0u);
  T.pathOfLeaf(2, Path);
  EXPECT_EQ(Path[0], 1u);
  EXPECT_EQ(Path[1], 2u);
  EXPECT_EQ(T.childHoldingLeaf(0, 0, 2), 1u);
  EXPECT_EQ(T.childHoldingLeaf(0, 0, 4), 2u);
  EXPECT_EQ(T.childHoldingLeaf(1, 1, 2), 2u);
  EXPECT_EQ(T.childHoldingLeaf(1, 2, 3), 3u);
  EXPECT_EQ(T.childHoldingLeaf(2, 2, 2), 2u);
}

} // namespace
