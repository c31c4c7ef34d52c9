//===- System/ChildProcess.cpp - One script in its own process group ----===//
//
// The script is a Process leading a new process group whose id is its pid.
// The child stays unreaped until the rest of the group is killed
// (Process::endGroup): a zombie leader keeps the group id from being
// reused, so the kill cannot hit a stranger.
//
//===----------------------------------------------------------------------===//
#include "System/ChildProcess.h"

#include "System/Interruption.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <fcntl.h>
#include <optional>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/wait.h>
#include <unistd.h>

namespace atfc {

StopSignal::StopSignal() { Fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK); }

StopSignal::~StopSignal() {
  if (Fd >= 0)
    close(Fd);
}

void StopSignal::raise() noexcept {
  Raised.store(true, std::memory_order_release);
  if (Fd >= 0) {
    // The counter stays non-zero (nobody reads it), so fd() stays readable.
    std::uint64_t One = 1;
    [[maybe_unused]] ssize_t Written = write(Fd, &One, sizeof One);
  }
}

namespace {

using Clock = Process::Clock;

/// Keeps the last OutputTailBytes bytes of what is read from a pipe.
void readAvailable(int Fd, std::string &Tail, bool &Open) {
  char Buffer[8192];
  for (;;) {
    ssize_t N = read(Fd, Buffer, sizeof Buffer);
    if (N > 0) {
      Tail.append(Buffer, static_cast<std::size_t>(N));
      if (Tail.size() > 4 * OutputTailBytes)
        Tail.erase(0, Tail.size() - OutputTailBytes);
      continue;
    }
    if (N < 0 && errno == EINTR)
      continue;
    if (N == 0 || (errno != EAGAIN && errno != EWOULDBLOCK))
      Open = false;
    return;
  }
}

/// Starts /bin/sh -c Script in a new process group; the output goes to
/// OutputFd. Returns 0 or an errno value.
int startShell(const ChildCommand &Command, int OutputFd, Process &Child) {
  ProcessSpec Spec = shellSpec(Command);
  Spec.NullInput = true;
  Spec.OutputFd = Spec.ErrorFd = OutputFd;
  return startProcess(Spec, Child);
}

} // namespace

ProcessSpec shellSpec(const ChildCommand &Command) {
  ProcessSpec Spec;
  Spec.Program = "/bin/sh";
  Spec.Argv = {"sh", "-c", Command.Script};
  Spec.Environment = Command.Environment;
  Spec.Directory = Command.Directory;
  Spec.DirectoryFd = Command.DirectoryFd;
  Spec.OwnGroup = true;
  // A script must not inherit the tuner's blocked or ignored signals.
  Spec.EmptySignalMask = Spec.DefaultSignals = true;
  return Spec;
}

ChildOutcome runChild(const ChildCommand &Command, const StopSignal *Stop) {
  ChildOutcome Outcome;
  if (Stop && Stop->raised()) {
    Outcome.End = ChildEnd::Stopped;
    return Outcome;
  }
  int Pipe[2];
  if (pipe2(Pipe, O_CLOEXEC) != 0) {
    Outcome.Status = errno;
    return Outcome;
  }
  Clock::time_point Start = Clock::now();
  Process Child;
  int Error = startShell(Command, Pipe[1], Child);
  close(Pipe[1]);
  if (Error != 0) {
    close(Pipe[0]);
    Outcome.Status = Error;
    return Outcome;
  }
  fcntl(Pipe[0], F_SETFL, O_NONBLOCK);
  // The exit descriptor polls readable when the child exits; without one
  // (kernels before 5.3) the loop looks every 10 ms.
  int ExitFd = Child.exitFd();
  int StopFd = Stop ? Stop->fd() : -1;
  bool Polled = ExitFd >= 0 && (!Stop || StopFd >= 0);

  std::optional<Clock::time_point> Deadline;
  if (Command.TimeoutSeconds > 0)
    Deadline = deadlineAfter(Command.TimeoutSeconds, Start);
  std::optional<Clock::time_point> KillDeadline; // set once SIGTERM was sent
  bool PipeOpen = true, Killed = false;
  std::optional<ChildEnd> Forced; // TimedOut or Stopped
  Clock::time_point End;
  for (;;) {
    pollfd Fds[3] = {{ExitFd, POLLIN, 0},
                     {PipeOpen ? Pipe[0] : -1, POLLIN, 0},
                     {Forced ? -1 : StopFd, POLLIN, 0}};
    int Wait = millisecondsUntil(Forced ? (Killed ? std::nullopt : KillDeadline) : Deadline);
    if (!Polled)
      Wait = Wait < 0 ? 10 : std::min(Wait, 10);
    int Ready = poll(Fds, 3, Wait);
    if (Ready < 0 && errno != EINTR)
      Polled = false; // cannot happen with valid descriptors; fall back
    if (Fds[1].revents)
      readAvailable(Pipe[0], Outcome.OutputTail, PipeOpen);
    if (Polled ? (Fds[0].revents & POLLIN) != 0 : Child.exited()) {
      End = Clock::now();
      break;
    }
    Clock::time_point Now = Clock::now();
    if (!Forced) {
      bool Stopping = Stop && Stop->raised();
      if (Stopping || (Deadline && Now >= *Deadline)) {
        Forced = Stopping ? ChildEnd::Stopped : ChildEnd::TimedOut;
        Child.signal(SIGTERM);
        Child.signal(SIGCONT); // a stopped script acts on it
        KillDeadline = deadlineAfter(KillGraceSeconds);
      }
    } else if (!Killed && Now >= *KillDeadline) {
      Child.signal(SIGKILL);
      Killed = true;
    }
  }
  Outcome.Seconds = std::chrono::duration<double>(End - Start).count();
  if (PipeOpen)
    readAvailable(Pipe[0], Outcome.OutputTail, PipeOpen);
  close(Pipe[0]);
  // Kills and reaps whatever the script left running in its group.
  const int Status = Child.endGroup();

  if (Outcome.OutputTail.size() > OutputTailBytes)
    Outcome.OutputTail.erase(0, Outcome.OutputTail.size() - OutputTailBytes);
  if (Forced) {
    Outcome.End = *Forced;
  } else if (WIFSIGNALED(Status) && Interruption::stopsThisProcess(WTERMSIG(Status))) {
    // A cancel that signalled the child before the tuner.
    Outcome.End = ChildEnd::Stopped;
  } else if (WIFSIGNALED(Status)) {
    Outcome.End = ChildEnd::Signaled;
    Outcome.Status = WTERMSIG(Status);
  } else {
    Outcome.End = ChildEnd::Exited;
    Outcome.Status = WEXITSTATUS(Status);
  }
  return Outcome;
}

} // namespace atfc
