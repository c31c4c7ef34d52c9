//===- System/ExecutableInUse.cpp - Tuners that are running ---------------===//
#include "System/ExecutableInUse.h"

#include <cerrno>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace atfc {

namespace {

/// The regular file Name of DirFd, opened without following a link; -1
/// for anything else.
int openRegular(int DirFd, const std::string &Name) {
  const int Fd = ::openat(DirFd, Name.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
  struct stat S;
  if (Fd >= 0 && (::fstat(Fd, &S) != 0 || !S_ISREG(S.st_mode))) {
    ::close(Fd);
    return -1;
  }
  return Fd;
}

/// Takes the exclusive lock on Fd without waiting: false when a process
/// holds the file in use.
bool lockExclusively(int Fd) {
  int Status;
  while ((Status = ::flock(Fd, LOCK_EX | LOCK_NB)) != 0 && errno == EINTR) {
  }
  return Status == 0;
}

} // namespace

void markOwnExecutableInUse() {
  // Never closed: the lock lasts as long as the process.
  const int Fd = ::open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
  if (Fd >= 0 && ::flock(Fd, LOCK_SH | LOCK_NB) != 0)
    ::close(Fd);
}

bool executableInUse(int DirFd, const std::string &Name) {
  const int Fd = openRegular(DirFd, Name);
  if (Fd < 0)
    return false;
  const bool InUse = !lockExclusively(Fd);
  ::close(Fd); // releases the lock
  return InUse;
}

bool removeUnlessInUse(int DirFd, const std::string &Name) {
  const int Fd = openRegular(DirFd, Name);
  if (Fd < 0)
    return false;
  // Removed under the lock: a process that opens the file later finds
  // none, one that opened it before holds its own lock already.
  const bool Removed = lockExclusively(Fd) && ::unlinkat(DirFd, Name.c_str(), 0) == 0;
  ::close(Fd);
  return Removed;
}

} // namespace atfc
