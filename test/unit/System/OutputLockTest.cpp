//===- OutputLockTest.cpp - One run per output directory ------------------===//
//
// The lock is exclusive across processes, names its holder, is released
// when its holder ends however it ends, and is handed down through exec.
//
//===----------------------------------------------------------------------===//
#include "System/OutputLock.h"

#include "../ScopedTempDirectory.h"

#include <gtest/gtest.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

using namespace atfc;

namespace {

/// Forks a child that holds the lock of Dir until killed; returns its pid
/// once it holds it.
pid_t holdInChild(const std::string &Dir) {
  int Ready[2];
  EXPECT_EQ(pipe(Ready), 0);
  const pid_t Child = fork();
  if (Child == 0) {
    Expected<OutputLock> Lock = OutputLock::acquire(Dir, false, false);
    const char Byte = Lock ? 'y' : 'n';
    (void)!write(Ready[1], &Byte, 1);
    pause();
    _exit(0);
  }
  char Byte = 0;
  EXPECT_EQ(read(Ready[0], &Byte, 1), 1);
  EXPECT_EQ(Byte, 'y');
  close(Ready[0]);
  close(Ready[1]);
  return Child;
}

TEST(OutputLock, ASecondRunIsRefusedWithTheHoldersPid) {
  const test::ScopedTempDirectory Scratch("atfc-lock-test-refused");
  const std::string Dir = Scratch.path().string();
  const pid_t Holder = holdInChild(Dir);
  Expected<OutputLock> Refused = OutputLock::acquire(Dir, false, false);
  ASSERT_FALSE(Refused);
  EXPECT_EQ(Refused.error().message(), Dir + " is in use by another atfc tune (pid " +
                                           std::to_string(Holder) +
                                           "); wait for it, or pass --wait");
  // Killed outright, the holder leaves no stale lock.
  kill(Holder, SIGKILL);
  waitpid(Holder, nullptr, 0);
  Expected<OutputLock> Free = OutputLock::acquire(Dir, false, false);
  EXPECT_TRUE(Free) << Free.error().message();
}

TEST(OutputLock, WaitBlocksUntilTheHolderEnds) {
  const test::ScopedTempDirectory Scratch("atfc-lock-test-wait");
  const std::string Dir = Scratch.path().string();
  const pid_t Holder = holdInChild(Dir);
  const pid_t Killer = fork();
  if (Killer == 0) {
    usleep(300000);
    kill(Holder, SIGKILL);
    _exit(0);
  }
  std::string Said;
  Expected<OutputLock> Waited = OutputLock::acquire(
      Dir, /*Wait=*/true, false, [&Said](const std::string &Line) { Said = Line; });
  EXPECT_TRUE(Waited) << Waited.error().message();
  EXPECT_EQ(Said, "atfc: waiting for the run of pid " + std::to_string(Holder) +
                      " to finish with " + Dir);
  waitpid(Holder, nullptr, 0);
  waitpid(Killer, nullptr, 0);
}

TEST(OutputLock, TheInheritedLockIsTakenOverAndClosedOnExec) {
  const test::ScopedTempDirectory Scratch("atfc-lock-test-inherited");
  const std::string Dir = Scratch.path().string();
  Expected<OutputLock> Held = OutputLock::acquire(Dir, false, /*Inheritable=*/true);
  ASSERT_TRUE(Held) << Held.error().message();
  EXPECT_EQ(fcntl(Held->fd(), F_GETFD) & FD_CLOEXEC, 0);
  const int Fd = dup(Held->fd()); // what the tuner finds after exec
  setenv(kLockFdVariable, std::to_string(Fd).c_str(), 1);
  std::optional<OutputLock> Taken = OutputLock::inherited();
  ASSERT_TRUE(Taken);
  EXPECT_EQ(Taken->fd(), Fd);
  EXPECT_NE(fcntl(Fd, F_GETFD) & FD_CLOEXEC, 0);
  EXPECT_EQ(std::getenv(kLockFdVariable), nullptr);
  EXPECT_FALSE(OutputLock::inherited());
}

} // namespace

// Issue 44: a hard link planted at `lock` (to a file of the user's
// elsewhere) was truncated and overwritten, its contents lost; a lock that
// holds other text than a process id is not atfc's to truncate either.
TEST(OutputLock, ALockThatIsNotAtfcsIsRefusedUntouched) {
  const test::ScopedTempDirectory Scratch("atfc-lock-test-planted");
  const std::filesystem::path Dir = Scratch.path() / "out";
  std::filesystem::create_directory(Dir);
  std::filesystem::permissions(Dir, std::filesystem::perms(0700));
  {
    Expected<OutputLock> First = OutputLock::acquire(Dir.string(), false, false);
    ASSERT_TRUE(First) << First.error().message();
  }
  const std::filesystem::path Notes = Scratch.path() / "notes.txt";
  auto Write = [](const std::filesystem::path &P, const std::string &Text) {
    FILE *F = std::fopen(P.c_str(), "w");
    ASSERT_NE(F, nullptr);
    std::fputs(Text.c_str(), F);
    std::fclose(F);
  };
  auto Read = [](const std::filesystem::path &P) {
    std::string Text(100, '\0');
    FILE *F = std::fopen(P.c_str(), "r");
    Text.resize(F ? std::fread(Text.data(), 1, Text.size(), F) : 0);
    if (F)
      std::fclose(F);
    return Text;
  };
  Write(Notes, "the user's notes\n");
  std::filesystem::remove(Dir / "lock");
  std::filesystem::create_hard_link(Notes, Dir / "lock");
  Expected<OutputLock> Linked = OutputLock::acquire(Dir.string(), false, false);
  ASSERT_FALSE(Linked);
  EXPECT_NE(Linked.error().message().find("has 2 hard links"), std::string::npos)
      << Linked.error().message();
  EXPECT_EQ(Read(Notes), "the user's notes\n");

  std::filesystem::remove(Dir / "lock");
  Write(Dir / "lock", "the user's notes\n");
  Expected<OutputLock> Text = OutputLock::acquire(Dir.string(), false, false);
  ASSERT_FALSE(Text);
  EXPECT_EQ(Text.error().message(),
            "'" + (Dir / "lock").string() +
                "' is not atfc's lock file (it holds other text than a process id); remove it");
  EXPECT_EQ(Read(Dir / "lock"), "the user's notes\n");

  // atfc's own lock, as a run leaves it, is taken.
  Write(Dir / "lock", "12345\n");
  EXPECT_TRUE(OutputLock::acquire(Dir.string(), false, false));
}
