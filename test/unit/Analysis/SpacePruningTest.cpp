//===- test/unit/Analysis/SpacePruningTest.cpp - The three methods --------===//
//
// Naive, aggressive and conservative pruning on threeParameterTable, whose
// importances ParameterImportanceTest computes by hand (2 cost classes):
// A relative 1, B relative 0.122556, C constant.
//
//===----------------------------------------------------------------------===//
#include "Analysis/SpacePruning.h"

#include "SyntheticData.h"

#include <gtest/gtest.h>

using namespace atfc;
using namespace atfc::test;

namespace {

PruningProposal propose(const RecordedData &Data, PruningMethod Method, double Cutoff,
                        double Threshold) {
  return proposePruning(Data, rankParameters(Data, 2), Method, PruningOptions{Cutoff, Threshold});
}

std::vector<std::string> fixedNames(const PruningProposal &P) {
  std::vector<std::string> Names;
  for (const PrunedParameter &F : P.Fixed)
    Names.push_back(F.Name + "=" + toString(F.Fixed));
  return Names;
}

} // namespace

TEST(SpacePruning, AllMethodsFixBWhenItIsUnimportantAndHarmless) {
  // Cut-off 0.2: B (0.1226) is below, A (1) is not; C is constant and never
  // listed. B's values {0, 1}: lower median 0. Fixing B = 0 keeps (1,0),
  // (2,0), (3,0): 3 of 6 (SSR 2), best 1.0 = the overall best (PR 1).
  // Aggressive then tries A: median of {1, 2, 3} = 2, best 20 > 1.1: stop.
  const RecordedData Data = threeParameterTable();
  for (PruningMethod M :
       {PruningMethod::Naive, PruningMethod::Aggressive, PruningMethod::Conservative}) {
    PruningProposal P = propose(Data, M, 0.2, 0.1);
    EXPECT_EQ(P.Method, M);
    EXPECT_EQ(fixedNames(P), std::vector<std::string>{"B=0"}) << pruningMethodName(M);
    EXPECT_EQ(P.Total, 6u);
    EXPECT_EQ(P.Remaining, 3u);
    EXPECT_EQ(P.RemainingValid, 3u);
    EXPECT_DOUBLE_EQ(P.reduction(), 2.0);
    ASSERT_TRUE(P.PrunedBestCost);
    EXPECT_DOUBLE_EQ(*P.PrunedBestCost, 1.0);
    EXPECT_DOUBLE_EQ(P.performanceRetained(), 1.0);
    EXPECT_NEAR(P.Fixed[0].Relative, 0.122556, 1e-6);
  }
}

TEST(SpacePruning, NaiveLosesTheBestWhereTheOthersStop) {
  // The best is (3,1) = 1.0 and (3,0) = 1.5; the classes, hence the
  // importances, are those of threeParameterTable(). Naive fixes B = 0 on
  // mutual information alone: best left 1.5, PR = 1 / 1.5 = 0.6667.
  // Aggressive and conservative see 1.5 > 1.1 and fix nothing.
  const RecordedData Data = threeParameterTable(/*BestAtB1=*/true);
  PruningProposal Naive = propose(Data, PruningMethod::Naive, 0.2, 0.1);
  EXPECT_EQ(fixedNames(Naive), std::vector<std::string>{"B=0"});
  EXPECT_NEAR(Naive.performanceRetained(), 2.0 / 3.0, 1e-12);
  for (PruningMethod M : {PruningMethod::Aggressive, PruningMethod::Conservative}) {
    PruningProposal P = propose(Data, M, 0.2, 0.1);
    EXPECT_TRUE(P.Fixed.empty()) << pruningMethodName(M);
    EXPECT_EQ(P.Remaining, 6u);
    EXPECT_DOUBLE_EQ(P.reduction(), 1.0);
    EXPECT_DOUBLE_EQ(P.performanceRetained(), 1.0);
  }
}

TEST(SpacePruning, ConservativeNeedsBothCriteria) {
  // Cut-off 0.1: B (0.1226) is no longer unimportant. Naive and
  // conservative fix nothing; aggressive ignores mutual information beyond
  // the order and still fixes B = 0 (best stays 1.0).
  const RecordedData Data = threeParameterTable();
  EXPECT_TRUE(propose(Data, PruningMethod::Naive, 0.1, 0.1).Fixed.empty());
  EXPECT_TRUE(propose(Data, PruningMethod::Conservative, 0.1, 0.1).Fixed.empty());
  EXPECT_EQ(fixedNames(propose(Data, PruningMethod::Aggressive, 0.1, 0.1)),
            std::vector<std::string>{"B=0"});
}

TEST(SpacePruning, AggressivePrunesOnWhileTheBestStaysWithinThreshold) {
  // Threshold 100 (best may grow to 101): B = 0 (best 1.0), then A = 2
  // (median of {1, 2, 3}; best left 20 <= 101): one configuration left,
  // SSR 6, PR 1 / 20 = 0.05.
  PruningProposal P = propose(threeParameterTable(), PruningMethod::Aggressive, 0.2, 100);
  EXPECT_EQ(fixedNames(P), (std::vector<std::string>{"B=0", "A=2"}));
  EXPECT_EQ(P.Remaining, 1u);
  EXPECT_DOUBLE_EQ(P.reduction(), 6.0);
  EXPECT_DOUBLE_EQ(P.performanceRetained(), 0.05);
}

TEST(SpacePruning, MedianIsTakenFromWhatIsLeft) {
  // A constrained space: X in {1, 2, 3, 4}, Y in 1..X-2 (at least 1).
  // Rows and costs: (1,1) 9, (2,1) 7, (3,1) 3, (3,2) 3.1, (4,1) 1, (4,2) 1.1,
  // (4,3) 1.2. Two classes over 7 costs: floor(2 r / 7) = 0 for the four
  // cheapest ((4,*) and (3,1)), 1 for the rest. H(C) = H(4/7) = 0.9852;
  //   X: classes {1}, {1}, {0,1}, {0,0,0}: H(C|X) = 2/7, I = 0.6995;
  //   Y: Y=1 {1,1,0,0}, Y=2 {1,0}, Y=3 {0}: H(C|Y) = 4/7 + 2/7, I = 0.1281.
  // Aggressive with a huge threshold fixes Y first: lower median of
  // {1, 2, 3} = 2, leaving (3,2) and (4,2). X then takes the lower median of
  // what is left, {3, 4} -> 3; the median of its full range {1, 2, 3, 4}
  // would be 2, which no configuration left has.
  RecordedData Data;
  Data.Parameters = {"X", "Y"};
  auto Row = [&](std::int64_t X, std::int64_t Y, double Cost) {
    Data.Entries.push_back(entry({Value(X), Value(Y)}, Cost));
  };
  Row(1, 1, 9);
  Row(2, 1, 7);
  Row(3, 1, 3);
  Row(3, 2, 3.1);
  Row(4, 1, 1);
  Row(4, 2, 1.1);
  Row(4, 3, 1.2);
  ImportanceRanking Ranking = rankParameters(Data, 2);
  EXPECT_NEAR(Ranking.Parameters[0].MutualInformation, 0.6995, 1e-4);
  EXPECT_NEAR(Ranking.Parameters[1].MutualInformation, 0.1281, 1e-4);
  PruningProposal P = propose(Data, PruningMethod::Aggressive, 0.2, 100);
  EXPECT_EQ(fixedNames(P), (std::vector<std::string>{"Y=2", "X=3"}));
  EXPECT_EQ(P.Remaining, 1u);
  ASSERT_TRUE(P.PrunedBestCost);
  EXPECT_DOUBLE_EQ(*P.PrunedBestCost, 3.1);
}

TEST(SpacePruning, MethodNames) {
  EXPECT_EQ(parsePruningMethod("naive"), PruningMethod::Naive);
  EXPECT_EQ(parsePruningMethod("aggressive"), PruningMethod::Aggressive);
  EXPECT_EQ(parsePruningMethod("conservative"), PruningMethod::Conservative);
  EXPECT_FALSE(parsePruningMethod("greedy"));
}

TEST(SpacePruning, WellPerformingValueIsWhatTheGoodConfigurationsUse) {
  // threeParameterTable(BestAtB1): the only configuration within 10 % of
  // the best 1.0 is (3,1); naive fixes B on mutual information alone. The
  // median, B = 0, loses it (PR 2/3); the well-performing value, B = 1,
  // keeps it (PR 1).
  const RecordedData Data = threeParameterTable(/*BestAtB1=*/true);
  const ImportanceRanking Ranking = rankParameters(Data, 2);
  PruningOptions Options{0.2, 0.1, FixTo::WellPerforming};
  PruningProposal P = proposePruning(Data, Ranking, PruningMethod::Naive, Options);
  EXPECT_EQ(fixedNames(P), std::vector<std::string>{"B=1"});
  EXPECT_DOUBLE_EQ(P.performanceRetained(), 1.0);
  // A tie, (3,0) 1.0 and (3,1) 1.05 within 10 %: the best one's value.
  P = proposePruning(threeParameterTable(), Ranking, PruningMethod::Naive, Options);
  EXPECT_EQ(fixedNames(P), std::vector<std::string>{"B=0"});
  EXPECT_STREQ(fixToName(FixTo::WellPerforming), "well-performing");
  EXPECT_STREQ(fixToName(FixTo::Median), "median");
}
