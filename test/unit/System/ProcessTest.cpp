//===- ProcessTest.cpp - Starting, waiting for and killing a child --------===//
//
// Real processes: what reaches the child (arguments, environment, working
// directory, descriptors, signal state), how it ended, deadlines, and that
// killing a group leaves neither a running process nor a zombie.
//
//===----------------------------------------------------------------------===//
#include "System/Process.h"
#include "ProcessState.h"

#include <algorithm>
#include <atomic>
#include <gtest/gtest.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace atfc {
namespace {

using namespace std::chrono_literals;

/// A /bin/sh -c Script child's description; its output goes to OutputFd.
ProcessSpec shell(std::string Script, int OutputFd = -1) {
  ProcessSpec Spec;
  Spec.Argv = {"/bin/sh", "-c", std::move(Script)};
  Spec.OutputFd = Spec.ErrorFd = OutputFd;
  return Spec;
}

/// Everything readable from Fd until its end.
std::string readAll(int Fd) {
  std::string Text;
  char Buffer[4096];
  for (ssize_t N; (N = ::read(Fd, Buffer, sizeof Buffer)) != 0;) {
    if (N < 0 && errno == EINTR)
      continue;
    if (N < 0)
      break;
    Text.append(Buffer, static_cast<std::size_t>(N));
  }
  return Text;
}

/// Runs Spec to its end; its combined stdout and stderr.
std::string outputOf(ProcessSpec Spec, int *Status = nullptr) {
  int Pipe[2];
  EXPECT_EQ(::pipe2(Pipe, O_CLOEXEC), 0);
  Spec.OutputFd = Spec.ErrorFd = Pipe[1];
  Process Child;
  EXPECT_EQ(startProcess(Spec, Child), 0);
  ::close(Pipe[1]);
  std::string Text = readAll(Pipe[0]);
  ::close(Pipe[0]);
  const int End = Child ? Child.reap() : -1;
  if (Status)
    *Status = End;
  return Text;
}

/// Whether Pid exists at all, a zombie included.
bool exists(pid_t Pid) { return std::filesystem::exists("/proc/" + std::to_string(Pid)); }

pid_t awaitPidIn(const std::string &Path) {
  for (int Try = 0; Try < 500; ++Try) {
    std::ifstream In(Path);
    pid_t Pid = 0;
    if (In >> Pid && Pid > 0)
      return Pid;
    std::this_thread::sleep_for(10ms);
  }
  return 0;
}

TEST(ProcessTest, ArgumentsReachTheChild) {
  ProcessSpec Spec = shell("printf '[%s]' \"$0\" \"$@\"");
  Spec.Argv.insert(Spec.Argv.end(), {"name", "two words", ""});
  EXPECT_EQ(outputOf(Spec), "[name][two words][]");
}

TEST(ProcessTest, ProgramAndArgumentZeroMayDiffer) {
  ProcessSpec Spec;
  Spec.Program = "/bin/sh";
  Spec.Argv = {"a-name", "-c", "echo \"$0\""};
  EXPECT_EQ(outputOf(Spec), "a-name\n");
}

TEST(ProcessTest, TheGivenEnvironmentIsTheWholeEnvironment) {
  ::setenv("ATFC_PROCESS_TEST_LEAK", "1", 1);
  ProcessSpec Spec = shell("echo \"[$ATFC_PROCESS_TEST][$ATFC_PROCESS_TEST_LEAK]\"");
  Spec.Environment = std::vector<std::string>{"ATFC_PROCESS_TEST=yes"};
  EXPECT_EQ(outputOf(Spec), "[yes][]\n");
  // Without one, the child gets this process's.
  EXPECT_EQ(outputOf(shell("echo \"[$ATFC_PROCESS_TEST_LEAK]\"")), "[1]\n");
  ::unsetenv("ATFC_PROCESS_TEST_LEAK");
}

TEST(ProcessTest, EnvironmentWithSetsAndUnsets) {
  ::setenv("ATFC_PROCESS_TEST_A", "old", 1);
  ::setenv("ATFC_PROCESS_TEST_B", "gone", 1);
  ProcessSpec Spec =
      shell("echo \"[$ATFC_PROCESS_TEST_A][$ATFC_PROCESS_TEST_B][$ATFC_PROCESS_TEST_C]\"");
  Spec.Environment = environmentWith(
      {{"ATFC_PROCESS_TEST_A", "new"}, {"ATFC_PROCESS_TEST_C", "a=b"}}, {"ATFC_PROCESS_TEST_B"});
  EXPECT_EQ(outputOf(Spec), "[new][][a=b]\n");
  ::unsetenv("ATFC_PROCESS_TEST_A");
  ::unsetenv("ATFC_PROCESS_TEST_B");
}

TEST(ProcessTest, RunsInTheGivenDirectory) {
  ProcessSpec Spec = shell("pwd -P");
  Spec.Directory = "/";
  EXPECT_EQ(outputOf(Spec), "/\n");
  Spec.Directory = "/no/such/directory";
  Process Child;
  EXPECT_EQ(startProcess(Spec, Child), ENOENT);
  EXPECT_FALSE(Child);
}

TEST(ProcessTest, AProgramThatCannotRunIsAnErrorOfTheStart) {
  ProcessSpec Spec;
  Spec.Argv = {"/no/such/program"};
  Process Child;
  EXPECT_EQ(startProcess(Spec, Child), ENOENT);
  EXPECT_FALSE(Child);
}

TEST(ProcessTest, StdinIsNullOrInherited) {
  // This process's stdin is a pipe with "in" for a while.
  int In[2];
  ASSERT_EQ(::pipe(In), 0);
  ASSERT_EQ(::write(In[1], "in", 2), 2);
  ::close(In[1]);
  const int Saved = ::dup(STDIN_FILENO);
  ::dup2(In[0], STDIN_FILENO);
  ::close(In[0]);
  ProcessSpec Spec = shell("cat; echo end");
  Spec.NullInput = true;
  const std::string Null = outputOf(Spec);
  Spec.NullInput = false;
  const std::string Inherited = outputOf(Spec);
  ::dup2(Saved, STDIN_FILENO);
  ::close(Saved);
  EXPECT_EQ(Null, "end\n");
  EXPECT_EQ(Inherited, "inend\n");
}

TEST(ProcessTest, NullOutputWritesToDevNull) {
  // The child says where its stdout and stderr go, through descriptor 3.
  int Pipe[2];
  ASSERT_EQ(::pipe2(Pipe, O_CLOEXEC), 0);
  // (test is the shell's builtin: /proc/self is the shell, unredirected.)
  ProcessSpec Spec = shell("for Fd in 1 2; do [ /proc/self/fd/$Fd -ef /dev/null ] && echo null >&3 "
                           "|| echo other >&3; done; echo lost; echo lost >&2");
  Spec.NullOutput = true;
  Spec.ExtraFds = {{Pipe[1], 3}};
  Process Child;
  ASSERT_EQ(startProcess(Spec, Child), 0);
  ::close(Pipe[1]);
  const std::string Text = readAll(Pipe[0]);
  ::close(Pipe[0]);
  EXPECT_EQ(Child.reap(), 0);
  EXPECT_EQ(Text, "null\nnull\n");
}

TEST(ProcessTest, ExtraDescriptorsArriveAtTheirNumbers) {
  // Close-on-exec here, and at the very numbers they go to and come from.
  int Out[2], In[2];
  ASSERT_EQ(::pipe2(Out, O_CLOEXEC), 0);
  ASSERT_EQ(::pipe2(In, O_CLOEXEC), 0);
  ASSERT_EQ(::write(In[1], "data", 4), 4);
  ::close(In[1]);
  // The descriptor given at its own number must be none of the targets 4
  // and 5 (which of them the pipes got depends on what the test inherited).
  const int Same = Out[1] > 5 ? Out[1] : ::fcntl(Out[1], F_DUPFD_CLOEXEC, 6);
  ASSERT_GT(Same, 5);
  ProcessSpec Spec =
      shell("cat <&5 >&4; echo same >&" + std::to_string(Same) + "; echo stderr >&2", Out[1]);
  Spec.OutputFd = -1;
  Spec.ExtraFds = {{Out[1], 4}, {In[0], 5}, {Same, Same}};
  Process Child;
  ASSERT_EQ(startProcess(Spec, Child), 0);
  if (Same != Out[1])
    ::close(Same);
  ::close(Out[1]);
  ::close(In[0]);
  EXPECT_EQ(readAll(Out[0]), "datasame\nstderr\n");
  ::close(Out[0]);
  EXPECT_EQ(Child.reap(), 0);
}

TEST(ProcessTest, ClosedDescriptorsAreNotInherited) {
  int Kept = ::open("/dev/null", O_RDONLY);
  ASSERT_GE(Kept, 0);
  const std::string Probe = "test -e /proc/self/fd/" + std::to_string(Kept) + " && echo open";
  EXPECT_EQ(outputOf(shell(Probe + " || echo closed")), "open\n");
  ProcessSpec Spec = shell(Probe + " || echo closed");
  Spec.ClosedFds = {Kept};
  EXPECT_EQ(outputOf(Spec), "closed\n");
  ::close(Kept);
}

TEST(ProcessTest, SignalStateIsResetOrInherited) {
  // Ignored and blocked here; the child sees its own mask in /proc.
  struct sigaction Ignore = {}, Old = {};
  Ignore.sa_handler = SIG_IGN;
  ::sigaction(SIGUSR1, &Ignore, &Old);
  sigset_t Block, Previous;
  sigemptyset(&Block);
  sigaddset(&Block, SIGUSR2);
  ::pthread_sigmask(SIG_BLOCK, &Block, &Previous);
  // Not through a shell, which may set its own.
  ProcessSpec Spec;
  Spec.Argv = {"/bin/grep", "-E", "^(SigBlk|SigIgn)", "/proc/self/status"};
  auto Bit = [](int Signal) { return 1ULL << (Signal - 1); };
  auto Mask = [](const std::string &Text, const char *Field) {
    const std::size_t At = Text.find(Field);
    return At == std::string::npos ? ~0ULL : std::stoull(Text.substr(At + 8, 16), nullptr, 16);
  };
  const std::string Reset = outputOf(Spec);
  ProcessSpec Inheriting = Spec;
  Inheriting.EmptySignalMask = Inheriting.DefaultSignals = false;
  const std::string Inherited = outputOf(Inheriting);
  ::pthread_sigmask(SIG_SETMASK, &Previous, nullptr);
  ::sigaction(SIGUSR1, &Old, nullptr);

  EXPECT_EQ(Mask(Reset, "SigBlk:") & Bit(SIGUSR2), 0u) << Reset;
  EXPECT_EQ(Mask(Reset, "SigIgn:") & Bit(SIGUSR1), 0u) << Reset;
  EXPECT_NE(Mask(Inherited, "SigBlk:") & Bit(SIGUSR2), 0u) << Inherited;
  EXPECT_NE(Mask(Inherited, "SigIgn:") & Bit(SIGUSR1), 0u) << Inherited;
}

TEST(ProcessTest, ReportsTheExitStatusAndTheSignal) {
  int Status = 0;
  outputOf(shell("exit 3"), &Status);
  ASSERT_TRUE(WIFEXITED(Status));
  EXPECT_EQ(WEXITSTATUS(Status), 3);
  outputOf(shell("kill -TERM $$"), &Status);
  ASSERT_TRUE(WIFSIGNALED(Status));
  EXPECT_EQ(WTERMSIG(Status), SIGTERM);
}

TEST(ProcessTest, OwnGroupOrThisOne) {
  ProcessSpec Spec = shell("cut -d' ' -f5 /proc/$$/stat");
  EXPECT_EQ(std::stol(outputOf(Spec)), static_cast<long>(::getpgrp()));
  Spec.OwnGroup = true;
  Process Child;
  int Pipe[2];
  ASSERT_EQ(::pipe2(Pipe, O_CLOEXEC), 0);
  Spec.OutputFd = Pipe[1];
  ASSERT_EQ(startProcess(Spec, Child), 0);
  ::close(Pipe[1]);
  EXPECT_EQ(std::stol(readAll(Pipe[0])), static_cast<long>(Child.pid()));
  ::close(Pipe[0]);
  Child.reap();
}

TEST(ProcessTest, WaitingEndsAtTheDeadlineAndLeavesTheChildUnreaped) {
  Process Child;
  ASSERT_EQ(startProcess(shell("sleep 30"), Child), 0);
  const auto Start = Process::Clock::now();
  EXPECT_FALSE(Child.waitForExit(Start + 100ms));
  EXPECT_GE(Process::Clock::now() - Start, 100ms);
  EXPECT_FALSE(Child.exited());
  Child.signal(SIGKILL);
  EXPECT_TRUE(Child.waitForExit(Process::Clock::now() + 10s));
  // Exited but not reaped: a zombie until reap().
  const pid_t Pid = Child.pid();
  EXPECT_TRUE(Child.exited());
  EXPECT_TRUE(exists(Pid));
  const int Status = Child.reap();
  EXPECT_TRUE(WIFSIGNALED(Status) && WTERMSIG(Status) == SIGKILL);
  EXPECT_FALSE(exists(Pid));
  EXPECT_FALSE(Child);
}

TEST(ProcessTest, KillingTheGroupEndsEveryMemberAndLeavesNoZombie) {
  ASSERT_TRUE(adoptOrphanedDescendants());
  char Dir[] = "/tmp/atfc-process-test-XXXXXX";
  ASSERT_NE(::mkdtemp(Dir), nullptr);
  const std::string Grandchild = std::string(Dir) + "/grandchild";
  // The script ignores SIGTERM, so the grace runs out and SIGKILL ends it.
  ProcessSpec Spec = shell("trap '' TERM; sleep 60 & echo $! > " + Grandchild + "; wait");
  Spec.OwnGroup = true;
  Process Child;
  ASSERT_EQ(startProcess(Spec, Child), 0);
  const pid_t Pid = Child.pid(), Sleeper = awaitPidIn(Grandchild);
  ASSERT_GT(Sleeper, 0);
  const auto Start = Process::Clock::now();
  const int Status = Child.killGroup(0.2);
  EXPECT_GE(Process::Clock::now() - Start, 200ms);
  EXPECT_TRUE(WIFSIGNALED(Status) && WTERMSIG(Status) == SIGKILL);
  EXPECT_FALSE(exists(Pid));
  EXPECT_FALSE(stillRuns(Sleeper));
  EXPECT_FALSE(exists(Sleeper)); // reaped, as this process adopted it
  std::filesystem::remove_all(Dir);
}

TEST(ProcessTest, AStoppedChildIsContinuedNotWaitedOnForEver) {
  // A script's `kill -STOP $PPID` (or SIGTTOU under `stty tostop`) once
  // stopped the tuner, and atfc waited for it for ever.
  ProcessSpec Spec = shell("kill -STOP $$; kill -TSTP $$; exit 3");
  Spec.OwnGroup = true;
  Process Child;
  ASSERT_EQ(startProcess(Spec, Child), 0);
  std::vector<int> Stops;
  const int Status = Child.reapContinuingStops([&](int Signal) { Stops.push_back(Signal); });
  EXPECT_TRUE(WIFEXITED(Status) && WEXITSTATUS(Status) == 3);
  EXPECT_EQ(Stops, (std::vector<int>{SIGSTOP, SIGTSTP}));
  EXPECT_FALSE(Child);
}

TEST(ProcessTest, KillingTheGroupEndsAStoppedGroup) {
  // SIGTERM waits while a process is stopped: the group gets SIGCONT too.
  ProcessSpec Spec = shell("kill -STOP $$; exit 0");
  Spec.OwnGroup = true;
  Process Child;
  ASSERT_EQ(startProcess(Spec, Child), 0);
  siginfo_t Info{};
  ASSERT_EQ(waitid(P_PID, static_cast<id_t>(Child.pid()), &Info, WSTOPPED | WNOWAIT), 0);
  const auto Start = Process::Clock::now();
  const int Status = Child.killGroup(5);
  EXPECT_LT(Process::Clock::now() - Start, 4s); // SIGTERM, not the grace's SIGKILL
  EXPECT_TRUE(WIFSIGNALED(Status) && WTERMSIG(Status) == SIGTERM);
}

TEST(ProcessTest, EndingTheGroupKillsWhatTheChildLeftRunning) {
  ASSERT_TRUE(adoptOrphanedDescendants());
  char Dir[] = "/tmp/atfc-process-test-XXXXXX";
  ASSERT_NE(::mkdtemp(Dir), nullptr);
  const std::string Grandchild = std::string(Dir) + "/grandchild";
  ProcessSpec Spec = shell("sleep 60 & echo $! > " + Grandchild + "; exit 4");
  Spec.OwnGroup = true;
  Process Child;
  ASSERT_EQ(startProcess(Spec, Child), 0);
  const pid_t Sleeper = awaitPidIn(Grandchild);
  const int Status = Child.endGroup();
  EXPECT_TRUE(WIFEXITED(Status) && WEXITSTATUS(Status) == 4);
  EXPECT_FALSE(stillRuns(Sleeper));
  EXPECT_FALSE(exists(Sleeper));
  std::filesystem::remove_all(Dir);
}

TEST(ProcessTest, AHandleThatEndsKillsAndReapsItsChild) {
  pid_t Pid = 0;
  {
    Process Child;
    ASSERT_EQ(startProcess(shell("sleep 60"), Child), 0);
    Pid = Child.pid();
    Process Moved = std::move(Child);
    EXPECT_FALSE(Child);
    EXPECT_EQ(Moved.pid(), Pid);
  }
  EXPECT_FALSE(exists(Pid));
}

TEST(ProcessTest, TheWaitStatusInWords) {
  int Status = 0;
  outputOf(shell("exit 3"), &Status);
  EXPECT_EQ(terminatingSignal(Status), 0);
  EXPECT_EQ(exitCodeOf(Status), 3);
  EXPECT_EQ(describeWaitStatus(Status), "exit status 3");
  outputOf(shell("kill -TERM $$"), &Status);
  EXPECT_EQ(terminatingSignal(Status), SIGTERM);
  EXPECT_EQ(exitCodeOf(Status), 128 + SIGTERM);
  EXPECT_EQ(describeWaitStatus(Status), "killed by signal " + std::to_string(SIGTERM));
  EXPECT_EQ(describeSignal(SIGKILL), "signal 9 (Killed)");
  EXPECT_EQ(describeSignal(SIGSEGV), "signal 11 (Segmentation fault)");
}

TEST(ProcessTest, ReapingWithoutWaitingLeavesARunningChild) {
  Process Child;
  ASSERT_EQ(startProcess(shell("sleep 30"), Child), 0);
  const pid_t Pid = Child.pid();
  const auto Start = Process::Clock::now();
  EXPECT_EQ(Child.reapIfEnded(), std::nullopt);
  EXPECT_LT(Process::Clock::now() - Start, 1s);
  EXPECT_EQ(Child.pid(), Pid);
  Child.signal(SIGKILL);
  ASSERT_TRUE(Child.waitForExit(Process::Clock::now() + 10s));
  rusage Usage{};
  const std::optional<int> Status = Child.reapIfEnded({}, &Usage);
  ASSERT_TRUE(Status);
  EXPECT_EQ(terminatingSignal(*Status), SIGKILL);
  EXPECT_GT(Usage.ru_maxrss, 0); // the child's, as it was reaped
  EXPECT_FALSE(Child);
  EXPECT_FALSE(exists(Pid));
  EXPECT_EQ(Child.reapIfEnded(), std::nullopt); // an empty handle has nothing
}

TEST(ProcessTest, ReapingWithoutWaitingContinuesAStoppedChild) {
  Process Child;
  ASSERT_EQ(startProcess(shell("kill -STOP $$; exit 3"), Child), 0);
  std::vector<int> Stops;
  std::optional<int> Status;
  const auto Deadline = Process::Clock::now() + 10s;
  while (!(Status = Child.reapIfEnded([&](int Signal) { Stops.push_back(Signal); })) &&
         Process::Clock::now() < Deadline)
    std::this_thread::sleep_for(10ms);
  ASSERT_TRUE(Status);
  EXPECT_EQ(exitCodeOf(*Status), 3);
  EXPECT_EQ(Stops, std::vector<int>{SIGSTOP});
}

TEST(ProcessTest, AStopIsContinuedAndTheExitLeftForTheReap) {
  Process Child;
  ASSERT_EQ(startProcess(shell("kill -STOP $$; exit 6"), Child), 0);
  siginfo_t Info{};
  ASSERT_EQ(waitid(P_PID, static_cast<id_t>(Child.pid()), &Info, WSTOPPED | WNOWAIT), 0);
  int Stopped = 0;
  EXPECT_TRUE(Child.continueIfStopped([&](int Signal) { Stopped = Signal; }));
  EXPECT_EQ(Stopped, SIGSTOP);
  ASSERT_TRUE(Child.waitForExit(Process::Clock::now() + 10s));
  EXPECT_FALSE(Child.continueIfStopped());
  EXPECT_TRUE(Child); // the exit is still the reap's
  EXPECT_EQ(exitCodeOf(Child.reap()), 6);
}

TEST(ProcessTest, SignalsByPidReachTheProcessOrItsWholeGroup) {
  char Dir[] = "/tmp/atfc-process-test-XXXXXX";
  ASSERT_NE(::mkdtemp(Dir), nullptr);
  const std::string Script = "sleep 60 & echo $! > " + std::string(Dir) + "/grandchild; wait";
  // The process alone: its child lives on.
  Process Alone;
  ASSERT_EQ(startProcess(shell(Script), Alone), 0);
  pid_t Sleeper = awaitPidIn(std::string(Dir) + "/grandchild");
  ASSERT_GT(Sleeper, 0);
  signalProcess(Alone.pid(), SIGKILL);
  EXPECT_EQ(terminatingSignal(Alone.reap()), SIGKILL);
  EXPECT_TRUE(stillRuns(Sleeper));
  signalProcess(Sleeper, SIGKILL);
  std::filesystem::remove(std::string(Dir) + "/grandchild");
  // The group: the grandchild too.
  ProcessSpec Spec = shell(Script);
  Spec.OwnGroup = true;
  Process Leader;
  ASSERT_EQ(startProcess(Spec, Leader), 0);
  Sleeper = awaitPidIn(std::string(Dir) + "/grandchild");
  ASSERT_GT(Sleeper, 0);
  signalGroup(Leader.pid(), SIGKILL);
  EXPECT_FALSE(stillRuns(Sleeper));
  EXPECT_EQ(terminatingSignal(Leader.reap()), SIGKILL);
  std::filesystem::remove_all(Dir);
}

TEST(ProcessTest, EndingAllChildrenEndsAdoptedOrphansAndTheirGroups) {
  // What a tuner killed before it could clean up leaves: an orphan in this
  // process's group and one leading a group of its own, with a child.
  ASSERT_TRUE(adoptOrphanedDescendants());
  char Dir[] = "/tmp/atfc-process-test-XXXXXX";
  ASSERT_NE(::mkdtemp(Dir), nullptr);
  const std::string D = Dir;
  Process Child;
  ASSERT_EQ(startProcess(shell("sleep 60 & echo $! > " + D +
                               "/plain; setsid sh -c 'sleep 60 & "
                               "echo $! > " +
                               D + "/member; echo $$ > " + D + "/leader; wait' &"),
                         Child),
            0);
  EXPECT_EQ(exitCodeOf(Child.reap()), 0);
  const pid_t Plain = awaitPidIn(D + "/plain"), Leader = awaitPidIn(D + "/leader"),
              Member = awaitPidIn(D + "/member");
  ASSERT_TRUE(Plain > 0 && Leader > 0 && Member > 0);
  EXPECT_TRUE(stillRuns(Plain));
  endAllChildren();
  for (pid_t Pid : {Plain, Leader, Member})
    EXPECT_FALSE(exists(Pid)) << Pid; // killed and reaped
  std::filesystem::remove_all(Dir);
}

TEST(ProcessTest, ChildrenOfAProcessAreListedFromEveryThread) {
  // A child started by another thread is on that thread's list.
  Process Child;
  ProcessSpec Spec = shell("sleep 60 & wait");
  Spec.OwnGroup = true;
  std::thread([&] { ASSERT_EQ(startProcess(Spec, Child), 0); }).join();
  std::vector<pid_t> Mine = childrenOf(0);
  EXPECT_NE(std::find(Mine.begin(), Mine.end(), Child.pid()), Mine.end());
  EXPECT_EQ(childrenOf(getpid()), Mine);
  // The shell's own child, through its pid.
  std::vector<pid_t> Its;
  for (int Try = 0; Try < 200 && Its.empty(); ++Try) {
    Its = childrenOf(Child.pid());
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_EQ(Its.size(), 1u);
  const pid_t Gone = Child.pid();
  Child.killGroup(0);
  EXPECT_TRUE(childrenOf(Gone).empty()); // gone: nothing, no throw
}

TEST(ProcessTest, ChildrenAreListedWhileProcessesAndThreadsComeAndGo) {
  // atfc lists a job's processes while they end (a stop of `--ranks`): the
  // listing must never throw, whatever vanishes under it. Processes with
  // threads start and end beside a lister of each, and of this process.
  std::atomic<bool> Done{false};
  std::atomic<pid_t> Latest{0};
  std::thread Starter([&] {
    while (!Done) {
      Process Short;
      if (startProcess(shell("sleep 0.01 & sleep 0.02 & wait"), Short) == 0) {
        Latest = Short.pid();
        Short.reap();
      }
    }
  });
  std::thread Churn([&] {
    while (!Done)
      std::thread([] {}).join();
  });
  std::size_t Listed = 0;
  const auto End = std::chrono::steady_clock::now() + std::chrono::milliseconds(1500);
  while (std::chrono::steady_clock::now() < End) {
    EXPECT_NO_THROW(Listed += childrenOf(Latest).size());
    EXPECT_NO_THROW(Listed += childrenOf(0).size());
  }
  Done = true;
  Starter.join();
  Churn.join();
  EXPECT_GT(Listed, 0u);
}

// Timeouts of every size, and what is no number: a deadline never lies
// before its start (10^10 s overflowed the clock's nanoseconds into the
// past) and never further than kMaxWaitSeconds after it.
TEST(ProcessTest, DeadlinesSaturateInsteadOfOverflowing) {
  const Process::Clock::time_point Start = Process::Clock::now();
  const double Inf = std::numeric_limits<double>::infinity();
  const double NaN = std::numeric_limits<double>::quiet_NaN();
  for (double Seconds :
       {1e-9, 1.0, 600.0, 1e8, 1e9, 1e9 + 1, 9.3e9, 1e10, 1e18, 1e300, Inf, NaN, 0.0, -1.0, -Inf}) {
    const auto Deadline = deadlineAfter(Seconds, Start);
    const double After = std::chrono::duration<double>(Deadline - Start).count();
    EXPECT_GE(After, 0) << Seconds;
    EXPECT_LE(After, kMaxWaitSeconds) << Seconds;
    if (Seconds > 0 && Seconds <= kMaxWaitSeconds) {
      EXPECT_NEAR(After, Seconds, Seconds * 1e-9) << Seconds;
    }
    if (!(Seconds <= kMaxWaitSeconds)) {
      EXPECT_NEAR(After, kMaxWaitSeconds, 1) << Seconds;
    }
    EXPECT_GT(millisecondsUntil(Deadline), Seconds >= 1 ? 0 : -1) << Seconds;
  }
}

} // namespace
} // namespace atfc
