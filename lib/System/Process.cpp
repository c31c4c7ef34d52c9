//===- System/Process.cpp - Starting, waiting for and killing a child ---===//
//
// Children start with posix_spawn, never a bare fork: vfork-like, cheap
// however large the tuner is, and safe in a threaded process. glibc reports
// a failed exec as posix_spawn's error, so a program that cannot run is an
// error of the start, not a child that exits 127.
//
//===----------------------------------------------------------------------===//
#include "System/Process.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <poll.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace atfc {
namespace {

std::vector<char *> nullTerminated(const std::vector<std::string> &Strings) {
  std::vector<char *> Pointers;
  Pointers.reserve(Strings.size() + 1);
  for (const std::string &S : Strings)
    Pointers.push_back(const_cast<char *>(S.c_str()));
  Pointers.push_back(nullptr);
  return Pointers;
}

/// The child's descriptors: every source is first copied above the
/// standard ones with close-on-exec, so that no dup2 overwrites a source a
/// later one reads, and none is a dup2 onto itself (which would keep the
/// close-on-exec flag). The copies close when this ends.
class FileActions {
public:
  FileActions() { posix_spawn_file_actions_init(&Actions); }
  ~FileActions() {
    posix_spawn_file_actions_destroy(&Actions);
    for (int Fd : Copies)
      ::close(Fd);
  }
  FileActions(const FileActions &) = delete;
  FileActions &operator=(const FileActions &) = delete;

  /// Makes ParentFd the child's ChildFd; 0 or an errno value.
  int give(int ParentFd, int ChildFd) {
    int Copy = fcntl(ParentFd, F_DUPFD_CLOEXEC, 10);
    if (Copy < 0)
      return errno;
    Copies.push_back(Copy);
    return posix_spawn_file_actions_adddup2(&Actions, Copy, ChildFd);
  }
  posix_spawn_file_actions_t *get() { return &Actions; }

private:
  posix_spawn_file_actions_t Actions;
  std::vector<int> Copies;
};

int describeActions(const ProcessSpec &Spec, FileActions &Actions) {
  int Error = 0;
  // Closed first: a descriptor the child must not have may be the number
  // one of the others is given at.
  for (int Fd : Spec.ClosedFds)
    if (!Error)
      Error = posix_spawn_file_actions_addclose(Actions.get(), Fd);
  if (!Error && Spec.NullInput)
    Error = posix_spawn_file_actions_addopen(Actions.get(), STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  if (!Error && Spec.NullOutput) {
    Error =
        posix_spawn_file_actions_addopen(Actions.get(), STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    if (!Error)
      Error = posix_spawn_file_actions_adddup2(Actions.get(), STDOUT_FILENO, STDERR_FILENO);
  } else {
    if (!Error && Spec.OutputFd >= 0)
      Error = Actions.give(Spec.OutputFd, STDOUT_FILENO);
    if (!Error && Spec.ErrorFd >= 0)
      Error = Actions.give(Spec.ErrorFd, STDERR_FILENO);
  }
  for (const InheritedFd &Extra : Spec.ExtraFds)
    if (!Error)
      Error = Actions.give(Extra.ParentFd, Extra.ChildFd);
  if (!Error && Spec.DirectoryFd >= 0)
    Error = posix_spawn_file_actions_addfchdir_np(Actions.get(), Spec.DirectoryFd);
  else if (!Error && !Spec.Directory.empty())
    Error = posix_spawn_file_actions_addchdir_np(Actions.get(), Spec.Directory.c_str());
  return Error;
}

} // namespace

Process::~Process() { close(); }

Process::Process(Process &&Other) noexcept
    : Pid(std::exchange(Other.Pid, -1)), PidFd(std::exchange(Other.PidFd, -1)),
      LeadsGroup(Other.LeadsGroup) {}

Process &Process::operator=(Process &&Other) noexcept {
  if (this != &Other) {
    close();
    Pid = std::exchange(Other.Pid, -1);
    PidFd = std::exchange(Other.PidFd, -1);
    LeadsGroup = Other.LeadsGroup;
  }
  return *this;
}

void Process::close() {
  if (Pid > 0) {
    signal(SIGKILL);
    endGroup();
  }
  if (PidFd >= 0)
    ::close(std::exchange(PidFd, -1));
}

bool Process::exited() const {
  siginfo_t Info{};
  return waitid(P_PID, static_cast<id_t>(Pid), &Info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
         Info.si_pid == Pid;
}

bool Process::waitForExit(std::optional<Clock::time_point> Deadline) const {
  for (;;) {
    if (PidFd < 0 && exited())
      return true;
    int Wait = millisecondsUntil(Deadline);
    // Without a pidfd the child is looked at every 10 ms.
    if (PidFd < 0)
      Wait = Wait < 0 ? 10 : std::min(Wait, 10);
    pollfd Exit = {PidFd, POLLIN, 0};
    const int Ready = poll(&Exit, 1, Wait);
    if (Ready > 0 && (Exit.revents & POLLIN))
      return true;
    if (Ready < 0 && errno != EINTR)
      return exited(); // cannot happen with a valid descriptor
    if (Deadline && Clock::now() >= *Deadline)
      return exited();
  }
}

void Process::signal(int Signal) const {
  if (Pid > 0)
    LeadsGroup ? signalGroup(Pid, Signal) : signalProcess(Pid, Signal);
}

void Process::forget() {
  Pid = -1;
  if (PidFd >= 0)
    ::close(std::exchange(PidFd, -1));
}

int Process::reap() {
  int Status = 0;
  while (waitpid(Pid, &Status, 0) < 0 && errno == EINTR) {
  }
  forget();
  return Status;
}

int Process::reapContinuingStops(const std::function<void(int Signal)> &OnStopped) {
  int Status = 0;
  for (;;) {
    if (waitpid(Pid, &Status, WUNTRACED) < 0) {
      if (errno == EINTR)
        continue;
      break;
    }
    if (!WIFSTOPPED(Status))
      break;
    if (OnStopped)
      OnStopped(WSTOPSIG(Status));
    signal(SIGCONT);
  }
  forget();
  return Status;
}

std::optional<int> Process::reapIfEnded(const std::function<void(int Signal)> &OnStopped,
                                        rusage *Usage) {
  if (Pid <= 0)
    return std::nullopt;
  for (;;) {
    int Status = 0;
    rusage Used{};
    const pid_t Reaped = wait4(Pid, &Status, WNOHANG | WUNTRACED, &Used);
    if (Reaped == 0)
      return std::nullopt;
    if (Reaped < 0 && errno == EINTR)
      continue;
    if (Reaped > 0 && WIFSTOPPED(Status)) {
      if (OnStopped)
        OnStopped(WSTOPSIG(Status));
      signal(SIGCONT);
      continue;
    }
    if (Usage)
      *Usage = Used;
    forget();
    return Status;
  }
}

bool Process::continueIfStopped(const std::function<void(int Signal)> &OnStopped) {
  siginfo_t Info{};
  if (Pid <= 0 || waitid(P_PID, static_cast<id_t>(Pid), &Info, WSTOPPED | WNOHANG) != 0 ||
      Info.si_pid != Pid || Info.si_code != CLD_STOPPED)
    return false;
  if (OnStopped)
    OnStopped(Info.si_status);
  signal(SIGCONT);
  return true;
}

int Process::endGroup() {
  if (!LeadsGroup)
    return reap();
  const pid_t Group = Pid;
  waitForExit();
  // The leader is a zombie now: its group id cannot be reused, so killing
  // the group reaches only what the child left behind.
  signalGroup(Group, SIGKILL);
  const int Status = reap();
  // Members whose parent died were adopted by this process if it adopts
  // orphans; reap them so that none remains. Otherwise none is our child and
  // this returns at once.
  siginfo_t Info;
  while (waitid(P_PGID, static_cast<id_t>(Group), &Info, WEXITED) == 0 || errno == EINTR) {
  }
  return Status;
}

int Process::killGroup(double GraceSeconds) {
  signal(SIGTERM);
  signal(SIGCONT);
  if (!waitForExit(deadlineAfter(GraceSeconds)))
    signal(SIGKILL);
  return endGroup();
}

int startProcess(const ProcessSpec &Spec, Process &Started) {
  if (Spec.Argv.empty())
    return EINVAL;
  FileActions Actions;
  if (int Error = describeActions(Spec, Actions))
    return Error;

  posix_spawnattr_t Attributes;
  posix_spawnattr_init(&Attributes);
  short Flags = 0;
  if (Spec.OwnGroup) {
    Flags |= POSIX_SPAWN_SETPGROUP;
    posix_spawnattr_setpgroup(&Attributes, 0);
  }
  sigset_t Signals;
  sigemptyset(&Signals);
  if (Spec.EmptySignalMask) {
    Flags |= POSIX_SPAWN_SETSIGMASK;
    posix_spawnattr_setsigmask(&Attributes, &Signals);
  }
  if (Spec.DefaultSignals) {
    for (int Signal : {SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD, SIGUSR1, SIGUSR2,
                       SIGALRM, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT})
      sigaddset(&Signals, Signal);
    Flags |= POSIX_SPAWN_SETSIGDEF;
    posix_spawnattr_setsigdefault(&Attributes, &Signals);
  }
  posix_spawnattr_setflags(&Attributes, Flags);

  std::vector<char *> Argv = nullTerminated(Spec.Argv);
  std::vector<char *> Environment;
  if (Spec.Environment)
    Environment = nullTerminated(*Spec.Environment);
  pid_t Pid = -1;
  const char *Program = Spec.Program.empty() ? Argv[0] : Spec.Program.c_str();
  const int Error = posix_spawn(&Pid, Program, Actions.get(), &Attributes, Argv.data(),
                                Spec.Environment ? Environment.data() : environ);
  posix_spawnattr_destroy(&Attributes);
  if (Error != 0)
    return Error;
  Process Child;
  Child.Pid = Pid;
  Child.LeadsGroup = Spec.OwnGroup;
  // The child is ours and unreaped, so its pid names it.
  // (glibc 2.36's <sys/pidfd.h> lacks extern "C": call the system directly.)
  // A pidfd is close-on-exec.
  Child.PidFd = static_cast<int>(syscall(SYS_pidfd_open, Pid, 0));
  Started = std::move(Child);
  return 0;
}

std::string describeStartFailure(int Error) {
  return std::string("posix_spawn failed: ") + std::strerror(Error);
}

int replaceProcess(const std::vector<std::string> &Argv) {
  if (Argv.empty())
    return EINVAL;
  std::vector<char *> Pointers = nullTerminated(Argv);
  execvp(Pointers[0], Pointers.data());
  return errno;
}

std::vector<std::string>
environmentWith(const std::vector<std::pair<std::string, std::string>> &Set,
                const std::vector<std::string> &Unset) {
  auto NameOf = [](const std::string &Entry) { return Entry.substr(0, Entry.find('=')); };
  std::vector<std::string> Environment;
  for (char **Entry = environ; Entry && *Entry; ++Entry)
    Environment.emplace_back(*Entry);
  for (const std::string &Name : Unset)
    std::erase_if(Environment, [&](const std::string &E) { return NameOf(E) == Name; });
  for (const auto &[Name, Value] : Set) {
    auto Found = std::find_if(Environment.begin(), Environment.end(),
                              [&](const std::string &E) { return NameOf(E) == Name; });
    if (Found != Environment.end())
      *Found = Name + "=" + Value;
    else
      Environment.push_back(Name + "=" + Value);
  }
  return Environment;
}

Process::Clock::time_point deadlineAfter(double Seconds, Process::Clock::time_point From) {
  // !(Seconds <= Max) also catches NaN.
  const double Bounded = !(Seconds <= kMaxWaitSeconds) ? kMaxWaitSeconds : std::max(Seconds, 0.0);
  return From + std::chrono::duration_cast<Process::Clock::duration>(
                    std::chrono::duration<double>(Bounded));
}

int millisecondsUntil(std::optional<Process::Clock::time_point> Deadline) {
  if (!Deadline)
    return -1;
  auto Left =
      std::chrono::ceil<std::chrono::milliseconds>(*Deadline - Process::Clock::now()).count();
  return static_cast<int>(std::clamp<long long>(Left, 0, 1 << 30));
}

void signalProcess(pid_t Pid, int Signal) {
  if (Pid > 0)
    kill(Pid, Signal);
}

void signalGroup(pid_t Group, int Signal) {
  if (Group > 0)
    kill(-Group, Signal);
}

int terminatingSignal(int WaitStatus) { return WIFSIGNALED(WaitStatus) ? WTERMSIG(WaitStatus) : 0; }

int exitCodeOf(int WaitStatus) {
  if (const int Signal = terminatingSignal(WaitStatus))
    return 128 + Signal;
  return WEXITSTATUS(WaitStatus);
}

std::string describeWaitStatus(int WaitStatus) {
  if (const int Signal = terminatingSignal(WaitStatus))
    return "killed by signal " + std::to_string(Signal);
  return "exit status " + std::to_string(WEXITSTATUS(WaitStatus));
}

std::string describeSignal(int Signal) {
  const char *Name = strsignal(Signal);
  return "signal " + std::to_string(Signal) + " (" + (Name ? Name : "?") + ")";
}

bool adoptOrphanedDescendants() { return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0; }

std::vector<pid_t> childrenOf(pid_t Pid) {
  // Each thread keeps its own list. A range-for would throw from the
  // iterator's increment when a task vanishes mid-listing; this steps with
  // an error code and keeps what it read.
  std::vector<pid_t> Children;
  std::error_code EC;
  const std::string Tasks = Pid == 0 ? "/proc/self/task" : "/proc/" + std::to_string(Pid) + "/task";
  for (std::filesystem::directory_iterator It(Tasks, EC), End; !EC && It != End; It.increment(EC)) {
    std::ifstream In(It->path() / "children");
    for (pid_t Child; In >> Child;)
      Children.push_back(Child);
  }
  return Children;
}

void endAllChildren() {
  const pid_t OwnGroup = getpgrp();
  for (int Round = 0; Round < 64; ++Round) {
    std::vector<pid_t> Children = childrenOf(0);
    if (Children.empty())
      return;
    for (pid_t Child : Children) {
      const pid_t Group = getpgid(Child);
      if (Group > 0 && Group != OwnGroup)
        signalGroup(Group, SIGKILL);
      signalProcess(Child, SIGKILL);
    }
    // The killed processes' children come to this process in turn.
    while (waitpid(-1, nullptr, 0) > 0 || errno == EINTR) {
    }
  }
}

} // namespace atfc
