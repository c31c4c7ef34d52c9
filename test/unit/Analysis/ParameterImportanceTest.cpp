//===- test/unit/Analysis/ParameterImportanceTest.cpp - Mutual information ===//
//
// Quantile cost classes, entropy and mutual information against hand
// computations (log2 throughout, so results are in bits).
//
//===----------------------------------------------------------------------===//
#include "Analysis/ParameterImportance.h"

#include "SyntheticData.h"

#include <gtest/gtest.h>

using namespace atfc;
using namespace atfc::test;

TEST(ParameterImportance, QuantileClassesByRank) {
  // 4 costs, 2 classes: class = floor(2 r / 4) with r = costs strictly
  // smaller: 4 -> r 3 -> 1; 1 -> 0 -> 0; 3 -> 2 -> 1; 2 -> 1 -> 0.
  const double Costs[] = {4, 1, 3, 2};
  EXPECT_EQ(quantileClasses(Costs, 2), (std::vector<std::uint32_t>{1, 0, 1, 0}));
  // 4 classes: the rank itself.
  EXPECT_EQ(quantileClasses(Costs, 4), (std::vector<std::uint32_t>{3, 0, 2, 1}));
}

TEST(ParameterImportance, EqualCostsShareAClass) {
  // {1, 1, 2, 3} into 4 classes: r = 0, 0, 2, 3 -> classes 0, 0, 2, 3; a
  // class boundary never splits equal costs.
  const double Costs[] = {1, 1, 2, 3};
  EXPECT_EQ(quantileClasses(Costs, 4), (std::vector<std::uint32_t>{0, 0, 2, 3}));
  // {5, 5, 5, 5}: one class, whatever the number of bins.
  const double Same[] = {5, 5, 5, 5};
  EXPECT_EQ(quantileClasses(Same, 10), (std::vector<std::uint32_t>{0, 0, 0, 0}));
}

TEST(ParameterImportance, EntropyByHand) {
  // (3/4, 1/4): -(0.75 log2 0.75 + 0.25 log2 0.25) = 0.311278 + 0.5.
  const std::uint32_t Y[] = {0, 0, 0, 1};
  EXPECT_NEAR(entropyBits(Y), 0.811278, 1e-6);
  const std::uint32_t Uniform[] = {0, 1, 2, 3};
  EXPECT_NEAR(entropyBits(Uniform), 2.0, 1e-12);
}

TEST(ParameterImportance, MutualInformationByHand) {
  // X = a a b b, Y = 0 0 0 1:
  //   p(a,0) = 1/2, p(b,0) = 1/4, p(b,1) = 1/4; p(a) = p(b) = 1/2;
  //   p(0) = 3/4, p(1) = 1/4.
  //   I = 1/2 log2((1/2)/(1/2 * 3/4)) + 1/4 log2((1/4)/(1/2 * 3/4))
  //     + 1/4 log2((1/4)/(1/2 * 1/4))
  //     = 0.5 * 0.415037 + 0.25 * (-0.584963) + 0.25 * 1 = 0.311278
  //   (= H(Y) - H(Y|X) = 0.811278 - 1/2 * 1).
  const std::uint32_t X[] = {0, 0, 1, 1};
  const std::uint32_t Y[] = {0, 0, 0, 1};
  EXPECT_NEAR(mutualInformationBits(X, Y), 0.311278, 1e-6);
  // Independent columns: 0.
  const std::uint32_t Z[] = {0, 1, 0, 1};
  EXPECT_NEAR(mutualInformationBits(X, Z), 0.0, 1e-12);
  // A column with itself: its entropy.
  EXPECT_NEAR(mutualInformationBits(Y, Y), 0.811278, 1e-6);
}

TEST(ParameterImportance, RanksTheThreeParameterTable) {
  // Costs sorted: 1.0 (3,0), 1.05 (3,1), 10 (1,0), 11 (1,1), 20 (2,0),
  // 21 (2,1); 2 classes: floor(2 r / 6) = 0 0 0 1 1 1.
  //   class 0 = {(3,0), (3,1), (1,0)}, class 1 = {(1,1), (2,0), (2,1)};
  //   H(C) = 1 bit.
  // A: A=1 -> {0, 1}, A=2 -> {1, 1}, A=3 -> {0, 0}:
  //   H(C|A) = 1/3 * 1 + 0 + 0 = 1/3, I = 2/3 bit; normalised 2/3.
  // B: B=0 -> {0, 1, 0}, B=1 -> {1, 1, 0}: H(C|B) = H(1/3) = 0.918296,
  //   I = 0.081704 bit; relative to A: 0.081704 / 0.666667 = 0.122556.
  // C: constant, I = 0.
  ImportanceRanking Ranking = rankParameters(threeParameterTable(), 2);
  EXPECT_EQ(Ranking.CostClasses, 2u);
  EXPECT_EQ(Ranking.Samples, 6u);
  EXPECT_NEAR(Ranking.CostEntropy, 1.0, 1e-12);
  ASSERT_EQ(Ranking.Parameters.size(), 3u);
  const ParameterImportance &A = Ranking.Parameters[0], &B = Ranking.Parameters[1],
                            &C = Ranking.Parameters[2];
  EXPECT_EQ(A.Name, "A");
  EXPECT_EQ(A.DistinctValues, 3u);
  EXPECT_NEAR(A.MutualInformation, 2.0 / 3.0, 1e-9);
  EXPECT_NEAR(A.Normalised, 2.0 / 3.0, 1e-9);
  EXPECT_DOUBLE_EQ(A.Relative, 1.0);
  EXPECT_EQ(B.Name, "B");
  EXPECT_EQ(B.Index, 1u);
  EXPECT_NEAR(B.MutualInformation, 0.081704, 1e-6);
  EXPECT_NEAR(B.Relative, 0.122556, 1e-6);
  EXPECT_EQ(C.Name, "C");
  EXPECT_EQ(C.DistinctValues, 1u);
  EXPECT_NEAR(C.MutualInformation, 0.0, 1e-12);
}

TEST(ParameterImportance, InvalidConfigurationsAreLeftOut) {
  // Adding invalid configurations with any values changes nothing: they
  // have no cost class.
  RecordedData Data = threeParameterTable();
  const std::string X = "x";
  Data.Entries.push_back(failed({Value(std::int64_t(4)), Value(std::int64_t(0)), Value(X)}));
  Data.Entries.push_back(failed({Value(std::int64_t(4)), Value(std::int64_t(1)), Value(X)}));
  ImportanceRanking Ranking = rankParameters(Data, 2);
  EXPECT_EQ(Ranking.Samples, 6u);
  EXPECT_NEAR(Ranking.Parameters[0].MutualInformation, 2.0 / 3.0, 1e-9);
  EXPECT_EQ(Ranking.Parameters[0].DistinctValues, 4u); // the space has A = 4 too
}
