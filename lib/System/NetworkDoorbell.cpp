//===- System/NetworkDoorbell.cpp - Waking a process on another machine ---===//
#include "System/NetworkDoorbell.h"
#include "System/Doorbell.h"

#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <utility>

namespace atfc {

std::vector<InterfaceAddress> interfaceAddresses() {
  std::vector<InterfaceAddress> Found;
  ifaddrs *List = nullptr;
  if (::getifaddrs(&List) != 0)
    return Found;
  for (const ifaddrs *I = List; I; I = I->ifa_next) {
    if (!I->ifa_addr || I->ifa_addr->sa_family != AF_INET || !I->ifa_netmask ||
        !(I->ifa_flags & IFF_UP) || (I->ifa_flags & IFF_LOOPBACK))
      continue;
    InterfaceAddress A;
    A.Address = ntohl(reinterpret_cast<const sockaddr_in *>(I->ifa_addr)->sin_addr.s_addr);
    A.Netmask = ntohl(reinterpret_cast<const sockaddr_in *>(I->ifa_netmask)->sin_addr.s_addr);
    Found.push_back(A);
  }
  ::freeifaddrs(List);
  return Found;
}

std::vector<std::uint32_t> addressesOnMySubnets(const std::vector<InterfaceAddress> &Mine,
                                                const std::vector<InterfaceAddress> &Theirs) {
  std::vector<std::uint32_t> Reachable;
  for (const InterfaceAddress &T : Theirs)
    for (const InterfaceAddress &M : Mine)
      if (M.Netmask != 0 && (T.Address & M.Netmask) == (M.Address & M.Netmask) &&
          T.Address != M.Address) {
        Reachable.push_back(T.Address);
        break;
      }
  return Reachable;
}

Expected<NetworkDoorbell> NetworkDoorbell::open() {
  const int Fd = ::socket(AF_INET, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (Fd < 0)
    return Error(std::string("cannot make a network doorbell: ") + std::strerror(errno));
  sockaddr_in Address{};
  Address.sin_family = AF_INET;
  Address.sin_addr.s_addr = htonl(INADDR_ANY);
  Address.sin_port = 0;
  socklen_t Length = sizeof Address;
  if (::bind(Fd, reinterpret_cast<const sockaddr *>(&Address), sizeof Address) != 0 ||
      ::getsockname(Fd, reinterpret_cast<sockaddr *>(&Address), &Length) != 0) {
    const int Saved = errno;
    ::close(Fd);
    return Error(std::string("cannot bind a network doorbell: ") + std::strerror(Saved));
  }
  return NetworkDoorbell(Fd, ntohs(Address.sin_port));
}

NetworkDoorbell::NetworkDoorbell(NetworkDoorbell &&Other) noexcept
    : Fd(std::exchange(Other.Fd, -1)), Port(Other.Port) {}

NetworkDoorbell &NetworkDoorbell::operator=(NetworkDoorbell &&Other) noexcept {
  if (this != &Other) {
    if (Fd >= 0)
      ::close(Fd);
    Fd = std::exchange(Other.Fd, -1);
    Port = Other.Port;
  }
  return *this;
}

NetworkDoorbell::~NetworkDoorbell() {
  if (Fd >= 0)
    ::close(Fd);
}

bool NetworkDoorbell::ring(std::uint32_t Address, std::uint16_t To) const {
  sockaddr_in Target{};
  Target.sin_family = AF_INET;
  Target.sin_addr.s_addr = htonl(Address);
  Target.sin_port = htons(To);
  const char Ring = 0;
  for (;;) {
    if (::sendto(Fd, &Ring, 1, MSG_DONTWAIT | MSG_NOSIGNAL,
                 reinterpret_cast<const sockaddr *>(&Target), sizeof Target) == 1)
      return true;
    if (errno != EINTR)
      return false;
  }
}

unsigned NetworkDoorbell::drain() const { return drainDatagrams(Fd); }

} // namespace atfc
