//===- BenchSpacesTest.cpp - The benchmark spaces, exactly ----------------===//
//
// Every space of /work/shared/bench/spaces at every input the material
// lists must have exactly the stated |SP|. The hand translations of
// bench/Spaces.h are also checked for their grouping (which parameters share
// a tree, in which order) and per-group sizes, and generation of the larger
// ones must give the same trees with 1, 2 and 3 threads.
//
//===----------------------------------------------------------------------===//
#include "TreeShape.h"
#include "bench/Spaces.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

using namespace atfc;

namespace atfc::bench {
// Names the case in gtest's messages (the generator is not printable).
void PrintTo(const BenchSpace &Space, std::ostream *Out) {
  *Out << Space.Name << " " << Space.inputText();
}
} // namespace atfc::bench

namespace {

class BenchSpaceTest : public testing::TestWithParam<bench::BenchSpace> {};

TEST_P(BenchSpaceTest, HasTheStatedSize) {
  const bench::BenchSpace &Space = GetParam();
  ChainOfTrees S = Space.Generate(GenerationOptions{});
  EXPECT_EQ(S.size().get_str(), std::to_string(Space.ExpectedSize));
  // Every leaf of every group lies on a full path: no group is empty.
  for (std::size_t G = 0; G < S.numGroups(); ++G)
    EXPECT_GT(S.group(G).numLeaves(), 0u) << "group " << G;
}

INSTANTIATE_TEST_SUITE_P(Spaces, BenchSpaceTest, testing::ValuesIn(bench::benchSpaces()),
                         [](const testing::TestParamInfo<bench::BenchSpace> &Info) {
                           std::string Name = Info.param.Name;
                           for (std::size_t Input : Info.param.Inputs) {
                             Name += '_';
                             Name += std::to_string(Input);
                           }
                           return Name;
                         });

std::vector<std::string> levelNames(const ChainOfTrees &S) {
  std::vector<std::string> Names;
  for (std::size_t L = 0; L < S.numLevels(); ++L)
    Names.push_back(S.parameter(L).Name);
  return Names;
}

std::vector<std::uint64_t> groupLeaves(const ChainOfTrees &S) {
  std::vector<std::uint64_t> Leaves;
  for (std::size_t G = 0; G < S.numGroups(); ++G)
    Leaves.push_back(S.group(G).numLeaves());
  return Leaves;
}

std::vector<std::size_t> groupFirstLevels(const ChainOfTrees &S) {
  std::vector<std::size_t> First;
  for (std::size_t G = 0; G < S.numGroups(); ++G)
    First.push_back(S.firstLevelOf(G));
  return First;
}

TEST(BenchSpaceGroupingTest, Saxpy) {
  ChainOfTrees S = bench::saxpySpace(1000, GenerationOptions{});
  EXPECT_EQ(levelNames(S), (std::vector<std::string>{"WPT", "LS"}));
  EXPECT_EQ(S.numGroups(), 1u);
  // WPT: the 16 divisors of 1000; LS: the divisors of 1000 / WPT.
  EXPECT_EQ(S.group(0).numNodes(0), 16u);
  EXPECT_EQ(S.unconstrainedSize(), 1000 * 1000);
}

TEST(BenchSpaceGroupingTest, SgemmAtf) {
  ChainOfTrees S = bench::sgemmAtfSpace(8, GenerationOptions{});
  EXPECT_EQ(levelNames(S),
            (std::vector<std::string>{"MWG", "NWG", "KWG", "MDIMC", "NDIMC", "MDIMA", "NDIMB",
                                      "KWI", "VWM", "VWN", "SA", "SB", "STRM", "STRN"}));
  EXPECT_EQ(groupFirstLevels(S), (std::vector<std::size_t>{0, 12, 13}));
  EXPECT_EQ(groupLeaves(S), (std::vector<std::uint64_t>{194'144 / 4, 2, 2}));
  // Eight intervals of 8 values, two sets of 4 and four of 2: 2^24 * 2^8.
  EXPECT_EQ(S.unconstrainedSize(), BigCount("4294967296"));
}

TEST(BenchSpaceGroupingTest, CltuneGemm) {
  ChainOfTrees S = bench::cltuneGemmSpace(GenerationOptions{});
  EXPECT_EQ(levelNames(S),
            (std::vector<std::string>{"MWG", "NWG", "KWG", "MDIMC", "NDIMC", "MDIMA", "NDIMB",
                                      "KWI", "VWM", "VWN", "STRM", "STRN", "SA", "SB"}));
  EXPECT_EQ(groupLeaves(S), (std::vector<std::uint64_t>{241'600 / 16, 2, 2, 2, 2}));
  // Stated in the space file.
  EXPECT_EQ(S.unconstrainedSize(), 1'327'104);
}

TEST(BenchSpaceGroupingTest, MdhPrlFactorises) {
  ChainOfTrees S = bench::mdhPrlSpace(16, 16, GenerationOptions{});
  EXPECT_EQ(levelNames(S),
            (std::vector<std::string>{"CACHE_L_CB", "CACHE_P_CB", "G_CB_RES_DEST_LEVEL",
                                      "L_CB_RES_DEST_LEVEL", "P_CB_RES_DEST_LEVEL", "OCL_DIM_L_1",
                                      "OCL_DIM_R_1", "L_CB_SIZE_L_1", "P_CB_SIZE_L_1", "NUM_WG_L_1",
                                      "NUM_WI_L_1", "L_CB_SIZE_R_1", "P_CB_SIZE_R_1", "NUM_WG_R_1",
                                      "NUM_WI_R_1"}));
  // 4 (caches) x 6 (levels) x 2 (dimension orders) x |L| x |R|, as the
  // file says.
  const std::vector<std::uint64_t> Leaves = groupLeaves(S);
  ASSERT_EQ(Leaves.size(), 6u);
  EXPECT_EQ(Leaves[0], 2u);
  EXPECT_EQ(Leaves[1], 2u);
  EXPECT_EQ(Leaves[2], 6u);
  EXPECT_EQ(Leaves[3], 2u);
  EXPECT_EQ(Leaves[4] * Leaves[5], 181'440u / 48);
}

TEST(BenchSpaceGroupingTest, MdhGemm) {
  ChainOfTrees S = bench::mdhGemmSpace(10, 10, 10, GenerationOptions{});
  EXPECT_EQ(S.numLevels(), 20u);
  EXPECT_EQ(groupFirstLevels(S), (std::vector<std::size_t>{0, 1, 2, 5, 8, 12, 16}));
  EXPECT_EQ(S.parameter(7).Name, "OCL_DIM_R_1");
  EXPECT_EQ(S.parameter(12).Name, "L_CB_SIZE_L_2");
  EXPECT_EQ(S.parameter(19).Name, "NUM_WI_R_1");
  const std::vector<std::uint64_t> Leaves = groupLeaves(S);
  // The dimension orders are the 3! permutations; both L dimensions of the
  // same size give the same count.
  EXPECT_EQ(Leaves, (std::vector<std::uint64_t>{2, 2, 6, 6, Leaves[4], Leaves[4], Leaves[6]}));
  EXPECT_EQ(Leaves[4] * Leaves[4] * Leaves[6], 1'710'000u / 144);
  // An MDH L dimension of PRL and of GEMM is the same group.
  ChainOfTrees Prl = bench::mdhPrlSpace(10, 10, GenerationOptions{});
  EXPECT_EQ(Prl.group(4).numLeaves(), Leaves[4]);
  EXPECT_EQ(Prl.group(5).numLeaves(), Leaves[6]);
}

/// The trees of every group of S.
std::vector<test::TreeShape> shapesOf(const ChainOfTrees &S) {
  std::vector<test::TreeShape> Shapes;
  for (std::size_t G = 0; G < S.numGroups(); ++G)
    Shapes.push_back(test::shapeOf(S.group(G)));
  return Shapes;
}

TEST(BenchSpaceDeterminismTest, SameTreesWhateverTheThreadCount) {
  for (const bench::BenchSpace &Space : bench::benchSpaces()) {
    if (!Space.Quick)
      continue;
    const std::vector<test::TreeShape> One = shapesOf(Space.Generate(GenerationOptions{1}));
    // In parallel from the first chunk on (no inline threshold), and as
    // the engine chooses by default.
    for (unsigned Threads : {2u, 3u}) {
      GenerationOptions Parallel{Threads};
      Parallel.InlineCandidates = 0;
      EXPECT_TRUE(shapesOf(Space.Generate(Parallel)) == One)
          << Space.Name << " " << Space.inputText() << " with " << Threads << " threads";
      EXPECT_TRUE(shapesOf(Space.Generate(GenerationOptions{Threads})) == One)
          << Space.Name << " " << Space.inputText() << " with " << Threads << " threads, default";
    }
  }
}

} // namespace
