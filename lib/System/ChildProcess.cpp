//===- System/ChildProcess.cpp - One script in its own process group ----===//
//
// The child starts with posix_spawn (vfork-like: cheap however large the
// tuner is) and a new process group whose id is its pid. The parent keeps
// the child unreaped until it has killed the rest of the group: a zombie
// leader keeps the group id from being reused, so the kill cannot hit a
// stranger.
//
//===----------------------------------------------------------------------===//
#include "System/ChildProcess.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <fcntl.h>
#include <optional>
#include <poll.h>
#include <spawn.h>
#include <sys/eventfd.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
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

bool adoptOrphanedDescendants() { return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0; }

namespace {

using Clock = std::chrono::steady_clock;

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

/// Whether Pid has exited, without reaping it.
bool hasExited(pid_t Pid) {
  siginfo_t Info{};
  return waitid(P_PID, static_cast<id_t>(Pid), &Info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
         Info.si_pid == Pid;
}

/// Milliseconds from now until Deadline, for poll(): -1 for no deadline.
int millisecondsUntil(std::optional<Clock::time_point> Deadline) {
  if (!Deadline)
    return -1;
  auto Left = std::chrono::ceil<std::chrono::milliseconds>(*Deadline - Clock::now()).count();
  return static_cast<int>(std::clamp<long long>(Left, 0, 1 << 30));
}

/// Spawns /bin/sh -c Script in a new process group; the output goes to
/// OutputFd. Returns 0 or an errno value.
int spawnShell(const ChildCommand &Command, int OutputFd, pid_t &Pid) {
  posix_spawn_file_actions_t Actions;
  posix_spawnattr_t Attributes;
  posix_spawn_file_actions_init(&Actions);
  posix_spawnattr_init(&Attributes);
  posix_spawn_file_actions_addopen(&Actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&Actions, OutputFd, 1);
  posix_spawn_file_actions_adddup2(&Actions, OutputFd, 2);
  if (!Command.Directory.empty())
    posix_spawn_file_actions_addchdir_np(&Actions, Command.Directory.c_str());

  // A script must not inherit the tuner's blocked or ignored signals: an
  // ignored SIGPIPE or SIGTERM would change how it behaves and dies.
  sigset_t Empty, Defaults;
  sigemptyset(&Empty);
  sigemptyset(&Defaults);
  for (int Signal : {SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD, SIGUSR1, SIGUSR2, SIGALRM})
    sigaddset(&Defaults, Signal);
  posix_spawnattr_setflags(&Attributes,
                           POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  posix_spawnattr_setpgroup(&Attributes, 0);
  posix_spawnattr_setsigmask(&Attributes, &Empty);
  posix_spawnattr_setsigdefault(&Attributes, &Defaults);

  std::vector<char *> Environment;
  Environment.reserve(Command.Environment.size() + 1);
  for (const std::string &Entry : Command.Environment)
    Environment.push_back(const_cast<char *>(Entry.c_str()));
  Environment.push_back(nullptr);
  char Shell[] = "sh", Option[] = "-c";
  char *Arguments[] = {Shell, Option, const_cast<char *>(Command.Script.c_str()), nullptr};

  int Error = posix_spawn(&Pid, "/bin/sh", &Actions, &Attributes, Arguments, Environment.data());
  posix_spawn_file_actions_destroy(&Actions);
  posix_spawnattr_destroy(&Attributes);
  return Error;
}

} // namespace

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
  pid_t Pid = 0;
  int Error = spawnShell(Command, Pipe[1], Pid);
  close(Pipe[1]);
  if (Error != 0) {
    close(Pipe[0]);
    Outcome.Status = Error;
    return Outcome;
  }
  fcntl(Pipe[0], F_SETFL, O_NONBLOCK);
  // The pidfd polls readable when the child exits; without one (kernels
  // before 5.3) the loop looks every 10 ms.
  // (glibc 2.36's <sys/pidfd.h> lacks extern "C": call the system directly.)
  int PidFd = static_cast<int>(syscall(SYS_pidfd_open, Pid, 0));
  int StopFd = Stop ? Stop->fd() : -1;
  bool Polled = PidFd >= 0 && (!Stop || StopFd >= 0);

  std::optional<Clock::time_point> Deadline;
  if (Command.TimeoutSeconds > 0)
    Deadline = Start + std::chrono::duration_cast<Clock::duration>(
                           std::chrono::duration<double>(Command.TimeoutSeconds));
  std::optional<Clock::time_point> KillDeadline; // set once SIGTERM was sent
  bool PipeOpen = true, Killed = false;
  std::optional<ChildEnd> Forced; // TimedOut or Stopped
  Clock::time_point End;
  for (;;) {
    pollfd Fds[3] = {{PidFd, POLLIN, 0},
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
    if (Polled ? (Fds[0].revents & POLLIN) != 0 : hasExited(Pid)) {
      End = Clock::now();
      break;
    }
    Clock::time_point Now = Clock::now();
    if (!Forced) {
      bool Stopping = Stop && Stop->raised();
      if (Stopping || (Deadline && Now >= *Deadline)) {
        Forced = Stopping ? ChildEnd::Stopped : ChildEnd::TimedOut;
        kill(-Pid, SIGTERM);
        KillDeadline = Now + std::chrono::duration_cast<Clock::duration>(
                                 std::chrono::duration<double>(KillGraceSeconds));
      }
    } else if (!Killed && Now >= *KillDeadline) {
      kill(-Pid, SIGKILL);
      Killed = true;
    }
  }
  Outcome.Seconds = std::chrono::duration<double>(End - Start).count();
  if (PipeOpen)
    readAvailable(Pipe[0], Outcome.OutputTail, PipeOpen);
  close(Pipe[0]);
  if (PidFd >= 0)
    close(PidFd);

  // The leader is a zombie now: its group id cannot be reused, so killing
  // the group reaches only what the script left behind.
  kill(-Pid, SIGKILL);
  int Status = 0;
  while (waitpid(Pid, &Status, 0) < 0 && errno == EINTR) {
  }
  // Members whose parent died were adopted by this process if it adopts
  // orphans; reap them so that none remains. Otherwise none is our child and
  // this returns at once.
  siginfo_t Info;
  while (waitid(P_PGID, static_cast<id_t>(Pid), &Info, WEXITED) == 0 || errno == EINTR) {
  }

  if (Outcome.OutputTail.size() > OutputTailBytes)
    Outcome.OutputTail.erase(0, Outcome.OutputTail.size() - OutputTailBytes);
  if (Forced) {
    Outcome.End = *Forced;
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
