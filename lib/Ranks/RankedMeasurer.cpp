//===- Ranks/RankedMeasurer.cpp - Measuring on every rank ---------------===//
#include "Ranks/RankedMeasurer.h"

#include "DeviceBackends/DeviceProtocol.h"
#include "Support/Diagnostic.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <deque>
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>
#include <utility>

namespace atfc {
namespace {

/// What measure() returns once interrupted, for a job still in flight.
constexpr const char *kInterruptedReason = "interrupted";

class RankedMeasurer final : public ConfigurationMeasurer {
public:
  RankedMeasurer(int Fd, unsigned Count, DiagnosticSink &Diags)
      : Fd(Fd), Ranks(Count), Diags(Diags) {
    if (::pipe2(WakeFds, O_CLOEXEC | O_NONBLOCK) != 0)
      WakeFds[0] = WakeFds[1] = -1;
  }
  ~RankedMeasurer() override {
    for (int F : WakeFds)
      if (F >= 0)
        ::close(F);
  }

  /// Waits for every rank's first Hello.
  Expected<void> connect() {
    while (std::any_of(Ranks.begin(), Ranks.end(), [](const Rank &R) { return !R.Ready; })) {
      if (Expected<void> Pumped = pump(); !Pumped)
        return Pumped;
      if (!FatalError.empty())
        return Error(FatalError);
    }
    return success();
  }

  std::size_t batchSize() const override { return Ranks.size() * PerRank; }
  DeviceLimits deviceLimits() const override { return Limits; }

  void prepare(std::span<const ParameterValues> Upcoming) override {
    for (const ParameterValues &C : Upcoming)
      Jobs.push_back(Job{NextJob++, C});
    dispatch();
  }

  std::size_t concurrency() const override {
    return PerRank * static_cast<std::size_t>(std::count_if(Ranks.begin(), Ranks.end(),
                                                            [](const Rank &R) { return !R.Gone; }));
  }

  void start(std::uint64_t Id, const BatchEntry &Entry) override {
    Jobs.push_back(Job{NextJob++, Entry.Named});
    Jobs.back().Tag = Id;
    dispatch();
  }

  std::optional<MeasuredOutcome> finished(bool Wait) override {
    if (!Wait)
      readWaiting();
    for (;;) {
      if (Interrupted)
        return std::nullopt;
      // The result that came first.
      auto First = Jobs.end();
      for (auto It = Jobs.begin(); It != Jobs.end(); ++It)
        if (It->Result && (First == Jobs.end() || It->Arrival < First->Arrival))
          First = It;
      if (First != Jobs.end()) {
        MeasuredOutcome Outcome{First->Tag, std::move(*First->Result), 0};
        Jobs.erase(First);
        return Outcome;
      }
      if (!Wait || !measurable())
        return std::nullopt;
      dispatch();
    }
  }

  Measurement measure(const ParameterValues &Configuration, std::span<const Value>) override {
    if (Jobs.empty() || Jobs.front().Configuration != Configuration)
      Jobs.push_front(Job{NextJob++, Configuration});
    // A job an interrupted rank gave back waits for a free rank.
    dispatch();
    while (!Jobs.front().Result) {
      if (Interrupted)
        return Measurement::invalid(FailureKind::Crashed, kInterruptedReason);
      if (!measurable())
        return Measurement::invalid(FailureKind::Crashed, kInterruptedReason);
      dispatch();
    }
    Measurement M = std::move(*Jobs.front().Result);
    Jobs.pop_front();
    // The loop may learn of an interrupt only after this returns.
    LastReturned = {Configuration, M};
    return M;
  }

  std::optional<Measurement> finishedAfterInterrupt(const ParameterValues &C) override {
    if (LastReturned && LastReturned->first == C)
      return std::exchange(LastReturned, std::nullopt)->second;
    // Results waiting in the socket were measured too.
    readWaiting();
    auto It = std::find_if(Jobs.begin(), Jobs.end(), [&](const Job &J) {
      return J.Result && J.Result->Reason != kInterruptedReason && J.Configuration == C;
    });
    if (It == Jobs.end())
      return std::nullopt;
    Measurement M = std::move(*It->Result);
    Jobs.erase(It);
    return M;
  }

  void interrupt() override {
    Interrupted = true;
    const char Byte = 1;
    [[maybe_unused]] ssize_t Ignored = ::write(WakeFds[1], &Byte, 1);
  }

  std::string device() const override { return Device; }
  std::string costMeaning() const override {
    // The hosts in the order of their first rank (rank 0's first).
    std::vector<std::string> Hosts;
    for (const Rank &R : Ranks)
      if (!R.Host.empty() && std::find(Hosts.begin(), Hosts.end(), R.Host) == Hosts.end())
        Hosts.push_back(R.Host);
    if (Hosts.size() < 2)
      return fmt::format("{} (measured on {} ranks)", CostMeaning, Ranks.size());
    return fmt::format("{} (measured on {} ranks on {} hosts: {})", CostMeaning, Ranks.size(),
                       Hosts.size(), fmt::join(Hosts, ", "));
  }

private:
  struct Job {
    std::uint64_t Id;
    ParameterValues Configuration;
    /// The rank measuring it, once sent.
    std::optional<std::size_t> Rank = std::nullopt;
    std::optional<Measurement> Result = std::nullopt;
    /// When its result came, counted in results (asynchronous dispatch
    /// hands them back in that order).
    std::uint64_t Arrival = 0;
    /// The Id it was start()ed as.
    std::uint64_t Tag = 0;
    /// When it was sent to its rank, counted in jobs sent.
    std::uint64_t Sent = 0;
  };
  struct Rank {
    bool Ready = false;
    bool Gone = false;
    std::size_t InFlight = 0;
    std::string Host;
  };

  bool noRankLeft() const {
    return std::all_of(Ranks.begin(), Ranks.end(), [](const Rank &R) { return R.Gone; });
  }

  /// Handles the messages waiting in the socket, without waiting.
  void readWaiting() {
    for (pollfd P = {Fd, POLLIN, 0}; ::poll(&P, 1, 0) > 0 && (P.revents & POLLIN);) {
      std::vector<unsigned char> Frame;
      std::uint64_t From = 0;
      if (!readFrame(Fd, Frame) || !splitAddressed(Frame, From) || From >= Ranks.size())
        return;
      handle(From, Frame);
    }
  }

  /// Waits for one message; false when nothing can measure any more, which
  /// ends the run as an interrupted one (results kept, --resume goes on),
  /// as if the user had pressed Ctrl-C.
  bool measurable() {
    Expected<void> Pumped = pump();
    if (Pumped && FatalError.empty() && !noRankLeft())
      return true;
    const std::string Why = !FatalError.empty() ? FatalError
                            : Pumped            ? "no measuring rank is left"
                                                : Pumped.error().message();
    Diags.error(Why + "; stopping (resume with --resume)");
    std::raise(SIGTERM);
    return false;
  }

  /// Sends waiting jobs, in order, to the ready rank with the fewest in
  /// flight (the lowest numbered of those).
  void dispatch() {
    for (Job &J : Jobs) {
      if (J.Rank || J.Result)
        continue;
      std::optional<std::size_t> Best;
      for (std::size_t R = 0; R < Ranks.size(); ++R)
        if (Ranks[R].Ready && Ranks[R].InFlight < PerRank &&
            (!Best || Ranks[R].InFlight < Ranks[*Best].InFlight))
          Best = R;
      if (!Best)
        return;
      if (!writeFrame(Fd, addressed(*Best, encodeMessage(MeasureRequest{J.Id, J.Configuration})))) {
        FatalError = "the rank launcher is gone";
        return;
      }
      J.Rank = *Best;
      J.Sent = ++Sends;
      ++Ranks[*Best].InFlight;
    }
  }

  /// Waits for one message from the launcher and handles it; an error when
  /// the launcher is gone (or poll fails).
  Expected<void> pump() {
    pollfd Fds[2] = {{Fd, POLLIN, 0}, {WakeFds[0], POLLIN, 0}};
    if (::poll(Fds, WakeFds[0] >= 0 ? 2 : 1, -1) < 0) {
      if (errno == EINTR)
        return success();
      return Error(std::string("cannot wait for the rank launcher: ") + std::strerror(errno));
    }
    if (!(Fds[0].revents & (POLLIN | POLLHUP | POLLERR)))
      return success();
    std::vector<unsigned char> Frame;
    std::uint64_t From = 0;
    if (!readFrame(Fd, Frame) || !splitAddressed(Frame, From) || From >= Ranks.size())
      return Error("the rank launcher is gone");
    handle(From, Frame);
    return success();
  }

  void handle(std::size_t From, const std::vector<unsigned char> &Payload) {
    Rank &R = Ranks[From];
    switch (messageKind(Payload).value_or(RankMessage::Lost)) {
    case RankMessage::Hello: {
      HelloMessage Hello;
      if (!decodeMessage(Payload, Hello) || !Hello.Error.empty()) {
        FatalError = fmt::format("rank {} cannot measure: {}", From,
                                 Hello.Error.empty() ? "a malformed message" : Hello.Error);
        return;
      }
      if (!Connected) {
        // The first rank's answers stand for all (same tuner, same kind of
        // device): the results key and the batch size must not depend on
        // which rank answered first.
        if (From == 0 || Device.empty()) {
          Device = Hello.Device;
          Limits = Hello.Limits;
        }
        CostMeaning = Hello.CostMeaning;
        PerRank = std::max<std::size_t>(PerRank, Hello.Batch);
      }
      R.Ready = true;
      R.Host = Hello.Host;
      Connected = std::all_of(Ranks.begin(), Ranks.end(), [](const Rank &X) { return X.Ready; });
      return;
    }
    case RankMessage::Result: {
      ResultMessage Result;
      if (!decodeMessage(Payload, Result))
        return;
      auto It = std::find_if(Jobs.begin(), Jobs.end(), [&](const Job &J) {
        return J.Id == Result.Job && J.Rank == From && !J.Result;
      });
      if (It == Jobs.end())
        return; // a result for a job already given up
      It->Result = std::move(Result.Result);
      It->Arrival = ++Arrivals;
      --R.InFlight;
      return;
    }
    case RankMessage::Lost: {
      LostMessage Lost;
      decodeMessage(Payload, Lost);
      Diags.warning(
          fmt::format("rank {}'s measuring process ended ({}){}", From, Lost.Reason,
                      Lost.Restarting ? "; it is started again" : "; the run goes on without it"));
      // A rank measures its jobs in the order they were sent: the first
      // one sent and unanswered is the one it was measuring; the others
      // (waiting, or compiled ahead) were never run. A measurement a signal
      // cut short says nothing about the configuration (as in a run alone).
      // Every other job goes to a rank again.
      Job *Measuring = nullptr;
      for (Job &J : Jobs)
        if (J.Rank == From && !J.Result && (!Measuring || J.Sent < Measuring->Sent))
          Measuring = &J;
      if (Measuring && !Lost.Interrupted) {
        Measuring->Result = Measurement::invalid(
            FailureKind::Crashed,
            fmt::format("rank {}'s measuring process ended while measuring it ({})", From,
                        Lost.Reason));
        Measuring->Arrival = ++Arrivals;
      }
      for (Job &J : Jobs)
        if (J.Rank == From && !J.Result)
          J.Rank.reset();
      R.InFlight = 0;
      R.Ready = false;
      R.Gone = !Lost.Restarting;
      if (!Connected && R.Gone)
        FatalError = fmt::format("rank {}'s measuring process ended before it was ready ({})", From,
                                 Lost.Reason);
      return;
    }
    case RankMessage::Measure:
      return;
    }
  }

  int Fd;
  int WakeFds[2] = {-1, -1};
  std::vector<Rank> Ranks;
  /// Where a lost rank and the end of every rank are said.
  DiagnosticSink &Diags;
  std::deque<Job> Jobs;
  std::uint64_t NextJob = 1;
  std::uint64_t Arrivals = 0;
  std::uint64_t Sends = 0;
  std::size_t PerRank = 1;
  bool Connected = false;
  std::string Device, CostMeaning, FatalError;
  DeviceLimits Limits;
  std::atomic<bool> Interrupted{false};
  /// The configuration and result measure() returned last.
  std::optional<std::pair<ParameterValues, Measurement>> LastReturned;
};

} // namespace

Expected<std::unique_ptr<ConfigurationMeasurer>> connectRanks(const RankRole &Role,
                                                              DiagnosticSink &Diags) {
  auto Measurer = std::make_unique<RankedMeasurer>(Role.Fd, Role.Ranks, Diags);
  if (Expected<void> Connected = Measurer->connect(); !Connected)
    return Connected.takeError();
  return std::unique_ptr<ConfigurationMeasurer>(std::move(Measurer));
}

} // namespace atfc
