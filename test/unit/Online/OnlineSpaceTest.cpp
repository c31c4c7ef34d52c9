//===- OnlineSpaceTest.cpp - Spaces of parameters given at run time -------===//
//
// Online/OnlineSpace through <atf.hpp>'s parameters: the spaces equal a
// brute-force count, expressions group their parameters, a callable's
// reads of other parameters are found while generating (also of later
// parameters, and reads the probe of the first path did not make), the
// probes lend reads of other groups values those groups' constraints
// accept, on the path the reader sees, and learn them without a throw, a
// parameter shared by tuners on several threads reads right in each, and
// reads outside the tuner or in a cycle are refused; the groups of random
// read graphs equal a plain reference's; what a constraint throws names
// its parameter; the store's memory limit of ATFC_SPACE_MEMORY_LIMIT holds
// as in a generated tuner.
//
//===----------------------------------------------------------------------===//
#include <atf.hpp>

#include "SearchSpace/StoreEstimate.h"

#include "../ScopedEnvironment.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <numeric>
#include <random>
#include <set>
#include <span>
#include <stdexcept>
#include <string>
#include <thread>
#include <variant>
#include <vector>

namespace {

std::uint64_t divisorPairs(std::size_t N) {
  std::uint64_t Count = 0;
  for (std::size_t WPT = 1; WPT <= N; ++WPT)
    for (std::size_t LS = 1; LS <= N; ++LS)
      Count += N % WPT == 0 && (N / WPT) % LS == 0;
  return Count;
}

TEST(OnlineSpaceTest, SaxpySpaceEqualsBruteForceInOneGroup) {
  for (std::size_t N : {1000u, 64u, 97u}) {
    auto WPT = atf::tuning_parameter("WPT", atf::interval<size_t>(1, N), atf::divides(N));
    auto LS = atf::tuning_parameter("LS", atf::interval<size_t>(1, N), atf::divides(N / WPT));
    atf::tuner T;
    T.tuning_parameters(WPT, LS);
    EXPECT_EQ(T.search_space_size(), divisorPairs(N)) << N;
    EXPECT_EQ(T.space().numGroups(), 1u);
  }
}

TEST(OnlineSpaceTest, IndependentParametersFormGroups) {
  auto A = atf::tp("A", atf::interval<int>(1, 8), atf::divides(8));
  auto B = atf::tp("B", {1, 2, 3});
  auto C = atf::tp("C", atf::interval<int>(1, 8), atf::less_than_or_eq(A));
  atf::tuner T;
  T.tuning_parameters(A, B, C);
  EXPECT_EQ(T.space().numGroups(), 2u);
  // A in {1,2,4,8}, C <= A: 1+2+4+8 = 15, times 3 values of B.
  EXPECT_EQ(T.search_space_size(), 45u);
}

TEST(OnlineSpaceTest, CallableReadsAreFoundWhileGenerating) {
  auto X = atf::tp("X", atf::interval<int>(1, 16));
  auto Y = atf::tp("Y", atf::interval<int>(1, 16), [&](int Y) { return X * Y <= 16; });
  atf::tuner T;
  T.tuning_parameters(X, Y);
  std::uint64_t Expected = 0;
  for (int I = 1; I <= 16; ++I)
    for (int J = 1; J <= 16; ++J)
      Expected += I * J <= 16;
  EXPECT_EQ(T.search_space_size(), Expected);
  EXPECT_EQ(T.space().numGroups(), 1u);
}

TEST(OnlineSpaceTest, ACallableMayReadALaterParameter) {
  // X's constraint reads Z, given after it: Z is generated first.
  atf::tuning_parameter<atfc::Interval<int>> Z("Z", atf::interval<int>(1, 6));
  auto X = atf::tp("X", atf::interval<int>(1, 6), [&](int X) { return X % Z == 0; });
  auto Free = atf::tp("F", {true, false});
  atf::tuner T;
  T.tuning_parameters(X, Free, Z);
  std::uint64_t Expected = 0;
  for (int I = 1; I <= 6; ++I)
    for (int K = 1; K <= 6; ++K)
      Expected += I % K == 0;
  EXPECT_EQ(T.search_space_size(), 2 * Expected);
  EXPECT_EQ(T.space().numGroups(), 2u);
  EXPECT_EQ(T.space().parameter(0).Name, "Z");
}

// Y reads X only for Y > 3: the probe of Y's first path (Y = 1) does not
// see the read; the read made while generating still joins the two, and the
// space is the brute-force one.
TEST(OnlineSpaceTest, AReadTheProbeDidNotSeeIsFoundWhileGenerating) {
  atf::tuning_parameter<atfc::Interval<int>> X("X", atf::interval<int>(1, 4));
  auto Y = atf::tp("Y", atf::interval<int>(1, 8), [&](int V) { return V <= 3 || V % X == 0; });
  std::uint64_t Expected = 0;
  for (int I = 1; I <= 4; ++I)
    for (int J = 1; J <= 8; ++J)
      Expected += J <= 3 || J % I == 0;
  atf::tuner T;
  T.tuning_parameters(Y, X);
  EXPECT_EQ(T.search_space_size(), Expected);
  EXPECT_EQ(T.space().numGroups(), 1u);
  EXPECT_EQ(T.space().parameter(0).Name, "X");
}

// cppATF's SGEMM lambdas read parameters of other groups (NDIMC's reads
// MDIMC; MDIMA's NDIMC and KWG; SB's six): the probes of the groups' first
// leaves lend them those groups' values and learn the reads, so that no
// read throws. The space against brute force (over the divisors of 4).
TEST(OnlineSpaceTest, ProbesLearnReadsOfOtherGroupsWithoutAThrow) {
  const std::size_t M = 4;
  auto MWG = atf::tp("MWG", atf::interval<size_t>(1, M), atf::divides(M));
  auto NWG = atf::tp("NWG", atf::interval<size_t>(1, M), atf::divides(M));
  auto KWG = atf::tp("KWG", atf::interval<size_t>(1, M), atf::divides(M));
  auto MDIMC = atf::tp("MDIMC", atf::interval<size_t>(1, M), atf::divides(MWG));
  auto NDIMC = atf::tp(
      "NDIMC", atf::interval<size_t>(1, M),
      atf::divides(NWG) && [&](size_t V) { return MDIMC * V <= 8; });
  auto MDIMA = atf::tp(
      "MDIMA", atf::interval<size_t>(1, M),
      atf::divides(MWG) && [&](size_t V) { return (MDIMC * NDIMC) % V == 0; } &&
          [&](size_t V) { return KWG % ((MDIMC * NDIMC) / V) == 0; });
  auto SA = atf::tp("SA", {0, 1});
  auto SB = atf::tp("SB", {0, 1}, [&](int V) { return (SA * KWG * MWG + V * KWG * NWG) <= 12; });
  const std::uint64_t MissedBefore = atfc::online::missedReadsSoFar();
  atf::tuner T;
  T.tuning_parameters(MWG, NWG, KWG, MDIMC, NDIMC, MDIMA, SA, SB);
  std::uint64_t Expected = 0;
  const std::vector<std::size_t> Divisors = {1, 2, 4};
  for (std::size_t Mwg : Divisors)
    for (std::size_t Nwg : Divisors)
      for (std::size_t Kwg : Divisors)
        for (std::size_t Mdimc = 1; Mdimc <= M; ++Mdimc)
          for (std::size_t Ndimc = 1; Ndimc <= M; ++Ndimc)
            for (std::size_t Mdima = 1; Mdima <= M; ++Mdima)
              for (int Sa = 0; Sa <= 1; ++Sa)
                for (int Sb = 0; Sb <= 1; ++Sb)
                  Expected += Mwg % Mdimc == 0 && Nwg % Ndimc == 0 && Mdimc * Ndimc <= 8 &&
                              Mwg % Mdima == 0 && (Mdimc * Ndimc) % Mdima == 0 &&
                              Kwg % ((Mdimc * Ndimc) / Mdima) == 0 &&
                              std::size_t(Sa) * Kwg * Mwg + std::size_t(Sb) * Kwg * Nwg <= 12;
  EXPECT_EQ(T.search_space_size(), Expected);
  EXPECT_EQ(atfc::online::missedReadsSoFar(), MissedBefore);
}

// A value lent to a read depends on what the lender's constraints read:
// N's reads M, which is on the path of the probe that reads N (MA's). MA's
// callable divides by N - M, which N's constraint keeps from zero; Z has
// no value for the first M values (below Skip), so the probe goes past
// them, reading N for each. N's leaf must be probed again for each M (a
// leaf kept from an earlier M divides by zero); past a bound of probes,
// the read throws as without probes. The space against brute force.
TEST(OnlineSpaceTest, ALentValueFollowsThePathItWasProbedOn) {
  for (const int Skip : {0, 1, 3, 12}) {
    auto M = atf::tp("M", atf::interval<int>(0, 15));
    atf::tuning_parameter<atfc::Interval<int>, atfc::Predicate<std::function<bool(int)>>> N(
        "N", atf::interval<int>(0, 15), std::function<bool(int)>([&](int V) { return V != M; }));
    auto MA = atf::tp(
        "MA", atf::interval<int>(1, 4),
        atf::less_than_or_eq(M + 4) && [&](int V) { return V % (N - M) == 0; });
    auto Z = atf::tp("Z", atf::interval<int>(1, 3), atf::less_than_or_eq(M - Skip));
    const std::uint64_t MissedBefore = atfc::online::missedReadsSoFar();
    atf::tuner T;
    T.tuning_parameters(M, MA, Z, N);
    std::uint64_t Expected = 0;
    for (int VM = 0; VM <= 15; ++VM)
      for (int VN = 0; VN <= 15; ++VN)
        for (int VA = 1; VA <= 4; ++VA)
          for (int VZ = 1; VZ <= 3; ++VZ)
            Expected += VN != VM && VA % (VN - VM) == 0 && VZ <= VM - Skip;
    EXPECT_EQ(T.search_space_size(), Expected) << "Skip " << Skip;
    EXPECT_EQ(T.space().numGroups(), 1u);
    // (Four values of MA per M, each reading N: the bound of eight probes
    // holds one M without a leaf, not two.)
    if (Skip == 0) {
      EXPECT_EQ(atfc::online::missedReadsSoFar(), MissedBefore) << "Skip " << Skip;
    }
  }
}

// A callable that generates another tuner's space while this one's probes
// and generation run: the inner tuner's probes nest in the outer's, each
// tuner's reads of its other groups are lent and learned by its own, and
// the inner generation keeps a frame of its own (the thread's one frame
// was overwritten: 3 configurations instead of 14).
TEST(OnlineSpaceTest, ATunerGeneratedInACallableProbesOnItsOwn) {
  auto A = atf::tp("A", atf::interval<int>(1, 4));
  auto B = atf::tp("B", atf::interval<int>(1, 4), [&](int V) { return V <= A; });
  auto P = atf::tp("P", atf::interval<int>(1, 48));
  std::atomic<std::uint64_t> InnerSizes{0};
  auto Q = atf::tp("Q", atf::interval<int>(1, 6), [&](int V) {
    atf::tuner Inner;
    Inner.tuning_parameters(B, A);
    const std::uint64_t Size = Inner.search_space_size();
    InnerSizes += Size;
    return V % P == 0 && Size == 10;
  });
  const std::uint64_t MissedBefore = atfc::online::missedReadsSoFar();
  atf::tuner T;
  T.tuning_parameters(Q, P);
  // Q a multiple of P: 6 + 3 + 2 + 1 + 1 + 1.
  EXPECT_EQ(T.search_space_size(), 14u);
  EXPECT_EQ(T.space().parameter(0).Name, "P");
  EXPECT_GT(InnerSizes, 0u);
  EXPECT_EQ(InnerSizes % 10, 0u);
  EXPECT_EQ(atfc::online::missedReadsSoFar(), MissedBefore);
}

/// 0 .. N - 1 in a random order: each parameter's rank, reads only of
/// lower ranks keeping a random read graph acyclic.
std::vector<std::size_t> randomOrder(std::size_t N, std::mt19937 &Random) {
  std::vector<std::size_t> Rank(N);
  std::iota(Rank.begin(), Rank.end(), std::size_t(0));
  std::shuffle(Rank.begin(), Rank.end(), Random);
  return Rank;
}

/// A random constraint of the property test below: V must not be Not, and
/// V plus the weighted values read must not be Rest modulo Modulus; where
/// a value read is its own parameter's Not, its constraint was not met.
struct LendingConstraint {
  int Not = 0;
  std::vector<std::pair<std::size_t, int>> Reads;
  int Modulus = 2, Rest = 0;
  template <class ReadFn> bool operator()(int V, ReadFn &&Read, std::vector<int> &Nots) const {
    if (V == Not)
      return false;
    int Sum = V;
    for (const auto &[J, Weight] : Reads) {
      const int X = Read(J);
      if (X == Nots[J])
        Nots.push_back(-1); // (a read saw a value its own constraint refuses)
      Sum += Weight * X;
    }
    return Sum % Modulus != Rest;
  }
};

// Random tuners whose callables read parameters of other groups, earlier
// and later ones (acyclic through a random order): the space equals brute
// force, and no callable ever reads a value that its parameter's own
// constraint refuses (a lent value must come from a leaf of the lender's
// constraints, on the path the reader sees).
TEST(OnlineSpaceTest, LentValuesMeetTheirOwnConstraints) {
  std::mt19937 Random(20261130);
  std::uint64_t Missed = 0, Reads = 0;
  for (int Space = 0; Space < 150; ++Space) {
    const std::size_t N = 3 + Random() % 4;
    const std::vector<std::size_t> Rank = randomOrder(N, Random);
    std::vector<LendingConstraint> Constraints(N);
    std::vector<int> Nots(N);
    for (std::size_t I = 0; I < N; ++I) {
      LendingConstraint &C = Constraints[I];
      C.Not = Nots[I] = static_cast<int>(Random() % 4);
      for (std::size_t K = Random() % 3; K-- > 0;)
        if (const std::size_t J = Random() % N; Rank[J] < Rank[I])
          C.Reads.emplace_back(J, 1 + static_cast<int>(Random() % 3));
      Reads += C.Reads.size();
      C.Modulus = 2 + static_cast<int>(Random() % 3);
      C.Rest = static_cast<int>(Random() % static_cast<unsigned>(C.Modulus));
    }
    std::vector<std::function<int()>> Read(N);
    auto ReadX = [&](std::size_t I) { return Read[I](); };
    auto Make = [&](std::size_t K) {
      return atf::tp("X" + std::to_string(K), atf::interval<int>(0, 3),
                     [&, K](int V) { return Constraints[K](V, ReadX, Nots); });
    };
    std::deque<decltype(Make(0))> X;
    for (std::size_t K = 0; K < N; ++K) {
      X.push_back(Make(K));
      Read[K] = [&X, K] { return static_cast<int>(X[K]); };
    }
    const std::uint64_t MissedBefore = atfc::online::missedReadsSoFar();
    atf::tuner T;
    if (N == 3)
      T.tuning_parameters(X[0], X[1], X[2]);
    else if (N == 4)
      T.tuning_parameters(X[0], X[1], X[2], X[3]);
    else if (N == 5)
      T.tuning_parameters(X[0], X[1], X[2], X[3], X[4]);
    else
      T.tuning_parameters(X[0], X[1], X[2], X[3], X[4], X[5]);
    std::uint64_t Expected = 0;
    std::vector<int> V(N);
    std::vector<int> Unused = Nots;
    for (std::size_t Code = 0; Code < (std::size_t(1) << (2 * N)); ++Code) {
      for (std::size_t I = 0; I < N; ++I)
        V[I] = static_cast<int>((Code >> (2 * I)) & 3);
      bool Valid = true;
      for (std::size_t I = 0; I < N && Valid; ++I)
        Valid = Constraints[I](
            V[I], [&](std::size_t J) { return V[J]; }, Unused);
      Expected += Valid;
    }
    EXPECT_EQ(T.search_space_size(), Expected) << "space " << Space;
    EXPECT_EQ(Nots.size(), N) << "space " << Space << ": a read saw a refused value";
    Missed += atfc::online::missedReadsSoFar() - MissedBefore;
  }
  // (Most reads were learned without a throw.)
  EXPECT_GT(Reads, 200u);
  EXPECT_LT(Missed * 4, Reads);
}

/// The size of a space of Params where B's callable reads A (by brute force).
std::uint64_t productsAtMost(int A, int B, int Max) {
  std::uint64_t Count = 0;
  for (int I = 1; I <= A; ++I)
    for (int J = 1; J <= B; ++J)
      Count += I * J <= Max;
  return Count;
}

// Each parameter reads through its own slot, not a place in one tuner: a
// parameter given to two tuners (at different places) is read right by
// both, also while both generate at once on several threads.
TEST(OnlineSpaceTest, TunersOnSeveralThreadsShareAParameter) {
  auto Shared = atf::tp("S", atf::interval<int>(1, 64));
  std::vector<std::uint64_t> Sizes(8), Expected(8);
  std::vector<std::thread> Threads;
  for (int K = 0; K < 8; ++K) {
    Expected[K] = 3 * productsAtMost(64, 64, 64 * (K + 1));
    Threads.emplace_back([&, K] {
      auto Reader = atf::tp("R", atf::interval<int>(1, 64),
                            [&, K](int V) { return Shared * V <= 64 * (K + 1); });
      auto Free = atf::tp("F", {1, 2, 3});
      atf::tuner T;
      if (K % 2 == 0)
        T.tuning_parameters(Shared, Reader, Free);
      else
        T.tuning_parameters(Free, Reader, Shared);
      Sizes[K] = T.search_space_size();
    });
  }
  for (std::thread &Th : Threads)
    Th.join();
  EXPECT_EQ(Sizes, Expected);
}

TEST(OnlineSpaceTest, StringSetsAndGenerators) {
  auto Flag = atf::tuning_parameter("OPT", {"-O0", "-O1", "-O2", "-O3"});
  auto Pow = atf::tp("P", atf::interval<int>(0, 5, 1, atf::pow2), atf::greater_than(2));
  atf::tuner T;
  T.tuning_parameters(Flag, Pow);
  EXPECT_EQ(T.search_space_size(), 4u * 4u); // 4, 8, 16, 32
  EXPECT_EQ(T.space().parameter(0).Kind, atfc::ValueKind::String);
}

TEST(OnlineSpaceTest, ReadsOutsideTheTunerAreRefusedByName) {
  auto Outside = atf::tp("OUTSIDE", atf::interval<int>(1, 4));
  auto A = atf::tp("A", atf::interval<int>(1, 8), atf::divides(Outside * 2));
  atf::tuner T;
  T.tuning_parameters(A);
  try {
    T.search_space_size();
    FAIL() << "a read outside the tuner was accepted";
  } catch (const atf::error &E) {
    EXPECT_NE(std::string(E.what()).find("A reads OUTSIDE"), std::string::npos) << E.what();
  }
}

TEST(OnlineSpaceTest, ACallableReadingOutsideTheTunerIsRefused) {
  auto Outside = atf::tp("OUTSIDE", atf::interval<int>(1, 4));
  auto A = atf::tp("A", atf::interval<int>(1, 8), [&](int A) { return A > Outside; });
  atf::tuner T;
  T.tuning_parameters(A);
  EXPECT_THROW(T.search_space_size(), atf::error);
}

/// A parameter that only says which of the tuner's parameters it reads,
/// by index, as Python's do: all that onlineGroups asks of it.
class ReadsOnly final : public atfc::online::ParameterModel {
public:
  ReadsOnly(std::string Name, std::vector<std::size_t> Reads)
      : Name(std::move(Name)), Read(std::move(Reads)) {}
  const std::string &name() const override { return Name; }
  std::size_t index() const override { return 0; }
  void setIndex(std::size_t) override {}
  const void *identity() const override { return this; }
  const ReadIdentities &readIdentities() const override {
    static const ReadIdentities None;
    return None;
  }
  std::vector<std::size_t> reads() const override { return Read; }
  atfc::ValueKind kind() const override { return atfc::ValueKind::Int; }
  std::uint64_t rangeSize() const override { return 1; }
  std::function<atfc::Value(std::uint64_t)> valueAt() const override { return {}; }
  bool constrained() const override { return !Read.empty(); }
  bool opaque() const override { return false; }
  atfc::RangeError rangeError() const override { return atfc::RangeError::None; }
  const void *hold(std::uint64_t, std::any &) const override { return nullptr; }
  const void *holdValue(const atfc::Value &, std::any &) const override { return nullptr; }
  std::uint64_t loop(const atfc::online::OnlineLevels &, atfc::online::Frame &,
                     atfc::detail::ChunkLevels &, std::size_t) const override {
    return 0;
  }

private:
  std::string Name;
  std::vector<std::size_t> Read;
};

/// The groups of a read graph (Reads[I]: what parameter I reads) as the
/// online interfaces define them, by the plainest means: connected
/// parameters in one group, groups in the order of their first
/// parameters, each in the order where the lowest parameter whose reads
/// are all placed comes next. Where none can come next, the message that
/// refuses the first such group instead.
std::variant<std::vector<std::vector<std::size_t>>, std::string>
referenceGroups(const std::vector<std::vector<std::size_t>> &Reads) {
  const std::size_t N = Reads.size();
  std::vector<std::size_t> Component(N);
  for (std::size_t I = 0; I < N; ++I)
    Component[I] = I;
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (std::size_t I = 0; I < N; ++I)
      for (std::size_t J : Reads[I]) {
        const std::size_t Low = std::min(Component[I], Component[J]);
        Changed = Changed || Component[I] != Low || Component[J] != Low;
        Component[I] = Component[J] = Low;
      }
  }
  std::vector<std::vector<std::size_t>> Groups;
  std::vector<char> Placed(N, 0);
  for (std::size_t First = 0; First < N; ++First) {
    if (Component[First] != First)
      continue;
    std::vector<std::size_t> Group;
    for (bool Found = true; Found;) {
      Found = false;
      for (std::size_t I = 0; I < N && !Found; ++I)
        if (Component[I] == First && !Placed[I] &&
            std::all_of(Reads[I].begin(), Reads[I].end(),
                        [&](std::size_t J) { return Placed[J]; })) {
          Placed[I] = Found = true;
          Group.push_back(I);
        }
    }
    std::string Left;
    for (std::size_t I = 0; I < N; ++I)
      if (Component[I] == First && !Placed[I])
        Left += (Left.empty() ? "'P" : ", 'P") + std::to_string(I) + "'";
    if (!Left.empty())
      return "the constraints of " + Left + " read each other: one of them must be generated first";
    Groups.push_back(Group);
  }
  return Groups;
}

TEST(OnlineSpaceTest, GroupsOfRandomReadGraphsEqualTheReference) {
  // Graphs of 1 to 40 parameters, each reading up to three others (a read
  // may repeat); acyclic through a random order of the parameters, but
  // some get a cycle or a read against that order.
  std::mt19937 Random(20261130);
  std::size_t Cycles = 0, Grouped = 0;
  for (int Graph = 0; Graph < 400; ++Graph) {
    const std::size_t N = 1 + Random() % 40;
    const std::vector<std::size_t> Rank = randomOrder(N, Random);
    std::vector<std::vector<std::size_t>> Reads(N);
    for (std::size_t I = 0; I < N; ++I)
      for (std::size_t K = Random() % 4; K-- > 0;)
        if (const std::size_t J = Random() % N; Rank[J] < Rank[I])
          Reads[I].push_back(J);
    if (Random() % 5 == 0) {
      // A read back along a read, with a path of the rest between: a
      // cycle, or through a read given twice, the same cycle twice.
      if (const std::size_t I = Random() % N; !Reads[I].empty())
        Reads[Reads[I][Random() % Reads[I].size()]].push_back(I);
    } else if (N > 1 && Random() % 5 == 0) {
      // A read against the order, which may make no cycle.
      if (const std::size_t I = Random() % N, J = Random() % N; I != J)
        Reads[I].push_back(J);
    }
    std::vector<std::unique_ptr<ReadsOnly>> Owned;
    std::vector<const atfc::online::ParameterModel *> Params;
    for (std::size_t I = 0; I < N; ++I) {
      Owned.push_back(std::make_unique<ReadsOnly>("P" + std::to_string(I), Reads[I]));
      Params.push_back(Owned.back().get());
    }
    const auto Expected = referenceGroups(Reads);
    atfc::Expected<atfc::online::OnlineGroups> Got = atfc::online::onlineGroups(Params, {});
    if (const auto *Refusal = std::get_if<std::string>(&Expected)) {
      ++Cycles;
      ASSERT_FALSE(Got) << "graph " << Graph << ": a cycle was accepted";
      EXPECT_EQ(Got.error().message(), *Refusal) << "graph " << Graph;
      continue;
    }
    ++Grouped;
    ASSERT_TRUE(Got) << "graph " << Graph << ": " << Got.error().message();
    const auto &Groups = std::get<0>(Expected);
    ASSERT_EQ(Got->size(), Groups.size()) << "graph " << Graph;
    for (std::size_t G = 0; G < Groups.size(); ++G) {
      const std::span<const std::size_t> Order = (*Got)[G];
      EXPECT_EQ(std::vector<std::size_t>(Order.begin(), Order.end()), Groups[G])
          << "graph " << Graph << ", group " << G;
    }
  }
  // (Both kinds of graph were tried.)
  EXPECT_GT(Cycles, 20u);
  EXPECT_GT(Grouped, 200u);
}

/// The message of the atf::error that T's generation throws ("" if none).
std::string generationError(atf::tuner &T) {
  try {
    T.search_space_size();
  } catch (const atf::error &E) {
    return E.what();
  }
  return "";
}

TEST(OnlineSpaceTest, ParametersThatReadEachOtherAreRefused) {
  std::function<bool(int)> ReadsB;
  auto A = atf::tp("A", atf::interval<int>(1, 4), [&](int V) { return ReadsB(V); });
  auto B = atf::tp("B", atf::interval<int>(1, 4), [&](int V) { return V <= A; });
  ReadsB = [&](int V) { return V <= B; };
  atf::tuner T;
  T.tuning_parameters(A, B);
  const std::string Message = generationError(T);
  EXPECT_NE(Message.find("read each other"), std::string::npos) << "a cycle gave: " << Message;
}

TEST(OnlineSpaceTest, DuplicateNamesAreRefused) {
  auto A = atf::tp("A", atf::interval<int>(1, 4));
  auto B = atf::tp("A", atf::interval<int>(1, 4));
  atf::tuner T;
  T.tuning_parameters(A, B);
  EXPECT_THROW(T.search_space_size(), atf::error);
}

// What a constraint or a range's generator throws reaches the program as
// an atf::error that names the parameter, the original nested in it; an
// atf::error of its own and what is no std::exception pass unchanged. In
// the probe of the first path (a throw at B = 1 there) and in generation,
// of a small space and of one of 400,000 configurations, which the pool's
// threads share.
TEST(OnlineSpaceTest, AConstraintsExceptionNamesItsParameter) {
  for (const int Size : {8, 200000}) {
    for (const int Throwing : {1, 3, Size}) {
      auto A = atf::tp("A", atf::interval<int>(1, 2));
      auto B = atf::tp("B", atf::interval<int>(1, Size), [&, Throwing](int V) {
        if (V == Throwing && (A == 2 || Throwing == 1))
          throw std::runtime_error("no B of " + std::to_string(V));
        return true;
      });
      atf::tuner T;
      T.tuning_parameters(A, B);
      try {
        T.search_space_size();
        ADD_FAILURE() << "the exception was lost";
      } catch (const atf::error &E) {
        const std::string Message = E.what();
        EXPECT_NE(Message.find("tuning parameter B"), std::string::npos) << Message;
        EXPECT_NE(Message.find("no B of " + std::to_string(Throwing)), std::string::npos)
            << Message;
        try {
          std::rethrow_if_nested(E);
          ADD_FAILURE() << "the original is not nested";
        } catch (const std::runtime_error &Original) {
          EXPECT_EQ(std::string(Original.what()), "no B of " + std::to_string(Throwing));
        }
      }
    }
  }
  auto Generated = atf::tp("G", atf::interval<int>(1, 4, 1, [](int V) {
                             if (V == 3)
                               throw std::out_of_range("no third value");
                             return V;
                           }));
  atf::tuner T;
  T.tuning_parameters(Generated);
  const std::string Message = generationError(T);
  EXPECT_NE(Message.find("tuning parameter G"), std::string::npos) << Message;
  EXPECT_NE(Message.find("no third value"), std::string::npos) << Message;

  auto Own = atf::tp("OWN", atf::interval<int>(1, 4),
                     [](int) -> bool { throw atf::error("the program's own words"); });
  atf::tuner O;
  O.tuning_parameters(Own);
  EXPECT_EQ(generationError(O), "the program's own words");

  auto Odd = atf::tp("ODD", atf::interval<int>(1, 4), [](int) -> bool { throw 42; });
  atf::tuner D;
  D.tuning_parameters(Odd);
  EXPECT_THROW(D.search_space_size(), int);
}

// The limit its message names is the one it keeps: a space over it is an
// atf::error (no std::length_error past the interface), a limit that is
// no size names the variable, and a raised one lets the space be.
TEST(OnlineSpaceTest, TheEnvironmentsStoreMemoryLimitHolds) {
  auto Space = [](atf::tuner &T) -> atf::tuner & {
    auto X = atf::tp("X", atf::interval<int>(1, 1000));
    auto Y = atf::tp("Y", atf::interval<int>(1, 1000));
    return T.tuning_parameters(X, Y);
  };
  {
    const atfc::test::ScopedEnvironment Limit(atfc::kSpaceMemoryLimitVariable, "1000");
    atf::tuner T;
    const std::string Message = generationError(Space(T));
    EXPECT_NE(Message.find("more than the limit of 1.0 KB"), std::string::npos) << Message;
  }
  {
    const atfc::test::ScopedEnvironment Limit(atfc::kSpaceMemoryLimitVariable, "plenty");
    atf::tuner T;
    const std::string Message = generationError(Space(T));
    EXPECT_NE(Message.find("ATFC_SPACE_MEMORY_LIMIT='plenty' is not a size"), std::string::npos)
        << Message;
  }
  const atfc::test::ScopedEnvironment Limit(atfc::kSpaceMemoryLimitVariable, "64M");
  atf::tuner T;
  EXPECT_EQ(Space(T).search_space_size(), 1'000'000u);
}

} // namespace
