//===- WarmStartTest.cpp - Exploration::warmStart -------------------------===//
//
// A warm start's configurations are evaluated first, in order, in batches;
// known ones are skipped; the technique sees their results through
// observePrior() (a local search then descends from the best of them) and is
// never sent their reports; configurations outside the space are refused.
// Costs measured elsewhere reach a model through the bandit.
//
//===----------------------------------------------------------------------===//
#include "Search/Exploration.h"
#include "Search/TechniqueFactory.h"
#include "Search/Techniques/LocalSearch.h"

#include "SearchTestSpaces.h"
#include "TechniqueLandscape.h"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>
#include <string_view>

using namespace atfc;
using namespace atfc::test;

TEST(WarmStartTest, WarmStartComesFirstAndSkipsKnownConfigurations) {
  const ChainOfTrees Space = paperSpace();
  const SearchDomain Domain(Space);
  auto Log = std::make_shared<ScriptLog>();
  Exploration Run(Space,
                  std::make_unique<ScriptedTechnique>(
                      std::vector<std::vector<Point>>{{Domain.pointOf(Space.at(50))}}, Log),
                  AbortCondition::evaluations(20), 1);
  Run.remember(Space.at(7), Cost{3.0});
  Run.warmStart({Space.at(9), Space.at(7), Space.at(11), Space.at(12)});
  std::vector<Configuration> First = Run.next(2);
  ASSERT_EQ(First.size(), 2u);
  EXPECT_EQ(First[0], Space.at(9));
  EXPECT_EQ(First[1], Space.at(11)); // 7 is known: evaluated without a measurement
  EXPECT_EQ(Run.status().Evaluations, 1u);
  for (const Configuration &C : First)
    Run.report(C, distanceCost(Space, C, 0));
  std::vector<Configuration> Second = Run.next(2);
  ASSERT_EQ(Second.size(), 1u);
  EXPECT_EQ(Second[0], Space.at(12));
  Run.report(Second[0], distanceCost(Space, Second[0], 0));
  // Then the technique; it was told nothing about the warm start.
  std::vector<Configuration> Third = Run.next(1);
  ASSERT_EQ(Third.size(), 1u);
  EXPECT_EQ(Third[0], Space.at(50));
  EXPECT_TRUE(Log->Reports.empty());
  EXPECT_EQ(Run.status().Evaluations, 4u);
  EXPECT_DEATH(Run.warmStart({Configuration{{999, 0, 0}}}),
               "atfc: bug: Exploration::warmStart: a configuration is not in the space");
}

// CLI tester: a second `atfc tune --inputs` run answered its warm start
// from the first run's results without recording them (0 rows, "no valid
// configuration"). Every remembered configuration that counts as an
// evaluation, by whichever path it is proposed (the warm start, the
// technique, the fallback), reaches onReused once, and the evaluations are
// those measured and those reused.
TEST(WarmStartTest, EveryRememberedConfigurationEvaluatedIsReportedReused) {
  const ChainOfTrees Space = paperSpace();
  for (std::uint64_t Seed = 1; Seed <= 20; ++Seed) {
    Exploration Run(Space, makeTechnique("random").take(), std::nullopt, Seed);
    std::mt19937_64 Rng(Seed);
    std::set<std::uint64_t> Remembered;
    std::vector<Configuration> Warm;
    for (int I = 0; I < 60; ++I) {
      const std::uint64_t Index = Rng() % 200;
      if (Remembered.insert(Index).second)
        Run.remember(Space.at(Index), Cost{double(Index)});
      if (I % 3 == 0)
        Warm.push_back(Space.at(Rng() % 200));
    }
    Run.warmStart(Warm);
    std::map<std::uint64_t, int> Reused;
    Run.onReused([&](const Configuration &C) { ++Reused[indexIn(Space, C)]; });
    std::size_t Measured = 0;
    while (!Run.done()) {
      std::vector<Configuration> Batch = Run.next(4);
      if (Batch.empty())
        break;
      for (const Configuration &C : Batch) {
        EXPECT_FALSE(Remembered.contains(indexIn(Space, C))) << "seed " << Seed;
        ++Measured;
        Run.report(C, distanceCost(Space, C, 0));
      }
    }
    EXPECT_EQ(Reused.size(), Remembered.size()) << "seed " << Seed;
    for (const auto &[Index, Times] : Reused) {
      EXPECT_TRUE(Remembered.contains(Index)) << Index;
      EXPECT_EQ(Times, 1) << Index;
    }
    EXPECT_EQ(Run.status().Evaluations, Measured + Reused.size()) << "seed " << Seed;
  }
}

TEST(WarmStartTest, LocalSearchDescendsFromTheWarmStart) {
  const ChainOfTrees Space = bowlSpace();
  // Next to the optimum (3, 7, 5, 1): (3, 7, 5, 2) and a poor one.
  const Configuration Near = *Space.withValueIndices(std::vector<std::uint64_t>{3, 7, 5, 2});
  const Configuration Poor = *Space.withValueIndices(std::vector<std::uint64_t>{9, 0, 9, 9});
  // However many random samples it would take first: a warm start's
  // results end the random phase (observePrior).
  for (std::size_t Samples : {1, 24}) {
    std::vector<std::size_t> Cold, Warm;
    for (std::uint64_t Seed = 1; Seed <= 8; ++Seed)
      for (bool WithPrior : {false, true}) {
        Exploration Run(Space, std::make_unique<LocalSearch>(Samples, 3, 3),
                        AbortCondition::evaluations(400), Seed);
        if (WithPrior)
          Run.warmStart({Poor, Near});
        std::size_t ToOptimum = 0;
        while (!Run.done() && !ToOptimum) {
          std::vector<Configuration> Batch = Run.next(1);
          for (const Configuration &C : Batch) {
            Run.report(C, bowlCost(Space, C));
            if (Run.status().Best == Cost{1.0} && !ToOptimum)
              ToOptimum = Run.status().Evaluations;
          }
        }
        ASSERT_NE(ToOptimum, 0u);
        (WithPrior ? Warm : Cold).push_back(ToOptimum);
      }
    // With the prior the optimum is one adjacent move away from the start:
    // the two prior configurations, the sample, and at most the eight
    // adjacent moves of Near.
    for (std::size_t W : Warm)
      EXPECT_LE(W, 11u) << Samples << " samples";
    std::sort(Cold.begin(), Cold.end());
    EXPECT_GT(Cold[4], 11u) << Samples << " samples";
  }
}

TEST(WarmStartTest, CostsMeasuredElsewhereReachTheDefaultsModel) {
  // Costs the parameters do not predict (scrambledCosts): the default
  // bandit searches about as random search does, unless Exploration passes
  // the costs measured elsewhere on through the bandit to its model.
  const ChainOfTrees Space = bowlSpace();
  const std::vector<double> Cost = scrambledCosts();
  auto Median = [&](bool WithCosts) {
    std::vector<std::pair<Configuration, double>> Elsewhere;
    const std::vector<double> There = costsElsewhere(Cost, true);
    for (std::uint64_t I = 0; I < There.size(); ++I)
      Elsewhere.emplace_back(Space.at(BigCount(static_cast<unsigned long>(I))), There[I]);
    std::vector<std::uint64_t> ToOptimum;
    for (std::uint64_t Seed = 1; Seed <= 5; ++Seed) {
      Exploration Run(Space, makeTechnique("auc_bandit").take(), AbortCondition::evaluations(300),
                      Seed);
      if (WithCosts)
        Run.measuredElsewhere(Elsewhere);
      std::uint64_t At = 301;
      while (!Run.done() && At == 301)
        for (const Configuration &C : Run.next(1)) {
          Run.report(C, atfc::Cost{Cost[Space.indexOf(C).get_ui()]});
          if (Run.status().Best == atfc::Cost{1.0})
            At = Run.status().Evaluations;
        }
      ToOptimum.push_back(At);
    }
    std::sort(ToOptimum.begin(), ToOptimum.end());
    return ToOptimum[2];
  };
  EXPECT_LE(Median(true), 150u);
  EXPECT_EQ(Median(false), 301u);
  EXPECT_DEATH(
      Exploration(Space, makeTechnique("auc_bandit").take(), AbortCondition::evaluations(1), 1)
          .measuredElsewhere({{Configuration{{999, 0, 0, 0}}, 1.0}}),
      "atfc: bug: Exploration::measuredElsewhere: a configuration is not in the space");
}

TEST(WarmStartTest, TheBanditPassesTheWarmStartToItsArms) {
  const ChainOfTrees Space = bowlSpace();
  const Configuration Near = *Space.withValueIndices(std::vector<std::uint64_t>{3, 7, 5, 2});
  auto Median = [&](std::string_view Technique, bool WithPrior) {
    std::vector<std::uint64_t> ToOptimum;
    for (std::uint64_t Seed = 1; Seed <= 9; ++Seed) {
      Exploration Run(Space, makeTechnique(Technique).take(), AbortCondition::evaluations(2000),
                      Seed);
      if (WithPrior)
        Run.warmStart({Near});
      std::uint64_t At = 2000;
      while (!Run.done() && At == 2000)
        for (const Configuration &C : Run.next(1)) {
          Run.report(C, bowlCost(Space, C));
          if (Run.status().Best == Cost{1.0})
            At = Run.status().Evaluations;
        }
      ToOptimum.push_back(At);
    }
    std::sort(ToOptimum.begin(), ToOptimum.end());
    return ToOptimum[4];
  };
  // Arms that descend from the best known configuration: the prior one
  // move from the optimum halves the evaluations.
  const std::string_view Descending =
      "auc_bandit(0.2, 500, local_search(24, 3, 3, 0, 10), greedy_mutation(0.3, 0.1, 0.8))";
  EXPECT_LT(2 * Median(Descending, true), Median(Descending, false));
  // The default's model finds a bowl's optimum in a few evaluations
  // anyway; the prior still saves some.
  EXPECT_LT(Median("auc_bandit", true), Median("auc_bandit", false));
}
