//===- Driver/TunerProcess.cpp - Running a tuner and its signals ----------===//
//
// atfc waits for its tuner and passes the stopping signals on, so that one
// sent to atfc's pid (kill, a batch system, a supervisor) reaches the tuner,
// which ends its run `interrupted`, writes its outputs and exits with 128 +
// the signal. The tuner runs in a process group of its own: a signal to
// atfc's group (Ctrl-C, a terminal's hang-up, killpg) then reaches it once,
// through atfc, never twice (the tuner takes a second signal as "leave
// now"). The tuner only writes to the terminal, which a background group
// may do.
//
// A tuner that dies anyway (SIGKILL, a crash) cannot clean up: atfc adopts
// what it leaves running (PR_SET_CHILD_SUBREAPER), kills those process
// groups, and removes the configurations' directories under work/.
//
//===----------------------------------------------------------------------===//
#include "Driver/TunerProcess.h"

#include "Support/Diagnostic.h"
#include "System/Interruption.h"
#include "System/OutputLock.h"
#include "System/Process.h"
#include "System/ScopedSignalHandlers.h"

#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace atfc {
namespace {

volatile sig_atomic_t TunerPid = 0;

extern "C" void forwardToTuner(int Signal) {
  if (TunerPid > 0)
    kill(TunerPid, Signal);
}

/// The processes whose parent is this process, from every thread's list.
std::vector<pid_t> childrenOfThisProcess() {
  std::vector<pid_t> Children;
  std::error_code EC;
  for (const auto &Task : std::filesystem::directory_iterator("/proc/self/task", EC)) {
    std::ifstream In(Task.path() / "children");
    for (pid_t Pid; In >> Pid;)
      Children.push_back(Pid);
  }
  return Children;
}

/// Kills and reaps whatever the dead tuner left running: its scripts' groups
/// (each script leads its own) and any other process it started.
void killLeftovers() {
  const pid_t OwnGroup = getpgrp();
  for (int Round = 0; Round < 64; ++Round) {
    std::vector<pid_t> Children = childrenOfThisProcess();
    if (Children.empty())
      return;
    for (pid_t Child : Children) {
      const pid_t Group = getpgid(Child);
      if (Group > 0 && Group != OwnGroup)
        kill(-Group, SIGKILL);
      kill(Child, SIGKILL);
    }
    // The killed processes' children come to this process in turn.
    while (waitpid(-1, nullptr, 0) > 0 || errno == EINTR) {
    }
  }
}

/// Removes the configurations' directories (work/1, work/2, ...) that a dead
/// tuner left; other files there are not atfc's to remove.
void removeConfigurationDirectories(const std::string &WorkDirectory) {
  // Never through a link, never in someone else's directory.
  struct stat Status {};
  if (lstat(WorkDirectory.c_str(), &Status) != 0 || !S_ISDIR(Status.st_mode) ||
      (Status.st_uid != geteuid() && Status.st_uid != 0))
    return;
  std::error_code EC;
  for (const auto &Entry : std::filesystem::directory_iterator(WorkDirectory, EC)) {
    const std::string Name = Entry.path().filename().string();
    if (!Name.empty() && Name.find_first_not_of("0123456789") == std::string::npos &&
        Entry.is_directory(EC) && !Entry.is_symlink(EC))
      std::filesystem::remove_all(Entry.path(), EC);
  }
}

} // namespace

int runTunerProcess(const std::string &Binary, const std::vector<std::string> &Args,
                    DiagnosticSink &Diags, const std::string &WorkDirectory) {
  // The tuner ends when atfc does (System/OutputLock.h).
  setenv(kParentPidVariable, std::to_string(getpid()).c_str(), 1);
  adoptOrphanedDescendants();

  // The handlers are in place before the tuner exists, so no signal is lost
  // between its start and the wait; a handler, not SIG_IGN, is reset to the
  // default in the tuner.
  // atfc's own handlers are back when this returns, however it returns.
  ScopedSignalHandlers Forwarding(kInterruptingSignals, forwardToTuner, SA_RESTART);

  // The signals wait (blocked) until the tuner's pid is known; the tuner
  // starts with none blocked (and with atfc's ignored signals still ignored).
  sigset_t Stopping, Previous;
  sigemptyset(&Stopping);
  for (int Signal : kInterruptingSignals)
    sigaddset(&Stopping, Signal);
  sigprocmask(SIG_BLOCK, &Stopping, &Previous);
  ProcessSpec Spec;
  Spec.Program = Binary;
  Spec.Argv = Args;
  Spec.OwnGroup = true;
  Spec.EmptySignalMask = true;
  Spec.DefaultSignals = false;
  Process Tuner;
  const int Error = startProcess(Spec, Tuner);
  if (Error == 0)
    TunerPid = Tuner.pid();
  sigprocmask(SIG_SETMASK, &Previous, nullptr);
  if (Error != 0) {
    Forwarding.restore();
    Diags.error(std::string("cannot start the tuner '") + Binary + "': " + std::strerror(Error));
    return 1;
  }
  const int Status = Tuner.reap();
  TunerPid = 0;
  Forwarding.restore();
  killLeftovers();
  if (WIFEXITED(Status))
    return WEXITSTATUS(Status);

  const int Signal = WIFSIGNALED(Status) ? WTERMSIG(Status) : SIGKILL;
  if (!WorkDirectory.empty())
    removeConfigurationDirectories(WorkDirectory);
  Diags.error(
      "the tuner was killed by signal " + std::to_string(Signal) + " (" + strsignal(Signal) + ")" +
      (WorkDirectory.empty() ? "" : "; its results so far are kept, continue with --resume"));
  return 128 + Signal;
}

} // namespace atfc
