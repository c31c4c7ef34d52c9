//===- SlowStepNoticeTest.cpp - A word while a long step runs -------------===//
//
// With a real terminal (a pseudo-terminal as standard error of a child): a
// step over a second is named with its seconds and the line is cleared at
// its end; a short step, and any step when standard error is no terminal,
// writes nothing.
//
//===----------------------------------------------------------------------===//
#include "System/SlowStepNotice.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <pty.h>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

using namespace atfc;

namespace {

const std::string kStep = "k.cl: generating the search space";

/// What a child that runs a step of Millis milliseconds writes to standard
/// error, which is a pseudo-terminal when Terminal holds, else a pipe.
std::string stepOutput(int Millis, bool Terminal) {
  int Read = -1, Write = -1;
  if (Terminal) {
    if (openpty(&Read, &Write, nullptr, nullptr, nullptr) != 0)
      return "openpty failed";
  } else {
    int Fds[2];
    if (pipe(Fds) != 0)
      return "pipe failed";
    Read = Fds[0];
    Write = Fds[1];
  }
  const pid_t Child = fork();
  if (Child == 0) {
    dup2(Write, STDERR_FILENO);
    {
      SlowStepNotice Notice(kStep);
      usleep(Millis * 1000);
    }
    _exit(0);
  }
  close(Write);
  int Status = 0;
  waitpid(Child, &Status, 0);
  std::string Out;
  char Buffer[256];
  // A pseudo-terminal's reader sees EIO once the child has closed it.
  for (ssize_t N; (N = read(Read, Buffer, sizeof Buffer)) > 0;)
    Out.append(Buffer, static_cast<std::size_t>(N));
  close(Read);
  return Out;
}

TEST(SlowStepNoticeTest, NamesALongStepAndClearsTheLine) {
  const std::string Out = stepOutput(1500, /*Terminal=*/true);
  EXPECT_NE(Out.find("\r" + kStep + " ... 1 s"), std::string::npos) << Out;
  const std::string Blank = "\r" + std::string(kStep.size() + 16, ' ') + "\r";
  ASSERT_GE(Out.size(), Blank.size()) << Out;
  EXPECT_EQ(Out.substr(Out.size() - Blank.size()), Blank) << "the line is cleared at the end";
}

TEST(SlowStepNoticeTest, AShortStepWritesNothing) {
  EXPECT_EQ(stepOutput(50, /*Terminal=*/true), "");
}

TEST(SlowStepNoticeTest, NothingWhenStandardErrorIsNoTerminal) {
  EXPECT_EQ(stepOutput(1500, /*Terminal=*/false), "");
}

} // namespace
