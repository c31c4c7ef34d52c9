//===- DeviceBackends/BuildAhead.cpp - Building kernels ahead -------------===//
#include "DeviceBackends/BuildAhead.h"

#include "System/Process.h"

#include <algorithm>
#include <csignal>
#include <fcntl.h>
#include <map>
#include <poll.h>
#include <unistd.h>
#include <utility>

namespace atfc {
namespace {

/// Whether Fd has something to read (or was closed) right now.
bool readable(int Fd) {
  pollfd P{Fd, POLLIN, 0};
  return ::poll(&P, 1, 0) > 0 && (P.revents & (POLLIN | POLLHUP | POLLERR));
}

} // namespace

std::string aheadKey(const MeasureMessage &M) {
  std::string Key;
  for (const std::string &D : M.Definitions)
    Key += D + '\n';
  auto Sizes = [&Key](char Tag, const std::vector<std::uint64_t> &V) {
    Key += Tag;
    for (std::uint64_t S : V)
      Key += ' ' + std::to_string(S);
    Key += '\n';
  };
  Sizes('G', M.Sizes.Global);
  Sizes('L', M.Sizes.Local);
  Sizes('C', M.Sizes.LocalCounts);
  Key += 'S' + std::to_string(M.Sizes.SharedMemoryBytes);
  return Key;
}

BuildAheadPool::BuildAheadPool(std::vector<std::string> Command, SetupMessage Setup,
                               unsigned Builders, double TimeoutSeconds)
    : Command(std::move(Command)), Setup(std::move(Setup)), TimeoutSeconds(TimeoutSeconds),
      Builders(Builders) {
  // Builders compare nothing: the expected outputs stay with the measurer.
  this->Setup.Expected.clear();
}

BuildAheadPool::~BuildAheadPool() {
  for (Builder &B : Builders)
    killWorker(B.Process);
}

std::vector<pid_t> BuildAheadPool::builderProcesses() const {
  std::vector<pid_t> Pids;
  for (const Builder &B : Builders)
    Pids.push_back(B.Process.pid());
  return Pids;
}

BuildAheadPool::Wish *BuildAheadPool::find(const std::string &Key) {
  auto It = std::find_if(Wishes.begin(), Wishes.end(), [&](const Wish &W) { return W.Key == Key; });
  return It == Wishes.end() ? nullptr : &*It;
}

void BuildAheadPool::end(Builder &B) {
  if (Wish *W = B.Building.empty() ? nullptr : find(B.Building))
    W->State = WishState::Lost;
  B.Building.clear();
  B.SettingUp = false;
  killWorker(B.Process);
}

bool BuildAheadPool::collect(Builder &B, double Seconds) {
  if (B.SettingUp) {
    Expected<SetupReplyMessage> Answer =
        readSetupReply(B.Process, workerSetupTimeout(TimeoutSeconds));
    B.SettingUp = false;
    if (!Answer) {
      // The measuring worker opened this device: a builder that cannot
      // has no use, and is not started again.
      B.Disabled = true;
      end(B);
      return false;
    }
  }
  if (B.Building.empty())
    return true;
  std::vector<unsigned char> Reply;
  const FrameRead Read = readFrameWithin(B.Process.Socket, Reply, Seconds);
  MeasureReplyMessage Answer;
  WireReader In(Reply);
  if (Read != FrameRead::Complete || !decode(In, Answer)) {
    // A crash or a hang while building: the measuring worker measures the
    // configuration itself and says what happens to it.
    if (Read == FrameRead::Closed)
      reapWorker(B.Process);
    end(B);
    return false;
  }
  Wish *W = find(B.Building);
  B.Building.clear();
  if (Answer.WorkerEnds)
    reapWorker(B.Process);
  if (!W) {
    ++DiscardedCount; // no longer wished for: dropped unmeasured
    return true;
  }
  if (Answer.Result.Valid) {
    W->State = WishState::Built;
  } else if (Answer.Result.Failure == FailureKind::BuildFailed) {
    W->State = WishState::Failed;
    W->Failure = std::move(Answer.Result);
  } else {
    W->State = WishState::Lost;
  }
  return true;
}

void BuildAheadPool::collectFinished() {
  for (Builder &B : Builders)
    while (B.Process.running() && (B.SettingUp || !B.Building.empty()) &&
           readable(B.Process.Socket))
      if (!collect(B, 0) || B.Building.empty())
        break;
}

void BuildAheadPool::assign() {
  // The first wish is the measuring worker's: it builds it now, while the
  // builders take the ones after it.
  for (std::size_t I = 1; I < Wishes.size(); ++I) {
    if (Wishes[I].State != WishState::Queued)
      continue;
    auto Idle = std::find_if(Builders.begin(), Builders.end(),
                             [](const Builder &B) { return !B.Disabled && B.Building.empty(); });
    if (Idle == Builders.end())
      return;
    if (!Idle->Process.running()) {
      // What a builder prints is discarded: a build's errors come back in
      // its reply, and its warming launch's output concerns no evaluation.
      Expected<WorkerProcess> Started = startWorkerWithSetup(Command, Setup, -1);
      if (!Started) {
        Idle->Disabled = true;
        --I; // the wish waits for another builder
        continue;
      }
      Idle->Process = std::move(*Started);
      Idle->SettingUp = true;
    }
    MeasureMessage Message = Wishes[I].Message;
    Message.Ahead = true;
    Message.Reference = false;
    WireWriter Out;
    encode(Out, Message);
    if (!writeFrame(Idle->Process.Socket, Out.Bytes)) {
      // A builder gone before its request: not started again, so that one
      // dying at once cannot keep the tuner starting it.
      Idle->Disabled = true;
      end(*Idle);
      --I;
      continue;
    }
    Idle->Building = Wishes[I].Key;
    Wishes[I].State = WishState::Building;
  }
}

void BuildAheadPool::prepare(std::vector<MeasureMessage> Upcoming) {
  std::map<std::string, Wish> Earlier;
  for (Wish &W : Wishes)
    Earlier.emplace(W.Key, std::move(W));
  std::vector<Wish> Now;
  for (MeasureMessage &M : Upcoming) {
    std::string Key = aheadKey(M);
    auto It = Earlier.find(Key);
    if (It != Earlier.end()) {
      Now.push_back(std::move(It->second));
      Earlier.erase(It);
    } else {
      Now.push_back(Wish{std::move(Key), std::move(M), WishState::Queued, {}});
    }
  }
  for (const auto &[Key, W] : Earlier)
    DiscardedCount += W.State == WishState::Built;
  Wishes = std::move(Now);
  collectFinished();
  assign();
}

AheadOutcome BuildAheadPool::take(const MeasureMessage &Next) {
  AheadOutcome Outcome;
  const std::string Key = aheadKey(Next);
  auto It = std::find_if(Wishes.begin(), Wishes.end(), [&](const Wish &W) { return W.Key == Key; });
  if (It != Wishes.end()) {
    auto Building = std::find_if(Builders.begin(), Builders.end(),
                                 [&](const Builder &B) { return B.Building == Key; });
    if (It->State == WishState::Building && Building != Builders.end()) {
      {
        std::lock_guard<std::mutex> Lock(WaitMutex);
        Waiting = Building->Process.pid();
        Interrupted = false;
      }
      while (Building->Building == Key && collect(*Building, TimeoutSeconds)) {
      }
      std::lock_guard<std::mutex> Lock(WaitMutex);
      Waiting = -1;
      Outcome.Interrupted = Interrupted;
    }
    if (It->State == WishState::Built && !Outcome.Interrupted) {
      Outcome.Built = true;
      ++BuiltCount;
    } else if (It->State == WishState::Failed && !Outcome.Interrupted) {
      Outcome.Failure = std::move(It->Failure);
    }
    // Wishes before it were passed over: not measured, so discarded.
    for (auto Passed = Wishes.begin(); Passed != It; ++Passed)
      DiscardedCount += Passed->State == WishState::Built;
    Wishes.erase(Wishes.begin(), It + 1);
  }
  collectFinished();
  assign();
  return Outcome;
}

void BuildAheadPool::interrupt() {
  std::lock_guard<std::mutex> Lock(WaitMutex);
  if (Waiting < 0)
    return;
  Interrupted = true;
  signalProcess(Waiting, SIGKILL);
}

} // namespace atfc
