//===- ChildProcessTest.cpp - One script in its own process group ---------===//
//
// Real /bin/sh children: how they end, what is kept of their output, and
// that nothing of their process group outlives runChild.
//
//===----------------------------------------------------------------------===//
#include "System/ChildProcess.h"
#include "ProcessState.h"
#include "System/Interruption.h"

#include "../ScopedTempDirectory.h"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <string>
#include <thread>
#include <unistd.h>

namespace atfc {
namespace {

ChildCommand command(std::string Script, double Timeout = 0) {
  ChildCommand C;
  C.Script = std::move(Script);
  C.Directory = ".";
  C.Environment = {"PATH=/usr/bin:/bin", "ATFC_CHILD_TEST=yes"};
  C.TimeoutSeconds = Timeout;
  return C;
}

pid_t pidIn(const std::string &Path) {
  std::ifstream In(Path);
  pid_t Pid = 0;
  In >> Pid;
  return Pid;
}

TEST(ChildProcessTest, ReportsTheExitStatusAndOutput) {
  const ChildOutcome Out = runChild(command("echo out; echo err >&2; exit 3"), nullptr);
  EXPECT_EQ(Out.End, ChildEnd::Exited);
  EXPECT_EQ(Out.Status, 3);
  EXPECT_NE(Out.OutputTail.find("out"), std::string::npos);
  EXPECT_NE(Out.OutputTail.find("err"), std::string::npos);
  EXPECT_GT(Out.Seconds, 0.0);
}

TEST(ChildProcessTest, GetsExactlyTheGivenEnvironment) {
  ::setenv("ATFC_CHILD_TEST_LEAK", "1", 1);
  const ChildOutcome Out =
      runChild(command("echo \"[$ATFC_CHILD_TEST][$ATFC_CHILD_TEST_LEAK]\""), nullptr);
  ::unsetenv("ATFC_CHILD_TEST_LEAK");
  EXPECT_NE(Out.OutputTail.find("[yes][]"), std::string::npos) << Out.OutputTail;
}

TEST(ChildProcessTest, KeepsOnlyTheTailOfLongOutput) {
  const ChildOutcome Out =
      runChild(command("i=0; while [ $i -lt 3000 ]; do echo line$i; i=$((i+1)); done"), nullptr);
  EXPECT_EQ(Out.End, ChildEnd::Exited);
  EXPECT_LE(Out.OutputTail.size(), OutputTailBytes);
  EXPECT_NE(Out.OutputTail.find("line2999"), std::string::npos);
  EXPECT_EQ(Out.OutputTail.find("line0\n"), std::string::npos);
}

TEST(ChildProcessTest, ReportsTheSignalThatKilledIt) {
  const ChildOutcome Out = runChild(command("kill -SEGV $$"), nullptr);
  EXPECT_EQ(Out.End, ChildEnd::Signaled);
  EXPECT_EQ(Out.Status, SIGSEGV);
}

TEST(ChildProcessTest, AStopOfTheWholeJobIsAStopNotTheChildsDeath) {
  // scancel and systemd's stop signal every process of the job, the
  // measurement's script often before the tuner: the script's death was
  // recorded as the configuration's failure ("killed by signal 15"). Here
  // the tuner's copy comes 0.2 s after the script's. (A death test: the
  // signal stays with the process.)
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        Interruption Interrupt([] {});
        std::thread Late([] {
          std::this_thread::sleep_for(std::chrono::milliseconds(200));
          std::raise(SIGTERM);
        });
        const ChildOutcome Out = runChild(command("kill -TERM $$"), nullptr);
        Late.join();
        std::_Exit(Out.End == ChildEnd::Stopped ? 0 : 1);
      },
      testing::ExitedWithCode(0), "");
}

TEST(ChildProcessTest, AStoppingSignalThatReachesOnlyTheChildIsItsDeath) {
  const ChildOutcome Out = runChild(command("kill -TERM $$"), nullptr);
  EXPECT_EQ(Out.End, ChildEnd::Signaled);
  EXPECT_EQ(Out.Status, SIGTERM);
  EXPECT_EQ(Interruption::pending(), 0);
}

TEST(ChildProcessTest, ATimeoutKillsTheWholeGroup) {
  const test::ScopedTempDirectory Scratch("atfc-child");
  const std::string Dir = Scratch.path().string();
  const std::string PidFile = Dir + "/grandchild";
  const ChildOutcome Out =
      runChild(command("sleep 60 & echo $! > " + PidFile + "; wait", 0.3), nullptr);
  EXPECT_EQ(Out.End, ChildEnd::TimedOut);
  const pid_t Grandchild = pidIn(PidFile);
  ASSERT_GT(Grandchild, 0);
  EXPECT_FALSE(stillRuns(Grandchild)) << "the script's sleep outlived the timeout";
}

TEST(ChildProcessTest, WhatTheScriptLeftRunningDiesWithIt) {
  ASSERT_TRUE(adoptOrphanedDescendants());
  const test::ScopedTempDirectory Scratch("atfc-child");
  const std::string Dir = Scratch.path().string();
  const std::string PidFile = Dir + "/orphan";
  const ChildOutcome Out =
      runChild(command("(sleep 60 & echo $! > " + PidFile + ") ; exit 0"), nullptr);
  EXPECT_EQ(Out.End, ChildEnd::Exited);
  const pid_t Orphan = pidIn(PidFile);
  ASSERT_GT(Orphan, 0);
  EXPECT_FALSE(stillRuns(Orphan)) << "an orphan of the script was left running";
}

TEST(ChildProcessTest, TheStopSignalEndsRunningChildrenAndStartsNoNewOnes) {
  StopSignal Stop;
  std::thread Raiser([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    Stop.raise();
  });
  const ChildOutcome Running = runChild(command("sleep 30"), &Stop);
  Raiser.join();
  EXPECT_EQ(Running.End, ChildEnd::Stopped);
  EXPECT_TRUE(Stop.raised());
  EXPECT_EQ(runChild(command("exit 0"), &Stop).End, ChildEnd::Stopped);
}

TEST(ChildProcessTest, AMissingDirectoryIsReportedNotRun) {
  ChildCommand C = command("exit 0");
  C.Directory = "/nonexistent/atfc/directory";
  const ChildOutcome Out = runChild(C, nullptr);
  EXPECT_NE(Out.End, ChildEnd::Exited);
}

// Each child waits for the other's file: they can only both finish if they
// run at the same time (one after the other, the first would time out).
TEST(ChildProcessTest, ChildrenRunConcurrently) {
  const test::ScopedTempDirectory Scratch("atfc-child");
  const std::string D = Scratch.path().string();
  auto Meet = [&](const std::string &Mine, const std::string &Other) {
    return command("touch " + D + "/" + Mine + "; while [ ! -e " + D + "/" + Other +
                       " ]; do sleep 0.01; done",
                   30);
  };
  ChildOutcome OutA, OutB;
  std::thread A([&] { OutA = runChild(Meet("a", "b"), nullptr); });
  std::thread B([&] { OutB = runChild(Meet("b", "a"), nullptr); });
  A.join();
  B.join();
  EXPECT_EQ(OutA.End, ChildEnd::Exited);
  EXPECT_EQ(OutB.End, ChildEnd::Exited);
}

// A timeout of 10^10 s (or more, or infinite) is no limit: the clock's
// nanoseconds once overflowed into a deadline in the past, and a script
// that exits at once was "timed out after 1e+10 s".
TEST(ChildProcessTest, AHugeTimeoutIsNoLimit) {
  for (double Seconds : {1e10, 1e300, std::numeric_limits<double>::infinity()}) {
    ChildCommand Command = command("exit 0");
    Command.TimeoutSeconds = Seconds;
    const ChildOutcome Out = runChild(Command, nullptr);
    EXPECT_EQ(Out.End, ChildEnd::Exited) << Seconds;
  }
}

} // namespace
} // namespace atfc
