//===- bench/OnlineInterfaceBench.cpp - The C++ interface's costs ---------===//
//
// What <atf.hpp> costs against the engine as a generated tuner drives it:
//
//  - generation: the benchmark spaces written with the interface (as a
//    cppATF user writes them: expressions, and the sgemm example's lambdas
//    that read other parameters; sgemm "(expr)" as bench/Spaces.h writes
//    it, relations as expressions) against the same spaces written for the
//    typed engine (bench/Spaces.h, what `atfc space`'s tuner compiles), in
//    one process, the fastest of several generations each (the least
//    disturbed on a shared machine), all threads;
//  - the loop: the interface's cost per evaluation of a trivial callable
//    (exhaustive over 20,000 configurations; results in a temporary
//    database, as without .results()).
//
//   online-interface-bench [--repetitions N] [--only SPACE] [--one-thread]
//                          [--side engine|interface] [--only-spaces]
//                          [--after SPACE]
//
// With --one-thread, oneTBB runs on the calling thread alone and both sides
// are timed by that thread's CPU time, whole (the engine's groups and the
// tuner's models included): the ratio then holds on a loaded machine,
// where the wall time of a parallel generation does not. --side runs one
// side alone (for a profiler's counts); --only-spaces leaves the loop out.
// --after generates SPACE once on each side first, untimed: the process
// then has generated before (its code run once, its heap grown), as a
// tuner has done its set-up before its timer starts.
// Exits 1 where a space's size through the interface is not the engine's.
//
//===----------------------------------------------------------------------===//
#include "SearchSpace/StoreEstimate.h"
#include "bench/Spaces.h"

#include <atf.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <sys/resource.h>
#include <tbb/global_control.h>
#include <time.h>

namespace {

/// Set by --one-thread: time by the calling thread's CPU time.
bool ThreadCpuTime = false;

double now() {
  if (ThreadCpuTime) {
    timespec T{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &T);
    return static_cast<double>(T.tv_sec) + static_cast<double>(T.tv_nsec) * 1e-9;
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

/// The process's page faults so far that needed no disk (fresh pages).
long minorFaults() {
  rusage U{};
  getrusage(RUSAGE_SELF, &U);
  return U.ru_minflt;
}

double median(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  return V[V.size() / 2];
}

/// The generations as the engine reports them (ChainOfTrees::
/// generationSeconds(), what `atfc space` prints): for the interface from
/// the grouping of the parameters to the last tree, without the tuner's
/// calls around it.
std::vector<double> Reported;

/// Seconds T takes to generate its space (its tuner's bookkeeping
/// included: models, groups); its size in Size.
double generationSeconds(atf::tuner &T, std::uint64_t &Size) {
  const double Start = now();
  Size = T.search_space_size();
  const double Seconds = now() - Start;
  Reported.push_back(T.space().generationSeconds());
  return Seconds;
}

double saxpy(std::size_t N, std::uint64_t &Size) {
  auto WPT = atf::tuning_parameter("WPT", atf::interval<size_t>(1, N), atf::divides(N));
  auto LS = atf::tuning_parameter("LS", atf::interval<size_t>(1, N), atf::divides(N / WPT));
  atf::tuner T;
  T.tuning_parameters(WPT, LS);
  return generationSeconds(T, Size);
}

/// cppATF's opencl__sgemm example, its lambdas as written there.
double sgemm(std::size_t M, std::uint64_t &Size) {
  const std::size_t N = M, K = M, MaxWI0 = 1024, MaxWI1 = 1024, MaxWG = 1024, LMem = 49152;
  auto MWG = atf::tuning_parameter("MWG", atf::interval<size_t>(1, M), atf::divides(M));
  auto NWG = atf::tuning_parameter("NWG", atf::interval<size_t>(1, N), atf::divides(N));
  auto KWG = atf::tuning_parameter("KWG", atf::interval<size_t>(1, K), atf::divides(K));
  auto MDIMC = atf::tuning_parameter("MDIMC", atf::interval<size_t>(1, M),
                                     atf::divides(MWG) && atf::less_than_or_eq(MaxWI0));
  auto NDIMC = atf::tuning_parameter(
      "NDIMC", atf::interval<size_t>(1, N),
      atf::divides(NWG) && atf::less_than_or_eq(MaxWI1) &&
          [&](size_t NDIMC) { return MDIMC * NDIMC <= MaxWG; });
  auto MDIMA = atf::tuning_parameter(
      "MDIMA", atf::interval<size_t>(1, M),
      atf::divides(MWG) && [&](size_t MDIMA) { return (MDIMC * NDIMC) % MDIMA == 0; } &&
          [&](size_t MDIMA) { return KWG % ((MDIMC * NDIMC) / MDIMA) == 0; });
  auto NDIMB = atf::tuning_parameter(
      "NDIMB", atf::interval<size_t>(1, N),
      atf::divides(NWG) && [&](size_t NDIMB) { return (MDIMC * NDIMC) % NDIMB == 0; } &&
          [&](size_t NDIMB) { return KWG % ((MDIMC * NDIMC) / NDIMB) == 0; });
  auto KWI = atf::tuning_parameter("KWI", atf::interval<size_t>(1, K), atf::divides(KWG));
  auto VWM = atf::tuning_parameter("VWM", {1, 2, 4, 8},
                                   atf::divides(MWG / MDIMC) && atf::divides(MWG / MDIMA));
  auto VWN = atf::tuning_parameter("VWN", {1, 2, 4, 8},
                                   atf::divides(NWG / NDIMC) && atf::divides(NWG / NDIMB));
  auto STRM = atf::tuning_parameter("STRM", {0, 1});
  auto STRN = atf::tuning_parameter("STRN", {0, 1});
  auto SA = atf::tuning_parameter("SA", {0, 1});
  auto SB = atf::tuning_parameter("SB", {0, 1}, [&](int SB) {
    return (SA * KWG * MWG / VWM + SB * KWG * NWG / VWN) * sizeof(float) <= LMem;
  });
  atf::tuner T;
  T.tuning_parameters(MWG, NWG, KWG, MDIMC, NDIMC, MDIMA, NDIMB, KWI, VWM, VWN, STRM, STRN, SA, SB);
  return generationSeconds(T, Size);
}

/// The same space with its relations as expressions, as bench/Spaces.h
/// writes it for the engine: only what is no relation of the candidate
/// stays a callable, which reads the parameters into numbers first (an
/// operator on a parameter builds an expression, which a callable would
/// build per candidate).
double sgemmExpressions(std::size_t M, std::uint64_t &Size) {
  const std::size_t N = M, K = M, MaxWI0 = 1024, MaxWI1 = 1024, MaxWG = 1024, LMem = 49152;
  auto MWG = atf::tuning_parameter("MWG", atf::interval<size_t>(1, M), atf::divides(M));
  auto NWG = atf::tuning_parameter("NWG", atf::interval<size_t>(1, N), atf::divides(N));
  auto KWG = atf::tuning_parameter("KWG", atf::interval<size_t>(1, K), atf::divides(K));
  auto MDIMC = atf::tuning_parameter("MDIMC", atf::interval<size_t>(1, M),
                                     atf::divides(MWG) && atf::less_than_or_eq(MaxWI0));
  auto NDIMC = atf::tuning_parameter("NDIMC", atf::interval<size_t>(1, N),
                                     atf::divides(NWG) && atf::less_than_or_eq(MaxWI1) &&
                                         atf::less_than_or_eq(MaxWG / MDIMC));
  auto MDIMA = atf::tuning_parameter(
      "MDIMA", atf::interval<size_t>(1, M),
      atf::divides(MWG) && atf::divides(MDIMC * NDIMC) && [&](size_t V) {
        const size_t Q = (size_t(MDIMC) * size_t(NDIMC)) / V;
        return Q != 0 && size_t(KWG) % Q == 0;
      });
  auto NDIMB = atf::tuning_parameter(
      "NDIMB", atf::interval<size_t>(1, N),
      atf::divides(NWG) && atf::divides(MDIMC * NDIMC) && [&](size_t V) {
        const size_t Q = (size_t(MDIMC) * size_t(NDIMC)) / V;
        return Q != 0 && size_t(KWG) % Q == 0;
      });
  auto KWI = atf::tuning_parameter("KWI", atf::interval<size_t>(1, K), atf::divides(KWG));
  auto VWM = atf::tuning_parameter("VWM", atf::set<size_t>({1, 2, 4, 8}),
                                   atf::divides(MWG / MDIMC) && atf::divides(MWG / MDIMA));
  auto VWN = atf::tuning_parameter("VWN", atf::set<size_t>({1, 2, 4, 8}),
                                   atf::divides(NWG / NDIMC) && atf::divides(NWG / NDIMB));
  auto STRM = atf::tuning_parameter("STRM", atf::set<size_t>({0, 1}));
  auto STRN = atf::tuning_parameter("STRN", atf::set<size_t>({0, 1}));
  auto SA = atf::tuning_parameter("SA", atf::set<size_t>({0, 1}));
  auto SB = atf::tuning_parameter("SB", atf::set<size_t>({0, 1}), [&](size_t V) {
    const size_t Sa = SA, Kwg = KWG, Mwg = MWG, Vwm = VWM, Nwg = NWG, Vwn = VWN;
    return (Sa * Kwg * Mwg / Vwm + V * Kwg * Nwg / Vwn) * 4 <= LMem;
  });
  atf::tuner T;
  T.tuning_parameters(MWG, NWG, KWG, MDIMC, NDIMC, MDIMA, NDIMB, KWI, VWM, VWN, STRM, STRN, SA, SB);
  return generationSeconds(T, Size);
}

/// cltune_gemm.atf as a cppATF user writes it: the constraints that read
/// their own parameter as callables of the candidate.
double cltuneGemm(std::uint64_t &Size) {
  auto MWG = atf::tp("MWG", {16, 32, 64, 128});
  auto NWG = atf::tp("NWG", {16, 32, 64, 128});
  auto KWG = atf::tp("KWG", {16, 32});
  auto MDIMC = atf::tp("MDIMC", {8, 16, 32});
  auto NDIMC = atf::tp("NDIMC", {8, 16, 32});
  auto MDIMA = atf::tp("MDIMA", {8, 16, 32});
  auto NDIMB = atf::tp("NDIMB", {8, 16, 32}, [&](int V) {
    return KWG % ((MDIMC * NDIMC) / MDIMA) == 0 && KWG % ((MDIMC * NDIMC) / V) == 0;
  });
  auto KWI = atf::tp("KWI", {2, 8}, atf::divides(KWG));
  auto VWM = atf::tp("VWM", {1, 2, 4, 8},
                     [&](int V) { return MWG % (MDIMC * V) == 0 && MWG % (MDIMA * V) == 0; });
  auto VWN = atf::tp("VWN", {1, 2, 4, 8},
                     [&](int V) { return NWG % (NDIMC * V) == 0 && NWG % (NDIMB * V) == 0; });
  auto STRM = atf::tp("STRM", {0, 1});
  auto STRN = atf::tp("STRN", {0, 1});
  auto SA = atf::tp("SA", {0, 1});
  auto SB = atf::tp("SB", {0, 1});
  atf::tuner T;
  T.tuning_parameters(MWG, NWG, KWG, MDIMC, NDIMC, MDIMA, NDIMB, KWI, VWM, VWN, STRM, STRN, SA, SB);
  return generationSeconds(T, Size);
}

/// The MDH spaces' result-destination levels (bench/Spaces.h's
/// mdhLevelsGroup). Parameters are moved into the tuples here and below: a
/// copy costs an atomic count, which the instruction counts would show.
auto mdhLevels() {
  auto G = atf::tp("G_CB_RES_DEST_LEVEL", {2});
  auto L = atf::tp("L_CB_RES_DEST_LEVEL", {2, 1, 0}, atf::less_than_or_eq(G));
  auto P = atf::tp("P_CB_RES_DEST_LEVEL", {2, 1, 0}, atf::less_than_or_eq(L));
  return std::tuple(std::move(G), std::move(L), std::move(P));
}

/// The four parameters of an MDH dimension of size N; Dim names it, e.g.
/// "L_1". A reduction's number of work-groups is 1 or a multiple of its
/// local cache block (Spaces.h's mdhLDimensionGroup, mdhRDimensionGroup).
template <bool Reduction> auto mdhDimension(const std::string &Dim, std::size_t N) {
  auto LC = atf::tp("L_CB_SIZE_" + Dim, atf::interval<size_t>(1, N), atf::divides(N));
  auto PC = atf::tp("P_CB_SIZE_" + Dim, atf::interval<size_t>(1, N), atf::divides(LC));
  auto WG = [&] {
    if constexpr (Reduction)
      return atf::tp("NUM_WG_" + Dim, atf::interval<size_t>(1, N),
                     atf::divides(N / LC) && (atf::equal(1) || atf::multiple_of(LC)));
    else
      return atf::tp("NUM_WG_" + Dim, atf::interval<size_t>(1, N), atf::divides(N / LC));
  }();
  auto WI = atf::tp("NUM_WI_" + Dim, atf::interval<size_t>(1, N),
                    atf::divides(LC / PC) && atf::less_than_or_eq((N + WG - 1) / WG));
  return std::tuple(std::move(LC), std::move(PC), std::move(WG), std::move(WI));
}

/// Seconds T takes to generate the space of the parameters in Parameters
/// (a tuple, in the tuner's order); its size in Size.
template <class Tuple> double generationSecondsOf(const Tuple &Parameters, std::uint64_t &Size) {
  atf::tuner T;
  std::apply([&](const auto &...P) { T.tuning_parameters(P...); }, Parameters);
  return generationSeconds(T, Size);
}

/// mdh_prl.atf: an L dimension of size NL and an R dimension of size NR.
double prl(std::size_t NL, std::size_t NR, std::uint64_t &Size) {
  auto DL = atf::tp("OCL_DIM_L_1", {0, 1});
  auto DR = atf::tp("OCL_DIM_R_1", {0, 1}, atf::unequal(DL));
  return generationSecondsOf(
      std::tuple_cat(std::tuple(atf::tp("CACHE_L_CB", {0, 1}), atf::tp("CACHE_P_CB", {0, 1})),
                     mdhLevels(), std::tuple(std::move(DL), std::move(DR)),
                     mdhDimension<false>("L_1", NL), mdhDimension<true>("R_1", NR)),
      Size);
}

/// mdh_gemm.atf (the ATF TACO paper's GEMM space): L dimensions of sizes
/// NL1 and NL2, an R dimension of size NR1.
double mdhGemm(std::size_t NL1, std::size_t NL2, std::size_t NR1, std::uint64_t &Size) {
  auto D1 = atf::tp("OCL_DIM_L_1", {0, 1, 2});
  auto D2 = atf::tp("OCL_DIM_L_2", {0, 1, 2}, atf::unequal(D1));
  auto D3 = atf::tp("OCL_DIM_R_1", {0, 1, 2}, atf::unequal(D1) && atf::unequal(D2));
  return generationSecondsOf(
      std::tuple_cat(std::tuple(atf::tp("CACHE_L_CB", {0, 1}), atf::tp("CACHE_P_CB", {0, 1})),
                     mdhLevels(), std::tuple(std::move(D1), std::move(D2), std::move(D3)),
                     mdhDimension<false>("L_1", NL1), mdhDimension<false>("L_2", NL2),
                     mdhDimension<true>("R_1", NR1)),
      Size);
}

struct Row {
  std::string Name;
  std::function<double(std::uint64_t &)> Interface;
  std::function<atfc::ChainOfTrees(const atfc::GenerationOptions &)> Engine;
};

} // namespace

int main(int argc, char **argv) {
  unsigned Repetitions = 7;
  std::string Only, Side, After;
  bool OnlySpaces = false;
  for (int I = 1; I < argc; ++I)
    if (std::strcmp(argv[I], "--repetitions") == 0 && I + 1 < argc)
      Repetitions = static_cast<unsigned>(std::stoul(argv[++I]));
    else if (std::strcmp(argv[I], "--only") == 0 && I + 1 < argc)
      Only = argv[++I];
    else if (std::strcmp(argv[I], "--one-thread") == 0)
      ThreadCpuTime = true;
    else if (std::strcmp(argv[I], "--side") == 0 && I + 1 < argc)
      Side = argv[++I];
    else if (std::strcmp(argv[I], "--only-spaces") == 0)
      OnlySpaces = true;
    else if (std::strcmp(argv[I], "--after") == 0 && I + 1 < argc)
      After = argv[++I];
  std::optional<tbb::global_control> OneThread;
  if (ThreadCpuTime)
    OneThread.emplace(tbb::global_control::max_allowed_parallelism, 1);

  const std::vector<Row> Rows = {
      {"saxpy 1000", [](std::uint64_t &S) { return saxpy(1000, S); },
       [](const auto &O) { return atfc::bench::saxpySpace(1000, O); }},
      {"sgemm_atf 8", [](std::uint64_t &S) { return sgemm(8, S); },
       [](const auto &O) { return atfc::bench::sgemmAtfSpace(8, O); }},
      {"sgemm_atf 16", [](std::uint64_t &S) { return sgemm(16, S); },
       [](const auto &O) { return atfc::bench::sgemmAtfSpace(16, O); }},
      {"sgemm_atf 32", [](std::uint64_t &S) { return sgemm(32, S); },
       [](const auto &O) { return atfc::bench::sgemmAtfSpace(32, O); }},
      {"sgemm_atf 16 (expr)", [](std::uint64_t &S) { return sgemmExpressions(16, S); },
       [](const auto &O) { return atfc::bench::sgemmAtfSpace(16, O); }},
      {"sgemm_atf 32 (expr)", [](std::uint64_t &S) { return sgemmExpressions(32, S); },
       [](const auto &O) { return atfc::bench::sgemmAtfSpace(32, O); }},
      {"sgemm_atf 64", [](std::uint64_t &S) { return sgemm(64, S); },
       [](const auto &O) { return atfc::bench::sgemmAtfSpace(64, O); }},
      {"cltune_gemm", cltuneGemm, [](const auto &O) { return atfc::bench::cltuneGemmSpace(O); }},
      {"mdh_prl 1024 1024", [](std::uint64_t &S) { return prl(1024, 1024, S); },
       [](const auto &O) { return atfc::bench::mdhPrlSpace(1024, 1024, O); }},
      {"mdh_gemm 10 500 64", [](std::uint64_t &S) { return mdhGemm(10, 500, 64, S); },
       [](const auto &O) { return atfc::bench::mdhGemmSpace(10, 500, 64, O); }},
  };
  // The engine's side with the store's limit read before its clock, as a
  // generated tuner and the interface read it (else two system calls of
  // the machine's in every generation).
  atfc::GenerationOptions EngineOptions;
  EngineOptions.MemoryLimit = atfc::cantFail(atfc::storeMemoryLimit());
  for (const Row &R : Rows) {
    if (R.Name != After)
      continue;
    std::uint64_t Size = 0;
    if (Side != "interface")
      R.Engine(EngineOptions);
    if (Side != "engine")
      R.Interface(Size);
    Reported.clear();
  }
  std::printf("%-20s %12s %14s %14s %7s\n", "space", "|SP|", "engine ms", "interface ms", "ratio");
  for (const Row &R : Rows) {
    if (!Only.empty() && R.Name != Only)
      continue;
    std::vector<double> Engine, Interface;
    std::uint64_t EngineSize = 0, InterfaceSize = 0;
    const long FaultsBefore = minorFaults();
    for (unsigned K = 0; K < Repetitions; ++K) {
      if (Side != "interface") {
        const double Start = now();
        const atfc::ChainOfTrees Space = R.Engine(EngineOptions);
        Engine.push_back(ThreadCpuTime ? now() - Start : Space.generationSeconds());
        if (Side == "engine")
          Reported.push_back(Space.generationSeconds());
        EngineSize = Space.size().get_ui();
      }
      if (Side != "engine")
        Interface.push_back(R.Interface(InterfaceSize));
    }
    if (!Side.empty()) {
      const std::vector<double> &V = Side == "engine" ? Engine : Interface;
      // (The engine's own report of the generation: what
      // bench/online-interface-against-space sets beside `atfc space`'s.)
      // (And the median of the reports after the first, beside `atfc
      // space --repetitions`' median of its generations after its first.)
      std::printf("%s: %s %.0f page faults per generation, reported %.4f ms, done %.4f ms, "
                  "later median %.4f ms\n",
                  R.Name.c_str(), Side.c_str(), double(minorFaults() - FaultsBefore) / Repetitions,
                  Reported.empty() ? 0.0
                                   : *std::min_element(Reported.begin(), Reported.end()) * 1e3,
                  V.empty() ? 0.0 : *std::min_element(V.begin(), V.end()) * 1e3,
                  Reported.size() < 2
                      ? 0.0
                      : median(std::vector<double>(Reported.begin() + 1, Reported.end())) * 1e3);
      continue;
    }
    if (EngineSize != InterfaceSize) {
      std::fprintf(stderr, "%s: the interface generated %llu configurations, the engine %llu\n",
                   R.Name.c_str(), static_cast<unsigned long long>(InterfaceSize),
                   static_cast<unsigned long long>(EngineSize));
      return 1;
    }
    const double E = *std::min_element(Engine.begin(), Engine.end()) * 1e3;
    const double I = *std::min_element(Interface.begin(), Interface.end()) * 1e3;
    std::printf("%-20s %12llu %14.3f %14.3f %7.2f\n", R.Name.c_str(),
                static_cast<unsigned long long>(EngineSize), E, I, I / E);
  }

  if (!Only.empty() || OnlySpaces)
    return 0;
  // The loop: a trivial callable over 20,000 configurations.
  auto X = atf::tp("X", atf::interval<int>(1, 20000));
  std::vector<double> PerEvaluation;
  for (unsigned K = 0; K < std::max(3u, Repetitions / 2); ++K) {
    atf::tuner T;
    T.tuning_parameters(X).search_technique(atf::exhaustive()).silent(true);
    T.space();
    const auto Start = std::chrono::steady_clock::now();
    const atf::tuning_status S = T.tune([](atf::configuration &C) { return double(int(C["X"])); });
    const double Seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
    PerEvaluation.push_back(Seconds / static_cast<double>(S.number_of_evaluated_configs()));
  }
  std::printf("\nloop: %.1f us per evaluation of a trivial callable (median of %zu runs of "
              "20,000)\n",
              median(PerEvaluation) * 1e6, PerEvaluation.size());
}
