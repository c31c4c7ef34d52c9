//===- ReplayMeasurerTest.cpp - Recorded data behind the loop -------------===//
//
// The replay measurer answers a batch with the data's costs and failures,
// in order, and stops where its caller says.
//
//===----------------------------------------------------------------------===//
#include "Replay/ReplayMeasurer.h"
#include "../Results/RecordedDataFiles.h"

#include <gtest/gtest.h>

using namespace atfc;
using namespace atfc::test;

namespace {

BatchEntry batchEntry(std::int64_t BS, std::int64_t WPT) {
  return {{{"BS", I(BS)}, {"WPT", I(WPT)}, {"PREC", I(32)}}, {I(BS), I(WPT), I(32)}};
}

TEST(ReplayMeasurerTest, AnswersABatchFromTheData) {
  RecordedData D = kernelTunerData();
  ReplayBackend Backend(D, {"BS", "WPT", "PREC"});
  ASSERT_TRUE(Backend.ok()) << Backend.error();
  ReplayMeasurer Measurer(Backend);
  const std::vector<BatchEntry> Batch = {batchEntry(32, 1), batchEntry(16, 4), batchEntry(32, 2),
                                         batchEntry(32, 4)};
  std::vector<Measurement> Outcomes;
  Measurer.measureBatch(Batch, [&](MeasuredOutcome &O) {
    EXPECT_EQ(O.Index, Outcomes.size());
    Outcomes.push_back(O.Result);
    return Outcomes.size() < 3; // the fourth is left unmeasured
  });
  ASSERT_EQ(Outcomes.size(), 3u);
  EXPECT_TRUE(Outcomes[0].Valid);
  EXPECT_EQ(Outcomes[0].Costs, std::vector<double>{3.5});
  EXPECT_EQ(Outcomes[1].Failure, FailureKind::BuildFailed);
  EXPECT_EQ(Outcomes[2].Failure, FailureKind::NotRecorded);
  EXPECT_EQ(Measurer.costMeaning(), "the cost recorded in the data");
}

} // namespace
