//===- System/RemovedAtForcedExit.cpp - Trees removed as a signal kills ---===//
#include "System/RemovedAtForcedExit.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <mutex>
#include <unistd.h>
#include <vector>

namespace atfc {

namespace {

enum SlotState : int { Free, Filling, Marked };

struct MarkSlot {
  std::atomic<int> State{Free};
  pid_t Marker = 0;
  char Path[PATH_MAX] = {};
};

MarkSlot Slots[kMaxRemovedAtForcedExit];

constexpr int kMaxDepth = 64;

bool isDotOrDotDot(const char *Name) {
  return Name[0] == '.' && (Name[1] == '\0' || (Name[1] == '.' && Name[2] == '\0'));
}

/// Removes Name under ParentFd and all it holds. Unlinking while reading a
/// directory may skip entries, so each directory is read again until a
/// pass removes nothing.
void removeTree(int ParentFd, const char *Name, int Depth) {
  if (::unlinkat(ParentFd, Name, 0) == 0 || errno != EISDIR)
    return; // a file, a link, or gone
  const int Fd = ::openat(ParentFd, Name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (Fd < 0)
    return;
  if (Depth < kMaxDepth) {
    bool Removed = true;
    while (Removed) {
      Removed = false;
      if (::lseek(Fd, 0, SEEK_SET) != 0)
        break;
      alignas(dirent64) char Buffer[1024];
      ssize_t Read;
      while ((Read = ::getdents64(Fd, Buffer, sizeof Buffer)) > 0)
        for (ssize_t Offset = 0; Offset < Read;) {
          const auto *Entry = reinterpret_cast<const dirent64 *>(Buffer + Offset);
          Offset += Entry->d_reclen;
          if (isDotOrDotDot(Entry->d_name))
            continue;
          removeTree(Fd, Entry->d_name, Depth + 1);
          Removed = true;
        }
    }
  }
  ::close(Fd);
  (void)::unlinkat(ParentFd, Name, AT_REMOVEDIR);
}

extern "C" void removeThenTakeTheDefault(int Signal) {
  removeMarkedDirectoriesNow();
  struct sigaction Default = {};
  Default.sa_handler = SIG_DFL;
  sigemptyset(&Default.sa_mask);
  sigaction(Signal, &Default, nullptr);
  // Blocked while this handler runs: taken with the default action as it
  // returns (a fault's instruction is not run again first).
  std::raise(Signal);
}

/// The marks alive in this process, and the signals whose default a
/// handler replaced while any is.
struct Handlers {
  std::mutex Lock;
  int Marks = 0;
  pid_t Owner = 0;
  std::vector<int> Replaced;
};

Handlers &handlers() {
  static Handlers *H = new Handlers; // (never destroyed: a handler may run at exit)
  return *H;
}

bool isOurs(const struct sigaction &Action) {
  return (Action.sa_flags & SA_SIGINFO) == 0 && Action.sa_handler == removeThenTakeTheDefault;
}

/// A mark was made (Up) or dropped: the first installs the handlers, the
/// last puts the defaults back where the handlers are still ours.
void countMark(bool Up) {
  Handlers &H = handlers();
  std::lock_guard<std::mutex> Hold(H.Lock);
  if (H.Owner != ::getpid()) { // a forked child counts its own marks
    H.Owner = ::getpid();
    H.Marks = 0;
    H.Replaced.clear();
  }
  if (Up && H.Marks++ == 0) {
    struct sigaction Ours = {};
    Ours.sa_handler = removeThenTakeTheDefault;
    Ours.sa_flags = SA_ONSTACK;
    sigemptyset(&Ours.sa_mask);
    for (int Signal : kRemovedAtSignals) {
      struct sigaction Current = {};
      if (sigaction(Signal, nullptr, &Current) == 0 && (Current.sa_flags & SA_SIGINFO) == 0 &&
          Current.sa_handler == SIG_DFL && sigaction(Signal, &Ours, nullptr) == 0)
        H.Replaced.push_back(Signal);
    }
  } else if (!Up && H.Marks > 0 && --H.Marks == 0) {
    struct sigaction Default = {};
    Default.sa_handler = SIG_DFL;
    sigemptyset(&Default.sa_mask);
    for (int Signal : H.Replaced) {
      struct sigaction Current = {};
      if (sigaction(Signal, nullptr, &Current) == 0 && isOurs(Current))
        sigaction(Signal, &Default, nullptr);
    }
    H.Replaced.clear();
  }
}

} // namespace

RemovedAtForcedExit::RemovedAtForcedExit(const std::string &Directory) {
  if (Directory.empty() || Directory.front() != '/' || Directory.size() >= PATH_MAX)
    return;
  for (int I = 0; I < kMaxRemovedAtForcedExit; ++I) {
    int Expected = Free;
    if (!Slots[I].State.compare_exchange_strong(Expected, Filling))
      continue;
    Slots[I].Marker = ::getpid();
    std::memcpy(Slots[I].Path, Directory.c_str(), Directory.size() + 1);
    Slots[I].State.store(Marked);
    Slot = I;
    countMark(true);
    return;
  }
}

RemovedAtForcedExit::~RemovedAtForcedExit() {
  if (Slot >= 0) {
    Slots[Slot].State.store(Free);
    countMark(false);
  }
}

void removeMarkedDirectoriesNow() noexcept {
  const int SavedErrno = errno; // (a signal handler's caller may read it)
  const pid_t Self = ::getpid();
  for (MarkSlot &S : Slots)
    if (S.State.load() == Marked && S.Marker == Self)
      removeTree(AT_FDCWD, S.Path, 0);
  errno = SavedErrno;
}

} // namespace atfc
