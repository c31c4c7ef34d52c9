//===- System/Interruption.cpp - Ctrl-C stops a run cleanly --------------===//
//
// The handler only writes to a pipe (async-signal-safe); the watcher thread
// reads it and does the real work.
//
//===----------------------------------------------------------------------===//
#include "System/Interruption.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <ctime>
#include <fcntl.h>
#include <iterator>
#include <thread>
#include <unistd.h>

namespace atfc {
namespace {

std::atomic<int> Received{0};
/// When the first signal arrived (CLOCK_MONOTONIC, ns); 0 until recorded.
std::atomic<long long> FirstAt{0};
/// One pipe for the process's life: closing it could let the handler write
/// into a file that reused its number. Its write end never blocks.
int PipeFds[2] = {-1, -1};

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
    // A second signal: leave the way the user asked for.
    std::signal(Signal, SIG_DFL);
    std::raise(Signal);
    return;
  }
  FirstAt.store(Now);
  const char Byte = 1;
  [[maybe_unused]] ssize_t Ignored = ::write(PipeFds[1], &Byte, 1);
}

bool openPipe() {
  static const bool Opened = [] {
    return ::pipe2(PipeFds, O_CLOEXEC) == 0 &&
           ::fcntl(PipeFds[1], F_SETFL, ::fcntl(PipeFds[1], F_GETFL) | O_NONBLOCK) == 0;
  }();
  return Opened;
}

} // namespace

bool Interruption::keepSignals() {
  if (!openPipe())
    return false;
  struct sigaction Action = {};
  Action.sa_handler = onSignal;
  sigemptyset(&Action.sa_mask);
  for (int Signal : kInterruptingSignals)
    sigaction(Signal, &Action, nullptr);
  return true;
}

Interruption::Interruption(std::function<void()> TheOnSignal) : OnSignal(std::move(TheOnSignal)) {
  if (!keepSignals())
    return;
  // Byte 1 is a signal's (perhaps one kept since an earlier Interruption);
  // byte 0 a destructor's wake-up, perhaps an earlier one's.
  Watcher = std::thread([this] {
    bool Called = false;
    char Byte = 0;
    while (!Stopping) {
      if (::read(PipeFds[0], &Byte, 1) != 1)
        continue;
      if (Byte == 1 && !Called && OnSignal) {
        Called = true;
        OnSignal();
      }
    }
  });
}

Interruption::~Interruption() {
  // The handlers stay: a signal from now on is kept for the next one.
  if (Watcher.joinable()) {
    Stopping = true;
    const char Byte = 0;
    [[maybe_unused]] ssize_t Ignored = ::write(PipeFds[1], &Byte, 1);
    Watcher.join();
  }
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
