//===- AucBanditTest.cpp - The AUC bandit meta-technique ------------------===//
//
// The choice is the argmax of the scores (the reference ignores them), an
// arm that keeps improving gets most uses, the AUC credit weighs recent
// uses most, and the default bandit finds the bowl's optimum.
//
//===----------------------------------------------------------------------===//
#include "Search/Techniques/AucBandit.h"
#include "TechniqueProblem.h"

#include "SearchTestSpaces.h"
#include "TechniqueLandscape.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace atfc;
using namespace atfc::test;

namespace {

struct TwoArms {
  ChainOfTrees Space = bowlSpace();
  SearchDomain Domain{Space};
  Point Good{0.1, 0.1, 0.1, 0.1}, Bad{0.9, 0.9, 0.9, 0.9};
  std::shared_ptr<ScriptLog> GoodLog = std::make_shared<ScriptLog>(),
                             BadLog = std::make_shared<ScriptLog>();
  std::unique_ptr<AucBandit> Bandit;

  explicit TwoArms(double C) {
    std::vector<std::unique_ptr<SearchTechnique>> Arms;
    Arms.push_back(
        std::make_unique<ScriptedTechnique>(std::vector<std::vector<Point>>{{Bad}}, BadLog, "bad"));
    Arms.push_back(std::make_unique<ScriptedTechnique>(std::vector<std::vector<Point>>{{Good}},
                                                       GoodLog, "good"));
    Bandit = std::make_unique<AucBandit>(std::move(Arms), C, 100);
    Bandit->initialize(Domain, 1);
  }
};

} // namespace

TEST(AucBanditTest, ChoosesTheArmOfTheHighestScore) {
  TwoArms Run(0.05);
  double Improving = 1000;
  for (int I = 0; I < 300; ++I) {
    const double Max = std::max(Run.Bandit->score(0), Run.Bandit->score(1));
    const Point P = Run.Bandit->propose(1).at(0);
    const std::size_t Chosen = P == Run.Good ? 1 : 0;
    EXPECT_EQ(Run.Bandit->score(Chosen), Max) << "step " << I;
    Run.Bandit->report(P, Chosen == 1 ? Cost{Improving -= 1} : Cost{5000.0});
  }
  EXPECT_GT(Run.Bandit->usesOf(1), 270u) << "the improving arm gets most uses";
  EXPECT_GT(Run.Bandit->credit(1), 0.99);
  EXPECT_EQ(Run.Bandit->credit(0), 0.0);
  EXPECT_EQ(Run.GoodLog->Reports.size() + Run.BadLog->Reports.size(), 300u);
}

TEST(AucBanditTest, ExplorationTermRevisitsTheOtherArm) {
  // With a large c the arm without successes keeps being tried.
  TwoArms Run(10.0);
  double Improving = 1000;
  for (int I = 0; I < 200; ++I) {
    const Point P = Run.Bandit->propose(1).at(0);
    Run.Bandit->report(P, P == Run.Good ? Cost{Improving -= 1} : Cost{5000.0});
  }
  EXPECT_GT(Run.Bandit->usesOf(0), 50u);
}

TEST(AucBanditTest, CreditWeighsRecentUsesMost) {
  // Successes early, then failures: the credit falls below the success rate.
  TwoArms Run(0.0);
  double Improving = 1000;
  for (int I = 0; I < 40; ++I) {
    const Point P = Run.Bandit->propose(1).at(0);
    const bool Success = P == Run.Good && Run.Bandit->usesOf(1) < 10;
    Run.Bandit->report(P, Success ? Cost{Improving -= 1} : Cost{5000.0});
  }
  const double N = double(Run.Bandit->usesOf(1));
  EXPECT_LT(Run.Bandit->credit(1), 10.0 / N);
}

TEST(AucBanditTest, DefaultFindsTheBowlOptimum) {
  for (std::uint64_t Seed = 1; Seed <= 5; ++Seed) {
    AucBandit T;
    LandscapeRun Run = runOnBowl(T, 400, Seed);
    EXPECT_NE(Run.ToOptimum, 0u) << "seed " << Seed << ", best " << Run.Best;
  }
  AucBandit A, B;
  EXPECT_EQ(runOnBowl(A, 150, 4).Proposed, runOnBowl(B, 150, 4).Proposed);
}

TEST(AucBanditTest, Described) {
  EXPECT_EQ(AucBandit().describe(),
            "auc_bandit(0.2, 500, local_search(24, 3, 3, 0, 10), bayes_opt(8, 2, 150, 1000))");
  EXPECT_NE(techniqueProblem("auc_bandit(-1)"), "");
  EXPECT_NE(techniqueProblem("auc_bandit(0.1, 0)"), "");
}

TEST(AucBanditTest, OtherArmsFillABatchTheChosenArmCannot) {
  const ChainOfTrees Space = bowlSpace();
  const SearchDomain Domain(Space);
  const std::vector<Point> Few = {{0.1, 0.1, 0.1, 0.1}, {0.2, 0.2, 0.2, 0.2}};
  std::vector<Point> Many;
  for (int I = 1; I <= 10; ++I) {
    const double V = 0.3 + 0.06 * I;
    Many.push_back({V, V, V, V});
  }
  auto FewLog = std::make_shared<ScriptLog>(), ManyLog = std::make_shared<ScriptLog>();
  std::vector<std::unique_ptr<SearchTechnique>> Arms;
  Arms.push_back(
      std::make_unique<ScriptedTechnique>(std::vector<std::vector<Point>>{Few}, FewLog, "few"));
  Arms.push_back(
      std::make_unique<ScriptedTechnique>(std::vector<std::vector<Point>>{Many}, ManyLog, "many"));
  AucBandit Bandit(std::move(Arms), 0.2, 100);
  Bandit.initialize(Domain, 4);
  double Cost = 100;
  for (int Batch = 0; Batch < 20; ++Batch) {
    const std::vector<Point> Points = Bandit.propose(6);
    ASSERT_EQ(Points.size(), 6u) << "batch " << Batch; // 2 + 4, or 6 of the 10
    for (const Point &P : Points)
      Bandit.report(P, atfc::Cost{Cost -= 1});
  }
  // Each arm is told exactly the results of its own points, in order.
  EXPECT_EQ(FewLog->Reports.size() + ManyLog->Reports.size(), 120u);
  std::size_t FewProposed = 0;
  for (std::size_t B : FewLog->Batches)
    FewProposed += B;
  EXPECT_EQ(FewLog->Reports.size(), FewProposed);
  EXPECT_GT(FewProposed, 0u);
  for (const auto &[P, R] : FewLog->Reports)
    EXPECT_NE(std::find(Few.begin(), Few.end(), P), Few.end());
  for (const auto &[P, R] : ManyLog->Reports)
    EXPECT_NE(std::find(Many.begin(), Many.end(), P), Many.end());
  // A batch of one is the chosen arm's alone.
  EXPECT_EQ(Bandit.propose(1).size(), 1u);
}
