//===- ReplayExperimentTest.cpp - Replaying techniques on recorded data -----===//
//
// A replay experiment is deterministic for a seed whatever the threads,
// and reports against the optimum.
//
//===----------------------------------------------------------------------===//
#include "Replay/ReplayExperiment.h"
#include "../Results/RecordedDataFiles.h"
#include "Replay/RecordedSpace.h"
#include "Replay/ReplayTables.h"
#include "Search/TechniqueFactory.h"

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

ReplayOptions experimentOptions(const std::string &Data) {
  std::vector<std::string> Args = {Data, "--technique", "random", "--evaluations", "40", "--runs",
                                   "6",  "--seed",      "5"};
  Expected<ReplayOptions> O = parseReplayOptions(Args);
  EXPECT_TRUE(O.ok()) << O.error().message();
  return *O;
}

TEST(ReplayExperimentTest, SameSeedSameResultWhateverTheThreads) {
  const ScopedTempDirectory Scratch("atfc-replay");
  const fs::path &Dir = Scratch.path();
  writeGzip(Dir / "grid.json.gz", gridCache());
  Expected<RecordedData> D = readRecordedData((Dir / "grid.json.gz").string());
  ASSERT_TRUE(D.ok()) << D.error().message();
  ChainOfTrees Space = recordedSpace(*D).take();
  ReplayBackend Backend(*D, D->Parameters);
  ReplayOptions O = experimentOptions((Dir / "grid.json.gz").string());
  O.Techniques = {"random", std::string(defaultTechniqueText())};
  O.Threads = 1;
  Expected<ReplayExperimentResult> A = runReplayExperiment(Space, Backend, O);
  ASSERT_TRUE(A.ok()) << A.error().message();
  O.Threads = 3;
  Expected<ReplayExperimentResult> B = runReplayExperiment(Space, Backend, O);
  ASSERT_TRUE(B.ok()) << B.error().message();
  std::ostringstream TextA, TextB;
  printReplayJson(TextA, *A, *D, Space);
  printReplayJson(TextB, *B, *D, Space);
  EXPECT_EQ(TextA.str(), TextB.str());

  // Another seed gives other runs.
  O.Seed = 6;
  Expected<ReplayExperimentResult> C = runReplayExperiment(Space, Backend, O);
  ASSERT_TRUE(C.ok()) << C.error().message();
  std::ostringstream TextC;
  printReplayJson(TextC, *C, *D, Space);
  EXPECT_NE(TextA.str(), TextC.str());
  // Run r of seed 6 is run r + 1 of seed 5.
  EXPECT_EQ(C->Techniques[0].Runs[0].Improvements, A->Techniques[0].Runs[1].Improvements);
}

TEST(ReplayExperimentTest, ReportsAgainstTheOptimum) {
  const ScopedTempDirectory Scratch("atfc-replay");
  const fs::path &Dir = Scratch.path();
  writePlain(Dir / "grid.json", gridCache());
  Expected<RecordedData> D = readRecordedData((Dir / "grid.json").string());
  ASSERT_TRUE(D.ok()) << D.error().message();
  ChainOfTrees Space = recordedSpace(*D).take();
  const std::uint64_t Size = Space.size().get_ui();
  ReplayBackend Backend(*D, D->Parameters);
  ReplayOptions O = experimentOptions((Dir / "grid.json").string());
  // Exhaustive search over the whole space finds the optimum in every run,
  // at the optimum's position in index order (X = 7, Y = 3), and stops
  // there.
  O.Techniques = {"exhaustive"};
  O.Evaluations = 500;
  Expected<ReplayExperimentResult> E = runReplayExperiment(Space, Backend, O);
  ASSERT_TRUE(E.ok()) << E.error().message();
  const ReplayExperimentResult &R = *E;
  EXPECT_EQ(R.Optimum, std::vector<double>{1.0});
  EXPECT_EQ(R.Budgets, (std::vector<std::uint64_t>{25, 50, 100, 200, 500}));
  const TechniqueReplay &T = R.Techniques[0];
  ASSERT_EQ(T.Runs.size(), 6u);
  std::uint64_t OptimumIndex = 0;
  for (std::uint64_t K = 0; K < Size; ++K)
    if (Space.values(Space.at(K)) == std::vector<Value>{I(7), I(3)})
      OptimumIndex = K + 1;
  ASSERT_GT(OptimumIndex, 0u);
  for (const ReplayRun &Run : T.Runs) {
    EXPECT_EQ(Run.Evaluations, OptimumIndex);
    EXPECT_LT(Run.ValidEvaluations, OptimumIndex);
    EXPECT_EQ(Run.Within5, std::optional<std::uint64_t>(OptimumIndex));
    EXPECT_EQ(Run.bestAfter(500), 1.0);
  }
  EXPECT_EQ(T.NotWithin5, 0u);
  EXPECT_EQ(T.Within5.Median, static_cast<double>(OptimumIndex));
  EXPECT_EQ(T.BestAfter.back().Max, 1.0);

  // Two evaluations of random search mostly miss: runs not within 5 % are
  // counted, and their quartiles are "never" (infinity).
  O.Techniques = {"random"};
  O.Evaluations = 2;
  O.Runs = 9;
  E = runReplayExperiment(Space, Backend, O);
  ASSERT_TRUE(E.ok()) << E.error().message();
  const TechniqueReplay &Few = E->Techniques[0];
  EXPECT_EQ(E->Budgets, std::vector<std::uint64_t>{2});
  EXPECT_GT(Few.NotWithin5, 4u);
  EXPECT_TRUE(std::isinf(Few.Within5.Median));
  EXPECT_TRUE(std::isinf(Few.Within5.Max));
}

TEST(ReplayExperimentTest, QuartilesInterpolateAndKeepNever) {
  const double Never = std::numeric_limits<double>::infinity();
  Quartiles Q = quartilesOf({4, 1, 3, 2, 5});
  EXPECT_EQ(Q.Min, 1);
  EXPECT_EQ(Q.Q1, 2);
  EXPECT_EQ(Q.Median, 3);
  EXPECT_EQ(Q.Q3, 4);
  EXPECT_EQ(Q.Max, 5);
  Q = quartilesOf({1, 2, 3, 4});
  EXPECT_DOUBLE_EQ(Q.Median, 2.5);
  EXPECT_DOUBLE_EQ(Q.Q1, 1.75);
  Q = quartilesOf({1, 2, Never, Never});
  EXPECT_DOUBLE_EQ(Q.Q1, 1.75);
  EXPECT_TRUE(std::isinf(Q.Median));
}

} // namespace
