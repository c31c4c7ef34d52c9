//===- System/ScopedSignalHandlers.h - Handlers for a scope ----*- C++ -*-===//
//
// Signal handlers are process-wide: whoever installs one for a while (the
// tuner's Interruption, atfc while it waits for its tuner) must put back the
// one it replaced, not SIG_DFL, or it silently undoes its caller's. This
// installs a handler for some signals and restores the replaced handlers
// when it ends (or at restore(), for a caller that must restore them at a
// given point). Header-only: atfc, which links no runtime library, uses it.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SYSTEM_SCOPEDSIGNALHANDLERS_H
#define ATFC_SYSTEM_SCOPEDSIGNALHANDLERS_H

#include <csignal>
#include <span>
#include <utility>
#include <vector>

namespace atfc {

class ScopedSignalHandlers {
public:
  /// Installs Handler (with sa_flags Flags and an empty mask) for each of
  /// Signals, keeping the handlers it replaces.
  ScopedSignalHandlers(std::span<const int> Signals, void (*Handler)(int), int Flags = 0) {
    struct sigaction Action = {};
    Action.sa_handler = Handler;
    Action.sa_flags = Flags;
    sigemptyset(&Action.sa_mask);
    for (int Signal : Signals) {
      struct sigaction Old = {};
      if (sigaction(Signal, &Action, &Old) == 0)
        Replaced.emplace_back(Signal, Old);
    }
  }
  ~ScopedSignalHandlers() { restore(); }
  ScopedSignalHandlers(const ScopedSignalHandlers &) = delete;
  ScopedSignalHandlers &operator=(const ScopedSignalHandlers &) = delete;

  /// Puts the replaced handlers back now; later calls do nothing.
  void restore() {
    for (const auto &[Signal, Old] : Replaced)
      sigaction(Signal, &Old, nullptr);
    Replaced.clear();
  }

private:
  std::vector<std::pair<int, struct sigaction>> Replaced;
};

} // namespace atfc

#endif
