//===- System/OutputLock.cpp - One run per output directory --------------===//
#include "System/OutputLock.h"

#include "System/OutputDirectory.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
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
