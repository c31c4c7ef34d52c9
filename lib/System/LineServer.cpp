//===- System/LineServer.cpp - A child that answers a line per request ---===//
//
// The child's stdin and stdout are one end of a socket pair: sends use
// MSG_NOSIGNAL (a dead child is EPIPE, not a signal that ends the tuner),
// and every wait is a poll() on the socket, the child's pidfd and the stop
// signal, with the request's deadline. Its stderr is an anonymous file
// (O_APPEND), read and emptied after each answer, as the device worker's
// output is: a child that writes much to stderr never blocks on a full pipe.
//
//===----------------------------------------------------------------------===//
#include "System/LineServer.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <optional>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace atfc {

LineServer::LineServer(ChildCommand Command)
    : Command(std::move(Command)), Errors("atfc-line-server-errors") {}

LineServer::~LineServer() { end(); }

int LineServer::start() {
  int Pair[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, Pair) != 0)
    return errno;
  ProcessSpec Spec = shellSpec(Command);
  Spec.OutputFd = Pair[1];
  Spec.ErrorFd = Errors.fd(); // -1 (none could be made): the tuner's stderr
  Spec.ExtraFds = {{Pair[1], STDIN_FILENO}};
  const int Error = startProcess(Spec, Child);
  close(Pair[1]);
  if (Error != 0) {
    close(Pair[0]);
    return Error;
  }
  Socket = Pair[0];
  fcntl(Socket, F_SETFL, O_NONBLOCK);
  ++Starts;
  return 0;
}

int LineServer::kill() {
  int Status = 0;
  if (Child)
    Status = Child.killGroup();
  if (Socket >= 0)
    close(std::exchange(Socket, -1));
  return Status;
}

void LineServer::end(double GraceSeconds) {
  if (!Child)
    return;
  // A server reading to the end of its input leaves on its own.
  shutdown(Socket, SHUT_WR);
  Child.waitForExit(deadlineAfter(GraceSeconds));
  kill();
}

namespace {

/// Reads what the socket holds now into Received; false at its end (or an
/// error other than "nothing yet").
bool receiveAvailable(int Socket, std::string &Received) {
  char Buffer[8192];
  for (;;) {
    const ssize_t N = recv(Socket, Buffer, sizeof Buffer, MSG_DONTWAIT);
    if (N > 0) {
      Received.append(Buffer, static_cast<std::size_t>(N));
      if (Received.size() > LineServer::kMaxAnswerBytes + 1)
        return true;
      continue;
    }
    if (N < 0 && errno == EINTR)
      continue;
    return N < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
  }
}

} // namespace

LineAnswer LineServer::ask(const std::string &Request, double TimeoutSeconds,
                           const StopSignal *Stop) {
  LineAnswer Answer;
  auto Finish = [&](LineAnswerEnd End) -> LineAnswer {
    Answer.End = End;
    Answer.ErrorTail += Errors.take(OutputTailBytes).Text;
    return Answer;
  };
  if (Stop && Stop->raised())
    return Finish(LineAnswerEnd::Stopped);
  if (Child) {
    // Whatever the child wrote unasked puts its answers out of step with
    // the requests: it starts afresh, and no request is blamed for it.
    std::string Unasked;
    if (!receiveAvailable(Socket, Unasked) || !Unasked.empty() || Child.exited())
      kill();
  }
  if (!Child) {
    if (const int Error = start()) {
      Answer.Status = Error;
      return Finish(LineAnswerEnd::NotStarted);
    }
    Answer.Started = true;
  }
  std::optional<Process::Clock::time_point> Deadline;
  if (TimeoutSeconds > 0)
    Deadline = deadlineAfter(TimeoutSeconds);
  const int StopFd = Stop ? Stop->fd() : -1;
  const int ExitFd = Child.exitFd();
  const std::string Line = Request + "\n";
  std::size_t Sent = 0;
  std::string Received;
  bool Open = true; // false once the child closed its end
  for (;;) {
    // Sending while the child reads, then receiving its answer.
    while (Open && Sent < Line.size()) {
      const ssize_t N =
          send(Socket, Line.data() + Sent, Line.size() - Sent, MSG_NOSIGNAL | MSG_DONTWAIT);
      if (N > 0)
        Sent += static_cast<std::size_t>(N);
      else if (N < 0 && errno == EINTR)
        continue;
      else if (N < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
        break; // full: poll for room
      else
        Open = false; // EPIPE: it closed its stdin or died
    }
    const bool Sending = Open && Sent < Line.size();
    pollfd Fds[3] = {{Open ? Socket : -1, static_cast<short>(Sending ? POLLOUT : POLLIN), 0},
                     {ExitFd, POLLIN, 0},
                     {StopFd, POLLIN, 0}};
    int Wait = millisecondsUntil(Deadline);
    if (ExitFd < 0 || (Stop && StopFd < 0))
      Wait = Wait < 0 ? 10 : std::min(Wait, 10); // looked at every 10 ms
    (void)poll(Fds, 3, Wait);
    if (Open && !Sending)
      Open = receiveAvailable(Socket, Received);
    if (const std::size_t NewLine = Received.find('\n'); NewLine != std::string::npos) {
      Answer.Line = Received.substr(0, NewLine);
      if (!Answer.Line.empty() && Answer.Line.back() == '\r')
        Answer.Line.pop_back();
      if (NewLine + 1 == Received.size() && NewLine <= kMaxAnswerBytes)
        return Finish(LineAnswerEnd::Answered);
      Answer.Line = Received;
      kill();
      return Finish(LineAnswerEnd::Garbled);
    }
    if (Received.size() > kMaxAnswerBytes) {
      Answer.Line = Received.substr(0, 200) + "...";
      kill();
      return Finish(LineAnswerEnd::Garbled);
    }
    const bool Exited = ExitFd >= 0 ? (Fds[1].revents & POLLIN) != 0 : Child.exited();
    if (Exited || !Open) {
      // Closed its stdout, or died: what it wrote last is in the socket
      // already, and its stderr says why.
      if (!Exited)
        Child.waitForExit(deadlineAfter(KillGraceSeconds));
      const bool Gone = Child.exited();
      Answer.Status = kill();
      if (!Gone)
        Answer.Status = -1;
      Answer.Line = Received;
      return Finish(LineAnswerEnd::Died);
    }
    if (Stop && Stop->raised()) {
      kill();
      return Finish(LineAnswerEnd::Stopped);
    }
    if (Deadline && Process::Clock::now() >= *Deadline) {
      kill();
      return Finish(LineAnswerEnd::TimedOut);
    }
  }
}

} // namespace atfc
