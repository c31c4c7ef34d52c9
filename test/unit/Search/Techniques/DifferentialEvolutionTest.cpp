//===- DifferentialEvolutionTest.cpp - DE/rand/1/bin ----------------------===//
//
// Donors are distinct and never the target (a bug of the reference); a
// generation is one batch; finds the bowl's optimum; numbers are checked.
//
//===----------------------------------------------------------------------===//
#include "Search/Techniques/DifferentialEvolution.h"

#include "TechniqueLandscape.h"

#include "TechniqueProblem.h"

#include <gtest/gtest.h>

#include <set>

using namespace atfc;
using namespace atfc::test;

TEST(DifferentialEvolutionTest, DonorsAreDistinctAndNeverTheTarget) {
  std::mt19937_64 Rng(1);
  for (std::size_t Population = 4; Population <= 9; ++Population) {
    std::set<std::size_t> Drawn;
    for (std::size_t Target = 0; Target < Population; ++Target)
      for (int I = 0; I < 200; ++I) {
        const auto D = DifferentialEvolution::pickDonors(Target, Population, Rng);
        EXPECT_EQ(std::set<std::size_t>(D.begin(), D.end()).size(), 3u);
        for (std::size_t X : D) {
          EXPECT_NE(X, Target);
          EXPECT_LT(X, Population);
          Drawn.insert(X);
        }
      }
    EXPECT_EQ(Drawn.size(), Population) << "every member serves as a donor";
  }
}

TEST(DifferentialEvolutionTest, TrialsDifferFromTheirTargetsOnlyByDonorDifferences) {
  // With a population of 4 the donors of a target are exactly the other
  // three members, so each trial coordinate is the target's or a + f(b - c)
  // for some order of the other members (reflected into (0,1]).
  const ChainOfTrees Space = bowlSpace();
  const SearchDomain Domain(Space);
  DifferentialEvolution T(4, 0.5, 1.0);
  T.initialize(Domain, 5);
  for (const Point &P : T.propose(4))
    T.report(P, Cost{1.0 + P[0]});
  const std::vector<Point> Members = T.members();
  const std::vector<Point> Trials = T.propose(4);
  ASSERT_EQ(Trials.size(), 4u) << "a generation is one batch";
  for (std::size_t Target = 0; Target < 4; ++Target)
    for (std::size_t I = 0; I < 4; ++I) {
      bool Explained = false;
      for (std::size_t A = 0; A < 4; ++A)
        for (std::size_t B = 0; B < 4; ++B)
          for (std::size_t C = 0; C < 4; ++C) {
            if (A == Target || B == Target || C == Target || A == B || A == C || B == C)
              continue;
            double X = Members[A][I] + 0.5 * (Members[B][I] - Members[C][I]);
            X = X > 1 ? 2 - X : (X <= 0 ? -X : X);
            Explained |= std::abs(X - Trials[Target][I]) < 1e-12;
          }
      EXPECT_TRUE(Explained) << "target " << Target << ", coordinate " << I;
    }
}

TEST(DifferentialEvolutionTest, FindsTheBowlOptimum) {
  for (std::uint64_t Seed = 1; Seed <= 5; ++Seed) {
    DifferentialEvolution T;
    LandscapeRun Run = runOnBowl(T, 2000, Seed, 20);
    EXPECT_NE(Run.ToOptimum, 0u) << "seed " << Seed << ", best " << Run.Best;
  }
}

TEST(DifferentialEvolutionTest, NumbersAreChecked) {
  EXPECT_NE(techniqueProblem("differential_evolution(3)"), "");
  EXPECT_NE(techniqueProblem("differential_evolution(10.5)"), "");
  EXPECT_NE(techniqueProblem("differential_evolution(10, 0.5, 1.5)"), "");
  EXPECT_EQ(techniqueProblem("differential_evolution(10, 0.5)"), "");
  EXPECT_EQ((*makeTechnique("differential_evolution"))->describe(),
            "differential_evolution(20, 0.7, 0.9)");
}
