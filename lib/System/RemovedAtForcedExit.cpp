//===- System/RemovedAtForcedExit.cpp - Trees removed as a signal kills ---===//
#include "System/RemovedAtForcedExit.h"

#include <atomic>
#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <unistd.h>

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
    return;
  }
}

RemovedAtForcedExit::~RemovedAtForcedExit() {
  if (Slot >= 0)
    Slots[Slot].State.store(Free);
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
