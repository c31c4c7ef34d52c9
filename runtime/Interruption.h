//===- runtime/Interruption.h - Ctrl-C stops a run cleanly ------*- C++ -*-===//
//
// While an Interruption exists, SIGINT and SIGTERM do not kill the tuner:
// they set a flag that the tuning loop checks between measurements, and call
// a function (from a watcher thread, not from the signal handler) that stops
// the measurement in flight, e.g. by killing its scripts. A second signal
// while the first is being handled restores the default action, so a user
// who presses Ctrl-C twice always gets out.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_RUNTIME_INTERRUPTION_H
#define ATFC_RUNTIME_INTERRUPTION_H

#include <functional>
#include <thread>

namespace atfc {

class Interruption {
public:
  /// Installs the handlers; OnSignal runs on a watcher thread at the first
  /// signal.
  explicit Interruption(std::function<void()> OnSignal);
  ~Interruption();
  Interruption(const Interruption &) = delete;
  Interruption &operator=(const Interruption &) = delete;

  /// Whether a signal arrived.
  bool requested() const;
  /// The signal that arrived, or 0.
  int signal() const;

private:
  std::function<void()> OnSignal;
  std::thread Watcher;
};

} // namespace atfc

#endif
