//===- System/Interruption.cpp - Ctrl-C stops a run cleanly --------------===//
//
// The handler only writes to a pipe (async-signal-safe); the watcher thread
// reads it and does the real work.
//
//===----------------------------------------------------------------------===//
#include "System/Interruption.h"

#include <atomic>
#include <csignal>
#include <fcntl.h>
#include <unistd.h>

namespace atfc {
namespace {

std::atomic<int> Received{0};
/// One pipe for the process's life: closing it could let the handler write
/// into a file that reused its number. Its write end never blocks.
int PipeFds[2] = {-1, -1};

extern "C" void onSignal(int Signal) {
  int Expected = 0;
  if (!Received.compare_exchange_strong(Expected, Signal)) {
    // A second signal: leave the way the user asked for.
    std::signal(Signal, SIG_DFL);
    std::raise(Signal);
    return;
  }
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

Interruption::Interruption(std::function<void()> TheOnSignal) : OnSignal(std::move(TheOnSignal)) {
  if (!openPipe())
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
  struct sigaction Action = {};
  Action.sa_handler = onSignal;
  sigemptyset(&Action.sa_mask);
  for (int Signal : kInterruptingSignals)
    sigaction(Signal, &Action, nullptr);
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
bool Interruption::requested() const { return Received != 0; }
int Interruption::signal() const { return Received; }
int Interruption::exitCode() const { return Received != 0 ? 128 + Received : 130; }

} // namespace atfc
