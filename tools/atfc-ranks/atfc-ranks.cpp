//===- tools/atfc-ranks/atfc-ranks.cpp - One rank of a run over MPI -------===//
//
//   mpiexec -n N atfc-ranks [--devices 0,1,2,3] [--] TUNER --tune ARGS...
//
// What MPI starts on every rank of `atfc tune --ranks N` (atfc execs it once
// it has built the tuner on rank 0, and at once on the other ranks). This is
// the only program of atfc that links MPI: the tuners talk to it over a local
// socket (Ranks/RankProtocol.h) and it relays their frames between ranks.
//
//  - Rank 0's command line is every rank's: MPI_Bcast hands it out, so only
//    rank 0 needs to have built the tuner (the others find the binary on the
//    shared file system).
//  - Every rank starts the tuner as a measuring tuner on its device (the
//    node-local rank, or its entry of --devices); rank 0 also starts the
//    searching tuner, whose exit status is the run's.
//  - A measuring tuner that ends is started again, and the searching tuner
//    is told (Lost) so that it records what it was measuring as failed (or,
//    when a signal stopped it, has another rank measure it). One that ends
//    before it said anything is not started again.
//  - SIGINT and SIGTERM stop the run as they stop a tuner alone: on rank 0
//    the searching tuner gets the signal and ends the run `interrupted`,
//    writing its outputs; when it has ended, every rank stops its measuring
//    tuner at once (SIGTERM: a measurement in flight is cut short) and
//    leaves MPI. On another rank the signal makes the rank leave the run.
//    A signal during start-up is kept until the tuners run (or, on rank 0,
//    ends the job before they start).
//  - A tuner that stops (SIGSTOP, SIGTTOU) is continued, with a warning: a
//    stopped tuner would hold the whole job for ever.
//  - Waiting polls, with a short sleep that grows while nothing happens, so
//    that idle ranks leave the cores to the measurements (a blocking MPI
//    call would spin). A rank that sends to a rank of its own machine also
//    rings that rank's doorbell (System/Doorbell.h), which wakes it at once;
//    to a rank on another machine, its network doorbell (a UDP datagram to
//    its addresses on this machine's subnets: System/NetworkDoorbell.h).
//
// ATFC_RANKS_STATS=1 makes rank 0 print the CPU time the searching tuner and
// this launcher spent per measured configuration (bench/scale-out).
//
// Under `atfc tune --ranks`, rank 0 hands a failing exit status to atfc
// through the file that ATFC_RANK0_STATUS names and leaves with 0: the
// error is already reported, and a non-zero status would only make mpiexec
// add two boxes of its own (Driver/RankLaunch.h).
//
//===----------------------------------------------------------------------===//
#include "Machines.h"

#include "Invocation/CommandLine.h"
#include "Support/Diagnostic.h"
#include "System/Doorbell.h"
#include "System/Process.h"
#include "System/TcpNoDelay.h"
#include "System/TerminalText.h"

#include <CLI/CLI.hpp>

#include <mpi.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fcntl.h>
#include <iostream>
#include <memory>
#include <optional>
#include <poll.h>
#include <span>
#include <string>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <utility>
#include <vector>

namespace {

using atfc::ranks::RemoteBell;

using Bytes = std::vector<unsigned char>;

constexpr int kPayloadTag = 1;
constexpr int kStopTag = 2;
/// RankProtocol.h's Lost message kind.
constexpr unsigned char kLostMessage = 4;

volatile sig_atomic_t ReceivedSignal = 0;
extern "C" void onSignal(int Signal) { ReceivedSignal = Signal; }

/// Rank 0's exit status as mpiexec is to see it: 0 when atfc started the
/// job and Status could be written to the file it named (ATFC_RANK0_STATUS,
/// Driver/RankLaunch.h's kRankZeroStatus), else Status.
int exitStatusForMpi(int Rank, int Status) {
  const char *Path = std::getenv("ATFC_RANK0_STATUS");
  if (Rank != 0 || Status == 0 || !Path || !*Path)
    return Rank == 0 ? Status : 0;
  // The file atfc made for it (exclusively, in its temporary directory):
  // written only if it is still that regular file, never created here and
  // never through a link.
  const int Fd = ::open(Path, O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC);
  if (Fd < 0)
    return Status;
  struct stat Info = {};
  const std::string Text = std::to_string(Status) + "\n";
  const bool Written = ::fstat(Fd, &Info) == 0 && S_ISREG(Info.st_mode) && Info.st_nlink == 1 &&
                       Info.st_uid == ::geteuid() &&
                       ::write(Fd, Text.data(), Text.size()) == static_cast<ssize_t>(Text.size());
  return ::close(Fd) == 0 && Written ? 0 : Status;
}

[[noreturn]] void fail(const std::string &Message) {
  atfc::DiagnosticSink(std::cerr).error(Message);
  MPI_Abort(MPI_COMM_WORLD, 1);
  std::_Exit(1);
}

/// A local socket to a tuner, read without blocking into whole frames.
struct Channel {
  int Fd = -1;
  atfc::Process Tuner;
  Bytes Buffer;
  /// Whether the tuner sent anything since it started.
  bool Spoke = false;
  /// Whether the tuner could not be started: it counts as exiting 127.
  bool NotStarted = false;

  /// Reads what is there; false at end of file.
  bool fill() {
    unsigned char Chunk[65536];
    for (;;) {
      const ssize_t N = ::read(Fd, Chunk, sizeof Chunk);
      if (N > 0) {
        Buffer.insert(Buffer.end(), Chunk, Chunk + N);
        continue;
      }
      if (N < 0 && errno == EINTR)
        continue;
      return N < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
    }
  }
  /// The next whole frame's payload, if there is one.
  std::optional<Bytes> next() {
    std::uint64_t Size = 0;
    if (Buffer.size() < sizeof Size)
      return std::nullopt;
    std::memcpy(&Size, Buffer.data(), sizeof Size);
    if (Buffer.size() < sizeof Size + Size)
      return std::nullopt;
    Bytes Payload(Buffer.begin() + sizeof Size, Buffer.begin() + sizeof Size + Size);
    Buffer.erase(Buffer.begin(), Buffer.begin() + sizeof Size + Size);
    Spoke = true;
    return Payload;
  }
  /// Writes one frame; false when the tuner is gone.
  bool send(const Bytes &Payload) const {
    const std::uint64_t Size = Payload.size();
    Bytes Frame(sizeof Size + Payload.size());
    std::memcpy(Frame.data(), &Size, sizeof Size);
    if (!Payload.empty())
      std::memcpy(Frame.data() + sizeof Size, Payload.data(), Payload.size());
    std::size_t Done = 0;
    while (Done < Frame.size()) {
      const ssize_t N = ::send(Fd, Frame.data() + Done, Frame.size() - Done, MSG_NOSIGNAL);
      if (N > 0) {
        Done += static_cast<std::size_t>(N);
      } else if (N < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
        pollfd P = {Fd, POLLOUT, 0};
        ::poll(&P, 1, 100);
      } else if (!(N < 0 && errno == EINTR)) {
        return false;
      }
    }
    return true;
  }
};

Bytes addressed(std::uint64_t Rank, const Bytes &Payload) {
  Bytes Frame(sizeof Rank + Payload.size());
  std::memcpy(Frame.data(), &Rank, sizeof Rank);
  if (!Payload.empty())
    std::memcpy(Frame.data() + sizeof Rank, Payload.data(), Payload.size());
  return Frame;
}

/// RankProtocol.h's LostMessage, encoded as DeviceProtocol's WireWriter does.
Bytes lostMessage(const std::string &Reason, bool Restarting, bool Interrupted) {
  const std::uint64_t Size = Reason.size();
  Bytes B(3 + sizeof Size + Size);
  B[0] = kLostMessage;
  std::memcpy(B.data() + 1, &Size, sizeof Size);
  if (Size)
    std::memcpy(B.data() + 1 + sizeof Size, Reason.data(), Size);
  B[1 + sizeof Size + Size] = Restarting ? 1 : 0;
  B.back() = Interrupted ? 1 : 0;
  return B;
}

/// The exit status of a tuner that a stopping signal interrupted
/// (Tuning/TuningRun.h's kInterruptedExitCode).
constexpr int kInterruptedExitCode = 130;

class Launcher {
public:
  /// SameMachine: the ranks whose doorbells of DoorbellToken (empty: none)
  /// this rank can ring.
  /// NetBell and Remote: this rank's network doorbell and the other
  /// machines' ranks' (empty when every rank is on this machine).
  Launcher(int Rank, int Size, unsigned Device, std::vector<std::string> Command,
           const std::string &DoorbellToken, std::vector<bool> SameMachine,
           std::optional<atfc::NetworkDoorbell> NetBell, std::vector<RemoteBell> Remote)
      : Rank(Rank), Size(Size), Device(Device), Command(std::move(Command)),
        SameMachine(std::move(SameMachine)), NetBell(std::move(NetBell)),
        Remote(std::move(Remote)) {
    // Without one (no abstract sockets here), messages wait for the poll.
    if (!DoorbellToken.empty())
      if (atfc::Expected<atfc::Doorbell> Opened =
              atfc::Doorbell::open(DoorbellToken, static_cast<unsigned>(Rank)))
        Bell.emplace(Opened.take());
  }

  int run() {
    ::getrusage(RUSAGE_SELF, &StartUsage);
    StartTime = std::chrono::steady_clock::now();
    if (Rank == 0 && ReceivedSignal) {
      // Stopped before any tuner ran: no run exists, every rank ends.
      SearchStatus = W_EXITCODE(128 + ReceivedSignal, 0);
      stopEveryRank();
      return shutDown();
    }
    Worker = start("measure");
    if (Rank == 0)
      Search = start("search");
    while (!Stopping)
      step();
    return shutDown();
  }

private:
  /// Starts the tuner in a role; its socket's end is ours.
  Channel start(const char *Role) {
    int Fds[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, Fds) != 0)
      fail(std::string("socketpair: ") + std::strerror(errno));
    atfc::ProcessSpec Spec;
    Spec.Argv = Command;
    // The socket's end keeps its number in the tuner, which ATFC_RANK_FD names.
    Spec.ExtraFds = {{Fds[1], Fds[1]}};
    std::vector<std::pair<std::string, std::string>> Set = {
        {"ATFC_RANK_ROLE", Role},
        {"ATFC_RANK_FD", std::to_string(Fds[1])},
        {"ATFC_RANKS", std::to_string(Size)},
        {"ATFC_RANK", std::to_string(Rank)},
        {"ATFC_DEVICE", std::to_string(Device)},
        // The tuners end when this launcher does (TunerMain's dieWithParent).
        {"ATFC_PARENT_PID", std::to_string(::getpid())}};
    std::vector<std::string> Unset;
    if (std::string(Role) == "measure")
      if (const char *Lock = std::getenv("ATFC_LOCK_FD")) {
        // The output directory's lock is the searching tuner's alone.
        Spec.ClosedFds = {std::atoi(Lock)};
        Unset = {"ATFC_LOCK_FD"};
      }
    Spec.Environment = atfc::environmentWith(Set, Unset);
    // As this launcher's own child: its group, its signal state.
    Spec.EmptySignalMask = Spec.DefaultSignals = false;
    atfc::Process Child;
    if (const int Error = atfc::startProcess(Spec, Child)) {
      // Reported as the tuner that could not run would have: it "exits" 127.
      atfc::DiagnosticSink(std::cerr).error("cannot run " + atfc::quoted(Command[0]) + ": " +
                                            std::strerror(Error));
      ::close(Fds[0]);
      ::close(Fds[1]);
      Channel C;
      C.NotStarted = true;
      return C;
    }
    ::close(Fds[1]);
    ::fcntl(Fds[0], F_SETFL, O_NONBLOCK);
    Channel C;
    C.Fd = Fds[0];
    C.Tuner = std::move(Child);
    return C;
  }

  /// Sends Payload to rank To without blocking.
  void post(int To, int Tag, Bytes Payload) {
    auto P = std::make_unique<Pending>();
    P->Data = std::move(Payload);
    MPI_Isend(P->Data.data(), static_cast<int>(P->Data.size()), MPI_BYTE, To, Tag, MPI_COMM_WORLD,
              &P->Request);
    Sends.push_back(std::move(P));
    const auto Index = static_cast<std::size_t>(To);
    if (Bell && SameMachine[Index])
      Bell->ring(static_cast<unsigned>(To));
    else if (NetBell && Index < Remote.size())
      for (std::uint32_t Address : Remote[Index].Addresses)
        NetBell->ring(Address, Remote[Index].Port);
  }

  /// Hands a measuring tuner's message (or a Lost made here) to rank 0's
  /// searching tuner.
  void toSearch(const Bytes &Payload) {
    if (Rank == 0) {
      Search.send(addressed(0, Payload));
      ++Relayed;
    } else {
      post(0, kPayloadTag, Payload);
    }
  }

  /// Hands a request to the measuring tuner; when there is none (the rank
  /// is leaving, or its tuner ended for good), tells the searching tuner, so
  /// that it does not wait for a result.
  void toWorker(const Bytes &Payload) {
    if (Leaving || Worker.Fd < 0)
      toSearch(lostMessage("the rank left the run", false, true));
    else
      Worker.send(Payload);
  }

  /// One round: local sockets, MPI, children, signals; then a short sleep
  /// when nothing happened.
  void step() {
    bool Busy = false;
    if (ReceivedSignal) {
      // Ctrl-C or the job's end: rank 0's searching tuner alone decides
      // (it ends the run interrupted; its end stops every rank). Another
      // rank leaves: its measuring tuner stops, and what it measured goes
      // to another rank.
      const int Signal = ReceivedSignal;
      ReceivedSignal = 0;
      const atfc::Process &To = Rank == 0 ? Search.Tuner : Worker.Tuner;
      To.signal(Signal);
      To.signal(SIGCONT); // a stopped tuner acts on it
      if (Rank != 0)
        Leaving = true;
    }
    pollfd Fds[4] = {{Worker.Fd, POLLIN, 0},
                     {Bell ? Bell->fd() : -1, POLLIN, 0},
                     {Rank == 0 ? Search.Fd : -1, POLLIN, 0},
                     {NetBell ? NetBell->fd() : -1, POLLIN, 0}};
    timespec Wait = {0, Idle * 1000L};
    ::ppoll(Fds, 4, &Wait, nullptr);
    if (Fds[1].revents) {
      Busy = true;
      Woken += Bell->drain() > 0;
    }
    if (Fds[3].revents) {
      Busy = true;
      Woken += NetBell->drain() > 0;
    }
    if (Fds[0].revents) {
      Busy = true;
      Worker.fill();
      while (std::optional<Bytes> P = Worker.next())
        toSearch(*P);
    }
    if (Fds[2].revents) {
      Busy = true;
      Search.fill();
      while (std::optional<Bytes> P = Search.next()) {
        std::uint64_t To = 0;
        if (P->size() < sizeof To)
          continue;
        std::memcpy(&To, P->data(), sizeof To);
        Bytes Payload(P->begin() + sizeof To, P->end());
        if (To == 0)
          toWorker(Payload);
        else if (To < static_cast<std::uint64_t>(Size))
          post(static_cast<int>(To), kPayloadTag, std::move(Payload));
      }
    }
    for (;;) {
      int Flag = 0;
      MPI_Status Status;
      MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &Flag, &Status);
      if (!Flag)
        break;
      Busy = true;
      int Count = 0;
      MPI_Get_count(&Status, MPI_BYTE, &Count);
      Bytes Payload(static_cast<std::size_t>(Count));
      MPI_Recv(Payload.data(), Count, MPI_BYTE, Status.MPI_SOURCE, Status.MPI_TAG, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
      if (Status.MPI_TAG == kStopTag) {
        Stopping = true;
      } else if (Rank == 0) {
        Search.send(addressed(static_cast<std::uint64_t>(Status.MPI_SOURCE), Payload));
        ++Relayed;
      } else {
        toWorker(Payload);
      }
    }
    std::erase_if(Sends, [](const std::unique_ptr<Pending> &P) {
      int Done = 0;
      MPI_Test(&P->Request, &Done, MPI_STATUS_IGNORE);
      return Done != 0;
    });
    Busy |= reapChildren();
    // 50 us after activity, doubling to 4 ms while idle: a message from
    // another machine waits at most 4 ms for MPI (on each of the two hops of
    // a configuration; one from this machine rings), and a rank waiting on a
    // long measurement wakes 250 times a second (10 ms cost 5 % of the
    // throughput of 200 ms measurements; 2 ms, 1.9 ms of rank 0's CPU per
    // configuration at 2 ranks).
    Idle = Busy ? 50 : std::min(Idle * 2, 4000L);
  }

  /// Handles children that ended; whether any did.
  bool reapChildren() {
    bool Any = false;
    // A tuner that could not be started ends as an exec that fails does.
    if (Search.NotStarted) {
      Any = true;
      searchEnded(W_EXITCODE(127, 0), rusage{});
    }
    if (Worker.NotStarted) {
      Any = true;
      workerEnded(W_EXITCODE(127, 0));
    }
    // A stopped tuner holds the run (the searching tuner waits for its
    // result, atfc for the job) for ever: it is continued, with a warning.
    auto Continued = [&](const char *Role) {
      return [this, &Any, Role](int Signal) {
        Any = true;
        if (!std::exchange(WarnedStopped, true))
          atfc::DiagnosticSink(std::cerr).warning(
              "rank " + std::to_string(Rank) + "'s " + Role + " tuner was stopped by " +
              atfc::describeSignal(Signal) + "; atfc-ranks continues it, as it waits for its end");
      };
    };
    rusage Usage{};
    if (std::optional<int> Status = Search.Tuner.reapIfEnded(Continued("searching"), &Usage)) {
      Any = true;
      searchEnded(*Status, Usage);
    }
    if (std::optional<int> Status = Worker.Tuner.reapIfEnded(Continued("measuring"))) {
      Any = true;
      workerEnded(*Status);
    }
    return Any;
  }

  void stopEveryRank() {
    Stopping = true;
    for (int R = 1; R < Size; ++R)
      post(R, kStopTag, {});
  }

  void searchEnded(int Status, const rusage &Usage) {
    // A tuner ends on its own or on a signal it handles (interrupted,
    // said); one killed outright said nothing, and its status reaches atfc
    // only as a number: said here, as atfc says it of a tuner alone.
    if (WIFSIGNALED(Status))
      atfc::DiagnosticSink(std::cerr).error(
          "the searching tuner was killed by " + atfc::describeSignal(WTERMSIG(Status)) +
          "; its results so far are kept, continue with --resume");
    SearchStatus = Status;
    SearchUsage = Usage;
    ::close(Search.Fd);
    Search = Channel{};
    stopEveryRank();
  }

  void workerEnded(int Status) {
    // What it said before it ended still counts.
    Worker.fill();
    while (std::optional<Bytes> P = Worker.next())
      toSearch(*P);
    ::close(Worker.Fd);
    const bool Again = Worker.Spoke && !Leaving && !Stopping;
    // It ended as an interrupted tuner does, or this rank passed a signal on.
    const bool Interrupted =
        Leaving || (WIFEXITED(Status) && WEXITSTATUS(Status) == kInterruptedExitCode);
    Worker = Channel{};
    if (!Stopping)
      toSearch(lostMessage(atfc::describeWaitStatus(Status), Again, Interrupted));
    if (Again)
      Worker = start("measure");
  }

  /// Ends the measuring tuner (SIGTERM cuts its measurement in flight
  /// short, which no one waits for any more; its socket closes), waits for
  /// the sends, finalises.
  int shutDown() {
    if (Worker.Fd >= 0) {
      Worker.Tuner.signal(SIGTERM);
      Worker.Tuner.signal(SIGCONT);
      ::close(Worker.Fd);
      Worker.Tuner.reap();
    }
    while (!Sends.empty()) {
      std::erase_if(Sends, [](const std::unique_ptr<Pending> &P) {
        int Done = 0;
        MPI_Test(&P->Request, &Done, MPI_STATUS_IGNORE);
        return Done != 0;
      });
      timespec Wait = {0, 200000};
      ::nanosleep(&Wait, nullptr);
    }
    if (Rank == 0 && std::getenv("ATFC_RANKS_STATS")) {
      rusage Self{};
      ::getrusage(RUSAGE_SELF, &Self);
      auto Seconds = [](const rusage &U) {
        return double(U.ru_utime.tv_sec + U.ru_stime.tv_sec) +
               double(U.ru_utime.tv_usec + U.ru_stime.tv_usec) / 1e6;
      };
      const double N = std::max<double>(1, double(Relayed));
      const double Wall =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - StartTime).count();
      const double Relaying = Seconds(Self) - Seconds(StartUsage);
      std::fprintf(stderr,
                   "atfc: rank 0: %llu messages from measuring ranks; CPU time: searching "
                   "tuner %.3f ms per message; launcher %.3f ms per message, %.1f%% of a core "
                   "over %.2f s, after %.0f ms to start MPI; %s\n",
                   static_cast<unsigned long long>(Relayed), Seconds(SearchUsage) * 1e3 / N,
                   Relaying * 1e3 / N, Relaying * 100 / std::max(Wall, 1e-9), Wall,
                   Seconds(StartUsage) * 1e3,
                   Bell ? ("woken " + std::to_string(Woken) + " times by its doorbell").c_str()
                        : "no doorbell");
    }
    MPI_Finalize();
    return Rank == 0 ? atfc::exitCodeOf(SearchStatus) : 0;
  }

  struct Pending {
    Bytes Data;
    MPI_Request Request;
  };

  int Rank, Size;
  unsigned Device;
  std::vector<std::string> Command;
  Channel Worker, Search;
  std::deque<std::unique_ptr<Pending>> Sends;
  long Idle = 50;
  bool Stopping = false;
  /// A measuring rank asked to stop (a signal): it measures no more.
  bool Leaving = false;
  bool WarnedStopped = false;
  int SearchStatus = 0;
  rusage SearchUsage{}, StartUsage{};
  std::chrono::steady_clock::time_point StartTime;
  std::uint64_t Relayed = 0;
  std::vector<bool> SameMachine;
  std::optional<atfc::Doorbell> Bell;
  std::optional<atfc::NetworkDoorbell> NetBell;
  std::vector<RemoteBell> Remote;
  /// Rounds a ring began.
  std::uint64_t Woken = 0;
};

/// The device of the Local-th rank on its node: --devices' entry (cycling
/// when there are more ranks than entries), else Local itself.
unsigned deviceOf(int Local, const std::string &Devices) {
  if (Devices.empty())
    return static_cast<unsigned>(Local);
  std::vector<unsigned> List;
  std::size_t Begin = 0;
  while (Begin <= Devices.size()) {
    const std::size_t End = std::min(Devices.find(',', Begin), Devices.size());
    const std::string Item = Devices.substr(Begin, End - Begin);
    char *Rest = nullptr;
    const unsigned long V = std::strtoul(Item.c_str(), &Rest, 10);
    if (Item.empty() || *Rest || Item[0] == '-')
      fail("--devices needs a list of device numbers like 0,1,2,3, not '" + Devices + "'");
    List.push_back(static_cast<unsigned>(V));
    Begin = End + 1;
  }
  return List[static_cast<std::size_t>(Local) % List.size()];
}

/// Rank 0's command line (and the status to end with, when rank 0 could not
/// build the tuner, and the job's doorbell token) for every rank.
std::vector<std::string> broadcastCommand(int Rank, std::vector<std::string> Command, int &Failed,
                                          std::string &DoorbellToken) {
  Bytes Packed;
  if (Rank == 0) {
    Packed.push_back(static_cast<unsigned char>(Failed));
    atfc::Expected<std::string> Token = atfc::newDoorbellToken();
    DoorbellToken = Token ? *Token : "";
    Packed.push_back(static_cast<unsigned char>(DoorbellToken.size()));
    Packed.insert(Packed.end(), DoorbellToken.begin(), DoorbellToken.end());
    for (const std::string &A : Command) {
      Packed.insert(Packed.end(), A.begin(), A.end());
      Packed.push_back(0);
    }
  }
  std::uint64_t Size = Packed.size();
  MPI_Bcast(&Size, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  Packed.resize(Size);
  MPI_Bcast(Packed.data(), static_cast<int>(Size), MPI_BYTE, 0, MPI_COMM_WORLD);
  Failed = Packed.size() < 2 ? 1 : Packed[0];
  const std::size_t TokenEnd =
      Packed.size() < 2 ? Packed.size() : std::min<std::size_t>(2 + Packed[1], Packed.size());
  DoorbellToken.assign(Packed.begin() + std::min<std::size_t>(2, TokenEnd),
                       Packed.begin() + TokenEnd);
  Command.clear();
  std::string Current;
  for (std::size_t I = TokenEnd; I < Packed.size(); ++I) {
    if (Packed[I] == 0) {
      Command.push_back(Current);
      Current.clear();
    } else {
      Current.push_back(static_cast<char>(Packed[I]));
    }
  }
  return Command;
}

/// Reads atfc-ranks' options into Devices and Failed, and the tuner's
/// command line (empty when there is none); the exit status when the
/// command line is wrong.
std::optional<int> parseOptions(std::span<const std::string> Words, std::string &Devices,
                                int &Failed, std::vector<std::string> &Command) {
  CLI::App App;
  App.set_help_flag();
  // The first word that is no option starts the tuner's command line.
  App.prefix_command();
  App.add_option("--devices", Devices)->type_name("LIST");
  // Rank 0's atfc could not build the tuner: every rank ends with it.
  App.add_option_function<int>("--failed", [&Failed](int Status) { Failed = std::max(1, Status); });
  atfc::DiagnosticSink Diags(std::cerr);
  auto Usage = [&](const std::string &Message) {
    Diags.error(Message);
    Diags.note("usage: atfc-ranks [--devices LIST] [--] TUNER ARGS...");
    return 2;
  };
  atfc::Expected<std::vector<std::string>> Rest =
      atfc::parseOptions(App, Words, /*ProgramArguments=*/false);
  if (!Rest)
    return Usage(Rest.error().message());
  Command = Rest.take();
  if (!Command.empty() && Command.front() == "--")
    Command.erase(Command.begin());
  return std::nullopt;
}

} // namespace

int main(int Argc, char **Argv) {
  atfc::makeStandardOutputTerminalSafe();
  std::string Devices;
  int Failed = 0;
  std::vector<std::string> Command;
  if (std::optional<int> Status =
          parseOptions(std::vector<std::string>(Argv + std::min(Argc, 1), Argv + Argc), Devices,
                       Failed, Command))
    return *Status;

  // Before MPI starts: a signal during start-up is kept (Launcher::run),
  // not the end of this rank while the others wait for it.
  struct sigaction Action = {};
  Action.sa_handler = onSignal;
  sigemptyset(&Action.sa_mask);
  sigaction(SIGINT, &Action, nullptr);
  sigaction(SIGTERM, &Action, nullptr);

  MPI_Init(&Argc, &Argv);
  // MPI_Finalize's messages to mpiexec would wait out delayed ACKs.
  atfc::sendSmallTcpSegmentsAtOnce();
  int Rank = 0, Size = 1, Local = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &Rank);
  MPI_Comm_size(MPI_COMM_WORLD, &Size);
  MPI_Comm Node;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, Rank, MPI_INFO_NULL, &Node);
  MPI_Comm_rank(Node, &Local);
  std::vector<bool> SameMachine = atfc::ranks::ranksOfMachine(Node, Size);
  MPI_Comm_free(&Node);

  if (Rank == 0 && Command.empty() && !Failed) {
    atfc::DiagnosticSink(std::cerr).error("rank 0 names no tuner to run");
    Failed = 2;
  }
  std::string DoorbellToken;
  Command = broadcastCommand(Rank, std::move(Command), Failed, DoorbellToken);
  if (Failed) {
    MPI_Finalize();
    return exitStatusForMpi(Rank, Failed);
  }
  std::optional<atfc::NetworkDoorbell> NetBell;
  std::vector<RemoteBell> Remote =
      atfc::ranks::exchangeNetworkDoorbells(Size, SameMachine, NetBell);
  return exitStatusForMpi(Rank, Launcher(Rank, Size, deviceOf(Local, Devices), std::move(Command),
                                         DoorbellToken, std::move(SameMachine), std::move(NetBell),
                                         std::move(Remote))
                                    .run());
}
