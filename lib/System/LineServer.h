//===- System/LineServer.h - A child that answers a line per request -*- C++ -*-===//
//
// A long-lived shell script (a `check server`) that is started once and then
// asked many times: each request is one line on its stdin, each answer one
// line on its stdout. What makes this a part of the operating system layer
// is everything around the lines: the child leads its own process group
// (Process, System/Process.h), is started again on the next request when it
// died, gets a deadline and a stop signal per answer (then its group is
// killed), writes its stderr into an anonymous file whose tail since the
// last request is handed back for the log, and is ended with its group
// when the handle ends: stdin closed first, so that a server reading to
// the end of its input leaves on its own, SIGTERM and SIGKILL after.
// Writing to a dead child is an error, never SIGPIPE (a socket pair with
// MSG_NOSIGNAL, not pipes).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SYSTEM_LINESERVER_H
#define ATFC_SYSTEM_LINESERVER_H

#include "System/CapturedOutput.h"
#include "System/ChildProcess.h"
#include "System/Process.h"

#include <cstddef>
#include <string>

namespace atfc {

/// How a request ended.
enum class LineAnswerEnd {
  /// The child wrote a line; Line holds it (without its newline).
  Answered,
  /// The child exited (or closed its stdout) before it answered; Status is
  /// its wait status, -1 when it had closed stdout and was killed for it.
  Died,
  /// No answer within the deadline: the child's group was killed.
  TimedOut,
  /// The stop signal was raised: the child's group was killed.
  Stopped,
  /// The child could not be started; Status is the errno value.
  NotStarted,
  /// The child answered with more than one line, or with a line longer
  /// than kMaxAnswerBytes: it was killed, since its later answers could
  /// not be told apart from this one's rest. Line holds what it wrote.
  Garbled,
};

/// What one request gave.
struct LineAnswer {
  LineAnswerEnd End = LineAnswerEnd::NotStarted;
  std::string Line;
  /// A wait status (Died) or an errno value (NotStarted).
  int Status = 0;
  /// The tail (at most OutputTailBytes) of what the child wrote to stderr
  /// since the previous request's answer: its start-up included.
  std::string ErrorTail;
  /// Whether this request started the child.
  bool Started = false;
};

/// A child that answers one line per request line; not thread-safe, but
/// stop() may be raised from any thread through the StopSignal given to
/// ask(). The child is started by the first ask() and again by the first
/// ask() after it died or was killed.
class LineServer {
public:
  /// The longest answer line taken.
  static constexpr std::size_t kMaxAnswerBytes = 1 << 16;

  /// Command.Script is run as `/bin/sh -c Script` in Command.Directory (or
  /// DirectoryFd) with Command.Environment; Command.TimeoutSeconds is not
  /// used (each ask() has its own).
  explicit LineServer(ChildCommand Command);
  ~LineServer();
  LineServer(const LineServer &) = delete;
  LineServer &operator=(const LineServer &) = delete;

  /// Sends Request (one line, without newline; a newline in it is the
  /// caller's mistake) and waits at most TimeoutSeconds (0: no limit) for
  /// the answer line, starting the child first when none runs.
  LineAnswer ask(const std::string &Request, double TimeoutSeconds, const StopSignal *Stop);

  /// Ends the child: closes its stdin, waits up to GraceSeconds for its
  /// exit, then kills its group (SIGTERM, SIGKILL after KillGraceSeconds).
  void end(double GraceSeconds = KillGraceSeconds);

  /// How many times the child was started.
  unsigned starts() const { return Starts; }
  /// The running child's pid; -1 when none runs (for tests).
  pid_t pid() const { return Child.pid(); }

private:
  /// Starts the child; 0 or an errno value.
  int start();
  /// Kills the child's group now and forgets it; its wait status.
  int kill();

  ChildCommand Command;
  Process Child;
  /// This end of the socket pair that is the child's stdin and stdout.
  int Socket = -1;
  /// The child's stderr.
  CapturedOutput Errors;
  unsigned Starts = 0;
};

} // namespace atfc

#endif
