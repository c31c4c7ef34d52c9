//===- System/Process.h - Starting, waiting for and killing a child -*- C++ -*-===//
//
// The one way atfc, its tuners and atfc-ranks start a program: a description
// of what to start (arguments, environment, working directory, process
// group, descriptors, signal state), a handle to the started child, waiting
// with a deadline (poll on a pidfd: no busy waiting, no SIGCHLD handler),
// reaping without waiting, and killing its group (SIGTERM, then SIGKILL
// after a grace); how a child ended in words; signals to processes known
// only by pid (from a signal handler, another thread); and ending what an
// adopted orphan left. Replacing this process by another program (atfc by
// mpiexec) is here too, so that every exec, wait and kill of the project is
// in Process.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SYSTEM_PROCESS_H
#define ATFC_SYSTEM_PROCESS_H

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <sys/resource.h>
#include <sys/types.h>
#include <utility>
#include <vector>

namespace atfc {

/// A descriptor of this process that the child gets as ChildFd, whatever
/// its close-on-exec flag here.
struct InheritedFd {
  int ParentFd = -1;
  int ChildFd = -1;
};

/// What to start.
struct ProcessSpec {
  /// The program's path, run as given (no PATH search); empty: Argv[0].
  std::string Program;
  /// The arguments, the program's name first.
  std::vector<std::string> Argv;
  /// The child's whole environment as NAME=VALUE entries; none: this
  /// process's.
  std::optional<std::vector<std::string>> Environment;
  /// The child's working directory; empty: this process's.
  std::string Directory;
  /// A descriptor of the child's working directory, which wins over
  /// Directory: a directory atfc holds (System/HeldDirectory.h), entered
  /// with fchdir so that no path swapped meanwhile leads elsewhere; -1: none.
  int DirectoryFd = -1;
  /// Whether the child leads a new process group, whose id is its pid.
  bool OwnGroup = false;
  /// Whether stdin reads /dev/null rather than this process's stdin.
  bool NullInput = false;
  /// Descriptors that become the child's stdout and stderr; -1: inherited.
  int OutputFd = -1;
  int ErrorFd = -1;
  /// Whether stdout and stderr write to /dev/null instead (OutputFd and
  /// ErrorFd are then ignored): output nobody reads, opened by the spawn.
  bool NullOutput = false;
  /// Further descriptors the child gets at fixed numbers.
  std::vector<InheritedFd> ExtraFds;
  /// Descriptors of this process the child must not inherit.
  std::vector<int> ClosedFds;
  /// Whether the child starts with no signal blocked (else with this
  /// thread's mask).
  bool EmptySignalMask = true;
  /// Whether signals this process ignores start at their default action in
  /// the child (an ignored SIGPIPE or SIGTERM changes how it behaves and
  /// dies); else ignored ones stay ignored. Handlers are reset either way.
  bool DefaultSignals = true;
};

/// Seconds between SIGTERM and SIGKILL when a child's group is killed.
constexpr double KillGraceSeconds = 1.0;

/// A started child. Waiting leaves it unreaped until reap() or endGroup(),
/// so that its pid (and its group's id) cannot be reused meanwhile. A handle
/// that still holds an unreaped child when it ends kills (SIGKILL, its
/// group if it leads one) and reaps it: no child outlives its handle.
class Process {
public:
  using Clock = std::chrono::steady_clock;

  Process() = default;
  ~Process();
  Process(Process &&Other) noexcept;
  Process &operator=(Process &&Other) noexcept;
  Process(const Process &) = delete;
  Process &operator=(const Process &) = delete;

  /// Whether the handle holds a child.
  explicit operator bool() const { return Pid > 0; }
  pid_t pid() const { return Pid; }
  /// A descriptor that polls readable once the child has exited; -1 when the
  /// system gives none (kernels before 5.3: then look with exited()).
  int exitFd() const { return PidFd; }

  /// Whether the child has exited; it stays unreaped.
  bool exited() const;
  /// Sleeps until the child has exited (left unreaped) or Deadline passed
  /// (none: no limit); whether it exited.
  bool waitForExit(std::optional<Clock::time_point> Deadline = std::nullopt) const;
  /// Sends Signal to the child's group if it leads one, else to the child.
  void signal(int Signal) const;
  /// Waits for the child's end and reaps it; its wait status. The handle is
  /// empty afterwards.
  int reap();
  /// reap(), but a stopped child is never waited on: whenever it stops (a
  /// script's `kill -STOP $PPID`, SIGTTOU on a terminal with `stty tostop`)
  /// OnStopped (if any) hears the stopping signal and the child (its group
  /// if it leads one) gets SIGCONT. A stop of a child this process waits for
  /// would otherwise stop it for ever, through SIGTERM too.
  int reapContinuingStops(const std::function<void(int Signal)> &OnStopped = {});
  /// Reaps the child if it has ended, without waiting: its wait status (the
  /// handle is empty then), or nothing while it runs. A stop is handled as
  /// reapContinuingStops() does. Usage (if given) gets the child's resource
  /// usage once it is reaped.
  std::optional<int> reapIfEnded(const std::function<void(int Signal)> &OnStopped = {},
                                 rusage *Usage = nullptr);
  /// If the child stopped since the last look, OnStopped (if any) hears the
  /// stopping signal and the child (its group if it leads one) gets SIGCONT;
  /// whether it had. Never waits; an exit stays for a reap.
  bool continueIfStopped(const std::function<void(int Signal)> &OnStopped = {});
  /// Once the child has exited: kills what is left of its group (SIGKILL;
  /// nothing unless it leads one), reaps the child, and reaps the group's
  /// members whose parent died if this process adopts orphans
  /// (adoptOrphanedDescendants), so that no process of the group remains.
  /// Waits for the child's exit first. Its wait status; the handle is empty.
  int endGroup();
  /// Ends the child's group now: SIGTERM (and SIGCONT, so that a stopped
  /// member acts on it), SIGKILL after GraceSeconds if the child still runs,
  /// then endGroup(). The child's wait status.
  int killGroup(double GraceSeconds = KillGraceSeconds);

private:
  friend int startProcess(const ProcessSpec &Spec, Process &Started);
  void close();
  /// Forgets the reaped child.
  void forget();

  pid_t Pid = -1;
  int PidFd = -1;
  bool LeadsGroup = false;
};

/// The longest wait a deadline stands for (10^9 s, about 31 years): a
/// longer or NaN timeout means this, practically no limit, where the
/// clock's nanoseconds would overflow (10^10 s became a deadline in the
/// past, and every configuration timed out at once).
inline constexpr double kMaxWaitSeconds = 1e9;

/// The time Seconds after From (saturated to kMaxWaitSeconds), for
/// waitForExit() and millisecondsUntil().
Process::Clock::time_point deadlineAfter(double Seconds,
                                         Process::Clock::time_point From = Process::Clock::now());

/// Milliseconds from now until Deadline, for poll(): -1 for no deadline.
int millisecondsUntil(std::optional<Process::Clock::time_point> Deadline);

/// Starts Spec's program as a child (vfork-like: cheap however large this
/// process is). Returns 0 with the child in Started, or an errno value (a
/// program that cannot be executed included).
int startProcess(const ProcessSpec &Spec, Process &Started);

/// A start's failure (startProcess's errno value) as a build log has
/// always said it: the failed system call, then the reason.
std::string describeStartFailure(int Error);

/// Replaces this process by Argv's program, found on PATH when Argv[0] has
/// no slash, with this process's environment, descriptors and signal state.
/// Returns only when it cannot, with the errno value.
int replaceProcess(const std::vector<std::string> &Argv);

/// This process's environment with Set's variables set (NAME, VALUE) and
/// Unset's removed, as ProcessSpec::Environment takes it.
std::vector<std::string>
environmentWith(const std::vector<std::pair<std::string, std::string>> &Set,
                const std::vector<std::string> &Unset = {});

/// Sends Signal to the process Pid (nothing for Pid <= 0): for a process
/// known only by its pid (an MPI rank) or from a signal handler or another
/// thread, where the child's Process is out of reach. Async-signal-safe.
void signalProcess(pid_t Pid, int Signal);

/// Sends Signal to every process of the group Group (nothing for
/// Group <= 0). Async-signal-safe.
void signalGroup(pid_t Group, int Signal);

/// The signal that killed a child, from its wait status; 0 when it exited.
int terminatingSignal(int WaitStatus);

/// The status a shell reports for a child: its exit status, or 128 + the
/// signal that killed it.
int exitCodeOf(int WaitStatus);

/// How a child ended, from its wait status: "exit status 2", "killed by
/// signal 9" (a measurement's and a rank's words).
std::string describeWaitStatus(int WaitStatus);

/// A signal in words: "signal 9 (Killed)".
std::string describeSignal(int Signal);

/// The processes whose parent is Pid (0: this process), from every one of
/// its threads' lists; what could be read where Pid or a thread ends
/// meanwhile. Never throws.
std::vector<pid_t> childrenOf(pid_t Pid);

/// Makes this process the reaper of its orphaned descendants
/// (PR_SET_CHILD_SUBREAPER), so that endGroup() can reap a child's group
/// members whose parent died instead of leaving them to init. Process-wide;
/// only members of an ended child's group are ever reaped by it. Returns
/// false if the system refused.
bool adoptOrphanedDescendants();

/// Kills (SIGKILL) every child of this process and the process groups of
/// those that lead another group than this process's, and reaps them, until
/// none is left (those killed leave their children to this process if it
/// adopts orphans): what a child killed before it could clean up left
/// running. For a process whose children are all ended this way.
void endAllChildren();

} // namespace atfc

#endif
