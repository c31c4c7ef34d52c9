//===- test/unit/Analysis/ValueColumnsTest.cpp - Costed rows --------------===//
//
// The sample the importance analyses classify: only the entries with a
// ranking cost, in row order, each with that cost (a maximised objective's
// reciprocal).
//
//===----------------------------------------------------------------------===//
#include "Analysis/ValueColumns.h"

#include "SyntheticData.h"

#include <gtest/gtest.h>

#include <limits>

using namespace atfc;
using namespace atfc::test;

TEST(ValueColumns, CostedRowsSkipEntriesWithoutARankingCost) {
  RecordedData Data = threeParameterTable();
  const std::string X = "x";
  Data.Entries.insert(Data.Entries.begin() + 1,
                      failed({Value(std::int64_t(1)), Value(std::int64_t(0)), Value(X)}));
  Data.Entries.push_back(entry({Value(std::int64_t(4)), Value(std::int64_t(0)), Value(X)},
                               std::numeric_limits<double>::infinity()));
  const CostedRows Sample = costedRows(Data);
  EXPECT_EQ(Sample.Rows, (std::vector<std::size_t>{0, 2, 3, 4, 5, 6}));
  EXPECT_EQ(Sample.Costs, (std::vector<double>{10, 11, 20, 21, 1.0, 1.05}));
}

TEST(ValueColumns, CostedRowsOfAMaximisedObjectiveAreReciprocals) {
  RecordedData Data;
  Data.Parameters = {"A"};
  Data.Objectives = {"gflops"};
  Data.Directions = {Direction::Maximise};
  Data.Entries = {entry({Value(std::int64_t(1))}, 4), entry({Value(std::int64_t(2))}, 0),
                  entry({Value(std::int64_t(3))}, 2)};
  const CostedRows Sample = costedRows(Data);
  // A gain of 0 has no reciprocal: that entry ranks as invalid.
  EXPECT_EQ(Sample.Rows, (std::vector<std::size_t>{0, 2}));
  EXPECT_EQ(Sample.Costs, (std::vector<double>{0.25, 0.5}));
}

TEST(ValueColumns, CostedRowsOfNoEntriesAreEmpty) {
  const CostedRows Sample = costedRows(RecordedData{});
  EXPECT_TRUE(Sample.Rows.empty());
  EXPECT_TRUE(Sample.Costs.empty());
}
