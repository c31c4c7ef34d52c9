//===- test/unit/Analysis/WellPerformingTest.cpp - Share and steps --------===//
//
// The well-performing share and formula 2 (Olha et al., CPE 2020), with
// and without replacement, against hand computations.
//
//===----------------------------------------------------------------------===//
#include "Analysis/WellPerforming.h"

#include "SyntheticData.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace atfc;
using namespace atfc::test;

TEST(WellPerforming, CountsWithinThresholdOverEveryConfiguration) {
  // One parameter P = 0..9; costs 1.0, 1.05, 1.1, 1.2, 2, 3, 4, 5 and two
  // invalid configurations. Best 1.0; within 10 %: cost <= 1.1, so 1.0,
  // 1.05, 1.1 (K = 3). N = 10 (invalid ones count: a random search pays for
  // them too); 8 valid.
  RecordedData Data;
  Data.Parameters = {"P"};
  const double Costs[] = {1.0, 1.05, 1.1, 1.2, 2, 3, 4, 5};
  for (int I = 0; I < 8; ++I)
    Data.Entries.push_back(entry({Value(std::int64_t(I))}, Costs[I]));
  Data.Entries.push_back(failed({Value(std::int64_t(8))}));
  Data.Entries.push_back(failed({Value(std::int64_t(9))}));

  std::optional<WellPerformingShare> Share = measureWellPerforming(Data, 0.10);
  ASSERT_TRUE(Share);
  EXPECT_DOUBLE_EQ(Share->BestCost, 1.0);
  EXPECT_DOUBLE_EQ(Share->CostLimit, 1.1);
  EXPECT_EQ(Share->WellPerforming, 3u);
  EXPECT_EQ(Share->Valid, 8u);
  EXPECT_EQ(Share->Total, 10u);
  EXPECT_DOUBLE_EQ(Share->share(), 0.3);
  EXPECT_DOUBLE_EQ(Share->shareOfValid(), 3.0 / 8.0);

  // Within 5 %: cost <= 1.05: two of them.
  EXPECT_EQ(measureWellPerforming(Data, 0.05)->WellPerforming, 2u);
  // Threshold 0: only the best.
  EXPECT_EQ(measureWellPerforming(Data, 0.0)->WellPerforming, 1u);
}

TEST(WellPerforming, NoValidConfigurationHasNoShare) {
  RecordedData Data;
  Data.Parameters = {"P"};
  Data.Entries.push_back(failed({Value(std::int64_t(1))}));
  EvaluationRecord NotANumber = entry({Value(std::int64_t(2))}, std::nan(""));
  Data.Entries.push_back(NotANumber);
  EXPECT_FALSE(measureWellPerforming(Data, 0.1));
}

TEST(WellPerforming, FormulaTwoMatchesThePapersExample) {
  // The paper: p_b = 1 %, p_s = 90 %: log_0.99(0.1) = ln 0.1 / ln 0.99
  // = -2.302585 / -0.0100503 = 229.105, "approximately 230" configurations.
  EXPECT_NEAR(formulaSteps(0.01, 0.9), 229.105, 1e-3);
  EXPECT_EQ(stepsWithReplacement(0.01, 0.9), 230u);
}

TEST(WellPerforming, FormulaTwoEdgeCases) {
  // p_b = 0.5, p_s = 0.5: one draw succeeds with exactly 0.5: 1 step, not 2.
  EXPECT_EQ(stepsWithReplacement(0.5, 0.5), 1u);
  // p_b = 0.5, p_s = 0.75: 1 - 0.25 = 1 - 0.5^2: 2 steps.
  EXPECT_EQ(stepsWithReplacement(0.5, 0.75), 2u);
  EXPECT_EQ(stepsWithReplacement(1.0, 0.99), 1u);
  EXPECT_FALSE(stepsWithReplacement(0.0, 0.5));
  EXPECT_TRUE(std::isinf(formulaSteps(0.0, 0.5)));
}

TEST(WellPerforming, WithoutReplacementByHand) {
  // N = 10, K = 2. All of n distinct draws miss with C(8,n)/C(10,n):
  //   n=1: 8/10 = 0.8;  n=2: 0.8 * 7/9 = 0.6222;  n=3: 0.6222 * 6/8 = 0.4667
  //   n=4: 0.4667 * 5/7 = 0.3333;  n=5: 0.3333 * 4/6 = 0.2222;
  //   n=6: 0.2222 * 3/5 = 0.1333;  n=7: 0.1333 * 2/4 = 0.0667;
  //   n=8: 0.0667 * 1/3 = 0.0222;  n=9: 0.
  // p_s = 0.5 -> 3 (0.4667 <= 0.5); 0.9 -> 7 (0.0667 <= 0.1); 0.99 -> 9.
  EXPECT_EQ(stepsWithoutReplacement(10, 2, 0.5), 3u);
  EXPECT_EQ(stepsWithoutReplacement(10, 2, 0.9), 7u);
  EXPECT_EQ(stepsWithoutReplacement(10, 2, 0.99), 9u);
  // With replacement, p_b = 0.2: ln 0.5 / ln 0.8 = 3.106 -> 4;
  // ln 0.1 / ln 0.8 = 10.32 -> 11: more draws, since repeats are wasted.
  EXPECT_EQ(stepsWithReplacement(0.2, 0.5), 4u);
  EXPECT_EQ(stepsWithReplacement(0.2, 0.9), 11u);
  // The paper's example without replacement in a space of 100 with one
  // good configuration: all n miss with (100 - n) / 100 <= 0.1 -> n = 90.
  EXPECT_EQ(stepsWithoutReplacement(100, 1, 0.9), 90u);
  EXPECT_FALSE(stepsWithoutReplacement(100, 0, 0.9));
  EXPECT_EQ(stepsWithoutReplacement(5, 5, 0.99), 1u);
}

TEST(WellPerforming, EstimatesAndMeansOfATable) {
  // threeParameterTable: 6 configurations, best 1.0, limit 1.1: K = 2
  // ((3,0) = 1.0 and (3,1) = 1.05), p_b = 1/3.
  //   p_s = 0.5: ln 0.5 / ln(2/3) = 1.7095 -> 2; without: 4/6 = 0.667,
  //              then 4/6 * 3/5 = 0.4 -> 2.
  //   p_s = 0.9: ln 0.1 / ln(2/3) = 5.679 -> 6; without: 0.4 * 2/4 = 0.2,
  //              then 0.2 * 1/3 = 0.0667 -> 4.
  // Means: 1 / p_b = 3; (N + 1) / (K + 1) = 7 / 3.
  std::optional<WellPerformingShare> Share = measureWellPerforming(threeParameterTable(), 0.1);
  ASSERT_TRUE(Share);
  EXPECT_EQ(Share->WellPerforming, 2u);
  const double Probabilities[] = {0.5, 0.9};
  std::vector<StepEstimate> Steps = estimateSteps(*Share, Probabilities);
  ASSERT_EQ(Steps.size(), 2u);
  EXPECT_NEAR(Steps[0].Formula, 1.7095, 1e-4);
  EXPECT_EQ(Steps[0].WithReplacement, 2u);
  EXPECT_EQ(Steps[0].WithoutReplacement, 2u);
  EXPECT_NEAR(Steps[1].Formula, 5.679, 1e-3);
  EXPECT_EQ(Steps[1].WithReplacement, 6u);
  EXPECT_EQ(Steps[1].WithoutReplacement, 4u);
  EXPECT_DOUBLE_EQ(expectedStepsWithReplacement(*Share), 3.0);
  EXPECT_DOUBLE_EQ(expectedStepsWithoutReplacement(*Share), 7.0 / 3.0);
}
