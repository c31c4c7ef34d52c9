//===- ScaleSimulationTest.cpp - Tuning on P ranks, simulated ---------------===//
//
// Simulated runs on a small Kernel Tuner cache with recorded compile and
// benchmark times, read by the real reader: one rank evaluates in the
// order of a sequential replay and takes the recorded seconds plus the
// search's measured ones, in batches and with asynchronous dispatch alike;
// many ranks never measure a configuration twice; with asynchronous
// dispatch a rank waits only for rank 0's measured time, never for a
// batch; rank 0's busy share is its measured time over the wall time.
//
//===----------------------------------------------------------------------===//
#include "Replay/ScaleSimulation.h"
#include "../Results/RecordedDataFiles.h"
#include "Replay/RecordedSpace.h"
#include "Search/AbortCondition.h"
#include "Search/Exploration.h"
#include "Search/TechniqueFactory.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

using namespace atfc;
using namespace atfc::test;

namespace {

namespace fs = std::filesystem;

/// The grid cache of RecordedDataFiles.h with Kernel Tuner's times (ms):
/// compiling takes 1,000 + 100 X, the benchmark 50 Y + 10, a failed one
/// only its compilation.
std::string timedGridCache() {
  std::string Text = R"({"tune_params_keys": ["X", "Y"], "kernel_name": "grid", "cache": {)";
  bool First = true;
  for (int X = 0; X < 12; ++X)
    for (int Y = 0; Y < 10; ++Y) {
      if ((X * 7 + Y * 3) % 11 == 0)
        continue;
      const bool Failed = (X + Y) % 9 == 0;
      const std::string Time = Failed ? "\"RuntimeFailedConfig\""
                                      : std::to_string(1 + (X - 7) * (X - 7) + (Y - 3) * (Y - 3));
      Text += (First ? "" : ",\n") + std::string("\"") + std::to_string(X) + "," +
              std::to_string(Y) + "\": {\"X\": " + std::to_string(X) +
              ", \"Y\": " + std::to_string(Y) + ", \"time\": " + Time +
              ", \"compile_time\": " + std::to_string(1000 + 100 * X) +
              ", \"benchmark_time\": " + std::to_string(Failed ? 0 : 50 * Y + 10) + "}";
      First = false;
    }
  return Text + "}}";
}

struct Fixture {
  RecordedData Data;
  ChainOfTrees Space;
  std::unique_ptr<ReplayBackend> Backend;
};

Fixture readFixture(const std::string &Text) {
  const ScopedTempDirectory Scratch("atfc-scale-sim");
  writeGzip(Scratch.path() / "grid.json.gz", Text);
  Expected<RecordedData> D = readRecordedData((Scratch.path() / "grid.json.gz").string());
  EXPECT_TRUE(D.ok()) << D.error().message();
  Fixture F{D.take(), {}, nullptr};
  F.Space = recordedSpace(F.Data).take();
  F.Backend = std::make_unique<ReplayBackend>(F.Data, F.Data.Parameters);
  return F;
}

/// The recorded seconds of C.
double secondsOf(const Fixture &F, const Configuration &C) {
  const std::optional<std::size_t> I = F.Backend->find(F.Space.values(C));
  EXPECT_TRUE(I.has_value());
  return recordedEvaluationSeconds(F.Data.Entries.at(*I), -1);
}

TEST(ScaleSimulationTest, OneRankEvaluatesInTheSequentialReplaysOrder) {
  const Fixture F = readFixture(timedGridCache());
  for (const auto &[Technique, Asynchronous] :
       {std::pair{std::string(defaultTechniqueText()), false},
        std::pair{std::string(defaultTechniqueText()), true},
        std::pair{std::string("random"), false}, std::pair{std::string("random"), true}}) {
    SCOPED_TRACE(Technique + (Asynchronous ? ", asynchronous" : ", batches"));
    ScaleSimulationOptions O;
    O.Technique = Technique;
    O.Asynchronous = Asynchronous;
    O.Seed = 3;
    O.KeepEvaluations = true;
    Expected<ScaleSimulationRun> R = simulateScaleOut(F.Space, *F.Backend, O);
    ASSERT_TRUE(R.ok()) << R.error().message();
    ASSERT_TRUE(R->Within5Seconds.has_value());
    // explore(): the sequential replay, one configuration at a time.
    const double Optimum = F.Backend->optimum()->front();
    ExplorationResult Sequential =
        explore(F.Space, makeTechnique(Technique).take(), AbortCondition::evaluations(500), 3,
                [&](const Configuration &C) -> OptionalCost {
                  const EvaluationRecord &E =
                      F.Data.Entries.at(*F.Backend->find(F.Space.values(C)));
                  return E.Result.Valid ? OptionalCost(E.Result.Costs) : std::nullopt;
                });
    std::uint64_t FirstClose = 0;
    for (const ExploredEvaluation &E : Sequential.Evaluations)
      if (!FirstClose && E.Result && E.Result->front() <= Optimum * 1.05)
        FirstClose = E.Number;
    ASSERT_GT(FirstClose, 1u);
    EXPECT_EQ(R->Within5Evaluations, FirstClose);
    ASSERT_EQ(R->Order.size(), FirstClose);
    // One rank: each evaluation starts when the one before ended (plus the
    // search's time), and takes its recorded seconds.
    double Recorded = 0;
    for (std::size_t I = 0; I < R->Order.size(); ++I) {
      EXPECT_EQ(R->Order[I].Config, Sequential.Evaluations[I].Config) << I;
      EXPECT_EQ(R->Order[I].Rank, 0u);
      EXPECT_NEAR(R->Order[I].End - R->Order[I].Start, secondsOf(F, R->Order[I].Config), 1e-9);
      if (I > 0) {
        EXPECT_GE(R->Order[I].Start, R->Order[I - 1].End);
      }
      Recorded += secondsOf(F, R->Order[I].Config);
    }
    EXPECT_EQ(R->DefaultTimes, 0u);
    EXPECT_EQ(R->RecordedTimes, FirstClose);
    EXPECT_GT(Recorded, 1.0 * static_cast<double>(FirstClose)); // at least 1 s each
    EXPECT_NEAR(R->WallSeconds, Recorded + R->SearchSeconds, 1e-9 * R->WallSeconds);
    EXPECT_NEAR(R->IdleShare, R->SearchSeconds / R->WallSeconds, 1e-9);
  }
}

TEST(ScaleSimulationTest, ManyRanksNeverMeasureAConfigurationTwice) {
  const Fixture F = readFixture(timedGridCache());
  for (std::uint64_t Ranks : {4u, 16u, 64u, 1024u}) {
    SCOPED_TRACE(Ranks);
    ScaleSimulationOptions O;
    O.Technique = "random";
    O.Ranks = Ranks;
    O.Seed = 11;
    O.KeepEvaluations = true;
    Expected<ScaleSimulationRun> R = simulateScaleOut(F.Space, *F.Backend, O);
    ASSERT_TRUE(R.ok()) << R.error().message();
    std::set<Configuration> Seen;
    std::map<double, std::set<std::uint64_t>> RanksAtStart;
    for (const SimulatedEvaluation &E : R->Order) {
      EXPECT_TRUE(Seen.insert(E.Config).second) << "measured twice";
      EXPECT_LT(E.Rank, Ranks);
      // A rank measures one configuration at a time.
      EXPECT_TRUE(RanksAtStart[E.Start].insert(E.Rank).second);
    }
    // At most one configuration per rank and batch (fewer where random
    // points fall on one configuration).
    EXPECT_LE(R->Order.size(), std::min<std::size_t>(Ranks, F.Data.Entries.size()) * R->Batches);
    EXPECT_GE(R->Order.size(), R->Batches);
    EXPECT_LE(*R->Within5Evaluations, R->Order.size());
  }
  // A batch takes as long as its slowest evaluation (2.56 s at most here:
  // 2.1 s compiling, 0.46 s running), not the sum of them.
  ScaleSimulationOptions Wide;
  Wide.Technique = "random";
  Wide.Ranks = 64;
  Wide.Seed = 11;
  Expected<ScaleSimulationRun> R = simulateScaleOut(F.Space, *F.Backend, Wide);
  ASSERT_TRUE(R.ok());
  EXPECT_LE(R->WallSeconds, 2.56 * static_cast<double>(R->Batches) + R->SearchSeconds + 1e-9);
  EXPECT_GT(R->IdleShare, 0.0); // ranks wait for the slowest
}

TEST(ScaleSimulationTest, AsynchronousDispatchNeverLeavesARankWaitingForABatch) {
  const Fixture F = readFixture(timedGridCache());
  for (const std::string &Technique :
       {std::string(defaultTechniqueText()), std::string("random")}) {
    for (std::uint64_t Ranks : {4u, 16u}) {
      SCOPED_TRACE(Technique + ", " + std::to_string(Ranks) + " ranks");
      ScaleSimulationOptions O;
      O.Technique = Technique;
      O.Ranks = Ranks;
      O.Seed = 7;
      O.KeepEvaluations = true;
      O.Asynchronous = true;
      Expected<ScaleSimulationRun> R = simulateScaleOut(F.Space, *F.Backend, O);
      ASSERT_TRUE(R.ok()) << R.error().message();
      std::set<Configuration> Seen;
      std::map<std::uint64_t, std::vector<SimulatedEvaluation>> ByRank;
      for (const SimulatedEvaluation &E : R->Order) {
        EXPECT_TRUE(Seen.insert(E.Config).second) << "measured twice";
        EXPECT_NEAR(E.End - E.Start, secondsOf(F, E.Config), 1e-9);
        ByRank[E.Rank].push_back(E);
      }
      // Every rank starts at once, and a rank that finishes gets its next
      // configuration as soon as rank 0 has recorded the results and
      // proposed: it waits only for rank 0's measured time.
      EXPECT_EQ(ByRank.size(), Ranks);
      for (const auto &[Rank, Evaluations] : ByRank) {
        EXPECT_LE(Evaluations.front().Start, R->SearchSeconds + 1e-9) << Rank;
        for (std::size_t I = 1; I < Evaluations.size(); ++I) {
          EXPECT_GE(Evaluations[I].Start, Evaluations[I - 1].End);
          EXPECT_LE(Evaluations[I].Start - Evaluations[I - 1].End, R->SearchSeconds + 1e-9)
              << "rank " << Rank << " waited";
        }
      }
      // Batches wait for their slowest evaluation (1.1 to 2.56 s here).
      O.Asynchronous = false;
      Expected<ScaleSimulationRun> Batches = simulateScaleOut(F.Space, *F.Backend, O);
      ASSERT_TRUE(Batches.ok());
      if (R->Order.size() > Ranks && Batches->Batches > 1) {
        EXPECT_LT(R->IdleShare, Batches->IdleShare);
      }
    }
  }
}

TEST(ScaleSimulationTest, ARankThatFinishesTakesTheBatchsNextConfiguration) {
  const Fixture F = readFixture(timedGridCache());
  ScaleSimulationOptions O;
  O.Technique = "random";
  O.Ranks = 4;
  O.Ahead = 3;
  O.Seed = 5;
  O.KeepEvaluations = true;
  Expected<ScaleSimulationRun> R = simulateScaleOut(F.Space, *F.Backend, O);
  ASSERT_TRUE(R.ok()) << R.error().message();
  EXPECT_GT(R->MeanBatch, 4.0); // more than one per rank
  EXPECT_LE(R->MeanBatch, 12.0);
  std::map<std::uint64_t, std::vector<SimulatedEvaluation>> ByRank;
  for (const SimulatedEvaluation &E : R->Order)
    ByRank[E.Rank].push_back(E);
  std::size_t AtOnce = 0;
  for (auto &[Rank, Evaluations] : ByRank) {
    std::sort(Evaluations.begin(), Evaluations.end(),
              [](const auto &A, const auto &B) { return A.Start < B.Start; });
    for (std::size_t I = 1; I < Evaluations.size(); ++I) {
      // Never two at once; the next one of a batch at the end of the last.
      EXPECT_GE(Evaluations[I].Start, Evaluations[I - 1].End);
      AtOnce += Evaluations[I].Start == Evaluations[I - 1].End;
    }
  }
  EXPECT_GT(AtOnce, 0u);
  // Handed out in the batch's order, each to the rank free first: a
  // configuration never starts before one handed out ahead of it.
  for (std::size_t I = 1; I < R->Order.size(); ++I)
    EXPECT_GE(R->Order[I].Start, R->Order[I - 1].Start) << I;
}

TEST(ScaleSimulationTest, BusyShareIsTheSearchsMeasuredTime) {
  // gridCache() records no times: every evaluation takes the default.
  const Fixture F = readFixture(gridCache());
  ScaleSimulationOptions O;
  O.Ranks = 4;
  O.Seed = 2;
  O.DefaultSeconds = 0; // evaluations free: the search is all the time
  Expected<ScaleSimulationRun> Free = simulateScaleOut(F.Space, *F.Backend, O);
  ASSERT_TRUE(Free.ok()) << Free.error().message();
  EXPECT_EQ(Free->RecordedTimes, 0u);
  EXPECT_GT(Free->SearchSeconds, 0.0);
  EXPECT_NEAR(Free->WallSeconds, Free->SearchSeconds, 1e-9 * Free->WallSeconds);
  EXPECT_NEAR(Free->SearchBusyShare, 1.0, 1e-9);
  EXPECT_NEAR(Free->IdleShare, 1.0, 1e-9);

  O.DefaultSeconds = 100;
  Expected<ScaleSimulationRun> Slow = simulateScaleOut(F.Space, *F.Backend, O);
  ASSERT_TRUE(Slow.ok());
  EXPECT_EQ(Slow->DefaultTimes, Slow->Evaluations);
  EXPECT_DOUBLE_EQ(Slow->SearchBusyShare, Slow->SearchSeconds / Slow->WallSeconds);
  EXPECT_LT(Slow->SearchBusyShare, 0.01);
  // Batches of 100 s each, whatever the search took.
  EXPECT_GE(Slow->WallSeconds, 100.0 * static_cast<double>(Slow->Batches));
  EXPECT_LT(Slow->WallSeconds, 100.0 * static_cast<double>(Slow->Batches) + 5);
}

TEST(ScaleSimulationTest, ClearErrors) {
  const Fixture F = readFixture(gridCache());
  ScaleSimulationOptions O;
  O.Technique = "no_such_technique";
  Expected<ScaleSimulationRun> R = simulateScaleOut(F.Space, *F.Backend, O);
  ASSERT_FALSE(R.ok());
  EXPECT_NE(R.error().message().find("no_such_technique"), std::string::npos)
      << R.error().message();
}

} // namespace
