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

#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
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
