//===- RankedMeasurerTest.cpp - Measuring on every rank -------------------===//
//
// The test is the launcher: it holds the other end of the searching tuner's
// socket, reads what the measurer sends to each rank and answers as the
// ranks would, in any order. Socket buffers let one thread play both sides.
//
//===----------------------------------------------------------------------===//
#include "Ranks/RankedMeasurer.h"

#include "DeviceBackends/DeviceProtocol.h"

#include <gtest/gtest.h>

#include <initializer_list>
#include <map>
#include <optional>
#include <sstream>
#include <sys/socket.h>
#include <unistd.h>

namespace atfc {
namespace {

class FakeLauncher {
public:
  FakeLauncher() { EXPECT_EQ(::socketpair(AF_UNIX, SOCK_STREAM, 0, Fds), 0); }
  ~FakeLauncher() {
    ::close(Fds[0]);
    ::close(Fds[1]);
  }
  int searchFd() const { return Fds[0]; }

  void hello(std::uint64_t Rank, std::string Error = {}, std::uint64_t Batch = 1,
             std::string Host = {}) {
    HelloMessage H;
    H.Error = std::move(Error);
    H.Host = std::move(Host);
    H.Device = "device of rank " + std::to_string(Rank);
    H.CostMeaning = "the cost";
    H.Batch = Batch;
    H.Limits.MaxWorkGroupSize = 1000 + Rank; // each rank's device differs
    send(Rank, encodeMessage(H));
  }
  void result(std::uint64_t Rank, std::uint64_t Job, double Cost) {
    send(Rank, encodeMessage(ResultMessage{Job, Measurement::valid({Cost})}));
  }
  void lost(std::uint64_t Rank, bool Restarting) {
    send(Rank, encodeMessage(LostMessage{"killed by signal 9", Restarting}));
  }
  void interrupted(std::uint64_t Rank) {
    send(Rank, encodeMessage(LostMessage{"exit status 130", false, true}));
  }
  /// The next request the measurer sent, and the rank it went to.
  std::pair<std::uint64_t, MeasureRequest> request() {
    std::vector<unsigned char> Frame;
    EXPECT_TRUE(readFrame(Fds[1], Frame));
    std::uint64_t Rank = 0;
    EXPECT_TRUE(splitAddressed(Frame, Rank));
    MeasureRequest R;
    EXPECT_TRUE(decodeMessage(Frame, R));
    return {Rank, R};
  }

private:
  void send(std::uint64_t Rank, const std::vector<unsigned char> &Payload) {
    ASSERT_TRUE(writeFrame(Fds[1], addressed(Rank, Payload)));
  }
  int Fds[2] = {-1, -1};
};

/// What the measurer says during a run, instead of standard error.
std::ostringstream Said;
DiagnosticSink Diags(Said);

ParameterValues config(std::int64_t X) { return {{"X", X}}; }
std::int64_t xOf(const MeasureRequest &R) { return std::get<std::int64_t>(R.Configuration[0].Val); }

std::unique_ptr<ConfigurationMeasurer> connect(FakeLauncher &L, unsigned Ranks) {
  Expected<std::unique_ptr<ConfigurationMeasurer>> M =
      connectRanks(RankRole{true, L.searchFd(), Ranks, 0, 0}, Diags);
  EXPECT_TRUE(M) << M.error().message();
  return M ? M.take() : nullptr;
}

/// A measurer of ranks that said hello in the order Ranks.
std::unique_ptr<ConfigurationMeasurer> ready(FakeLauncher &L,
                                             std::initializer_list<std::uint64_t> Ranks) {
  for (std::uint64_t R : Ranks)
    L.hello(R);
  return connect(L, static_cast<unsigned>(Ranks.size()));
}

/// The next N requests the measurer sent, by their configuration's X.
std::map<std::int64_t, std::pair<std::uint64_t, MeasureRequest>> requestsByX(FakeLauncher &L,
                                                                             int N) {
  std::map<std::int64_t, std::pair<std::uint64_t, MeasureRequest>> ByX;
  for (int I = 0; I < N; ++I) {
    auto Sent = L.request();
    ByX[xOf(Sent.second)] = Sent;
  }
  return ByX;
}

// Ranks on several machines: the summary names them, rank 0's first,
// whichever rank said hello first.
TEST(RankedMeasurer, RanksOnSeveralHostsAreNamed) {
  FakeLauncher L;
  L.hello(3, {}, 1, "node-b");
  L.hello(2, {}, 1, "node-b");
  L.hello(1, {}, 1, "node-a");
  L.hello(0, {}, 1, "node-a");
  auto M = connect(L, 4);
  ASSERT_TRUE(M);
  EXPECT_EQ(M->costMeaning(), "the cost (measured on 4 ranks on 2 hosts: node-a, node-b)");
}

TEST(RankedMeasurer, RanksOnOneHostNameNone) {
  FakeLauncher L;
  for (std::uint64_t R : {0, 1})
    L.hello(R, {}, 1, "node-a");
  auto M = connect(L, 2);
  ASSERT_TRUE(M);
  EXPECT_EQ(M->costMeaning(), "the cost (measured on 2 ranks)");
}

TEST(RankedMeasurer, ResultsComeBackInBatchOrderWhateverOrderRanksAnswer) {
  FakeLauncher L;
  auto M = ready(L, {3, 1, 0, 2});
  ASSERT_TRUE(M);
  EXPECT_EQ(M->batchSize(), 4u);
  EXPECT_EQ(M->device(), "device of rank 0");           // rank 0's, whoever answered first
  EXPECT_EQ(M->deviceLimits().MaxWorkGroupSize, 1000u); // the space is generated with them
  EXPECT_EQ(M->costMeaning(), "the cost (measured on 4 ranks)");

  std::vector<ParameterValues> Batch = {config(10), config(11), config(12), config(13)};
  M->prepare(Batch);
  std::map<std::uint64_t, MeasureRequest> ByRank;
  for (int I = 0; I < 4; ++I) {
    auto [Rank, Request] = L.request();
    ByRank[Rank] = Request;
  }
  ASSERT_EQ(ByRank.size(), 4u); // one configuration to every rank
  // The last rank answers first; rank 2's measuring tuner dies.
  for (std::uint64_t R : {3, 1, 0})
    L.result(R, ByRank[R].Job, double(xOf(ByRank[R])));
  L.lost(2, /*Restarting=*/true);
  for (const ParameterValues &C : Batch) {
    const Measurement Got = M->measure(C, {});
    const std::int64_t X = std::get<std::int64_t>(C[0].Val);
    if (X == xOf(ByRank[2])) {
      EXPECT_FALSE(Got.Valid);
      EXPECT_EQ(Got.Failure, FailureKind::Crashed);
      EXPECT_EQ(Got.Reason,
                "rank 2's measuring process ended while measuring it (killed by signal 9)");
    } else {
      ASSERT_TRUE(Got.Valid);
      EXPECT_EQ(Got.Costs, std::vector<double>{double(X)});
    }
  }
  EXPECT_NE(Said.str().find("atfc: warning: rank 2's measuring process ended (killed by signal "
                            "9); it is started again"),
            std::string::npos)
      << Said.str();

  // Until it says Hello again, rank 2 gets nothing; then it does.
  M->prepare(std::vector<ParameterValues>{config(20), config(21), config(22), config(23)});
  std::vector<std::pair<std::uint64_t, MeasureRequest>> Sent;
  for (int I = 0; I < 3; ++I)
    Sent.push_back(L.request());
  for (const auto &[Rank, Request] : Sent) {
    EXPECT_NE(Rank, 2u);
    L.result(Rank, Request.Job, double(xOf(Request)));
  }
  L.hello(2);
  EXPECT_EQ(M->measure(config(20), {}).Costs, std::vector<double>{20});
  EXPECT_EQ(M->measure(config(21), {}).Costs, std::vector<double>{21});
  EXPECT_EQ(M->measure(config(22), {}).Costs, std::vector<double>{22});
  auto [Rank, Last] = L.request(); // sent once rank 2 was back
  EXPECT_EQ(xOf(Last), 23);
  L.result(Rank, Last.Job, 23);
  EXPECT_EQ(M->measure(config(23), {}).Costs, std::vector<double>{23});
}

// A rank that a signal stopped (it leaves, or the whole job stops) measured
// nothing: its configuration is not failed but goes to another rank, and
// the run's results are what an uninterrupted rank measured.
TEST(RankedMeasurer, AnInterruptedRanksConfigurationGoesToAnotherRank) {
  FakeLauncher L;
  auto M = ready(L, {0, 1});
  ASSERT_TRUE(M);
  M->prepare(std::vector<ParameterValues>{config(30), config(31)});
  std::map<std::uint64_t, MeasureRequest> ByRank;
  for (int I = 0; I < 2; ++I) {
    auto [Rank, Request] = L.request();
    ByRank[Rank] = Request;
  }
  ASSERT_EQ(ByRank.size(), 2u);
  L.interrupted(1);
  L.result(0, ByRank[0].Job, double(xOf(ByRank[0])));
  const std::int64_t First = xOf(ByRank[0]), Second = xOf(ByRank[1]);
  ASSERT_EQ(First, 30);
  EXPECT_EQ(M->measure(config(30), {}).Costs, std::vector<double>{30});
  // Rank 1's configuration was sent again, to rank 0.
  auto [Rank, Again] = L.request();
  EXPECT_EQ(Rank, 0u);
  EXPECT_EQ(xOf(Again), Second);
  L.result(0, Again.Job, double(Second));
  const Measurement Got = M->measure(config(31), {});
  ASSERT_TRUE(Got.Valid) << Got.Reason;
  EXPECT_EQ(Got.Costs, std::vector<double>{31});
}

// Interrupted, the run keeps what other ranks measured for its batch: the
// result that came in (read from the socket then), and the one measure()
// returned just before the loop learnt of the interrupt; not the job still
// in flight.
TEST(RankedMeasurer, InterruptedItHandsBackTheBatchsWholeResults) {
  FakeLauncher L;
  auto M = ready(L, {0, 1, 2});
  ASSERT_TRUE(M);
  M->prepare(std::vector<ParameterValues>{config(40), config(41), config(42)});
  auto ByX = requestsByX(L, 3);
  L.result(ByX[40].first, ByX[40].second.Job, 40);
  EXPECT_EQ(M->measure(config(40), {}).Costs, std::vector<double>{40});
  M->interrupt();
  L.result(ByX[42].first, ByX[42].second.Job, 42);
  const Measurement Cut = M->measure(config(41), {});
  EXPECT_FALSE(Cut.Valid);
  EXPECT_EQ(Cut.Reason, "interrupted");
  // The loop learnt of the interrupt after measure() returned 40.
  std::optional<Measurement> Kept = M->finishedAfterInterrupt(config(40));
  ASSERT_TRUE(Kept);
  EXPECT_EQ(Kept->Costs, std::vector<double>{40});
  EXPECT_FALSE(M->finishedAfterInterrupt(config(41))); // still in flight
  Kept = M->finishedAfterInterrupt(config(42));
  ASSERT_TRUE(Kept);
  EXPECT_EQ(Kept->Costs, std::vector<double>{42});
  EXPECT_FALSE(M->finishedAfterInterrupt(config(42))); // handed back once
}

BatchEntry entry(std::int64_t X) { return {config(X), {Value{X}}}; }

// Asynchronous dispatch: results come back in the order they arrive, each
// under the Id it was started as; a crashed rank's configuration comes back
// failed, and one that leaves takes its share of the concurrency with it.
TEST(RankedMeasurer, StartedConfigurationsComeBackAsTheyArrive) {
  FakeLauncher L;
  auto M = ready(L, {0, 1, 2});
  ASSERT_TRUE(M);
  EXPECT_EQ(M->concurrency(), 3u);
  for (std::uint64_t Id : {7, 8, 9})
    M->start(Id, entry(static_cast<std::int64_t>(Id) * 10));
  auto ByX = requestsByX(L, 3);
  ASSERT_EQ(ByX.size(), 3u);
  EXPECT_NE(ByX[70].first, ByX[80].first); // one to each rank
  EXPECT_NE(ByX[80].first, ByX[90].first);
  EXPECT_FALSE(M->finished(/*Wait=*/false)); // none finished yet
  // The last one started finishes first, then the first; both are there
  // without waiting.
  L.result(ByX[90].first, ByX[90].second.Job, 90);
  L.result(ByX[70].first, ByX[70].second.Job, 70);
  std::optional<MeasuredOutcome> Got = M->finished(/*Wait=*/false);
  ASSERT_TRUE(Got);
  EXPECT_EQ(Got->Index, 9u);
  EXPECT_EQ(Got->Result.Costs, std::vector<double>{90});
  Got = M->finished(/*Wait=*/false);
  ASSERT_TRUE(Got);
  EXPECT_EQ(Got->Index, 7u);
  // The rank that measured 90 is free: the next one goes to it at once,
  // while 80 is still measured.
  M->start(10, entry(100));
  auto [Rank, Next] = L.request();
  EXPECT_EQ(xOf(Next), 100);
  EXPECT_NE(Rank, ByX[80].first);
  L.lost(ByX[80].first, /*Restarting=*/false);
  Got = M->finished();
  ASSERT_TRUE(Got);
  EXPECT_EQ(Got->Index, 8u);
  EXPECT_FALSE(Got->Result.Valid);
  EXPECT_EQ(Got->Result.Failure, FailureKind::Crashed);
  EXPECT_EQ(M->concurrency(), 2u); // that rank is gone
  L.result(Rank, Next.Job, 100);
  Got = M->finished();
  ASSERT_TRUE(Got);
  EXPECT_EQ(Got->Index, 10u);
  EXPECT_EQ(Got->Result.Costs, std::vector<double>{100});
}

// Interrupted, finished() returns nothing; a result that came in anyway is
// handed back for the run to keep, the one still measured is not.
TEST(RankedMeasurer, InterruptedItHandsBackWhatFinishedInFlight) {
  FakeLauncher L;
  auto M = ready(L, {0, 1});
  ASSERT_TRUE(M);
  M->start(0, entry(50));
  M->start(1, entry(51));
  auto ByX = requestsByX(L, 2);
  M->interrupt();
  L.result(ByX[51].first, ByX[51].second.Job, 51);
  EXPECT_FALSE(M->finished());
  EXPECT_FALSE(M->finishedAfterInterrupt(config(50)));
  std::optional<Measurement> Kept = M->finishedAfterInterrupt(config(51));
  ASSERT_TRUE(Kept);
  EXPECT_EQ(Kept->Costs, std::vector<double>{51});
}

TEST(RankedMeasurer, ARankCompilingAheadTakesSeveral) {
  FakeLauncher L;
  L.hello(0, {}, 3);
  L.hello(1, {}, 3);
  auto M = connect(L, 2);
  ASSERT_TRUE(M);
  EXPECT_EQ(M->batchSize(), 6u);
  EXPECT_EQ(M->concurrency(), 6u);
}

TEST(RankedMeasurer, ARankThatCannotMeasureFailsTheRun) {
  FakeLauncher L;
  L.hello(0);
  L.hello(1, "no CUDA device 1");
  Expected<std::unique_ptr<ConfigurationMeasurer>> M =
      connectRanks(RankRole{true, L.searchFd(), 2, 0, 0}, Diags);
  ASSERT_FALSE(M);
  EXPECT_EQ(M.error().message(), "rank 1 cannot measure: no CUDA device 1");
}

TEST(RankedMeasurer, ARankThatDiesBeforeItIsReadyFailsTheRun) {
  FakeLauncher L;
  L.hello(0);
  L.lost(1, /*Restarting=*/false);
  Expected<std::unique_ptr<ConfigurationMeasurer>> M =
      connectRanks(RankRole{true, L.searchFd(), 2, 0, 0}, Diags);
  ASSERT_FALSE(M);
  EXPECT_EQ(M.error().message(),
            "rank 1's measuring process ended before it was ready (killed by signal 9)");
}

} // namespace
} // namespace atfc
