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

// CLI tester: bad costs of different causes were all counted under the
// first one's words. Reasons of another shape are groups of their own, up
// to three a kind; the rest of the kind is one group, which shows its
// reason where it has only one.
TEST(FailureSummary, TallyKeepsReasonsOfOneKindApart) {
  FailureTally Tally;
  Tally.add(FailureKind::BadCost, "cost file cost holds \"abc\", not comma-separated numbers", "");
  Tally.add(FailureKind::BadCost, "2 costs for 1 objective (time)", "");
  Tally.add(FailureKind::BadCost, "cost file cost holds \"1.5x\", not comma-separated numbers", "");
  Tally.add(FailureKind::BadCost, "3 costs for 1 objective (time)", "");
  Tally.add(FailureKind::BadCost, "cost file cost was not written", "");
  Tally.add(FailureKind::BadCost, "cost file cost is empty", "");
  Tally.add(FailureKind::BadCost, "cost file cost is not a regular file", "");
  Tally.add(FailureKind::RunFailed, "exit status 1", "");
  Tally.add(FailureKind::RunFailed, "", "");
  const std::vector<FailureGroup> Groups = Tally.groups();
  EXPECT_EQ(Tally.total(), 9u);
  ASSERT_EQ(Groups.size(), 6u);
  EXPECT_EQ(Groups[0].Count, 2u);
  EXPECT_EQ(Groups[0].Example,
            "bad cost: cost file cost holds \"abc\", not comma-separated numbers");
  EXPECT_EQ(Groups[1].Count, 2u);
  EXPECT_EQ(Groups[1].Example, "bad cost: 2 costs for 1 objective (time)");
  EXPECT_EQ(Groups[2].Count, 2u);
  EXPECT_EQ(Groups[2].Example, "bad cost, for 2 other reasons");
  // Ties: in FailureKind's order (a run failure before a bad cost).
  EXPECT_EQ(Groups[3].Count, 1u);
  EXPECT_EQ(Groups[3].Example, "run failed: exit status 1");
  EXPECT_EQ(Groups[4].Example, "run failed");
  EXPECT_EQ(Groups[5].Example, "bad cost: cost file cost was not written");
  // A third shape of run failure, then a fourth: the kind's other group
  // shows its one reason.
  Tally.add(FailureKind::RunFailed, "cannot start the run script", "");
  Tally.add(FailureKind::RunFailed, "cannot start the run script", "");
  Tally.add(FailureKind::RunFailed, "killed by signal 9", "");
  const std::vector<FailureGroup> More = Tally.groups();
  ASSERT_EQ(More.size(), 8u);
  EXPECT_EQ(More[0].Example, "run failed: cannot start the run script");
  EXPECT_EQ(More[0].Count, 2u);
  EXPECT_EQ(More[6].Example, "run failed: killed by signal 9");
}

// Hunt: a segfault, an abort, exit 3 and exit 1 were one group, "4 run
// failed: exit status 139: Segmentation fault". An exit status or a
// signal is a cause of its own, never a number in a message; and a group
// whose members' log lines differ (beyond their numbers) shows none.
TEST(FailureSummary, TallyKeepsStatusesApartAndShowsOnlyASharedLogLine) {
  FailureTally Tally;
  Tally.add(FailureKind::RunFailed, "exit status 139", "Segmentation fault\n");
  Tally.add(FailureKind::RunFailed, "exit status 134", "Aborted\n");
  Tally.add(FailureKind::RunFailed, "killed by signal 9", "");
  Tally.add(FailureKind::RunFailed, "killed by signal 15", "");
  Tally.add(FailureKind::BuildFailed, "exit status 2", "err: broken config\n");
  Tally.add(FailureKind::BuildFailed, "exit status 2", "k.cl:3:1: error: other\n");
  Tally.add(FailureKind::WrongResult, "y[0] differs", "at k.cl:1\n");
  Tally.add(FailureKind::WrongResult, "y[5] differs", "at k.cl:7\n");
  const std::vector<FailureGroup> Groups = Tally.groups();
  ASSERT_EQ(Groups.size(), 6u);
  EXPECT_EQ(Groups[0].Example, "build failed: exit status 2");
  EXPECT_EQ(Groups[0].Count, 2u);
  EXPECT_EQ(Groups[1].Example, "wrong result: y[0] differs: at k.cl:1");
  EXPECT_EQ(Groups[1].Count, 2u);
  EXPECT_EQ(Groups[2].Example, "run failed: exit status 139: Segmentation fault");
  EXPECT_EQ(Groups[3].Example, "run failed: exit status 134: Aborted");
  EXPECT_EQ(Groups[4].Example, "run failed: killed by signal 9");
  EXPECT_EQ(Groups[5].Example, "run failed: killed by signal 15");
  EXPECT_EQ(Groups[5].Count, 1u);
}

TEST(FailureSummary, EmptyTallyHasNoGroups) {
  FailureTally Tally;
  EXPECT_TRUE(Tally.groups().empty());
  EXPECT_EQ(Tally.total(), 0u);
}
