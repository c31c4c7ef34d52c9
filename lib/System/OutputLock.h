//===- System/OutputLock.h - One run per output directory ------*- C++ -*-===//
//
// Two runs writing one output directory would measure configurations twice
// and overwrite each other's best configuration, so a run holds an
// exclusive flock(2) on DIR/lock for as long as it lives. The file names
// the holder's process id for the message that refuses a second run. The
// kernel releases the lock when the last process holding it ends, however
// it ends: a killed run never leaves a stale lock behind.
//
// atfc takes the lock before it builds the tuner and hands it down (the
// descriptor is inherited, its number in ATFC_LOCK_FD); a tuner started
// alone takes it itself.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SYSTEM_OUTPUTLOCK_H
#define ATFC_SYSTEM_OUTPUTLOCK_H

#include <functional>
#include <optional>
#include <string>
#include <utility>

#include "Support/Error.h"

namespace atfc {

/// The environment variable in which atfc names its process id for the
/// tuner it starts: the tuner ends when that process does (TunerMain).
inline constexpr const char *kParentPidVariable = "ATFC_PARENT_PID";
/// The environment variable that names the inherited lock's descriptor.
inline constexpr const char *kLockFdVariable = "ATFC_LOCK_FD";

class OutputLock {
public:
  /// Locks Directory (which must exist). Without Wait, fails at once when
  /// another process holds it; with Wait, hands SayWaiting the line that
  /// tells the user whom it waits for, and blocks until it is free.
  /// Inheritable keeps the descriptor open across exec (for the tuner that
  /// atfc starts). An error when the directory is in use or the lock file
  /// cannot be opened.
  static Expected<OutputLock>
  acquire(const std::string &Directory, bool Wait, bool Inheritable,
          const std::function<void(const std::string &Line)> &SayWaiting = {});
  /// The lock handed down by atfc (ATFC_LOCK_FD), made close-on-exec so
  /// that the tuner's scripts do not hold it; nullopt when there is none.
  static std::optional<OutputLock> inherited();

  OutputLock(OutputLock &&Other) noexcept : Fd(Other.Fd) { Other.Fd = -1; }
  OutputLock &operator=(OutputLock &&Other) noexcept {
    std::swap(Fd, Other.Fd);
    return *this;
  }
  ~OutputLock();

  int fd() const { return Fd; }

private:
  explicit OutputLock(int Fd) : Fd(Fd) {}
  int Fd = -1;
};

} // namespace atfc

#endif
