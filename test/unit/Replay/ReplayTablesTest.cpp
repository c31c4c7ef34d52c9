//===- ReplayTablesTest.cpp - A replay's result as text or JSON ------------===//
//
// The text and the JSON of a replay carry the same figures as the
// experiment's result: medians, runs that never came within 5 % (">N" in
// text, null in JSON), and one entry per run.
//
//===----------------------------------------------------------------------===//
#include "Replay/ReplayTables.h"
#include "../Results/RecordedDataFiles.h"
#include "Replay/RecordedSpace.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sstream>

using namespace atfc;
using namespace atfc::test;

namespace {

struct Replayed {
  RecordedData Data;
  ChainOfTrees Space;
  ReplayExperimentResult Result;
};

/// Random search (too few evaluations to always find the optimum) and
/// exhaustive search on the grid cache.
Replayed replayGrid() {
  const ScopedTempDirectory Scratch("atfc-replay");
  const std::filesystem::path &Dir = Scratch.path();
  writePlain(Dir / "grid.json", gridCache());
  Expected<RecordedData> D = readRecordedData((Dir / "grid.json").string());
  EXPECT_TRUE(D.ok()) << D.error().message();
  ChainOfTrees Space = recordedSpace(*D).take();
  ReplayBackend Backend(*D, D->Parameters);
  ReplayOptions O;
  O.DataPath = (Dir / "grid.json").string();
  O.Techniques = {"random", "exhaustive"};
  O.Evaluations = 3;
  O.Runs = 5;
  O.Threads = 1;
  Expected<ReplayExperimentResult> E = runReplayExperiment(Space, Backend, O);
  EXPECT_TRUE(E.ok()) << E.error().message();
  return {D.take(), std::move(Space), E.take()};
}

TEST(ReplayTablesTest, JsonHoldsEveryFigure) {
  Replayed R = replayGrid();
  std::ostringstream Out;
  printReplayJson(Out, R.Result, R.Data, R.Space);
  const nlohmann::json J = nlohmann::json::parse(Out.str());
  EXPECT_EQ(J["evaluations"], 3);
  EXPECT_EQ(J["runs"], 5);
  EXPECT_EQ(J["space"]["configurations"], R.Space.size().get_str());
  ASSERT_EQ(J["techniques"].size(), 2u);
  for (std::size_t T = 0; T < 2; ++T) {
    const TechniqueReplay &TR = R.Result.Techniques[T];
    const nlohmann::json &JT = J["techniques"][T];
    EXPECT_EQ(JT["technique"], TR.Text);
    EXPECT_EQ(JT["not_within_5_percent"], TR.NotWithin5);
    ASSERT_EQ(JT["runs"].size(), 5u);
    for (std::size_t Run = 0; Run < 5; ++Run) {
      const nlohmann::json &Within = JT["runs"][Run]["within_5_percent"];
      if (TR.Runs[Run].Within5)
        EXPECT_EQ(Within, *TR.Runs[Run].Within5);
      else
        EXPECT_TRUE(Within.is_null()); // never: null, not a number
    }
    if (std::isinf(TR.Within5.Median))
      EXPECT_TRUE(JT["within_5_percent"]["median"].is_null());
    else
      EXPECT_EQ(JT["within_5_percent"]["median"], TR.Within5.Median);
  }
}

TEST(ReplayTablesTest, TextNamesEachTechniqueAndNever) {
  Replayed R = replayGrid();
  std::ostringstream Out;
  printReplayText(Out, R.Result, R.Data, R.Space);
  const std::string Text = Out.str();
  EXPECT_NE(Text.find("space: " + R.Space.size().get_str() + " configurations; 5 runs of 3"),
            std::string::npos)
      << Text;
  // Exhaustive search in index order needs more than 3 evaluations to reach
  // the grid's optimum: never within the budget, printed as ">3".
  const TechniqueReplay &Exhaustive = R.Result.Techniques[1];
  ASSERT_EQ(Exhaustive.NotWithin5, 5u);
  EXPECT_NE(Text.find(">3"), std::string::npos) << Text;
  for (const TechniqueReplay &TR : R.Result.Techniques)
    EXPECT_NE(Text.find(TR.Description), std::string::npos) << TR.Description;
}

} // namespace
