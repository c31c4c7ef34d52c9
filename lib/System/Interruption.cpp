//===- System/Interruption.cpp - Ctrl-C stops a run cleanly --------------===//
//
// The handler only writes to a pipe (async-signal-safe); one watcher thread
// for the process reads it and calls every live Interruption's OnSignal.
// One watcher, not one per Interruption: with two runs alive (two threads
// of a program tuning at once, or a cost function that tunes), each
// watcher once waited for a byte that another could take, and the run
// whose wake-up was taken hung in its destructor.
//
//===----------------------------------------------------------------------===//
#include "System/Interruption.h"
#include "System/RemovedAtForcedExit.h"

#include "System/ScopedSignalHandlers.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <ctime>
#include <fcntl.h>
#include <iterator>
#include <mutex>
#include <optional>
#include <pthread.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace atfc {

struct InterruptionWatcher {
  static void notify(Interruption &I) { I.signalArrived(); }
};

namespace {

std::atomic<int> Received{0};
/// When the first signal arrived (CLOCK_MONOTONIC, ns); 0 until recorded.
std::atomic<long long> FirstAt{0};
/// One pipe for the process's life: closing it could let the handler write
/// into a file that reused its number. Its write end never blocks.
int PipeFds[2] = {-1, -1};

bool openPipe() {
  return ::pipe2(PipeFds, O_CLOEXEC) == 0 &&
         ::fcntl(PipeFds[1], F_SETFL, ::fcntl(PipeFds[1], F_GETFL) | O_NONBLOCK) == 0;
}

long long monotonicNanoseconds() {
  timespec Now{}; // clock_gettime is async-signal-safe
  clock_gettime(CLOCK_MONOTONIC, &Now);
  return static_cast<long long>(Now.tv_sec) * 1000000000LL + Now.tv_nsec;
}

extern "C" void onSignal(int Signal) {
  const long long Now = monotonicNanoseconds();
  int Expected = 0;
  if (!Received.compare_exchange_strong(Expected, Signal)) {
    // One stop that reached this process twice (`timeout` signals atfc and
    // then its group; Slurm signals every process and atfc passes its copy
    // on) is not a second request. FirstAt still 0: the first is being
    // handled on another thread this instant.
    const long long First = FirstAt.load();
    if (First == 0 || Now - First < static_cast<long long>(kRepeatedSignalSeconds * 1e9))
      return;
    // A second signal: leave the way the user asked for, with no
    // temporary directory left behind.
    removeMarkedDirectoriesNow();
    std::signal(Signal, SIG_DFL);
    std::raise(Signal);
    return;
  }
  FirstAt.store(Now);
  const char Byte = 1;
  [[maybe_unused]] ssize_t Ignored = ::write(PipeFds[1], &Byte, 1);
}

/// The live Interruptions and the handlers they replaced. Never destroyed:
/// the watcher and the handler may run while the process exits.
struct Registry {
  std::mutex Lock;
  std::vector<Interruption *> Live;
  /// Whether the process keeps the handlers for good (keepSignals()).
  bool Kept = false;
  /// The handlers while installed, with those they replaced.
  std::optional<ScopedSignalHandlers> Handlers;
  bool WatcherStarted = false;
};

Registry &registry() {
  static Registry *R = [] {
    auto *Made = new Registry;
    // A child that fork() made without exec (Python's multiprocessing, a
    // program's own workers) has no watcher thread, shares the parent's
    // pipe (whose watcher would take its bytes), and the runs of the
    // parent's threads are not its own (their OnSignal would stop the
    // parent's measurements): its first Interruption starts afresh. The
    // lock is held across fork(), so the child's is free.
    ::pthread_atfork([] { registry().Lock.lock(); }, [] { registry().Lock.unlock(); },
                     [] {
                       Registry &Child = registry();
                       if (PipeFds[0] >= 0) {
                         ::close(PipeFds[0]);
                         ::close(PipeFds[1]);
                         PipeFds[0] = PipeFds[1] = -1;
                       }
                       Child.WatcherStarted = false;
                       Child.Live.clear();
                       Child.Lock.unlock();
                     });
    return Made;
  }();
  return *R;
}

/// Installs the handlers (Lock held). A signal the process ignores (nohup's
/// SIGHUP, a background job's SIGINT) stays ignored: it was not meant to
/// stop anything.
bool installHandlers(Registry &R) {
  if (PipeFds[0] < 0 && !openPipe())
    return false;
  if (R.Handlers)
    return true;
  std::vector<int> Heeded;
  for (int Signal : kInterruptingSignals) {
    struct sigaction Current = {};
    if (sigaction(Signal, nullptr, &Current) == 0 && Current.sa_handler != SIG_IGN)
      Heeded.push_back(Signal);
  }
  R.Handlers.emplace(Heeded, onSignal);
  return true;
}

/// Reads the pipe for the rest of the process; a byte is a signal (or a
/// new Interruption asking for one that arrived before it).
void startWatcher(Registry &R) {
  if (R.WatcherStarted)
    return;
  R.WatcherStarted = true;
  std::thread([&R] {
    for (;;) {
      char Byte = 0;
      const ssize_t Read = ::read(PipeFds[0], &Byte, 1);
      if (Read < 0 && errno == EINTR)
        continue;
      if (Read != 1)
        return;
      std::lock_guard<std::mutex> Hold(R.Lock);
      // A byte left from a signal the program's own handler now answers.
      if (Received == 0)
        continue;
      for (Interruption *I : R.Live)
        InterruptionWatcher::notify(*I);
    }
  }).detach();
}

} // namespace

bool Interruption::keepSignals() {
  Registry &R = registry();
  std::lock_guard<std::mutex> Hold(R.Lock);
  R.Kept = true;
  return installHandlers(R);
}

Interruption::Interruption(std::function<void()> TheOnSignal) : OnSignal(std::move(TheOnSignal)) {
  Registry &R = registry();
  std::lock_guard<std::mutex> Hold(R.Lock);
  if (!installHandlers(R))
    return;
  startWatcher(R);
  R.Live.push_back(this);
  // One that arrived before (kept for this one): the watcher calls OnSignal
  // as for one that arrives now.
  if (Received != 0) {
    const char Byte = 1;
    [[maybe_unused]] ssize_t Ignored = ::write(PipeFds[1], &Byte, 1);
  }
}

void Interruption::signalArrived() {
  if (Called || !OnSignal)
    return;
  Called = true;
  OnSignal();
}

Interruption::~Interruption() {
  Registry &R = registry();
  int Deliver = 0;
  {
    std::lock_guard<std::mutex> Hold(R.Lock);
    std::erase(R.Live, this);
    if (!R.Live.empty() || R.Kept || !R.Handlers)
      return;
    // The last one in a program that tunes: its own handlers come back.
    // Ctrl-C asked to stop the tuning, which it did; SIGTERM and SIGHUP ask
    // the program to end, and now that the run is recorded it can.
    R.Handlers.reset();
    Deliver = Received.exchange(0);
    FirstAt = 0;
  }
  if (Deliver != 0 && Deliver != SIGINT)
    std::raise(Deliver);
}

int Interruption::pending() { return Received; }

bool Interruption::stopsThisProcess(int ChildSignal) {
  if (std::find(std::begin(kInterruptingSignals), std::end(kInterruptingSignals), ChildSignal) ==
      std::end(kInterruptingSignals))
    return false;
  // One cancel's signals come microseconds apart; a loaded machine
  // stretches that, as it does for a stop that arrives twice.
  const auto Deadline =
      std::chrono::steady_clock::now() + std::chrono::duration<double>(kRepeatedSignalSeconds);
  while (Received == 0 && std::chrono::steady_clock::now() < Deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  return Received != 0;
}

bool Interruption::requested() const { return Received != 0; }
int Interruption::signal() const { return Received; }
int Interruption::exitCode() const { return Received != 0 ? 128 + Received : 130; }

} // namespace atfc
