//===- ProcessMeasurerTest.cpp - Scripts behind the loop ------------------===//
//
// The process measurer with real scripts: a batch is compiled ahead and
// measured in order, each outcome as it comes, and what it says of itself
// (batch size, cost meaning, the shell) follows its scripts.
//
//===----------------------------------------------------------------------===//
#include "Backends/ProcessMeasurer.h"

#include "../ScopedTempDirectory.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace atfc {
namespace {

BatchEntry entry(std::int64_t N) { return {{{"N", Value(N)}}, {Value(N)}}; }

TEST(ProcessMeasurerTest, MeasuresABatchInOrderAfterCompilingAhead) {
  const test::ScopedTempDirectory Scratch("atfc-process-measurer");
  ProcessBackendOptions Options;
  Options.CompileScript = "echo $N > built";
  Options.RunScript = "echo $(( $(cat built) * 10 )) > cost";
  Options.CostFile = "cost";
  Options.CFamily = false;
  Options.SourceName = "f.sh";
  Options.FileDirectory = Scratch.path().string();
  Options.WorkDirectory = (Scratch.path() / "work").string();
  Options.CompileAhead = 2;
  std::filesystem::create_directories(Options.WorkDirectory);
  std::unique_ptr<ConfigurationMeasurer> Measurer = makeProcessMeasurer(Options);
  EXPECT_EQ(Measurer->batchSize(), 3u);
  EXPECT_EQ(Measurer->compileAhead(), 2u);
  EXPECT_EQ(Measurer->costMeaning(), "what the run script writes to cost");
  EXPECT_EQ(Measurer->toolchain().rfind("scripts run by /bin/sh", 0), 0u);

  const std::vector<BatchEntry> Batch = {entry(1), entry(2), entry(3)};
  std::vector<double> Costs;
  Measurer->measureBatch(Batch, [&](MeasuredOutcome &O) {
    EXPECT_EQ(O.Index, Costs.size());
    EXPECT_TRUE(O.Result.Valid) << O.Result.Reason << O.Result.Log;
    EXPECT_GE(O.WallSeconds, O.Result.RunSeconds);
    Costs.push_back(O.Result.Costs.empty() ? -1 : O.Result.Costs[0]);
    return true;
  });
  EXPECT_EQ(Costs, (std::vector<double>{10, 20, 30}));
}

TEST(ProcessMeasurerTest, WithoutACompileScriptNothingIsMeasuredAhead) {
  ProcessBackendOptions Options;
  Options.RunScript = "true";
  std::unique_ptr<ConfigurationMeasurer> Measurer = makeProcessMeasurer(Options);
  EXPECT_EQ(Measurer->batchSize(), 1u);
  EXPECT_EQ(Measurer->compileAhead(), 0u);
  EXPECT_EQ(Measurer->costMeaning(), "the run script's wall time in seconds");
}

} // namespace
} // namespace atfc
