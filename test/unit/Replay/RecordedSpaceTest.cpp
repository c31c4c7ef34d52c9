//===- RecordedSpaceTest.cpp - The space of recorded configurations ---------===//
//
// The space built from recorded data holds exactly its configurations.
//
//===----------------------------------------------------------------------===//
#include "Replay/RecordedSpace.h"
#include "../Results/RecordedDataFiles.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <set>
#include <sstream>

using namespace atfc;
using namespace atfc::test;

namespace {

namespace fs = std::filesystem;

TEST(RecordedSpaceTest, HoldsExactlyTheRecordedConfigurations) {
  RecordedData D = kernelTunerData();
  Expected<RecordedSpace> Built = buildRecordedSpace(D);
  ASSERT_TRUE(Built) << Built.error().message();
  const RecordedSpace &S = *Built;
  const ChainOfTrees &Space = S.Space;
  ASSERT_EQ(Space.numGroups(), 1u);
  ASSERT_EQ(Space.numLevels(), 3u);
  EXPECT_EQ(Space.size(), 5); // invalid entries included
  EXPECT_EQ(Space.unconstrainedSize(), 2 * 3 * 1);
  EXPECT_EQ(Space.parameter(0).Name, "BS");
  EXPECT_EQ(Space.parameter(1).Name, "WPT");
  EXPECT_EQ(Space.parameter(1).RangeSize, 3u);
  EXPECT_EQ(Space.parameter(1).ValueAt(0), I(1)); // sorted observed values
  EXPECT_EQ(Space.parameter(1).ValueAt(2), I(4));
  EXPECT_EQ(Space.parameter(1).Kind, ValueKind::Int);
  // Each leaf is its entry, every entry is one leaf, in lexicographic order.
  std::set<std::uint32_t> Entries;
  std::vector<Value> Previous;
  for (int Index = 0; Index < 5; ++Index) {
    Configuration C = Space.at(Index);
    std::vector<Value> V = Space.values(C);
    const ParameterValues &Recorded = D.Entries[S.EntryOfLeaf[C.Leaves[0]]].Configuration;
    ASSERT_EQ(V.size(), Recorded.size());
    for (std::size_t P = 0; P < V.size(); ++P)
      EXPECT_EQ(V[P], Recorded[P].Val);
    Entries.insert(S.EntryOfLeaf[C.Leaves[0]]);
    if (Index > 0) {
      EXPECT_TRUE(std::lexicographical_compare(Previous.begin(), Previous.end(), V.begin(), V.end(),
                                               valueLess));
    }
    Previous = V;
    EXPECT_EQ(Space.atCoordinates(Space.coordinatesOf(C)), C);
  }
  EXPECT_EQ(Entries.size(), 5u);
  // The unrecorded BS=32, WPT=2 is not in the space: BS=32 has two children.
  Configuration First32 = Space.at(3);
  EXPECT_EQ(Space.values(First32), (std::vector<Value>{I(32), I(1), I(32)}));
  EXPECT_EQ(Space.values(Space.at(4)), (std::vector<Value>{I(32), I(4), I(32)}));
}

TEST(RecordedSpaceTest, EmptyDataGivesAnEmptySpace) {
  RecordedData D;
  D.Parameters = {"A"};
  EXPECT_TRUE(recordedSpace(D)->empty());
}

TEST(RecordedSpaceTest, AConfigurationRecordedTwiceIsAnError) {
  RecordedData D;
  D.Parameters = {"A", "B"};
  for (std::int64_t A : {1, 2, 1}) {
    EvaluationRecord E;
    E.Configuration = {{"A", I(A)}, {"B", Value(std::string("x"))}};
    E.Result = Measurement::valid({1.0});
    D.Entries.push_back(E);
  }
  Expected<ChainOfTrees> Space = recordedSpace(D);
  ASSERT_FALSE(Space);
  EXPECT_EQ(Space.error().message(), "recorded data holds a configuration twice (A=1, B=x)");
  D.Entries.pop_back();
  EXPECT_EQ(recordedSpace(D)->size(), 2);
}

TEST(RecordedSpaceTest, SharedDataKernelTunerGemmAndT4Dedispersion) {
  const fs::path Datasets = fs::path(ATF_SHARED_DIR) / "bench" / "datasets";
  if (!fs::exists(Datasets / "kt_gemm_RTX3090.json.gz"))
    GTEST_SKIP() << "the shared datasets are absent (" << Datasets << ")";
  Expected<RecordedData> Gemm = readRecordedData((Datasets / "kt_gemm_RTX3090.json.gz").string());
  ASSERT_TRUE(Gemm.ok()) << Gemm.error().message();
  EXPECT_EQ(recordedSpace(*Gemm)->size(), 17956);
  Expected<RecordedData> T4 =
      readRecordedData((Datasets / "t4_dedispersion_A100.json.gz").string());
  ASSERT_TRUE(T4.ok()) << T4.error().message();
  EXPECT_EQ(recordedSpace(*T4)->size(), 11130);
}

} // namespace
