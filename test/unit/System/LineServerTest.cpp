//===- LineServerTest.cpp - A child that answers a line per request -------===//
//
// Real /bin/sh children that stay alive across requests: started once for
// many answers, started again after a death, killed on a timeout or a stop
// with their whole group, their stderr handed back per request, and ended
// (stdin closed, then killed) with the handle.
//
//===----------------------------------------------------------------------===//
#include "System/LineServer.h"
#include "ProcessState.h"

#include "../ScopedTempDirectory.h"

#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <string>
#include <thread>

namespace atfc {
namespace {

ChildCommand serverCommand(std::string Script, std::string Directory = ".") {
  ChildCommand C;
  C.Script = std::move(Script);
  C.Directory = std::move(Directory);
  C.Environment = {"PATH=/usr/bin:/bin", "WHO=server"};
  return C;
}

pid_t serverPidIn(const std::filesystem::path &Path) {
  std::ifstream In(Path);
  pid_t Pid = 0;
  In >> Pid;
  return Pid;
}

// An echo server: started once, it answers every request with its own
// line, in order, with its environment.
TEST(LineServerTest, IsStartedOnceForManyRequests) {
  LineServer Server(serverCommand("while read -r line; do echo \"$WHO: $line\"; done"));
  EXPECT_EQ(Server.starts(), 0u);
  pid_t First = -1;
  for (int I = 0; I < 20; ++I) {
    const LineAnswer A = Server.ask("request " + std::to_string(I), 10, nullptr);
    ASSERT_EQ(A.End, LineAnswerEnd::Answered) << I;
    EXPECT_EQ(A.Line, "server: request " + std::to_string(I));
    EXPECT_EQ(A.Started, I == 0);
    if (I == 0)
      First = Server.pid();
    EXPECT_EQ(Server.pid(), First);
  }
  EXPECT_EQ(Server.starts(), 1u);
}

// A server that dies on its second request: that request says how it
// died, with what it wrote to stderr; the next one starts it afresh.
TEST(LineServerTest, DiesOnARequestAndIsStartedAgain) {
  LineServer Server(
      serverCommand("read -r a; echo right; read -r b; echo 'bad input' >&2; exit 3"));
  EXPECT_EQ(Server.ask("1", 10, nullptr).Line, "right");
  const LineAnswer Died = Server.ask("2", 10, nullptr);
  EXPECT_EQ(Died.End, LineAnswerEnd::Died);
  EXPECT_TRUE(WIFEXITED(Died.Status) && WEXITSTATUS(Died.Status) == 3) << Died.Status;
  EXPECT_EQ(Died.ErrorTail, "bad input\n");
  EXPECT_EQ(Server.pid(), -1);
  const LineAnswer Again = Server.ask("3", 10, nullptr);
  EXPECT_EQ(Again.End, LineAnswerEnd::Answered);
  EXPECT_TRUE(Again.Started);
  EXPECT_EQ(Server.starts(), 2u);
  // Killed by a signal: the wait status says which.
  LineServer Segv(serverCommand("read -r a; kill -SEGV $$"));
  const LineAnswer Signaled = Segv.ask("x", 10, nullptr);
  EXPECT_EQ(Signaled.End, LineAnswerEnd::Died);
  EXPECT_TRUE(WIFSIGNALED(Signaled.Status) && WTERMSIG(Signaled.Status) == SIGSEGV);
}

// A hanging server is killed with everything it started at the deadline.
TEST(LineServerTest, TimesOutAndKillsItsGroup) {
  test::ScopedTempDirectory Dir("atfc-line-server");
  const std::string PidFile = (Dir.path() / "sleeper").string();
  LineServer Server(serverCommand("sleep 100 & echo $! > '" + PidFile + "'; read -r a; sleep 100"));
  const auto Start = std::chrono::steady_clock::now();
  const LineAnswer A = Server.ask("x", 0.3, nullptr);
  EXPECT_EQ(A.End, LineAnswerEnd::TimedOut);
  EXPECT_LT(std::chrono::steady_clock::now() - Start, std::chrono::seconds(5));
  EXPECT_EQ(Server.pid(), -1);
  EXPECT_FALSE(stillRuns(serverPidIn(PidFile)));
}

// A raised stop ends the wait and the group at once, from another thread.
TEST(LineServerTest, StopsWhenTheSignalIsRaised) {
  LineServer Server(serverCommand("read -r a; sleep 100"));
  StopSignal Stop;
  std::thread Raiser([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    Stop.raise();
  });
  const LineAnswer A = Server.ask("x", 100, &Stop);
  Raiser.join();
  EXPECT_EQ(A.End, LineAnswerEnd::Stopped);
  EXPECT_EQ(Server.pid(), -1);
  // Raised, no server starts.
  EXPECT_EQ(Server.ask("y", 100, &Stop).End, LineAnswerEnd::Stopped);
  EXPECT_EQ(Server.starts(), 1u);
}

// Two lines for one request: the server is out of step and is killed; an
// unasked line written between requests restarts it without blaming the
// next request.
TEST(LineServerTest, KillsAServerThatSaysMoreThanItIsAsked) {
  LineServer Twice(serverCommand("while read -r a; do echo one; echo two; done"));
  const LineAnswer A = Twice.ask("x", 10, nullptr);
  // Both lines may arrive in one read, or the first alone.
  if (A.End == LineAnswerEnd::Answered) {
    EXPECT_EQ(A.Line, "one");
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    const LineAnswer B = Twice.ask("y", 10, nullptr);
    EXPECT_TRUE(B.Started);
    EXPECT_EQ(Twice.starts(), 2u);
  } else {
    EXPECT_EQ(A.End, LineAnswerEnd::Garbled);
    EXPECT_EQ(A.Line, "one\ntwo\n");
  }
  LineServer Long(serverCommand("read -r a; head -c 70000 /dev/zero | tr '\\0' x; sleep 100"));
  const LineAnswer L = Long.ask("x", 10, nullptr);
  EXPECT_EQ(L.End, LineAnswerEnd::Garbled);
  EXPECT_EQ(Long.pid(), -1);
}

// Ending the handle closes the server's stdin: a server reading to its
// end leaves on its own (its last words written), one that does not is
// killed with its group.
TEST(LineServerTest, EndsTheServerAndItsGroup) {
  test::ScopedTempDirectory Dir("atfc-line-server");
  const std::filesystem::path Done = Dir.path() / "done";
  const std::filesystem::path Sleeper = Dir.path() / "sleeper";
  pid_t Polite = -1, Stubborn = -1;
  {
    LineServer Server(
        serverCommand("while read -r a; do echo ok; done; echo bye > done", Dir.path().string()));
    ASSERT_EQ(Server.ask("x", 10, nullptr).End, LineAnswerEnd::Answered);
    Polite = Server.pid();
  }
  EXPECT_FALSE(stillRuns(Polite));
  EXPECT_TRUE(std::filesystem::exists(Done));
  {
    LineServer Server(serverCommand(
        "trap '' TERM; sleep 100 & echo $! > sleeper; while :; do read -r a; echo ok; done",
        Dir.path().string()));
    ASSERT_EQ(Server.ask("x", 10, nullptr).End, LineAnswerEnd::Answered);
    Stubborn = Server.pid();
    Server.end(0.1);
    EXPECT_EQ(Server.pid(), -1);
  }
  EXPECT_FALSE(stillRuns(Stubborn));
  EXPECT_FALSE(stillRuns(serverPidIn(Sleeper)));
}

// A server that cannot start: the errno value, nothing left running.
TEST(LineServerTest, SaysWhyItCouldNotStart) {
  ChildCommand C = serverCommand("true", "/nonexistent-atfc-directory");
  LineServer Server(C);
  const LineAnswer A = Server.ask("x", 10, nullptr);
  EXPECT_EQ(A.End, LineAnswerEnd::NotStarted);
  EXPECT_EQ(A.Status, ENOENT);
  EXPECT_EQ(Server.starts(), 0u);
}

} // namespace
} // namespace atfc
