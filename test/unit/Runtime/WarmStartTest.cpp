//===- WarmStartTest.cpp - The best of earlier data as a start ------------===//
//
// warmStartConfigurations: the prior's best valid entries, best first,
// matched by parameter name (any column order, extra columns ignored) and
// by numeric value whatever its kind; entries the space lacks are passed
// over; errors for a missing parameter and a prior without valid entries;
// a trend at the end of the prior's range is continued to the values beyond.
//
//===----------------------------------------------------------------------===//
#include "runtime/WarmStart.h"

#include "Backends/RecordedSpace.h"

#include <gtest/gtest.h>

using namespace atfc;

namespace {

RecordedEntry entry(std::vector<Value> Values, std::optional<double> Time) {
  RecordedEntry E;
  E.Values = std::move(Values);
  E.Valid = Time.has_value();
  if (Time)
    E.Costs = {*Time};
  else
    E.Error = "compile failed";
  return E;
}

/// a in {1, 2, 4}, b in {8, 16}: five of the six combinations.
RecordedData target() {
  RecordedData D;
  D.Parameters = {"a", "b"};
  D.Objectives = {"time"};
  for (auto [A, B] : {std::pair<int, int>{1, 8}, {1, 16}, {2, 8}, {2, 16}, {4, 8}})
    D.Entries.push_back(entry({std::int64_t(A), std::int64_t(B)}, 1.0));
  return D;
}

} // namespace

TEST(WarmStartTest, BestPriorEntriesTheSpaceHoldsBestFirst) {
  const RecordedSpace Space = buildRecordedSpace(target()).take();
  RecordedData Prior;
  Prior.Parameters = {"b", "extra", "a"};
  Prior.Objectives = {"time"};
  Prior.Entries = {
      entry({8.0, std::int64_t(0), 2.0}, 5.0),                          // (2, 8)
      entry({std::int64_t(16), std::int64_t(0), std::int64_t(4)}, 1.0), // (4, 16): not in the space
      entry({std::int64_t(16), std::int64_t(1), std::int64_t(1)}, 2.0), // (1, 16)
      entry({std::int64_t(8), std::int64_t(0), std::int64_t(1)}, std::nullopt), // failed
      entry({std::int64_t(16), std::int64_t(0), std::int64_t(1)}, 3.0),         // (1, 16) again
      entry({std::int64_t(8), std::int64_t(0), std::int64_t(4)}, 4.0),          // (4, 8)
  };
  Expected<std::vector<Configuration>> W = warmStartConfigurations(Space.Space, Prior, 3);
  ASSERT_TRUE(W.ok()) << W.error().message();
  std::vector<std::vector<std::uint64_t>> Got;
  for (const Configuration &C : *W)
    Got.push_back(Space.Space.valueIndices(C));
  // (1, 16), (4, 8), (2, 8) as range positions of a in {1,2,4}, b in {8,16}.
  EXPECT_EQ(Got, (std::vector<std::vector<std::uint64_t>>{{0, 1}, {2, 0}, {1, 0}}));
  EXPECT_EQ(warmStartConfigurations(Space.Space, Prior, 1)->size(), 1u);
}

TEST(WarmStartTest, PriorsThatDoNotFitAreErrors) {
  const RecordedSpace Space = buildRecordedSpace(target()).take();
  RecordedData Missing;
  Missing.Parameters = {"a"};
  Missing.Entries = {entry({std::int64_t(1)}, 1.0)};
  EXPECT_EQ(warmStartConfigurations(Space.Space, Missing).error().message(),
            "the prior data has no parameter 'b'");
  RecordedData Failed;
  Failed.Parameters = {"a", "b"};
  Failed.Entries = {entry({std::int64_t(1), std::int64_t(8)}, std::nullopt)};
  EXPECT_EQ(warmStartConfigurations(Space.Space, Failed).error().message(),
            "the prior data holds no valid configuration");
}

TEST(WarmStartTest, ASmallBudgetIsNotAllWarmStart) {
  EXPECT_EQ(warmStartCount(std::nullopt), kWarmStartConfigurations);
  EXPECT_EQ(warmStartCount(2000), kWarmStartConfigurations);
  EXPECT_EQ(warmStartCount(64), 16u);
  EXPECT_EQ(warmStartCount(16), 4u);
  EXPECT_EQ(warmStartCount(7), 1u);
  EXPECT_EQ(warmStartCount(1), 1u);
  EXPECT_EQ(warmStartCount(0), 1u);
  // Every budget keeps at least three quarters for the technique, or one
  // configuration of warm start.
  for (std::uint64_t Budget = 1; Budget <= 200; ++Budget) {
    const std::size_t N = warmStartCount(Budget);
    EXPECT_GE(N, 1u);
    EXPECT_LE(N, kWarmStartConfigurations);
    EXPECT_TRUE(N == 1 || 4 * N <= Budget) << Budget;
  }
}

namespace {
/// t in {1, ..., 8}, u in {1, ..., 4}: every combination but (8, 4).
RecordedData wideTarget() {
  RecordedData D;
  D.Parameters = {"t", "u"};
  D.Objectives = {"time"};
  for (int T = 1; T <= 8; ++T)
    for (int U = 1; U <= 4; ++U)
      if (T != 8 || U != 4)
        D.Entries.push_back(entry({std::int64_t(T), std::int64_t(U)}, 1.0));
  return D;
}

/// t in {1, ..., 4}, u in {1, ..., 4}, the best at t = Best.
RecordedData narrowPrior(int Best) {
  RecordedData D;
  D.Parameters = {"t", "u"};
  D.Objectives = {"time"};
  for (int T = 1; T <= 4; ++T)
    for (int U = 1; U <= 4; ++U)
      D.Entries.push_back(
          entry({std::int64_t(T), std::int64_t(U)}, T == Best ? U : 10 + U + std::abs(T - Best)));
  return D;
}

std::vector<std::vector<std::int64_t>> valuesOf(const ChainOfTrees &Space,
                                                const std::vector<Configuration> &Cs) {
  std::vector<std::vector<std::int64_t>> Got;
  for (const Configuration &C : Cs) {
    Got.emplace_back();
    for (const Value &V : Space.values(C))
      Got.back().push_back(std::get<std::int64_t>(V));
  }
  return Got;
}
} // namespace

TEST(WarmStartTest, ContinuesATrendBeyondThePriorsRange) {
  const RecordedSpace Space = buildRecordedSpace(wideTarget()).take();
  // The prior measured t in 1..4 only and its four best all have t = 4:
  // after its best, the leads with the space's t beyond, farthest first
  // ((8, 4) is not valid), at most half of the count; then the rest.
  Expected<std::vector<Configuration>> W = warmStartConfigurations(Space.Space, narrowPrior(4), 8);
  ASSERT_TRUE(W.ok()) << W.error().message();
  EXPECT_EQ(valuesOf(Space.Space, *W),
            (std::vector<std::vector<std::int64_t>>{
                {4, 1}, {8, 1}, {8, 2}, {8, 3}, {7, 1}, {4, 2}, {4, 3}, {4, 4}}));
  // Best inside its range (t = 3): the prior's order only.
  W = warmStartConfigurations(Space.Space, narrowPrior(3), 6);
  ASSERT_TRUE(W.ok()) << W.error().message();
  EXPECT_EQ(valuesOf(Space.Space, *W), (std::vector<std::vector<std::int64_t>>{
                                           {3, 1}, {3, 2}, {3, 3}, {3, 4}, {2, 1}, {4, 1}}));
}
