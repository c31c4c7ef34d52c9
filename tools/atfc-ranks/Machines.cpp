//===- atfc-ranks/Machines.cpp - Which ranks share a machine --------------===//
#include "Machines.h"

#include <algorithm>

namespace atfc::ranks {

/// Which of the job's Size ranks share this rank's machine (Node, the
/// shared-memory communicator).
std::vector<bool> ranksOfMachine(MPI_Comm Node, int Size) {
  int Count = 0;
  MPI_Comm_size(Node, &Count);
  MPI_Group NodeGroup, WorldGroup;
  MPI_Comm_group(Node, &NodeGroup);
  MPI_Comm_group(MPI_COMM_WORLD, &WorldGroup);
  std::vector<int> Local(static_cast<std::size_t>(Count)), World(Local.size());
  for (int I = 0; I < Count; ++I)
    Local[static_cast<std::size_t>(I)] = I;
  MPI_Group_translate_ranks(NodeGroup, Count, Local.data(), WorldGroup, World.data());
  MPI_Group_free(&NodeGroup);
  MPI_Group_free(&WorldGroup);
  std::vector<bool> Same(static_cast<std::size_t>(Size), false);
  for (int R : World)
    if (R >= 0 && R < Size)
      Same[static_cast<std::size_t>(R)] = true;
  return Same;
}

/// Every rank's network doorbell, for the ranks on other machines (a
/// collective call: every rank makes it when any rank is on another
/// machine, which every rank then sees). Each rank sends its port and up to
/// 8 interface addresses; a rank that could open no doorbell sends port 0.
std::vector<RemoteBell> exchangeNetworkDoorbells(int Size, const std::vector<bool> &SameMachine,
                                                 std::optional<atfc::NetworkDoorbell> &NetBell) {
  if (std::all_of(SameMachine.begin(), SameMachine.end(), [](bool Same) { return Same; }))
    return {};
  if (atfc::Expected<atfc::NetworkDoorbell> Opened = atfc::NetworkDoorbell::open())
    NetBell.emplace(Opened.take());
  constexpr std::size_t kMaxAddresses = 8, kRecord = 4 + kMaxAddresses * 8;
  std::vector<atfc::InterfaceAddress> Mine = atfc::interfaceAddresses();
  Mine.resize(std::min(Mine.size(), kMaxAddresses));
  std::vector<std::uint32_t> Record(kRecord / 4, 0);
  Record[0] = NetBell ? NetBell->port() : 0;
  Record[0] |= static_cast<std::uint32_t>(Mine.size()) << 16;
  for (std::size_t I = 0; I < Mine.size(); ++I) {
    Record[1 + 2 * I] = Mine[I].Address;
    Record[2 + 2 * I] = Mine[I].Netmask;
  }
  std::vector<std::uint32_t> All(Record.size() * static_cast<std::size_t>(Size));
  MPI_Allgather(Record.data(), static_cast<int>(Record.size()), MPI_UINT32_T, All.data(),
                static_cast<int>(Record.size()), MPI_UINT32_T, MPI_COMM_WORLD);
  std::vector<RemoteBell> Remote(static_cast<std::size_t>(Size));
  for (std::size_t R = 0; R < Remote.size(); ++R) {
    const std::uint32_t *Theirs = All.data() + R * Record.size();
    const auto Port = static_cast<std::uint16_t>(Theirs[0] & 0xffff);
    const std::size_t Count = std::min<std::size_t>(Theirs[0] >> 16, kMaxAddresses);
    if (SameMachine[R] || Port == 0 || !NetBell)
      continue;
    std::vector<atfc::InterfaceAddress> Addresses(Count);
    for (std::size_t I = 0; I < Count; ++I)
      Addresses[I] = {Theirs[1 + 2 * I], Theirs[2 + 2 * I]};
    Remote[R] = {Port, atfc::addressesOnMySubnets(Mine, Addresses)};
  }
  return Remote;
}

} // namespace atfc::ranks
