//===- Ranks/RankProtocol.cpp - Messages between ranks ------------------===//
//
// Values travel with their type (the variant's index), doubles as their bits:
// a configuration reaches the measuring rank exactly as it was proposed.
//
//===----------------------------------------------------------------------===//
#include "Ranks/RankProtocol.h"

#include "DeviceBackends/DeviceProtocol.h"

#include <charconv>
#include <cstdlib>
#include <cstring>

namespace atfc {
namespace {

bool parseNumber(const char *Text, unsigned &Into) {
  if (!Text || !*Text)
    return false;
  const char *End = Text + std::strlen(Text);
  auto [Ptr, Ec] = std::from_chars(Text, End, Into);
  return Ec == std::errc() && Ptr == End;
}

/// Reads and removes an environment variable.
std::optional<std::string> take(const char *Name) {
  const char *Value = std::getenv(Name);
  if (!Value)
    return std::nullopt;
  std::string Text = Value;
  unsetenv(Name);
  return Text;
}

void encodeValue(WireWriter &W, const Value &V) {
  W.u8(static_cast<std::uint8_t>(V.index()));
  std::visit(
      [&](const auto &X) {
        using T = std::decay_t<decltype(X)>;
        if constexpr (std::is_same_v<T, std::string>)
          W.str(X);
        else if constexpr (std::is_same_v<T, double>)
          W.f64(X);
        else if constexpr (std::is_same_v<T, bool>)
          W.u8(X);
        else
          W.u64(static_cast<std::uint64_t>(X));
      },
      V);
}

Value decodeValue(WireReader &R) {
  switch (R.u8()) {
  case 0:
    return static_cast<std::int64_t>(R.u64());
  case 1:
    return R.u64();
  case 2:
    return R.f64();
  case 3:
    return R.u8() != 0;
  case 4:
    return R.str();
  default:
    R.Failed = true;
    return std::int64_t(0);
  }
}

WireWriter start(RankMessage Kind) {
  WireWriter W;
  W.u8(static_cast<std::uint8_t>(Kind));
  return W;
}

/// A reader past the kind byte of a payload of that kind; Failed otherwise.
struct Reader {
  Reader(const std::vector<unsigned char> &Payload, RankMessage Kind) : R(Payload) {
    if (R.u8() != static_cast<std::uint8_t>(Kind))
      R.Failed = true;
  }
  WireReader R;
};

} // namespace

Expected<std::optional<RankRole>> takeRankRole() {
  const std::optional<std::string> Role = take(kRankRoleVariable);
  const std::optional<std::string> Fd = take(kRankFdVariable);
  const std::optional<std::string> Ranks = take(kRanksVariable);
  if (!Role)
    return std::optional<RankRole>();
  RankRole R;
  unsigned FdNumber = 0;
  R.Searching = *Role == "search";
  if ((!R.Searching && *Role != "measure") || !Fd || !parseNumber(Fd->c_str(), FdNumber))
    return Error(std::string("the launcher's ") + kRankRoleVariable + " or " + kRankFdVariable +
                 " is malformed");
  R.Fd = static_cast<int>(FdNumber);
  // The rank and device stay in the environment: scripts may read them.
  if (R.Searching ? !Ranks || !parseNumber(Ranks->c_str(), R.Ranks) || R.Ranks == 0
                  : !parseNumber(std::getenv(kRankVariable), R.Rank) ||
                        !parseNumber(std::getenv(kRankDeviceVariable), R.Device))
    return Error("the launcher's rank variables are malformed");
  return std::optional<RankRole>(R);
}

std::vector<unsigned char> encodeMessage(const HelloMessage &M) {
  WireWriter W = start(RankMessage::Hello);
  W.str(M.Error);
  W.str(M.Device);
  W.str(M.CostMeaning);
  W.str(M.Host);
  W.u64(M.Batch);
  writeLimits(W, M.Limits);
  return std::move(W.Bytes);
}

bool decodeMessage(const std::vector<unsigned char> &Payload, HelloMessage &M) {
  Reader In(Payload, RankMessage::Hello);
  WireReader &R = In.R;
  M.Error = R.str();
  M.Device = R.str();
  M.CostMeaning = R.str();
  M.Host = R.str();
  M.Batch = R.u64();
  M.Limits = readLimits(R);
  return !R.Failed && M.Batch > 0;
}

std::vector<unsigned char> encodeMessage(const MeasureRequest &M) {
  WireWriter W = start(RankMessage::Measure);
  W.u64(M.Job);
  W.u64(M.Configuration.size());
  for (const NamedValue &V : M.Configuration) {
    W.str(V.Name);
    encodeValue(W, V.Val);
  }
  return std::move(W.Bytes);
}

bool decodeMessage(const std::vector<unsigned char> &Payload, MeasureRequest &M) {
  Reader In(Payload, RankMessage::Measure);
  WireReader &R = In.R;
  M.Job = R.u64();
  const std::uint64_t N = R.u64();
  for (std::uint64_t I = 0; I < N && !R.Failed; ++I) {
    NamedValue V;
    V.Name = R.str();
    V.Val = decodeValue(R);
    M.Configuration.push_back(std::move(V));
  }
  return !R.Failed;
}

std::vector<unsigned char> encodeMessage(const ResultMessage &M) {
  WireWriter W = start(RankMessage::Result);
  W.u64(M.Job);
  encode(W, MeasureReplyMessage{M.Result, false, {}});
  return std::move(W.Bytes);
}

bool decodeMessage(const std::vector<unsigned char> &Payload, ResultMessage &M) {
  Reader In(Payload, RankMessage::Result);
  M.Job = In.R.u64();
  MeasureReplyMessage Reply;
  if (In.R.Failed || !decode(In.R, Reply))
    return false;
  M.Result = std::move(Reply.Result);
  return true;
}

std::vector<unsigned char> encodeMessage(const LostMessage &M) {
  WireWriter W = start(RankMessage::Lost);
  W.str(M.Reason);
  W.u8(M.Restarting);
  W.u8(M.Interrupted);
  return std::move(W.Bytes);
}

bool decodeMessage(const std::vector<unsigned char> &Payload, LostMessage &M) {
  Reader In(Payload, RankMessage::Lost);
  M.Reason = In.R.str();
  M.Restarting = In.R.u8() != 0;
  M.Interrupted = In.R.u8() != 0;
  return !In.R.Failed;
}

std::optional<RankMessage> messageKind(const std::vector<unsigned char> &Payload) {
  if (Payload.empty() || Payload[0] < 1 || Payload[0] > 4)
    return std::nullopt;
  return static_cast<RankMessage>(Payload[0]);
}

std::vector<unsigned char> addressed(std::uint64_t Rank,
                                     const std::vector<unsigned char> &Payload) {
  std::vector<unsigned char> Frame(sizeof Rank + Payload.size());
  std::memcpy(Frame.data(), &Rank, sizeof Rank);
  if (!Payload.empty())
    std::memcpy(Frame.data() + sizeof Rank, Payload.data(), Payload.size());
  return Frame;
}

bool splitAddressed(std::vector<unsigned char> &Frame, std::uint64_t &Rank) {
  if (Frame.size() < sizeof Rank)
    return false;
  std::memcpy(&Rank, Frame.data(), sizeof Rank);
  Frame.erase(Frame.begin(), Frame.begin() + sizeof Rank);
  return true;
}

} // namespace atfc
