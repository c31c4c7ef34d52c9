//===- System/Doorbell.cpp - Waking a process that waits in poll() --------===//
#include "System/Doorbell.h"

#include "Support/HexText.h"

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstring>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
#include <utility>

namespace atfc {
namespace {

/// The abstract address of doorbell Index: a leading NUL, then the name.
socklen_t addressOf(const std::string &Token, unsigned Index, sockaddr_un &Address) {
  Address = {};
  Address.sun_family = AF_UNIX;
  const std::string Name = "atfc-doorbell/" + Token + "/" + std::to_string(Index);
  const std::size_t Length = std::min(Name.size(), sizeof Address.sun_path - 1);
  std::memcpy(Address.sun_path + 1, Name.data(), Length);
  return static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + 1 + Length);
}

} // namespace

unsigned drainDatagrams(int Fd) {
  unsigned Rings = 0;
  char Buffer[64];
  for (;;) {
    const ssize_t N = ::recv(Fd, Buffer, sizeof Buffer, MSG_DONTWAIT);
    if (N >= 0) {
      ++Rings;
      continue;
    }
    if (errno == EINTR)
      continue;
    return Rings;
  }
}

Expected<std::string> newDoorbellToken() {
  unsigned char Random[16];
  std::size_t Got = 0;
  while (Got < sizeof Random) {
    const ssize_t N = ::getrandom(Random + Got, sizeof Random - Got, 0);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return Error(std::string("cannot draw a random token: ") + std::strerror(errno));
    Got += static_cast<std::size_t>(N);
  }
  return hexText(std::string_view(reinterpret_cast<const char *>(Random), sizeof Random));
}

Expected<Doorbell> Doorbell::open(const std::string &Token, unsigned Index) {
  const int Fd = ::socket(AF_UNIX, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (Fd < 0)
    return Error(std::string("cannot make a doorbell: ") + std::strerror(errno));
  sockaddr_un Address;
  const socklen_t Length = addressOf(Token, Index, Address);
  if (::bind(Fd, reinterpret_cast<const sockaddr *>(&Address), Length) != 0) {
    const int Saved = errno;
    ::close(Fd);
    return Error("cannot bind doorbell " + std::to_string(Index) + ": " + std::strerror(Saved));
  }
  return Doorbell(Fd, Token);
}

Doorbell::Doorbell(Doorbell &&Other) noexcept
    : Fd(std::exchange(Other.Fd, -1)), Token(std::move(Other.Token)) {}

Doorbell &Doorbell::operator=(Doorbell &&Other) noexcept {
  if (this != &Other) {
    if (Fd >= 0)
      ::close(Fd);
    Fd = std::exchange(Other.Fd, -1);
    Token = std::move(Other.Token);
  }
  return *this;
}

Doorbell::~Doorbell() {
  if (Fd >= 0)
    ::close(Fd);
}

bool Doorbell::ring(unsigned Index) const {
  sockaddr_un Address;
  const socklen_t Length = addressOf(Token, Index, Address);
  const char Ring = 0;
  for (;;) {
    if (::sendto(Fd, &Ring, 1, MSG_DONTWAIT | MSG_NOSIGNAL,
                 reinterpret_cast<const sockaddr *>(&Address), Length) == 1)
      return true;
    if (errno == EINTR)
      continue;
    // A full queue holds rings enough to wake the receiver.
    return errno == EAGAIN || errno == EWOULDBLOCK;
  }
}

unsigned Doorbell::drain() const { return drainDatagrams(Fd); }

} // namespace atfc
