//===- atfc-ranks/Machines.h - Which ranks share a machine -----*- C++ -*-===//
//
// A rank launcher rings the ranks of its own machine through their abstract
// doorbells and those of other machines through their network doorbells
// (System/Doorbell.h, System/NetworkDoorbell.h): both need to know which
// ranks share its machine, and the others need each other's ports and
// addresses, which the ranks exchange over MPI once, at the start.
//
// Tested by test/atfc/cluster/two-nodes.test and test/atfc/ranks/doorbell.test.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_ATFCRANKS_MACHINES_H
#define ATFC_ATFCRANKS_MACHINES_H

#include "System/NetworkDoorbell.h"

#include <mpi.h>

#include <cstdint>
#include <optional>
#include <vector>

namespace atfc::ranks {

/// Where a rank on another machine is rung: its network doorbell's port
/// and its addresses on this machine's subnets (none: it is not rung).
struct RemoteBell {
  std::uint16_t Port = 0;
  std::vector<std::uint32_t> Addresses;
};

/// Which of the job's Size ranks share this rank's machine (Node, the
/// shared-memory communicator).
std::vector<bool> ranksOfMachine(MPI_Comm Node, int Size);

/// Every rank's network doorbell, for the ranks on other machines: opens
/// this rank's into NetBell; an entry per rank (empty for this machine's).
/// A collective call when any rank is on another machine.
std::vector<RemoteBell> exchangeNetworkDoorbells(int Size, const std::vector<bool> &SameMachine,
                                                 std::optional<atfc::NetworkDoorbell> &NetBell);

} // namespace atfc::ranks

#endif
