//===- System/RemovedAtForcedExit.h - Trees removed as a signal kills -*- C++ -*-===//
//
// A second Ctrl-C ends a program that tunes in-process by the signal's
// default action (Interruption.h): no destructor or atexit function runs,
// and the temporary directory of its run stayed in /tmp. A directory
// marked here is removed by the signal handler itself, just before it
// takes that action, with system calls only (openat, getdents64,
// unlinkat), which are safe in a signal handler where remove_all is not.
// Only the process that marked a directory removes it: a child that
// fork() made shares the marks, not the directories.
//
// Any other signal whose default action ends the program ended it the same
// way (a program piped into `head`, SIGPIPE; Ctrl-\, SIGQUIT; a crash in
// its cost function, SIGSEGV; its own alarm(), SIGALRM). While a directory
// is marked, each of kRemovedAtSignals that the process leaves at its
// default action gets a handler that removes the marked directories and
// then takes that action; a handler of the program's own, or an ignored
// signal, is left alone. When no directory is marked any more, the
// defaults are back (where the program has not put a handler of its own
// since).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SYSTEM_REMOVEDATFORCEDEXIT_H
#define ATFC_SYSTEM_REMOVEDATFORCEDEXIT_H

#include <csignal>
#include <string>

namespace atfc {

/// Marks a directory for removal while it lives; at most
/// kMaxRemovedAtForcedExit are marked at once (a mark past them marks
/// nothing, and the directory is left as before).
class RemovedAtForcedExit {
public:
  explicit RemovedAtForcedExit(const std::string &Directory);
  ~RemovedAtForcedExit();
  RemovedAtForcedExit(const RemovedAtForcedExit &) = delete;
  RemovedAtForcedExit &operator=(const RemovedAtForcedExit &) = delete;

  /// Whether the directory is marked.
  bool marked() const { return Slot >= 0; }

private:
  int Slot = -1;
};

inline constexpr int kMaxRemovedAtForcedExit = 64;

/// The signals whose default action ends the program, that a marked
/// directory is removed at (all but SIGKILL, which cannot be caught,
/// SIGTRAP, a debugger's, and the real-time signals).
inline constexpr int kRemovedAtSignals[] = {
    SIGHUP,  SIGINT,  SIGQUIT,   SIGILL,  SIGABRT, SIGBUS,  SIGFPE,
    SIGUSR1, SIGSEGV, SIGUSR2,   SIGPIPE, SIGALRM, SIGTERM, SIGSTKFLT,
    SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGIO,   SIGPWR,  SIGSYS};

/// Removes every directory this process marked, with all it holds (to a
/// depth of 64; a symbolic link is removed, never followed). Safe to call
/// from a signal handler.
void removeMarkedDirectoriesNow() noexcept;

} // namespace atfc

#endif
