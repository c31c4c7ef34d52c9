//===- FailureSummaryTest.cpp - Why configurations failed, in words -------===//
#include "Backends/FailureSummary.h"

#include <gtest/gtest.h>

using namespace atfc;

TEST(FailureSummary, DetailReplacesARepeatedNameByTheLogsLine) {
  // What `atfc results` showed as "build failed: build failed".
  EXPECT_EQ(failureDetail(FailureKind::BuildFailed, "build failed",
                          "CL_BUILD_PROGRAM_FAILURE with options \"-D X=1\"\n"
                          "conv2d.cl:58:19: error: too few elements in vector initialization\n"
                          "1 error generated.\n"),
            "build failed: conv2d.cl:58:19: error: too few elements in vector initialization");
  EXPECT_EQ(failureDetail(FailureKind::BuildFailed, "build failed", ""), "build failed");
}

TEST(FailureSummary, DetailKeepsTheReasonAndAddsTheLogsLine) {
  EXPECT_EQ(failureDetail(FailureKind::RunFailed, "exit status 1",
                          "Traceback (most recent call last):\n"
                          "  File \"run.py\", line 1, in <module>\n"
                          "ValueError: bad size\n"),
            "run failed: exit status 1: ValueError: bad size");
  EXPECT_EQ(
      failureDetail(FailureKind::WrongResult, "3 of 16 elements differ; largest error 0.5", ""),
      "wrong result: 3 of 16 elements differ; largest error 0.5");
}

TEST(FailureSummary, DetailNeverSaysTheSameTwice) {
  // A reason that starts with the name stands alone.
  EXPECT_EQ(failureDetail(FailureKind::TimedOut, "timed out after 2 s", ""), "timed out after 2 s");
  // A log line the reason holds already is not repeated.
  EXPECT_EQ(
      failureDetail(FailureKind::BadCost, "cost.txt holds no number", "cost.txt holds no number\n"),
      "bad cost: cost.txt holds no number");
  EXPECT_EQ(failureDetail(FailureKind::None, "", ""), "invalid");
}

TEST(FailureSummary, BriefDetailAddsTheLogOnlyToABareName) {
  const std::string Log = "k.cl:3:1: error: bad\n";
  EXPECT_EQ(briefFailureDetail(FailureKind::BuildFailed, "build failed", Log),
            "build failed: k.cl:3:1: error: bad");
  EXPECT_EQ(briefFailureDetail(FailureKind::BuildFailed, "", Log),
            "build failed: k.cl:3:1: error: bad");
  EXPECT_EQ(briefFailureDetail(FailureKind::RunFailed, "exit status 2", Log),
            "run failed: exit status 2");
}

TEST(FailureSummary, TallyGroupsByKindMostFrequentFirst) {
  FailureTally Tally;
  Tally.add(Measurement::valid({1.0}));
  Tally.add(FailureKind::WrongResult, "y[0] differs: 1 != 2", "");
  for (int I = 0; I < 3; ++I)
    Tally.add(FailureKind::BuildFailed, "build failed",
              "k.cl:" + std::to_string(I + 1) + ":1: error: bad\n");
  Tally.add(FailureKind::WrongResult, "y[5] differs: 3 != 4", "");
  Tally.add(FailureKind::TimedOut, "timed out after 1 s", "");
  const std::vector<FailureGroup> Groups = Tally.groups();
  ASSERT_EQ(Groups.size(), 3u);
  EXPECT_EQ(Tally.total(), 6u);
  EXPECT_EQ(Groups[0].Kind, FailureKind::BuildFailed);
  EXPECT_EQ(Groups[0].Count, 3u);
  // The first failure of the kind is its example.
  EXPECT_EQ(Groups[0].Example, "build failed: k.cl:1:1: error: bad");
  EXPECT_EQ(Groups[1].Kind, FailureKind::WrongResult);
  EXPECT_EQ(Groups[1].Count, 2u);
  EXPECT_EQ(Groups[1].Example, "wrong result: y[0] differs: 1 != 2");
  EXPECT_EQ(Groups[2].Kind, FailureKind::TimedOut);
  EXPECT_EQ(Groups[2].Example, "timed out after 1 s");
}

TEST(FailureSummary, EmptyTallyHasNoGroups) {
  FailureTally Tally;
  EXPECT_TRUE(Tally.groups().empty());
  EXPECT_EQ(Tally.total(), 0u);
}
