//===- System/ChildProcess.h - One script in its own process group -*- C++ -*-===//
//
// Runs one shell script as a child process and waits for its end: in its own
// process group (so that a timeout or an interrupt kills the script and
// every process it started), with a given environment and working directory,
// an optional timeout, and the tail of its output kept for the log. Waiting
// sleeps in poll() on a pidfd, the output pipe and a stop signal: no busy
// waiting, no SIGCHLD handler. Several threads may run children at once.
// The child is a Process (System/Process.h).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SYSTEM_CHILDPROCESS_H
#define ATFC_SYSTEM_CHILDPROCESS_H

#include "System/Process.h"

#include <atomic>
#include <cstddef>
#include <string>
#include <vector>

namespace atfc {

/// A flag that stops running children: once raised, every runChild() that
/// watches it kills its child's group and returns, and no new child starts.
/// Raising it is async-signal-safe; it stays raised.
class StopSignal {
public:
  StopSignal();
  ~StopSignal();
  StopSignal(const StopSignal &) = delete;
  StopSignal &operator=(const StopSignal &) = delete;

  /// Raises the flag; async-signal-safe and thread-safe.
  void raise() noexcept;
  /// Whether the flag was raised.
  bool raised() const noexcept { return Raised.load(std::memory_order_acquire); }
  /// A file descriptor that polls readable once the flag is raised (-1 if
  /// the system gave none; raised() still works then, checked every 10 ms).
  int fd() const noexcept { return Fd; }

private:
  int Fd = -1;
  std::atomic<bool> Raised{false};
};

/// What to run.
struct ChildCommand {
  /// The script, run as `/bin/sh -c Script`.
  std::string Script;
  /// The child's working directory.
  std::string Directory;
  /// The child's whole environment, as NAME=VALUE entries.
  std::vector<std::string> Environment;
  /// Seconds until the child's group is killed; 0: no limit.
  double TimeoutSeconds = 0;
  /// The working directory's descriptor, which wins over Directory
  /// (ProcessSpec::DirectoryFd); -1: none.
  int DirectoryFd = -1;
};

/// How Command starts: `/bin/sh -c Script` leading a process group of its
/// own, in Command's directory and environment, with no blocked or ignored
/// signals of the tuner's; its descriptors are the caller's to set.
ProcessSpec shellSpec(const ChildCommand &Command);

/// How a child ended.
enum class ChildEnd {
  /// It exited; Status is its exit status.
  Exited,
  /// A signal killed it; Status is the signal number.
  Signaled,
  /// It ran past the timeout and its group was killed.
  TimedOut,
  /// The stop signal was raised and its group was killed, or a stopping
  /// signal that reached this process too killed it
  /// (Interruption::stopsThisProcess).
  Stopped,
  /// It could not be started; Status is the errno value.
  NotStarted,
};

/// What running a child gave.
struct ChildOutcome {
  /// How it ended.
  ChildEnd End = ChildEnd::NotStarted;
  /// Exit status, signal number or errno, as End says.
  int Status = 0;
  /// Its lifetime in seconds: from just before the spawn until its exit was
  /// seen (the fork/exec of /bin/sh included).
  double Seconds = 0;
  /// The last OutputTailBytes bytes of its stdout and stderr, interleaved as
  /// written.
  std::string OutputTail;
};

/// How much of a child's output runChild keeps.
constexpr std::size_t OutputTailBytes = 4096;

/// Runs Command and waits for its end. The child gets its own process group,
/// stdin from /dev/null and default signal dispositions. On a timeout or a
/// raised Stop (may be null) the group gets SIGTERM, and SIGKILL after
/// KillGraceSeconds. When the script ends, whatever it left running in its
/// group is killed, and if this process adopts orphans (see
/// adoptOrphanedDescendants) reaped, so that no process of the group remains.
ChildOutcome runChild(const ChildCommand &Command, const StopSignal *Stop);

} // namespace atfc

#endif
