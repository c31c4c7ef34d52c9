//===- RemovedAtForcedExitTest.cpp - Trees removed as a signal kills ------===//
//
// A marked directory goes with all it holds (nested directories, files, a
// link, never followed), at the second signal too; an unmarked one and a
// parent's, seen from a forked child, stay.
//
//===----------------------------------------------------------------------===//
#include "System/RemovedAtForcedExit.h"
#include "System/Interruption.h"

#include "../ScopedTempDirectory.h"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <sys/resource.h>
#include <thread>

using namespace atfc;
namespace fs = std::filesystem;

namespace {

/// A tree deeper and wider than one read of a directory takes in, with a
/// link to Outside.
void makeTree(const fs::path &Root, const fs::path &Outside) {
  fs::create_directories(Root / "a" / "b" / "c");
  for (int I = 0; I < 200; ++I)
    std::ofstream(Root / "a" / ("file-with-a-long-name-" + std::to_string(I))) << I;
  std::ofstream(Root / "a" / "b" / "c" / "deep") << "x";
  fs::create_directory_symlink(Outside, Root / "a" / "link");
}

TEST(RemovedAtForcedExitTest, AMarkedDirectoryGoesWithAllItHoldsAndNoLinkIsFollowed) {
  test::ScopedTempDirectory Dir("forced-exit");
  const fs::path Marked = Dir.path() / "run", Outside = Dir.path() / "outside";
  fs::create_directory(Outside);
  std::ofstream(Outside / "kept") << "kept";
  makeTree(Marked, Outside);
  {
    RemovedAtForcedExit Mark(Marked.string());
    ASSERT_TRUE(Mark.marked());
    removeMarkedDirectoriesNow();
  }
  EXPECT_FALSE(fs::exists(fs::symlink_status(Marked)));
  EXPECT_TRUE(fs::exists(Outside / "kept"));
}

TEST(RemovedAtForcedExitTest, AnUnmarkedDirectoryStays) {
  test::ScopedTempDirectory Dir("forced-exit");
  const fs::path Run = Dir.path() / "run";
  makeTree(Run, Dir.path());
  { RemovedAtForcedExit Mark(Run.string()); }
  removeMarkedDirectoriesNow();
  EXPECT_TRUE(fs::exists(Run / "a" / "b" / "c" / "deep"));
}

TEST(RemovedAtForcedExitTest, AForkedChildLeavesItsParentsDirectory) {
  test::ScopedTempDirectory Dir("forced-exit");
  const fs::path Run = Dir.path() / "run";
  makeTree(Run, Dir.path());
  RemovedAtForcedExit Mark(Run.string());
  GTEST_FLAG_SET(death_test_style, "fast"); // a fork, sharing the mark
  EXPECT_EXIT(
      {
        removeMarkedDirectoriesNow();
        std::_Exit(0);
      },
      testing::ExitedWithCode(0), "");
  EXPECT_TRUE(fs::exists(Run / "a" / "b" / "c" / "deep"));
}

TEST(RemovedAtForcedExitTest, TheSecondSignalRemovesAMarkedDirectory) {
  // A program tuning in-process, stopped by Ctrl-C twice, left its run's
  // temporary directory behind: the signal's default action runs no
  // destructor.
  test::ScopedTempDirectory Dir("forced-exit");
  const fs::path Run = Dir.path() / "run";
  GTEST_FLAG_SET(death_test_style, "fast");
  EXPECT_EXIT(
      {
        makeTree(Run, Dir.path());
        RemovedAtForcedExit Mark(Run.string());
        Interruption Interrupt([] {});
        std::raise(SIGINT);
        std::this_thread::sleep_for(std::chrono::duration<double>(kRepeatedSignalSeconds + 0.2));
        std::raise(SIGINT);
        std::_Exit(0);
      },
      testing::KilledBySignal(SIGINT), "");
  EXPECT_FALSE(fs::exists(Run));
  EXPECT_TRUE(fs::exists(Dir.path()));
}

// Any signal whose default action ends the program ends it with no
// destructor run: a program tuning in-process piped into `head` (SIGPIPE),
// stopped by Ctrl-\ (SIGQUIT) or crashing in its cost function (SIGSEGV)
// left its run's temporary directory in /tmp. Each such signal the program
// leaves at its default removes the marked directories, and the program
// still ends by that signal.
TEST(RemovedAtForcedExitTest, EverySignalThatEndsTheProgramRemovesAMarkedDirectory) {
  for (int Signal : kRemovedAtSignals) {
    test::ScopedTempDirectory Dir("forced-exit");
    const fs::path Run = Dir.path() / "run";
    GTEST_FLAG_SET(death_test_style, "fast"); // (no other thread here)
    EXPECT_EXIT(
        {
          const rlimit NoCore = {}; // (SIGQUIT, SIGSEGV, ... would dump a core)
          ::setrlimit(RLIMIT_CORE, &NoCore);
          makeTree(Run, Dir.path());
          RemovedAtForcedExit Mark(Run.string());
          std::raise(Signal);
          std::_Exit(0);
        },
        testing::KilledBySignal(Signal), "")
        << strsignal(Signal);
    EXPECT_FALSE(fs::exists(Run)) << strsignal(Signal);
  }
}

// A handler of the program's own, or an ignored signal, is the program's
// to answer: the mark leaves it alone; and the default is back once no
// directory is marked.
TEST(RemovedAtForcedExitTest, TheProgramsOwnHandlersAreLeftAlone) {
  test::ScopedTempDirectory Dir("forced-exit");
  const fs::path Run = Dir.path() / "run";
  GTEST_FLAG_SET(death_test_style, "fast");
  EXPECT_EXIT(
      {
        fs::create_directory(Run);
        std::signal(SIGUSR1, [](int) { std::_Exit(3); });
        std::signal(SIGPIPE, SIG_IGN);
        {
          RemovedAtForcedExit Mark(Run.string());
          std::raise(SIGPIPE);
        }
        struct sigaction Quit = {};
        sigaction(SIGQUIT, nullptr, &Quit);
        std::_Exit(Quit.sa_handler == SIG_DFL && fs::exists(Run) ? 0 : 1);
      },
      testing::ExitedWithCode(0), "");
  EXPECT_EXIT(
      {
        std::signal(SIGUSR1, [](int) { std::_Exit(3); });
        RemovedAtForcedExit Mark(Run.string());
        std::raise(SIGUSR1);
        std::_Exit(0);
      },
      testing::ExitedWithCode(3), "");
  EXPECT_TRUE(fs::exists(Run));
}

} // namespace
