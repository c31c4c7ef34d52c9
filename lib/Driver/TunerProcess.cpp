//===- Driver/TunerProcess.cpp - Running a tuner and its signals ----------===//
//
// atfc waits for its tuner and passes the stopping signals on, so that one
// sent to atfc's pid (kill, a batch system, a supervisor) reaches the tuner,
// which ends its run `interrupted`, writes its outputs and exits with 128 +
// the signal. The tuner runs in a process group of its own: a signal to
// atfc's group (Ctrl-C, a terminal's hang-up, killpg) then reaches it once,
// through atfc, never twice (the tuner takes a second signal as "leave
// now"; one that arrives twice at once, as `timeout` sends it, counts once:
// System/Interruption.h).
//
// A background group is stopped (SIGTTOU) when it writes to a terminal set
// to `stty tostop`, and a stopped tuner held atfc for ever, through SIGTERM:
// the tuner therefore inherits SIGTTOU and SIGTTIN ignored (its writes go
// through, a read fails), and atfc continues a tuner that stops anyway (a
// script's `kill -STOP $PPID`), with a warning.
//
// A tuner that dies anyway (SIGKILL, a crash) cannot clean up: atfc adopts
// what it leaves running (PR_SET_CHILD_SUBREAPER), kills those process
// groups, and removes the configurations' directories under work/.
//
// mpiexec (--ranks) runs the same way, with two more duties. The signal
// goes to the job's ranks (the atfc and atfc-ranks processes under
// mpiexec), not to mpiexec: Open MPI's mpiexec passes a SIGTERM on 1 s
// late and kills the ranks 1 s after that (odls_base_sigkill_timeout),
// which cut rank 0's tuner off while it wrote its outputs; atfc-ranks
// ends the job itself once rank 0's tuner has ended its run. Only while
// no rank runs yet (mpiexec starting) does mpiexec get the signal. And a
// job that has not ended some seconds after the first signal is killed, an
// alarm's handler killing mpiexec's group, and the orphaned ranks' groups
// after.
//
//===----------------------------------------------------------------------===//
#include "Driver/TunerProcess.h"

#include "Support/Diagnostic.h"
#include "System/HeldDirectory.h"
#include "System/Interruption.h"
#include "System/OutputLock.h"
#include "System/Process.h"
#include "System/ScopedSignalHandlers.h"

#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace atfc {
namespace {

/// The child that signals are passed on to (the tuner, mpiexec); it leads
/// its own process group.
volatile sig_atomic_t ChildPid = 0;
/// The first signal passed on; 0 while none was.
volatile sig_atomic_t PassedOn = 0;
/// Whole seconds after the first signal until the child's group is killed;
/// 0: never.
volatile sig_atomic_t KillGraceSeconds = 0;
volatile sig_atomic_t KilledAfterGrace = 0;
/// Whether the signal goes to the job's ranks (by the waiting loop) rather
/// than to the child; the signal it has yet to pass on.
volatile sig_atomic_t ToRanks = 0;
volatile sig_atomic_t ForRanks = 0;

extern "C" void forwardToChild(int Signal) {
  if (ChildPid <= 0)
    return;
  if (!ToRanks)
    signalProcess(ChildPid, Signal);
  else if (PassedOn == 0) // one stop for the job; the grace ends it anyway
    ForRanks = Signal;
  if (PassedOn == 0) {
    PassedOn = Signal;
    if (KillGraceSeconds > 0)
      alarm(static_cast<unsigned>(KillGraceSeconds));
  }
}

extern "C" void killChildGroup(int) {
  if (ChildPid > 0) {
    KilledAfterGrace = 1;
    signalGroup(ChildPid, SIGKILL);
  }
}

/// The processes below Root (its children, theirs, ...).
std::vector<pid_t> descendantsOf(pid_t Root) {
  std::vector<pid_t> Found = {Root};
  for (std::size_t I = 0; I < Found.size() && Found.size() < 4096; ++I)
    for (pid_t Child : childrenOf(Found[I]))
      Found.push_back(Child);
  Found.erase(Found.begin());
  return Found;
}

/// The ranks of the MPI job under Launcher: every process below it that
/// runs atfc or atfc-ranks (whichever MPI starts them: Open MPI's mpiexec,
/// MPICH's proxies).
std::vector<pid_t> ranksOf(pid_t Launcher) {
  std::error_code EC;
  const std::filesystem::path Self = std::filesystem::read_symlink("/proc/self/exe", EC);
  const std::filesystem::path RankLauncher = Self.parent_path() / "atfc-ranks";
  std::vector<pid_t> Ranks;
  for (pid_t Pid : descendantsOf(Launcher)) {
    const std::filesystem::path Exe =
        std::filesystem::read_symlink("/proc/" + std::to_string(Pid) + "/exe", EC);
    if (!EC && (Exe == Self || Exe == RankLauncher))
      Ranks.push_back(Pid);
  }
  return Ranks;
}

/// Passes Signal on to the ranks of the MPI job under Launcher; to
/// Launcher itself while there is none.
void signalRanks(pid_t Launcher, int Signal) {
  const std::vector<pid_t> Ranks = ranksOf(Launcher);
  for (pid_t Pid : Ranks) {
    signalProcess(Pid, Signal);
    signalProcess(Pid, SIGCONT); // a stopped rank acts on it
  }
  if (Ranks.empty())
    signalProcess(Launcher, Signal);
}

/// Whether Pid is stopped (SIGSTOP, SIGTSTP, SIGTTOU, SIGTTIN).
bool stopped(pid_t Pid) {
  std::ifstream In("/proc/" + std::to_string(Pid) + "/stat");
  std::string Stat((std::istreambuf_iterator<char>(In)), std::istreambuf_iterator<char>());
  const std::size_t End = Stat.rfind(')');
  return End != std::string::npos && Stat.size() > End + 2 && Stat[End + 2] == 'T';
}

/// Waits for Child, passing the signal the handler kept on to the job's
/// ranks, and continuing the child when it stops and, once a second, a
/// rank that stopped (a stopped rank holds the whole job for ever): OnStopped
/// hears of each. Its wait status.
int reapJobLauncher(Process &Child, const std::function<void(int Signal)> &OnStopped,
                    const std::function<void(pid_t Rank)> &OnRankStopped) {
  const pid_t Pid = Child.pid();
  auto NextLook = Process::Clock::now();
  while (!Child.waitForExit(Process::Clock::now() + std::chrono::milliseconds(50))) {
    if (const int Signal = ForRanks) {
      ForRanks = 0;
      signalRanks(Pid, Signal);
    }
    // Stops only: the exit stays for reapContinuingStops.
    Child.continueIfStopped(OnStopped);
    if (Process::Clock::now() >= NextLook) {
      NextLook = Process::Clock::now() + std::chrono::seconds(1);
      for (pid_t Rank : ranksOf(Pid))
        if (stopped(Rank)) {
          OnRankStopped(Rank);
          signalProcess(Rank, SIGCONT);
        }
    }
  }
  return Child.reapContinuingStops(OnStopped);
}

/// Removes the configurations' directories (work/1, work/2, ...) that a dead
/// tuner left; other files there are not atfc's to remove.
void removeConfigurationDirectories(const std::string &WorkDirectory) {
  // Held by its descriptor, never through a link, never someone else's;
  // each directory removed relative to it (System/HeldDirectory.h).
  Expected<HeldDirectory> Work = HeldDirectory::open(WorkDirectory, /*Create=*/false);
  if (!Work)
    return;
  const int Copy = fcntl(Work->fd(), F_DUPFD_CLOEXEC, 0);
  DIR *Listing = Copy >= 0 ? fdopendir(Copy) : nullptr;
  if (!Listing) {
    if (Copy >= 0)
      close(Copy);
    return;
  }
  std::vector<std::string> Numbered;
  while (const dirent *Entry = readdir(Listing)) {
    const std::string Name = Entry->d_name;
    if (!Name.empty() && Name.find_first_not_of("0123456789") == std::string::npos)
      Numbered.push_back(Name);
  }
  closedir(Listing);
  for (const std::string &Name : Numbered) {
    struct stat Status {};
    if (fstatat(Work->fd(), Name.c_str(), &Status, AT_SYMLINK_NOFOLLOW) == 0 &&
        S_ISDIR(Status.st_mode))
      (void)Work->remove(Name);
  }
}

/// How runSupervised runs its child.
struct Supervision {
  /// What the messages call the child.
  std::string What;
  /// Where a killed tuner's configurations' directories are; empty: none.
  std::string WorkDirectory;
  /// Whole seconds after the first signal passed on until the child's
  /// group is killed (SIGKILL); 0: never.
  unsigned KillGraceSeconds = 0;
  /// Whether the child's stdin is /dev/null.
  bool NullInput = false;
  /// Whether the child starts an MPI job whose ranks get the signals
  /// (TunerProcess.cpp's head).
  bool SignalsToRanks = false;
  /// The child's whole environment; none: this process's.
  std::optional<std::vector<std::string>> Environment;
};

/// Runs Program in a process group of its own, passing stopping signals on
/// and never waiting on it stopped (TunerProcess.cpp's head); its exit
/// status, or 128 + the signal that killed it.
int runSupervised(const std::string &Program, const std::vector<std::string> &Args,
                  DiagnosticSink &Diags, const Supervision &How) {
  adoptOrphanedDescendants();

  // The signals wait (blocked) until the child's pid is known; the child
  // starts with none blocked (and with atfc's ignored signals still ignored).
  sigset_t Stopping, Previous;
  sigemptyset(&Stopping);
  for (int Signal : kInterruptingSignals)
    sigaddset(&Stopping, Signal);
  sigprocmask(SIG_BLOCK, &Stopping, &Previous);
  PassedOn = 0;
  KilledAfterGrace = 0;
  KillGraceSeconds = static_cast<sig_atomic_t>(How.KillGraceSeconds);
  ToRanks = How.SignalsToRanks ? 1 : 0;
  ForRanks = 0;
  // The handlers are in place before the child exists, so no signal is lost
  // between its start and the wait; a handler, not SIG_IGN, is reset to the
  // default in the child.
  // atfc's own handlers are back when this returns, however it returns.
  ScopedSignalHandlers Forwarding(kInterruptingSignals, forwardToChild, SA_RESTART);
  static constexpr int Alarm[] = {SIGALRM};
  ScopedSignalHandlers Grace(Alarm, killChildGroup, SA_RESTART);
  // Ignored, not handled: an ignored signal stays ignored across the exec.
  static constexpr int TerminalStops[] = {SIGTTOU, SIGTTIN};
  ScopedSignalHandlers NeverStopped(TerminalStops, SIG_IGN);
  auto Restore = [&] {
    alarm(0);
    ChildPid = 0;
    Forwarding.restore();
    Grace.restore();
    NeverStopped.restore();
  };
  // A signal kept since the tuner's build (Interruption.h) starts nothing.
  if (const int Kept = Interruption::pending()) {
    Restore();
    sigprocmask(SIG_SETMASK, &Previous, nullptr);
    Diags.error("interrupted by " + describeSignal(Kept) + " before the " + How.What + " started");
    return 128 + Kept;
  }
  ProcessSpec Spec;
  Spec.Program = Program;
  Spec.Argv = Args;
  Spec.OwnGroup = true;
  Spec.NullInput = How.NullInput;
  Spec.Environment = How.Environment;
  Spec.EmptySignalMask = true;
  Spec.DefaultSignals = false;
  Process Child;
  const int Error = startProcess(Spec, Child);
  if (Error == 0)
    ChildPid = Child.pid();
  sigprocmask(SIG_SETMASK, &Previous, nullptr);
  if (Error != 0) {
    Restore();
    Diags.error("cannot start the " + How.What + " '" + Program + "': " + std::strerror(Error));
    return 1;
  }
  bool Warned = false;
  auto OnStopped = [&](int Signal) {
    if (!std::exchange(Warned, true))
      Diags.warning("the " + How.What + " was stopped by " + describeSignal(Signal) +
                    "; atfc continues it, as it waits for its end");
  };
  bool WarnedRank = false;
  auto OnRankStopped = [&](pid_t Rank) {
    if (!std::exchange(WarnedRank, true))
      Diags.warning("a rank of the " + How.What + " (pid " + std::to_string(Rank) +
                    ") was stopped; atfc continues it, as it waits for the job's end");
  };
  const int Status = How.SignalsToRanks ? reapJobLauncher(Child, OnStopped, OnRankStopped)
                                        : Child.reapContinuingStops(OnStopped);
  Restore();
  // Whatever the dead tuner left running: its scripts' groups (each script
  // leads its own) and any other process it started.
  endAllChildren();
  if (KilledAfterGrace) {
    Diags.error("the " + How.What + " did not end within " + std::to_string(How.KillGraceSeconds) +
                " s of " + describeSignal(PassedOn) + "; atfc killed it and what it started");
    return 128 + PassedOn;
  }
  const int Signal = terminatingSignal(Status);
  if (Signal == 0)
    return exitCodeOf(Status);

  if (!How.WorkDirectory.empty())
    removeConfigurationDirectories(How.WorkDirectory);
  Diags.error(
      "the " + How.What + " was killed by " + describeSignal(Signal) +
      (How.WorkDirectory.empty() ? "" : "; its results so far are kept, continue with --resume"));
  return 128 + Signal;
}

} // namespace

int runTunerProcess(const std::string &Binary, const std::vector<std::string> &Args,
                    DiagnosticSink &Diags, const std::string &WorkDirectory) {
  // The tuner ends when atfc does (System/OutputLock.h).
  setenv(kParentPidVariable, std::to_string(getpid()).c_str(), 1);
  Supervision How;
  How.What = "tuner";
  How.WorkDirectory = WorkDirectory;
  return runSupervised(Binary, Args, Diags, How);
}

int runJobLauncher(const std::vector<std::string> &Args,
                   std::vector<std::pair<std::string, std::string>> Settings,
                   DiagnosticSink &Diags) {
  const std::string &Name = Args.front();
  llvm::ErrorOr<std::string> Program = Name.find('/') == std::string::npos
                                           ? llvm::sys::findProgramByName(Name)
                                           : llvm::ErrorOr<std::string>(Name);
  if (!Program) {
    Diags.error("cannot run '" + Name + "': not found on PATH");
    return 1;
  }
  Supervision How;
  How.What = "MPI job (" + Name + ")";
  How.KillGraceSeconds = kJobKillGraceSeconds;
  How.NullInput = true; // the tuners read no input; a background read would stop
  How.SignalsToRanks = true;
  How.Environment = environmentWith(Settings);
  const int Status = runSupervised(*Program, Args, Diags, How);
  // mpiexec ends 1 when its ranks were stopped; the run was interrupted.
  return PassedOn != 0 ? 128 + PassedOn : Status;
}

} // namespace atfc
