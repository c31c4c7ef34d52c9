//===- CallableMeasurerTest.cpp - A function as the measurer --------------===//
//
// A plain function measures: its cost, or its Measurement, is the outcome;
// a cost that is not finite is an invalid configuration; and the call in
// hand when Ctrl-C came is whole, so the run keeps it. The loop over it,
// interrupted and resumed, is TuningRunTest.cpp's.
//
//===----------------------------------------------------------------------===//
#include "Tuning/CallableMeasurer.h"

#include <gtest/gtest.h>

#include <cmath>

namespace atfc {
namespace {

ParameterValues configuration(std::int64_t X) { return {{"X", Value(X)}}; }

TEST(CallableMeasurerTest, ACostFunctionMeasures) {
  int Calls = 0;
  CallableMeasurer Measurer = CallableMeasurer::ofCost(
      [&](const ParameterValues &C) {
        ++Calls;
        const auto X = std::get<std::int64_t>(C[0].Val);
        return X == 0 ? std::nan("") : 1.0 / static_cast<double>(X);
      },
      "1 / X");
  EXPECT_EQ(Measurer.costMeaning(), "1 / X");
  EXPECT_EQ(Measurer.batchSize(), 1u);
  Measurement M = Measurer.measure(configuration(4), {});
  ASSERT_TRUE(M.Valid);
  EXPECT_EQ(M.Costs, std::vector<double>{0.25});
  M = Measurer.measure(configuration(0), {});
  EXPECT_FALSE(M.Valid);
  EXPECT_EQ(M.Failure, FailureKind::RunFailed);
  EXPECT_EQ(Calls, 2);
}

TEST(CallableMeasurerTest, TheCallInHandWhenInterruptedIsKept) {
  CallableMeasurer Measurer(
      [](const ParameterValues &) {
        return Measurement::invalid(FailureKind::NotRecorded, "not in the table");
      },
      "none");
  EXPECT_FALSE(Measurer.finishedAfterInterrupt(configuration(1)));
  Measurer.measure(configuration(1), {});
  Measurer.interrupt();
  std::optional<Measurement> Kept = Measurer.finishedAfterInterrupt(configuration(1));
  ASSERT_TRUE(Kept);
  EXPECT_EQ(Kept->Reason, "not in the table");
  // One it never measured is not.
  EXPECT_FALSE(Measurer.finishedAfterInterrupt(configuration(2)));
}

} // namespace
} // namespace atfc
