//===- System/Doorbell.h - Waking a process that waits in poll() -*- C++ -*-===//
//
// MPI has no descriptor to wait on: a rank launcher that must not spin finds
// a message only at its next poll, up to its idle sleep late, on each of a
// configuration's two hops. A doorbell wakes it at once where the sender is
// on the same machine: a datagram socket bound to an abstract name (Linux),
// made of a job's random token and the receiver's index, that the receiver
// polls beside its other descriptors. A ring carries nothing: the receiver
// drains it and looks for work as it would after its sleep, so a ring lost
// (a full queue, a receiver on another machine) costs only the sleep.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SYSTEM_DOORBELL_H
#define ATFC_SYSTEM_DOORBELL_H

#include "Support/Error.h"

#include <string>

namespace atfc {

/// Takes every datagram waiting on the non-blocking socket Fd; how many
/// there were (a doorbell's rings).
unsigned drainDatagrams(int Fd);

/// A random token that names one job's doorbells (32 hexadecimal digits).
Expected<std::string> newDoorbellToken();

class Doorbell {
public:
  /// Binds doorbell Index of the job Token names; an error when sockets
  /// cannot be made or the name is taken.
  static Expected<Doorbell> open(const std::string &Token, unsigned Index);
  Doorbell(Doorbell &&Other) noexcept;
  Doorbell &operator=(Doorbell &&Other) noexcept;
  Doorbell(const Doorbell &) = delete;
  Doorbell &operator=(const Doorbell &) = delete;
  ~Doorbell();

  /// The descriptor to poll for POLLIN.
  int fd() const { return Fd; }
  /// Rings doorbell Index of the same job without blocking: whether a ring
  /// is waiting there now (false where no such doorbell is on this machine).
  bool ring(unsigned Index) const;
  /// Takes the waiting rings; how many there were.
  unsigned drain() const;

private:
  Doorbell(int Fd, std::string Token) : Fd(Fd), Token(std::move(Token)) {}
  int Fd = -1;
  std::string Token;
};

} // namespace atfc

#endif // ATFC_SYSTEM_DOORBELL_H
