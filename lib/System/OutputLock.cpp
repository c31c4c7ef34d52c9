//===- System/OutputLock.cpp - One run per output directory --------------===//
#include "System/OutputLock.h"

#include "System/OutputDirectory.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace atfc {
namespace {

/// The process id the lock file names, or "unknown".
std::string holderOf(int Fd) {
  char Buffer[32] = {};
  const ssize_t N = pread(Fd, Buffer, sizeof(Buffer) - 1, 0);
  std::string Pid(Buffer, N > 0 ? static_cast<std::size_t>(N) : 0);
  while (!Pid.empty() && (Pid.back() == '\n' || Pid.back() == ' '))
    Pid.pop_back();
  return Pid.empty() ? "unknown" : Pid;
}

/// Whether the file open as Fd (at Path) is atfc's lock: a regular file
/// with one link, of at most 32 bytes, digits and a line break or empty.
Expected<void> checkLockFile(int Fd, const std::string &Path) {
  struct stat Status {};
  if (fstat(Fd, &Status) != 0)
    return Error("cannot inspect '" + Path + "': " + std::strerror(errno));
  if (!S_ISREG(Status.st_mode) || Status.st_nlink != 1)
    return Error("'" + Path + "' is not atfc's lock file (it has " +
                 std::to_string(Status.st_nlink) + " hard links); remove it");
  char Buffer[33] = {};
  const ssize_t N = Status.st_size <= 32 ? pread(Fd, Buffer, sizeof Buffer - 1, 0) : -1;
  const std::string Text(Buffer, N > 0 ? static_cast<std::size_t>(N) : 0);
  const bool Pid = !Text.empty() && Text.back() == '\n' && Text.size() > 1 &&
                   Text.find_first_not_of("0123456789") == Text.size() - 1;
  if (N < 0 || (!Text.empty() && !Pid))
    return Error("'" + Path +
                 "' is not atfc's lock file (it holds other text than a process id); remove it");
  return success();
}

} // namespace

Expected<OutputLock>
OutputLock::acquire(const std::string &Directory, bool Wait, bool Inheritable,
                    const std::function<void(const std::string &)> &SayWaiting) {
  const std::string Path = Directory + "/lock";
  // Never through a link, never someone else's file (OutputDirectory.h).
  Expected<OutputDirectory> Dir = OutputDirectory::open(Directory, /*Create=*/false);
  if (!Dir)
    return Dir.takeError();
  Expected<int> Opened = Dir->openFile("lock", O_RDWR | O_CREAT, Inheritable);
  if (!Opened)
    return Opened.takeError();
  const int Fd = *Opened;
  OutputLock Lock(Fd);
  // atfc's own lock holds a process id and a line break, or nothing (made,
  // not yet written): anything else is not atfc's to truncate.
  if (Expected<void> Own = checkLockFile(Fd, Path); !Own)
    return Own.takeError();
  if (flock(Fd, LOCK_EX | LOCK_NB) != 0) {
    if (errno != EWOULDBLOCK)
      return Error("cannot lock '" + Path + "': " + std::strerror(errno));
    if (!Wait)
      return Error(Directory + " is in use by another atfc tune (pid " + holderOf(Fd) +
                   "); wait for it, or pass --wait");
    if (SayWaiting)
      SayWaiting("atfc: waiting for the run of pid " + holderOf(Fd) + " to finish with " +
                 Directory);
    int Status;
    while ((Status = flock(Fd, LOCK_EX)) != 0 && errno == EINTR) {
    }
    if (Status != 0)
      return Error("cannot lock '" + Path + "': " + std::strerror(errno));
  }
  const std::string Pid = std::to_string(getpid()) + "\n";
  if (ftruncate(Fd, 0) != 0 || pwrite(Fd, Pid.data(), Pid.size(), 0) < 0) {
    // The lock holds all the same; only the message would lack the pid.
  }
  return Lock;
}

std::optional<OutputLock> OutputLock::inherited() {
  const char *Text = std::getenv(kLockFdVariable);
  if (!Text || !*Text)
    return std::nullopt;
  char *End = nullptr;
  const long Fd = std::strtol(Text, &End, 10);
  unsetenv(kLockFdVariable);
  if (*End != '\0' || Fd < 0 || fcntl(static_cast<int>(Fd), F_SETFD, FD_CLOEXEC) != 0)
    return std::nullopt;
  return OutputLock(static_cast<int>(Fd));
}

OutputLock::~OutputLock() {
  if (Fd >= 0)
    close(Fd);
}

} // namespace atfc
