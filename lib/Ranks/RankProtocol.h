//===- Ranks/RankProtocol.h - Messages between ranks ----------*- C++ -*-===//
//
// A run over several ranks (`atfc tune --ranks N`, docs/scale-out.md) is one
// searching tuner on rank 0 and one measuring tuner on every rank, each
// started by that rank's launcher (tools/atfc-ranks), which alone links MPI
// and relays these messages between its local socket and the other ranks.
// The tuners learn their part from the environment the launcher sets.
//
// Every message is a frame (DeviceProtocol's: size, then payload) whose
// payload's first byte says what it is. On the searching tuner's socket, a
// payload is preceded by the rank it goes to or comes from (8 bytes).
//
//   measuring -> searching: Hello (ready: device, cost meaning, how many
//                           configurations it takes at once, the device's
//                           limits; or why it cannot measure), Result.
//   searching -> measuring: Measure (a job number and the values).
//   launcher  -> searching: Lost (the rank's measuring tuner ended; whether
//                           the launcher starts it again; whether a signal
//                           stopped it, which leaves its measurement
//                           unmeasured rather than failed).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_RANKS_RANKPROTOCOL_H
#define ATFC_RANKS_RANKPROTOCOL_H

#include "Backends/DeviceLimits.h"
#include "Backends/Measurement.h"
#include "Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace atfc {

/// What the launcher tells a tuner: its part ("search" or "measure"), the
/// socket to the launcher, the number of ranks, its rank and its device.
/// ATFC_RANK and ATFC_DEVICE reach the measuring tuner's scripts too.
inline constexpr const char *kRankRoleVariable = "ATFC_RANK_ROLE";
inline constexpr const char *kRankFdVariable = "ATFC_RANK_FD";
inline constexpr const char *kRanksVariable = "ATFC_RANKS";
inline constexpr const char *kRankVariable = "ATFC_RANK";
inline constexpr const char *kRankDeviceVariable = "ATFC_DEVICE";

/// A tuner's part in a run over ranks.
struct RankRole {
  /// Whether it searches (rank 0) or measures.
  bool Searching = false;
  /// The socket to the launcher.
  int Fd = -1;
  /// Searching: how many ranks measure. Measuring: its rank and device.
  unsigned Ranks = 0;
  unsigned Rank = 0;
  unsigned Device = 0;
};

/// The role the launcher gave this process, read once and removed from the
/// environment (the role is not for the tuner's scripts); nullopt when the
/// tuner runs alone; an error for a malformed role.
Expected<std::optional<RankRole>> takeRankRole();

enum class RankMessage : std::uint8_t { Hello = 1, Measure = 2, Result = 3, Lost = 4 };

struct HelloMessage {
  /// Why the rank cannot measure; empty when it can.
  std::string Error;
  std::string Device;
  std::string CostMeaning;
  /// The machine it runs on (its host name), for the summary.
  std::string Host;
  /// How many configurations it takes at once (its compile-ahead).
  std::uint64_t Batch = 1;
  /// The limits of its device, which the file's ranges and constraints may
  /// name.
  DeviceLimits Limits;
};

struct MeasureRequest {
  std::uint64_t Job = 0;
  ParameterValues Configuration;
};

struct ResultMessage {
  std::uint64_t Job = 0;
  Measurement Result;
};

struct LostMessage {
  /// What happened to the measuring tuner ("killed by signal 9").
  std::string Reason;
  /// Whether the launcher starts it again (it sends a new Hello then).
  bool Restarting = false;
  /// Whether a stopping signal ended it (SIGINT, SIGTERM: it exited as an
  /// interrupted tuner does): what it was measuring says nothing about the
  /// configuration, which another rank measures (or --resume does).
  bool Interrupted = false;
};

std::vector<unsigned char> encodeMessage(const HelloMessage &M);
std::vector<unsigned char> encodeMessage(const MeasureRequest &M);
std::vector<unsigned char> encodeMessage(const ResultMessage &M);
std::vector<unsigned char> encodeMessage(const LostMessage &M);

/// The kind of a payload; nullopt for an empty or unknown one.
std::optional<RankMessage> messageKind(const std::vector<unsigned char> &Payload);
bool decodeMessage(const std::vector<unsigned char> &Payload, HelloMessage &M);
bool decodeMessage(const std::vector<unsigned char> &Payload, MeasureRequest &M);
bool decodeMessage(const std::vector<unsigned char> &Payload, ResultMessage &M);
bool decodeMessage(const std::vector<unsigned char> &Payload, LostMessage &M);

/// The searching tuner's frames carry the rank first.
std::vector<unsigned char> addressed(std::uint64_t Rank, const std::vector<unsigned char> &Payload);
/// Splits an addressed frame; false when it is too short.
bool splitAddressed(std::vector<unsigned char> &Frame, std::uint64_t &Rank);

} // namespace atfc

#endif
