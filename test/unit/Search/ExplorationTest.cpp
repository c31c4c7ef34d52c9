//===- ExplorationTest.cpp - The engine of a tuning run -------------------===//
//
// Deduplication (an evaluation is a distinct configuration), known results
// answered without a measurement, remember(), the order of reports in a
// batch, restarts of a technique stuck on known configurations (and the
// end of the run for one that owns its search), the end of
// a run (abort condition, space exhausted), progress, and the status.
// Asynchronous dispatch (next() while configurations are measured, results
// in any order) for asynchronous techniques and for batch ones.
//
//===----------------------------------------------------------------------===//
#include "Search/Exploration.h"
#include "Search/TechniqueFactory.h"
#include "Search/Techniques/Exhaustive.h"
#include "Search/Techniques/RandomSearch.h"
#include "Support/Bug.h"

#include "SearchTestSpaces.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

using namespace atfc;
using namespace atfc::test;

namespace {

/// The point at the centre of configuration Index.
Point pointAt(const SearchDomain &Domain, std::uint64_t Index) {
  return Domain.pointOf(Domain.space().at(Index));
}

std::unique_ptr<ScriptedTechnique> scripted(std::vector<std::vector<Point>> Script,
                                            std::shared_ptr<ScriptLog> Log) {
  return std::make_unique<ScriptedTechnique>(std::move(Script), std::move(Log));
}

TEST(ExplorationTest, ATechniqueStuckOnOnePointNeverCountsItTwice) {
  const ChainOfTrees Space = paperSpace();
  const SearchDomain Domain(Space);
  auto Log = std::make_shared<ScriptLog>();
  std::map<std::uint64_t, int> Measured;
  auto Cost = [&](const Configuration &C) -> OptionalCost {
    ++Measured[indexIn(Space, C)];
    return distanceCost(Space, C, 5);
  };
  ExplorationResult R = explore(Space, scripted({{pointAt(Domain, 5)}}, Log),
                                AbortCondition::evaluations(50), 77, Cost);
  EXPECT_EQ(R.Status.Evaluations, 50u);
  EXPECT_EQ(R.Evaluations.size(), 50u);
  EXPECT_EQ(Measured.size(), 50u);
  for (const auto &[Index, Times] : Measured)
    EXPECT_EQ(Times, 1) << Index;
  EXPECT_EQ(indexIn(Space, R.Evaluations.front().Config), 5u);
  // Restarted, with the best result kept.
  EXPECT_GT(R.Restarts, 0u);
  EXPECT_EQ(R.Status.Best, (atfc::Cost{1.0}));
  EXPECT_EQ(indexIn(Space, R.Status.BestConfiguration), 5u);
  // Restart seeds come from the run's seed, each a different one.
  ASSERT_EQ(Log->Seeds.size(), R.Restarts + 1);
  EXPECT_EQ(Log->Seeds.front(), 77u);
  EXPECT_EQ(std::set<std::uint64_t>(Log->Seeds.begin(), Log->Seeds.end()).size(),
            Log->Seeds.size());
}

TEST(ExplorationTest, ATechniqueThatOwnsItsSearchIsNeverRestartedAndEndsTheRunWhenStuck) {
  const ChainOfTrees Space = paperSpace();
  const SearchDomain Domain(Space);
  auto Log = std::make_shared<ScriptLog>();
  auto Own = scripted({{pointAt(Domain, 5)}}, Log);
  Own->Restartable = false;
  Exploration Run(Space, std::move(Own), AbortCondition::evaluations(50), 77);
  std::vector<std::uint64_t> Measured;
  for (std::vector<Configuration> Batch = Run.next(); !Batch.empty(); Batch = Run.next())
    for (const Configuration &C : Batch) {
      Measured.push_back(indexIn(Space, C));
      Run.report(C, Cost{1.0});
    }
  // Only its own proposal measured, once; started once; the run ended
  // after EndAfterKnown known proposals in a row, saying so.
  EXPECT_EQ(Measured, std::vector<std::uint64_t>{5});
  EXPECT_EQ(Log->Seeds.size(), 1u);
  EXPECT_EQ(Run.restarts(), 0u);
  EXPECT_EQ(Run.fallbacks(), 0u);
  EXPECT_TRUE(Run.done());
  EXPECT_TRUE(Run.stalled());
  EXPECT_EQ(Log->Reports.size(), 1 + Exploration::EndAfterKnown);
  EXPECT_EQ(Run.status().Evaluations, 1u);
}

TEST(ExplorationTest, WithoutAnAbortConditionTheRunEndsWhenAllIsKnown) {
  const ChainOfTrees Space = paperSpace();
  const SearchDomain Domain(Space);
  auto Log = std::make_shared<ScriptLog>();
  std::set<std::uint64_t> Measured;
  ExplorationResult R = explore(Space, scripted({{pointAt(Domain, 0)}}, Log), std::nullopt, 1,
                                [&](const Configuration &C) -> OptionalCost {
                                  EXPECT_TRUE(Measured.insert(indexIn(Space, C)).second);
                                  return std::nullopt;
                                });
  EXPECT_EQ(R.Status.Evaluations, 200u);
  EXPECT_EQ(R.Status.ValidEvaluations, 0u);
  EXPECT_EQ(R.Status.Best, std::nullopt);
  EXPECT_TRUE(R.Status.Improvements.empty());
  EXPECT_EQ(Measured.size(), 200u);
}

TEST(ExplorationTest, AKnownPointIsAnsweredWithoutAMeasurement) {
  const ChainOfTrees Space = paperSpace();
  const SearchDomain Domain(Space);
  auto Log = std::make_shared<ScriptLog>();
  const Point P0 = pointAt(Domain, 0), P1 = pointAt(Domain, 1);
  Exploration Run(Space, scripted({{P0}, {P0}, {P1}}, Log), std::nullopt, 1);
  std::vector<Configuration> Batch = Run.next();
  ASSERT_EQ(Batch.size(), 1u);
  EXPECT_EQ(indexIn(Space, Batch[0]), 0u);
  Run.report(Batch[0], Cost{3.0});
  Batch = Run.next();
  ASSERT_EQ(Batch.size(), 1u);
  EXPECT_EQ(indexIn(Space, Batch[0]), 1u);
  // The second proposal of P0 got the known cost, without a measurement.
  ASSERT_EQ(Log->Reports.size(), 2u);
  EXPECT_EQ(Log->Reports[1].first, P0);
  EXPECT_EQ(Log->Reports[1].second, (Cost{3.0}));
  EXPECT_EQ(Run.status().Evaluations, 1u);
  Run.report(Batch[0], std::nullopt);
  EXPECT_EQ(Run.status().Evaluations, 2u);
  EXPECT_EQ(Run.status().ValidEvaluations, 1u);
  ASSERT_EQ(Log->Reports.size(), 3u);
  EXPECT_EQ(Log->Reports[2].second, std::nullopt);
}

TEST(ExplorationTest, ABatchKeepsTheTechniquesOrderOfReports) {
  const ChainOfTrees Space = paperSpace();
  const SearchDomain Domain(Space);
  auto Log = std::make_shared<ScriptLog>();
  const Point P0 = pointAt(Domain, 0), P1 = pointAt(Domain, 1), P2 = pointAt(Domain, 2);
  Exploration Run(Space, scripted({{P0}, {P1, P0, P1, P2}}, Log), std::nullopt, 1);
  std::vector<Configuration> First = Run.next(4);
  ASSERT_EQ(First.size(), 1u);
  Run.report(First[0], Cost{3.0});

  // The batch holds the two new configurations, each once.
  std::vector<Configuration> Batch = Run.next(4);
  ASSERT_EQ(Batch.size(), 2u);
  EXPECT_EQ(indexIn(Space, Batch[0]), 1u);
  EXPECT_EQ(indexIn(Space, Batch[1]), 2u);
  // A technique that is not asynchronous is not asked in the middle of
  // its batch: a rank that asks now gets nothing.
  EXPECT_TRUE(Run.next().empty());
  EXPECT_EQ(Log->Batches.size(), 2u);
  EXPECT_FALSE(Run.done());

  // P2's result waits behind P1's, which waits for its measurement.
  Run.report(Batch[1], Cost{20.0});
  EXPECT_EQ(Log->Reports.size(), 1u);
  Run.report(Batch[0], Cost{10.0});
  ASSERT_EQ(Log->Reports.size(), 5u);
  const std::vector<std::pair<Point, OptionalCost>> Expected = {
      {P0, Cost{3.0}}, {P1, Cost{10.0}}, {P0, Cost{3.0}}, {P1, Cost{10.0}}, {P2, Cost{20.0}}};
  EXPECT_EQ(Log->Reports, Expected);
  EXPECT_EQ(Run.status().Evaluations, 3u);
}

TEST(ExplorationTest, RememberedResultsAreNeverMeasured) {
  const ChainOfTrees Space = paperSpace();
  auto RunWith = [&](std::optional<AbortCondition> Abort, std::set<std::uint64_t> &Measured) {
    Exploration Run(Space, std::make_unique<Exhaustive>(), std::move(Abort), 1);
    Run.remember(Space.at(3), Cost{0.5});
    Run.remember(Space.at(10), std::nullopt);
    EXPECT_EQ(Run.status().Evaluations, 0u) << "counted only when proposed";
    while (!Run.done()) {
      std::vector<Configuration> Batch = Run.next(3);
      if (Batch.empty())
        break;
      for (const Configuration &C : Batch) {
        Measured.insert(indexIn(Space, C));
        Run.report(C, distanceCost(Space, C, 0));
      }
    }
    return Run.status();
  };
  std::set<std::uint64_t> Measured;
  const SearchStatus All = RunWith(std::nullopt, Measured);
  EXPECT_EQ(Measured.size(), 198u);
  EXPECT_FALSE(Measured.contains(3));
  EXPECT_FALSE(Measured.contains(10));
  EXPECT_EQ(All.Evaluations, 200u);
  EXPECT_EQ(All.ValidEvaluations, 199u);
  EXPECT_EQ(All.Best, (Cost{0.5}));
  EXPECT_EQ(indexIn(Space, All.BestConfiguration), 3u);

  // Index 3 is the 4th evaluation: evaluations(5) measures 0, 1, 2 and 4,
  // although batches of 3 are asked for.
  Measured.clear();
  const SearchStatus Five = RunWith(AbortCondition::evaluations(5), Measured);
  EXPECT_EQ(Five.Evaluations, 5u);
  EXPECT_EQ(Measured, (std::set<std::uint64_t>{0, 1, 2, 4}));
  EXPECT_EQ(Five.Improvements.size(), 2u); // index 0, then the remembered 0.5
}

TEST(ExplorationTest, BatchesDoNotOvershootTheBudget) {
  const ChainOfTrees Space = paperSpace();
  Exploration Run(Space, std::make_unique<RandomSearch>(), AbortCondition::evaluations(10), 8);
  std::vector<std::size_t> Sizes;
  while (true) {
    std::vector<Configuration> Batch = Run.next(4);
    if (Batch.empty())
      break;
    Sizes.push_back(Batch.size());
    for (const Configuration &C : Batch)
      Run.report(C, Cost{1.0});
  }
  EXPECT_EQ(Run.status().Evaluations, 10u);
  EXPECT_EQ(Sizes, (std::vector<std::size_t>{4, 4, 2}));
  EXPECT_TRUE(Run.done());
  EXPECT_EQ(Run.progress(), 1.0);
}

TEST(ExplorationTest, SingleValuedParametersTakeNoDimension) {
  const ChainOfTrees Space = spaceWithFixedParameters();
  Exploration Run(Space, std::make_unique<RandomSearch>(), std::nullopt, 3);
  EXPECT_EQ(Run.domain().dimensions(), 1u);
  EXPECT_EQ(Run.domain().levelOf(0), 1u);
  ExplorationResult R = explore(Space, std::make_unique<RandomSearch>(), std::nullopt, 3,
                                [&](const Configuration &C) { return distanceCost(Space, C, 2); });
  EXPECT_EQ(R.Status.Evaluations, 5u);
  EXPECT_EQ(R.Restarts, 0u);
  // The paper's space: the level of n5 (one child per node) takes none.
  const ChainOfTrees Paper = paperSpace();
  EXPECT_EQ(SearchDomain(Paper).dimensions(), Paper.numLevels() - 1);
}

TEST(ExplorationTest, SeveralObjectivesAreLexicographic) {
  const ChainOfTrees Space = paperSpace();
  ExplorationResult R =
      explore(Space, std::make_unique<Exhaustive>(), std::nullopt, 1, [&](const Configuration &C) {
        const double I = static_cast<double>(indexIn(Space, C));
        return OptionalCost(Cost{static_cast<std::uint64_t>(I) % 2 == 0 ? 1.0 : 2.0, 200 - I});
      });
  EXPECT_EQ(R.Status.Best, (Cost{1.0, 2.0}));
  EXPECT_EQ(indexIn(Space, R.Status.BestConfiguration), 198u);
  const std::vector<Improvement> &History = R.Status.Improvements;
  ASSERT_EQ(History.size(), 100u); // every even index improves the second cost
  for (std::size_t I = 1; I < History.size(); ++I) {
    EXPECT_TRUE(betterCost(History[I].BestCost, History[I - 1].BestCost));
    EXPECT_GT(History[I].Evaluation, History[I - 1].Evaluation);
  }
}

TEST(ExplorationTest, TheAbortConditionEndsTheRun) {
  const ChainOfTrees Space = paperSpace();
  auto Cost = [&](const Configuration &C) { return distanceCost(Space, C, 60); };
  ExplorationResult R =
      explore(Space, std::make_unique<RandomSearch>(), AbortCondition::evaluations(30), 4, Cost);
  EXPECT_EQ(R.Status.Evaluations, 30u);
  for (std::size_t I = 0; I < R.Evaluations.size(); ++I)
    EXPECT_EQ(R.Evaluations[I].Number, I + 1);
  R = explore(Space, std::make_unique<RandomSearch>(), AbortCondition::fraction(0.1), 4, Cost);
  EXPECT_EQ(R.Status.Evaluations, 20u);
  R = explore(Space, std::make_unique<Exhaustive>(), AbortCondition::cost({1.0}), 4, Cost);
  EXPECT_EQ(R.Status.Evaluations, 61u); // index 60 is the optimum
  R = explore(Space, std::make_unique<Exhaustive>(), AbortCondition::evaluations(0), 4, Cost);
  EXPECT_EQ(R.Status.Evaluations, 0u);

  // The run's clock: one second per measurement.
  double Seconds = 0;
  R = explore(
      Space, std::make_unique<RandomSearch>(), AbortCondition::duration(10), 4,
      [&](const Configuration &C) {
        Seconds += 1;
        return Cost(C);
      },
      [&] { return Seconds; });
  EXPECT_EQ(R.Status.Evaluations, 10u);
  EXPECT_DOUBLE_EQ(R.Status.ElapsedSeconds, 10.0);
}

TEST(ExplorationTest, ProgressAndTechniqueExpressions) {
  const ChainOfTrees Space = paperSpace();
  Exploration Run(Space, std::make_unique<Exhaustive>(), std::nullopt, 1);
  EXPECT_EQ(Run.progress(), 0.0);
  for (int I = 0; I < 50; ++I)
    for (const Configuration &C : Run.next())
      Run.report(C, Cost{1.0});
  EXPECT_DOUBLE_EQ(Run.progress(), 0.25);

  Exploration Bounded(Space, std::make_unique<Exhaustive>(), AbortCondition::evaluations(20), 1);
  for (int I = 0; I < 5; ++I)
    for (const Configuration &C : Bounded.next())
      Bounded.report(C, Cost{1.0});
  EXPECT_DOUBLE_EQ(Bounded.progress(), 0.25);

  Expected<TechniqueExpr> Expr = parseTechnique("round_robin(exhaustive, random)");
  ASSERT_TRUE(Expr.ok());
  Expected<ExplorationResult> R =
      explore(Space, *Expr, AbortCondition::evaluations(40), 2,
              [&](const Configuration &C) { return distanceCost(Space, C, 3); });
  ASSERT_TRUE(R.ok());
  EXPECT_EQ(R->Status.Evaluations, 40u);
  TechniqueExpr Unknown{"nope", {}, {}, 0};
  Expected<ExplorationResult> Failed = explore(
      Space, Unknown, std::nullopt, 1, [](const Configuration &) { return OptionalCost(); });
  ASSERT_FALSE(Failed.ok());
  EXPECT_NE(Failed.error().message().find("unknown search technique 'nope'"), std::string::npos);
}

// Misuse is a bug of the caller: it says so and aborts (Support/Bug.h).
TEST(ExplorationTest, MisuseIsABug) {
  const ChainOfTrees Space = paperSpace();
  Exploration Run(Space, std::make_unique<Exhaustive>(), std::nullopt, 1);
  const char *NotAwaited = "atfc: bug: Exploration::report: the configuration was not returned by "
                           "next\\(\\) or was reported already";
  EXPECT_DEATH(Run.report(Space.at(0), Cost{1.0}), NotAwaited);
  EXPECT_DEATH(Run.remember(Configuration{{0, 0}}, Cost{1.0}),
               "atfc: bug: Exploration::remember: the configuration is not in the space");
  EXPECT_DEATH(Run.remember(Configuration{{0, 99, 0}}, Cost{1.0}),
               "atfc: bug: Exploration::remember: the configuration is not in the space");
  std::vector<Configuration> Batch = Run.next();
  ASSERT_EQ(Batch.size(), 1u);
  Run.report(Batch[0], Cost{1.0});
  EXPECT_DEATH(Run.report(Batch[0], Cost{1.0}), NotAwaited);
  EXPECT_DEATH(Exploration(Space, nullptr, std::nullopt, 1),
               "atfc: bug: Exploration: an exploration needs a search technique");
}

/// What a run of P simulated ranks saw: each free rank asks next(), results
/// come back in an order drawn from OrderSeed.
struct AsyncRun {
  std::vector<std::uint64_t> Returned;  // configuration indices, in order
  std::vector<std::uint64_t> Completed; // the order of the reports
  /// Times next() returned configurations while others were outstanding.
  std::size_t WhileOutstanding = 0;
  /// Times a free rank got nothing while budget was left.
  std::size_t Idle = 0;
  std::uint64_t Evaluations = 0;
};

AsyncRun runAsync(const ChainOfTrees &Space, const std::string &Technique, std::size_t P,
                  std::uint64_t Budget, std::uint64_t Seed, std::uint64_t OrderSeed) {
  Exploration Run(Space, cantFail(makeTechnique(Technique)), AbortCondition::evaluations(Budget),
                  Seed);
  std::mt19937_64 Order(OrderSeed);
  std::vector<Configuration> Outstanding;
  AsyncRun R;
  std::set<std::uint64_t> Seen;
  while (true) {
    // Every free rank asks for its next configuration.
    while (Outstanding.size() < P && !Run.done()) {
      const bool Busy = !Outstanding.empty();
      std::vector<Configuration> More = Run.next(P - Outstanding.size());
      if (More.empty()) {
        // Idle while the budget is not all handed out.
        R.Idle += !Run.done() && Run.status().Evaluations + Outstanding.size() < Budget;
        break;
      }
      R.WhileOutstanding += Busy;
      for (Configuration &C : More) {
        const std::uint64_t Index = indexIn(Space, C);
        if (!Seen.insert(Index).second)
          reportBug(Technique + ": a configuration returned twice");
        R.Returned.push_back(Index);
        Outstanding.push_back(std::move(C));
      }
      if (Outstanding.size() > P)
        reportBug(Technique + ": more than asked");
    }
    if (Outstanding.empty())
      break;
    // One of them finishes: any of them.
    const std::size_t I =
        std::uniform_int_distribution<std::size_t>(0, Outstanding.size() - 1)(Order);
    R.Completed.push_back(indexIn(Space, Outstanding[I]));
    Run.report(Outstanding[I], distanceCost(Space, Outstanding[I], 5));
    Outstanding.erase(Outstanding.begin() + static_cast<std::ptrdiff_t>(I));
  }
  R.Evaluations = Run.status().Evaluations;
  EXPECT_TRUE(Run.done()) << Technique;
  return R;
}

// Property: ranks that ask as they finish, with results in random orders,
// never get a configuration twice, never overshoot the budget, and see the
// same run for the same seed and order. An asynchronous technique is asked
// while others measure; one that is not gets its batches whole.
TEST(ExplorationTest, RanksThatAskAsTheyFinishKeepEveryGuarantee) {
  const ChainOfTrees Space = paperSpace();
  for (const std::string Technique :
       {"auc_bandit", "random", "bayes_opt", "exhaustive", "local_search", "differential_evolution",
        "round_robin(random, local_search)"}) {
    const bool Asynchronous = cantFail(makeTechnique(Technique))->asynchronous();
    for (std::uint64_t OrderSeed = 1; OrderSeed <= 4; ++OrderSeed) {
      const std::size_t P = 1 + 3 * OrderSeed;
      const AsyncRun A = runAsync(Space, Technique, P, 60, 9, OrderSeed);
      const AsyncRun B = runAsync(Space, Technique, P, 60, 9, OrderSeed);
      EXPECT_EQ(A.Returned, B.Returned) << Technique << " is not deterministic";
      EXPECT_EQ(A.Completed, B.Completed) << Technique;
      EXPECT_EQ(A.Evaluations, 60u) << Technique;
      EXPECT_EQ(A.Returned.size(), 60u) << Technique << ": nothing discarded, nothing beyond";
      if (Asynchronous) {
        EXPECT_GT(A.WhileOutstanding, 0u) << Technique;
        EXPECT_EQ(A.Idle, 0u) << Technique << " left a rank idle";
      } else {
        EXPECT_EQ(A.WhileOutstanding, 0u) << Technique << " was asked in the middle of a batch";
      }
    }
  }
}

// One rank asking as it finishes is the sequential run.
TEST(ExplorationTest, OneRankAskingAsItFinishesIsTheSequentialRun) {
  const ChainOfTrees Space = paperSpace();
  for (const std::string Technique : {"auc_bandit", "bayes_opt", "local_search"}) {
    const AsyncRun A = runAsync(Space, Technique, 1, 40, 3, 1);
    const ExplorationResult S =
        explore(Space, cantFail(makeTechnique(Technique)), AbortCondition::evaluations(40), 3,
                [&](const Configuration &C) { return OptionalCost(distanceCost(Space, C, 5)); });
    std::vector<std::uint64_t> Sequential;
    for (const ExploredEvaluation &E : S.Evaluations)
      Sequential.push_back(indexIn(Space, E.Config));
    EXPECT_EQ(A.Returned, Sequential) << Technique;
  }
}

TEST(ExplorationTest, AnEmptySpaceIsABug) {
  // Callers refuse an empty space before (Tuning/TuningRun.cpp says
  // "the search space is empty").
  auto None = group(parameter("X", interval<int>(1, 4), greater_than(9)));
  const ChainOfTrees Empty = cantFail(generateSpace(GenerationOptions{1}, None));
  ASSERT_TRUE(Empty.empty());
  EXPECT_DEATH(Exploration(Empty, std::make_unique<Exhaustive>(), std::nullopt, 1),
               "atfc: bug: SearchDomain: the search space is empty");
}

} // namespace
