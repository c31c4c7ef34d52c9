//===- AtfPortfolioTest.cpp - ATF's own AUC bandit portfolio --------------===//
//
// atf_portfolio is the AUC bandit with ATF's numbers over differential
// evolution, Nelder-Mead and Torczon, and writes itself as that bandit;
// it takes other arms and numbers like auc_bandit; finds the bowl's
// optimum; deterministic for a seed.
//
//===----------------------------------------------------------------------===//
#include "Search/Techniques/AtfPortfolio.h"

#include "Search/TechniqueFactory.h"

#include "TechniqueLandscape.h"

#include "TechniqueProblem.h"

#include <gtest/gtest.h>

using namespace atfc;
using namespace atfc::test;

TEST(AtfPortfolioTest, IsTheBanditOverAtfsTechniques) {
  const std::string Text = (*makeTechnique("atf_portfolio"))->describe();
  EXPECT_EQ(Text, "auc_bandit(0.05, 500, differential_evolution(20, 0.7, 0.9), "
                  "nelder_mead(0.5, 1, 2, 0.5, 0.5, 0.004), torczon(0.2, 2, 0.5, 0.004))");
  // What it writes builds the same technique.
  EXPECT_EQ((*makeTechnique(Text))->describe(), Text);
  EXPECT_EQ((*makeTechnique("atf_portfolio(0.1, 50, random)"))->describe(),
            "auc_bandit(0.1, 50, random)");
  EXPECT_NE(techniqueProblem("atf_portfolio(-1)"), "");
}

TEST(AtfPortfolioTest, FindsTheBowlOptimumDeterministically) {
  for (std::uint64_t Seed = 1; Seed <= 3; ++Seed) {
    std::unique_ptr<SearchTechnique> A = makeTechnique("atf_portfolio").take();
    std::unique_ptr<SearchTechnique> B = makeTechnique("atf_portfolio").take();
    const LandscapeRun RunA = runOnBowl(*A, 2000, Seed), RunB = runOnBowl(*B, 2000, Seed);
    EXPECT_NE(RunA.ToOptimum, 0u) << "seed " << Seed << ", best " << RunA.Best;
    EXPECT_EQ(RunA.Proposed, RunB.Proposed) << "seed " << Seed;
  }
}
