//===- WarmStartTest.cpp - The best of earlier data as a start ------------===//
//
// warmStartConfigurations: the prior's best valid entries, best first,
// matched by parameter name (any column order, extra columns ignored) and
// by numeric value whatever its kind; entries the space lacks are passed
// over; a parameter the prior lacks takes its values in turn; errors for a
// prior with none of the parameters and a prior without valid entries;
// a trend at the end of the prior's range is continued to the values beyond.
//
//===----------------------------------------------------------------------===//
#include "Replay/WarmStart.h"

#include "Replay/RecordedSpace.h"

#include <gtest/gtest.h>

#include <set>

using namespace atfc;

namespace {

/// A record of Values (in the table's column order; warm starts read them
/// by column, so unnamed) with its time, or invalid.
EvaluationRecord entry(std::vector<Value> Values, std::optional<double> Time) {
  EvaluationRecord E;
  for (Value &V : Values)
    E.Configuration.push_back({"", std::move(V)});
  E.Result.Valid = Time.has_value();
  if (Time)
    E.Result.Costs = {*Time};
  else
    E.Result.Reason = "compile failed";
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
  Expected<PriorStart> W = warmStartConfigurations(Space.Space, Prior, 3);
  ASSERT_TRUE(W.ok()) << W.error().message();
  EXPECT_TRUE(W->Missing.empty());
  std::vector<std::vector<std::uint64_t>> Got;
  for (const Configuration &C : W->Configurations)
    Got.push_back(Space.Space.valueIndices(C));
  // (1, 16), (4, 8), (2, 8) as range positions of a in {1,2,4}, b in {8,16}.
  EXPECT_EQ(Got, (std::vector<std::vector<std::uint64_t>>{{0, 1}, {2, 0}, {1, 0}}));
  EXPECT_EQ(warmStartConfigurations(Space.Space, Prior, 1)->Configurations.size(), 1u);
}

TEST(WarmStartTest, AMaximisedObjectiveRanksTheLargestFirst) {
  // A prior tuned for gflops (max): its best is its largest value, and the
  // model learns the search cost (the reciprocal), lower being better.
  const RecordedSpace Space = buildRecordedSpace(target()).take();
  RecordedData Prior;
  Prior.Parameters = {"a", "b"};
  Prior.Objectives = {"gflops"};
  Prior.Directions = {Direction::Maximise};
  Prior.Entries = {entry({std::int64_t(1), std::int64_t(8)}, 10.0),
                   entry({std::int64_t(2), std::int64_t(8)}, 40.0),
                   entry({std::int64_t(4), std::int64_t(8)}, 20.0)};
  Expected<PriorStart> W = warmStartConfigurations(Space.Space, Prior, 6);
  ASSERT_TRUE(W.ok()) << W.error().message();
  std::vector<std::vector<std::uint64_t>> Got;
  for (const Configuration &C : W->Configurations)
    Got.push_back(Space.Space.valueIndices(C));
  // The prior's own configurations in its order, 40 before 20 before 10
  // (b = 16 beyond the prior's range may come between: an extrapolation).
  std::vector<std::vector<std::uint64_t>> Own;
  for (const std::vector<std::uint64_t> &G : Got)
    if (G[1] == 0)
      Own.push_back(G);
  EXPECT_EQ(Own, (std::vector<std::vector<std::uint64_t>>{{1, 0}, {2, 0}, {0, 0}}));
  ASSERT_EQ(W->Measured.size(), 3u);
  for (const auto &[Configuration, Cost] : W->Measured) {
    if (Space.Space.valueIndices(Configuration) == std::vector<std::uint64_t>{1, 0}) {
      EXPECT_DOUBLE_EQ(Cost, 1.0 / 40.0);
    }
  }
}

TEST(WarmStartTest, PriorsThatDoNotFitAreErrors) {
  const RecordedSpace Space = buildRecordedSpace(target()).take();
  RecordedData Foreign;
  Foreign.Parameters = {"c"};
  Foreign.Entries = {entry({std::int64_t(1)}, 1.0)};
  EXPECT_EQ(warmStartConfigurations(Space.Space, Foreign).error().message(),
            "the prior data has none of the space's parameters");
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
  Expected<PriorStart> W = warmStartConfigurations(Space.Space, narrowPrior(4), 8);
  ASSERT_TRUE(W.ok()) << W.error().message();
  EXPECT_EQ(valuesOf(Space.Space, W->Configurations),
            (std::vector<std::vector<std::int64_t>>{
                {4, 1}, {8, 1}, {8, 2}, {8, 3}, {7, 1}, {4, 2}, {4, 3}, {4, 4}}));
  // Best inside its range (t = 3): the prior's order only.
  W = warmStartConfigurations(Space.Space, narrowPrior(3), 6);
  ASSERT_TRUE(W.ok()) << W.error().message();
  EXPECT_EQ(
      valuesOf(Space.Space, W->Configurations),
      (std::vector<std::vector<std::int64_t>>{{3, 1}, {3, 2}, {3, 3}, {3, 4}, {2, 1}, {4, 1}}));
}

TEST(WarmStartTest, AParameterThePriorLacksTakesItsValuesInTurn) {
  // The kernel gained b (8 or 16) since the prior, which measured a only;
  // (4, 16) is not in the space. The prior ranks a: 4, 1, 2.
  const RecordedSpace Space = buildRecordedSpace(target()).take();
  RecordedData Older;
  Older.Parameters = {"a"};
  Older.Objectives = {"time"};
  Older.Entries = {entry({std::int64_t(2)}, 3.0), entry({std::int64_t(4)}, 1.0),
                   entry({std::int64_t(1)}, 2.0)};
  Expected<PriorStart> W = warmStartConfigurations(Space.Space, Older, 4);
  ASSERT_TRUE(W.ok()) << W.error().message();
  EXPECT_EQ(W->Missing, std::vector<std::string>{"b"});
  // The first takes b's first value, the second b's second, the third b's
  // first again.
  EXPECT_EQ(valuesOf(Space.Space, W->Configurations),
            (std::vector<std::vector<std::int64_t>>{{4, 8}, {1, 16}, {2, 8}}));
  EXPECT_EQ(
      missingParametersNote(W->Missing),
      "the prior data has no parameter 'b'; its best configurations take their values in turn");
}

TEST(WarmStartTest, CompletionsAreValidDistinctAndSpreadOverTheMissingValues) {
  // A property over generated priors: whatever parameters the prior lacks,
  // every configuration is in the space, none twice, at most Count, and
  // where the prior's best differ, the missing parameter's values alternate.
  const RecordedSpace Space = buildRecordedSpace(wideTarget()).take();
  for (int Best = 1; Best <= 4; ++Best)
    for (std::size_t Count = 1; Count <= 8; ++Count) {
      RecordedData Older;
      Older.Parameters = {"t"};
      Older.Objectives = {"time"};
      for (int T = 1; T <= 8; ++T)
        Older.Entries.push_back(entry({std::int64_t(T)}, 1.0 + std::abs(T - Best)));
      Expected<PriorStart> W = warmStartConfigurations(Space.Space, Older, Count);
      ASSERT_TRUE(W.ok()) << W.error().message();
      const auto Got = valuesOf(Space.Space, W->Configurations);
      EXPECT_EQ(Got.size(), Count);
      std::set<std::vector<std::int64_t>> Distinct(Got.begin(), Got.end());
      EXPECT_EQ(Distinct.size(), Got.size());
      for (std::size_t K = 0; K < Got.size(); ++K) {
        EXPECT_FALSE(Got[K][0] == 8 && Got[K][1] == 4) << "not in the space";
        // u in {1..4}: the K-th takes value K mod 4, or the next valid one.
        if (Got[K][0] != 8) {
          EXPECT_EQ(Got[K][1], static_cast<std::int64_t>(K % 4) + 1) << Best << " " << K;
        }
      }
    }
}
