//===- System/NetworkDoorbell.h - Waking a process on another machine -*- C++ -*-===//
//
// A rank launcher on another machine cannot be rung through an abstract
// socket (Doorbell.h): it found a message only at its next poll, up to 4 ms
// late on each of a configuration's two hops (3.5 % of the throughput of
// 200 ms measurements with half the ranks on a second node). A network
// doorbell is a UDP socket bound to every interface on a port the kernel
// picks; a rank rings another machine's launcher at the addresses of that
// machine which lie on a subnet of its own (where MPI's TCP transport
// reaches it too), never beyond. As with the abstract doorbell, a ring
// carries nothing and a lost one costs only the poll's sleep; a stray
// datagram costs a wake-up.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SYSTEM_NETWORKDOORBELL_H
#define ATFC_SYSTEM_NETWORKDOORBELL_H

#include "Support/Error.h"

#include <cstdint>
#include <vector>

namespace atfc {

/// An IPv4 address of an interface and its netmask, in host byte order.
struct InterfaceAddress {
  std::uint32_t Address = 0;
  std::uint32_t Netmask = 0;
  bool operator==(const InterfaceAddress &) const = default;
};

/// The IPv4 addresses of this machine's interfaces that are up, loopback
/// excluded.
std::vector<InterfaceAddress> interfaceAddresses();

/// Of Theirs (another machine's), the addresses on a subnet that one of
/// Mine is on.
std::vector<std::uint32_t> addressesOnMySubnets(const std::vector<InterfaceAddress> &Mine,
                                                const std::vector<InterfaceAddress> &Theirs);

class NetworkDoorbell {
public:
  /// Binds a UDP socket to every interface, on a port the kernel picks.
  static Expected<NetworkDoorbell> open();
  NetworkDoorbell(NetworkDoorbell &&Other) noexcept;
  NetworkDoorbell &operator=(NetworkDoorbell &&Other) noexcept;
  NetworkDoorbell(const NetworkDoorbell &) = delete;
  NetworkDoorbell &operator=(const NetworkDoorbell &) = delete;
  ~NetworkDoorbell();

  /// The descriptor to poll for POLLIN.
  int fd() const { return Fd; }
  /// The port it is bound to (host byte order).
  std::uint16_t port() const { return Port; }
  /// Rings the doorbell at Address:Port (host byte order) without blocking;
  /// whether the datagram left.
  bool ring(std::uint32_t Address, std::uint16_t Port) const;
  /// Takes the waiting rings; how many there were.
  unsigned drain() const;

private:
  NetworkDoorbell(int Fd, std::uint16_t Port) : Fd(Fd), Port(Port) {}
  int Fd = -1;
  std::uint16_t Port = 0;
};

} // namespace atfc

#endif // ATFC_SYSTEM_NETWORKDOORBELL_H
