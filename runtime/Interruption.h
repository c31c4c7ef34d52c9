//===- runtime/Interruption.h - Ctrl-C stops a run cleanly ------*- C++ -*-===//
//
// While an Interruption exists, SIGINT, SIGTERM and SIGHUP do not kill the
// tuner: they set a flag that the tuning loop checks between measurements,
// and call a function (from a watcher thread, not from the signal handler)
// that stops the measurement in flight, e.g. by killing its scripts. The
// run ends `interrupted`, its outputs written, with exit status 128 + the
// signal. A second signal
// while the first is being handled restores the default action, so a user
// who presses Ctrl-C twice always gets out. When the Interruption ends, the
// handlers that were in place before it are back (ScopedSignalHandlers.h).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_RUNTIME_INTERRUPTION_H
#define ATFC_RUNTIME_INTERRUPTION_H

#include "runtime/ScopedSignalHandlers.h"

#include <csignal>
#include <functional>
#include <optional>
#include <thread>

namespace atfc {

/// The signals that stop a run cleanly: Ctrl-C, kill's default, and the
/// terminal's hang-up.
inline constexpr int kInterruptingSignals[] = {SIGINT, SIGTERM, SIGHUP};

class Interruption {
public:
  /// Installs the handlers, keeping the ones they replace; OnSignal runs on a
  /// watcher thread at the first signal.
  explicit Interruption(std::function<void()> OnSignal);
  /// Puts the replaced handlers back.
  ~Interruption();
  Interruption(const Interruption &) = delete;
  Interruption &operator=(const Interruption &) = delete;

  /// Whether a signal arrived.
  bool requested() const;
  /// The signal that arrived, or 0.
  int signal() const;
  /// The exit status of a run it stopped: 128 + the signal, as a shell
  /// reports a process that the signal killed (130 for Ctrl-C).
  int exitCode() const;

private:
  std::function<void()> OnSignal;
  std::thread Watcher;
  std::optional<ScopedSignalHandlers> Handlers;
};

} // namespace atfc

#endif
