//===- MeasurementTest.cpp - What measuring a configuration gave ----------===//
//
// A cost function's costs become a measurement one way for every
// interface: numbers are valid, anything else invalid with its value named.
//
//===----------------------------------------------------------------------===//
#include "Backends/Measurement.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

using namespace atfc;

namespace {

TEST(MeasurementTest, CostsThatAreNumbersAreValid) {
  const Measurement M = Measurement::ofCosts({2.5, -1, 0});
  EXPECT_TRUE(M.Valid);
  EXPECT_EQ(M.Costs, (std::vector<double>{2.5, -1, 0}));
}

TEST(MeasurementTest, ACostThatIsNoNumberMakesItInvalidNamingTheValue) {
  const double Inf = std::numeric_limits<double>::infinity();
  const struct {
    std::vector<double> Costs;
    const char *Reason;
  } Cases[] = {
      {{std::nan("")}, "the cost function returned nan, which is no cost"},
      {{1, -Inf}, "the cost function returned -inf, which is no cost"},
      {{Inf, 2}, "the cost function returned inf, which is no cost"},
  };
  for (const auto &Case : Cases) {
    const Measurement M = Measurement::ofCosts(Case.Costs);
    EXPECT_FALSE(M.Valid);
    EXPECT_EQ(M.Failure, FailureKind::RunFailed);
    EXPECT_EQ(M.Reason, Case.Reason);
    EXPECT_TRUE(M.Costs.empty());
  }
}

} // namespace
