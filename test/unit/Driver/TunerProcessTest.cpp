//===- TunerProcessTest.cpp - Running a tuner and its signals -------------===//
//
// With real processes: the tuner's exit status comes back as it is, a
// signal's death as 128 + the signal with its leftovers killed and its
// configurations' directories removed, and atfc's own signal handlers are
// what they were before.
//
//===----------------------------------------------------------------------===//
#include "Driver/TunerProcess.h"

#include "../ScopedTempDirectory.h"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <unistd.h>

using namespace atfc;
namespace fs = std::filesystem;

namespace {

/// What the runs report, instead of standard error.
std::ostringstream Errors;
DiagnosticSink Diags(Errors);

int runShell(const std::string &Script, const std::string &WorkDirectory = {}) {
  return runTunerProcess("/bin/sh", {"/bin/sh", "-c", Script}, Diags, WorkDirectory);
}

extern "C" void ownHandler(int) {}

TEST(TunerProcess, ExitStatusPassesThrough) {
  EXPECT_EQ(runShell("exit 0"), 0);
  EXPECT_EQ(runShell("exit 3"), 3);
  EXPECT_EQ(runTunerProcess("/nonexistent/tuner", {"/nonexistent/tuner"}, Diags), 1);
  EXPECT_NE(Errors.str().find("atfc: error: cannot start the tuner '/nonexistent/tuner'"),
            std::string::npos)
      << Errors.str();
}

TEST(TunerProcess, ADeathBySignalCleansUp) {
  const test::ScopedTempDirectory Scratch("driver-process");
  const fs::path &Work = Scratch.path();
  fs::create_directories(Work / "1");
  fs::create_directories(Work / "17");
  std::ofstream(Work / "keep.txt") << "not atfc's\n";
  const fs::path PidFile = Work / "leftover.pid";
  // A script the tuner started in a group of its own outlives the tuner
  // unless atfc kills it.
  const int Status =
      runShell("setsid sleep 100 & echo $! > '" + PidFile.string() + "'; sleep 0.2; kill -KILL $$",
               Work.string());
  EXPECT_EQ(Status, 128 + SIGKILL);
  EXPECT_FALSE(fs::exists(Work / "1"));
  EXPECT_FALSE(fs::exists(Work / "17"));
  EXPECT_TRUE(fs::exists(Work / "keep.txt"));
  pid_t Leftover = 0;
  std::ifstream(PidFile) >> Leftover;
  ASSERT_GT(Leftover, 0);
  EXPECT_NE(kill(Leftover, 0), 0) << "the leftover process " << Leftover << " still runs";
}

TEST(TunerProcess, AStoppedTunerIsContinued) {
  // A run script's `kill -STOP $PPID` once held atfc for ever.
  Errors.str("");
  EXPECT_EQ(runShell("kill -STOP $$; exit 5"), 5);
  EXPECT_NE(Errors.str().find("atfc: warning: the tuner was stopped by signal 19"),
            std::string::npos)
      << Errors.str();
}

TEST(TunerProcess, TheTunerCannotBeStoppedByTheTerminal) {
  // Under `stty tostop` a background group's write raises SIGTTOU: the
  // tuner inherits it (and SIGTTIN, bits 20 and 21 of SigIgn) ignored
  // (test/atfc/tune/terminal-stops.test).
  EXPECT_EQ(runShell("Ignored=$(sed -n 's/^SigIgn:[[:space:]]*//p' /proc/$$/status); "
                     "exit $(( (0x$Ignored >> 20 & 3) != 3 ))"),
            0);
}

TEST(TunerProcess, AJobThatIgnoresSigtermIsKilledAfterTheGrace) {
  // mpiexec once ignored SIGTERM for ten minutes: atfc passes the signal on
  // and kills the job's group (and every group it left) after the grace.
  const test::ScopedTempDirectory Scratch("driver-job");
  const fs::path PidFile = Scratch.path() / "rank.pid";
  Errors.str("");
  const pid_t Self = getpid();
  std::thread Sender([Self] {
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    kill(Self, SIGTERM);
  });
  const auto Start = std::chrono::steady_clock::now();
  const int Status = runJobLauncher({"sh", "-c",
                                     "trap '' TERM; setsid sleep 100 & echo $! > '" +
                                         PidFile.string() + "'; while :; do sleep 0.1; done"},
                                    {}, Diags);
  Sender.join();
  EXPECT_EQ(Status, 128 + SIGTERM);
  EXPECT_GE(std::chrono::steady_clock::now() - Start, std::chrono::seconds(kJobKillGraceSeconds));
  EXPECT_NE(Errors.str().find("atfc: error: the MPI job (sh) did not end within 10 s of signal 15"),
            std::string::npos)
      << Errors.str();
  pid_t Rank = 0;
  std::ifstream(PidFile) >> Rank;
  ASSERT_GT(Rank, 0);
  EXPECT_NE(kill(Rank, 0), 0) << "the job's process " << Rank << " still runs";
}

TEST(TunerProcess, AJobEndedByASignalEndsWithIt) {
  // mpiexec ends 1 when its ranks stopped; the run was interrupted.
  Errors.str("");
  const pid_t Self = getpid();
  std::thread Sender([Self] {
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    kill(Self, SIGINT);
  });
  EXPECT_EQ(
      runJobLauncher({"sh", "-c", "trap 'exit 1' INT; while :; do sleep 0.1; done"}, {}, Diags),
      128 + SIGINT);
  Sender.join();
  EXPECT_EQ(runJobLauncher({"sh", "-c", "exit 4"}, {}, Diags), 4);
  EXPECT_EQ(runJobLauncher({"no-such-mpiexec-here"}, {}, Diags), 1);
}

TEST(TunerProcess, AJobsSettingsReachItAndLeaveAtfcsEnvironmentAlone) {
  // atfc's analysis reads its environment on another thread while the job
  // starts: the job's settings must go to the job only.
  Errors.str("");
  ASSERT_EQ(std::getenv("ATFC_TEST_JOB_SETTING"), nullptr);
  EXPECT_EQ(runJobLauncher({"sh", "-c", "test \"$ATFC_TEST_JOB_SETTING\" = 'a b'"},
                           {{"ATFC_TEST_JOB_SETTING", "a b"}}, Diags),
            0)
      << Errors.str();
  EXPECT_EQ(std::getenv("ATFC_TEST_JOB_SETTING"), nullptr);
}

TEST(TunerProcess, HandlersAreRestored) {
  struct sigaction Own = {};
  Own.sa_handler = ownHandler;
  sigemptyset(&Own.sa_mask);
  struct sigaction Before = {};
  ASSERT_EQ(sigaction(SIGTERM, &Own, &Before), 0);
  EXPECT_EQ(runShell("exit 0"), 0);
  struct sigaction After = {};
  sigaction(SIGTERM, nullptr, &After);
  EXPECT_EQ(After.sa_handler, &ownHandler);
  sigaction(SIGTERM, &Before, nullptr);
}

} // namespace
