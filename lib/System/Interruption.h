//===- System/Interruption.h - Ctrl-C stops a run cleanly ------*- C++ -*-===//
//
// While an Interruption exists, SIGINT, SIGTERM and SIGHUP do not kill the
// tuner: they set a flag that the tuning loop checks between measurements,
// and call a function (from a watcher thread, not from the signal handler)
// that stops the measurement in flight, e.g. by killing its scripts. The
// run ends `interrupted`, its outputs written, with exit status 128 + the
// signal. A second signal while the first is being handled restores the
// default action, so a user who presses Ctrl-C twice always gets out; one
// within kRepeatedSignalSeconds of the first is the same stop reaching the
// process by a second route (`timeout` signals its child and then the
// child's group; Slurm signals every process while atfc passes its own copy
// on) and is dropped: it once killed the tuner before it wrote its outputs.
//
// Who owns the signals decides what happens between runs. A tuner or atfc
// itself (a process whose job is the run) calls keepSignals(): the
// handlers stay for the process's life, and a signal between two
// Interruptions (after space generation, before the tuning loop; it once
// met the default action and killed the tuner) is kept: the next
// Interruption is requested() from its start (and calls its OnSignal). A
// program that tunes in-process (<atf.hpp>, the Python package) owns its
// signals: the first live Interruption installs the handlers and the last
// puts the program's own back. Ctrl-C asked to stop the tuning: the run
// returns its best so far, and the next run starts afresh. SIGTERM and
// SIGHUP ask the program to end: the last Interruption raises them again
// once the run is recorded, for the program's own handler (or default
// action) to answer. Signals the process ignores stay ignored (nohup's
// SIGHUP). Any number of Interruptions may live at once, on any threads:
// one signal calls each one's OnSignal.
//
// A batch system's cancel (Slurm's scancel, systemd's stop) signals every
// process of the job, a measurement's script or device worker often a
// moment before the tuner: a child that such a signal killed is asked
// whether the stop reaches this process too (stopsThisProcess), so that
// the measurement it cut short is not recorded as the configuration's
// failure (it was, "killed by signal 15", and --resume never measured it
// again).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SYSTEM_INTERRUPTION_H
#define ATFC_SYSTEM_INTERRUPTION_H

#include <atomic>
#include <csignal>
#include <functional>

namespace atfc {

/// The signals that stop a run cleanly: Ctrl-C, kill's default, and the
/// terminal's hang-up.
inline constexpr int kInterruptingSignals[] = {SIGINT, SIGTERM, SIGHUP};

/// Seconds after the first signal within which another is the same stop
/// arriving twice, not a second request.
inline constexpr double kRepeatedSignalSeconds = 1.0;

class Interruption {
public:
  /// Installs the handlers where none are; OnSignal runs on the watcher
  /// thread at the first signal, or at once when one was kept for it.
  explicit Interruption(std::function<void()> OnSignal);
  ~Interruption();
  Interruption(const Interruption &) = delete;
  Interruption &operator=(const Interruption &) = delete;

  /// Installs the handlers for the process's life (a tuner's, atfc's): a
  /// signal from now on is kept for the next Interruption (and pending()),
  /// where it would have met the default action. False where they cannot
  /// be installed.
  static bool keepSignals();

  /// The signal that arrived while the handlers were installed, whether or
  /// not an Interruption exists now; 0 when none did (or the program's own
  /// handlers answered it).
  static int pending();

  /// Whether a child that ChildSignal killed was stopped with this process:
  /// ChildSignal is one of kInterruptingSignals and one arrives here too,
  /// within kRepeatedSignalSeconds (waits that long at most).
  static bool stopsThisProcess(int ChildSignal);

  /// Whether a signal arrived.
  bool requested() const;
  /// The signal that arrived, or 0.
  int signal() const;
  /// The exit status of a run it stopped: 128 + the signal, as a shell
  /// reports a process that the signal killed (130 for Ctrl-C).
  int exitCode() const;

private:
  friend struct InterruptionWatcher;
  /// Calls OnSignal, the first time only (the watcher's, its lock held).
  void signalArrived();

  std::function<void()> OnSignal;
  bool Called = false;
};

} // namespace atfc

#endif
