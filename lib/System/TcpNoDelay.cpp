//===- System/TcpNoDelay.cpp - Small messages sent at once ----------------===//
#include "System/TcpNoDelay.h"

#include <cstdlib>
#include <dirent.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

namespace atfc {

unsigned sendSmallTcpSegmentsAtOnce() {
  DIR *Fds = ::opendir("/proc/self/fd");
  if (!Fds)
    return 0;
  unsigned Set = 0;
  while (const dirent *Entry = ::readdir(Fds)) {
    char *End = nullptr;
    const long Fd = std::strtol(Entry->d_name, &End, 10);
    if (End == Entry->d_name || *End != '\0' || Fd == ::dirfd(Fds))
      continue;
    int Domain = 0, Type = 0, Protocol = 0;
    socklen_t Size = sizeof Domain;
    if (::getsockopt(static_cast<int>(Fd), SOL_SOCKET, SO_DOMAIN, &Domain, &Size) != 0 ||
        (Domain != AF_INET && Domain != AF_INET6))
      continue;
    Size = sizeof Type;
    if (::getsockopt(static_cast<int>(Fd), SOL_SOCKET, SO_TYPE, &Type, &Size) != 0 ||
        Type != SOCK_STREAM)
      continue;
    Size = sizeof Protocol;
    if (::getsockopt(static_cast<int>(Fd), SOL_SOCKET, SO_PROTOCOL, &Protocol, &Size) != 0 ||
        Protocol != IPPROTO_TCP)
      continue;
    const int One = 1;
    if (::setsockopt(static_cast<int>(Fd), IPPROTO_TCP, TCP_NODELAY, &One, sizeof One) == 0)
      ++Set;
  }
  ::closedir(Fds);
  return Set;
}

} // namespace atfc
