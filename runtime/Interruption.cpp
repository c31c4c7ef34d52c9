//===- runtime/Interruption.cpp - Ctrl-C stops a run cleanly --------------===//
//
// The handler only writes to a pipe (async-signal-safe); the watcher thread
// reads it and does the real work.
//
//===----------------------------------------------------------------------===//
#include "runtime/Interruption.h"

#include <atomic>
#include <csignal>
#include <fcntl.h>
#include <unistd.h>

namespace atfc {
namespace {

std::atomic<int> Received{0};
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

} // namespace

Interruption::Interruption(std::function<void()> TheOnSignal) : OnSignal(std::move(TheOnSignal)) {
  Received = 0;
  if (::pipe2(PipeFds, O_CLOEXEC) != 0)
    return;
  Watcher = std::thread([this] {
    char Byte = 0;
    // Byte 0 is the destructor's wake-up; 1 a signal.
    while (::read(PipeFds[0], &Byte, 1) < 0) {
    }
    if (Byte == 1 && OnSignal)
      OnSignal();
  });
  Handlers.emplace(kInterruptingSignals, onSignal);
}

Interruption::~Interruption() {
  Handlers.reset();
  if (Watcher.joinable()) {
    if (Received == 0) {
      const char Byte = 0;
      [[maybe_unused]] ssize_t Ignored = ::write(PipeFds[1], &Byte, 1);
    }
    Watcher.join();
  }
  ::close(PipeFds[0]);
  ::close(PipeFds[1]);
  PipeFds[0] = PipeFds[1] = -1;
}

bool Interruption::requested() const { return Received != 0; }
int Interruption::signal() const { return Received; }
int Interruption::exitCode() const { return Received != 0 ? 128 + Received : 130; }

} // namespace atfc
