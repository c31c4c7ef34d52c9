//===- bench/Spaces.h - The benchmark spaces, written by hand ---*- C++ -*-===//
//
// The constrained search spaces of /work/shared/bench/spaces/*.atf, written
// against the SearchSpace C++ API, for the benchmark driver and for the
// tests that check their exact sizes. One function per space builds its
// ChainOfTrees for given inputs; benchSpaces() lists every input the
// material states an expected |SP| for.
//
// Translation rules: parameters share a group iff they are connected through
// constraints (transitively); inside a group, and between groups, the file's
// declaration order is kept. An alias of the file stays that alias with a
// path expression; a bare boolean expression becomes predicate(...), or
// aliases where it is exactly one (NUM_WG_R_1 == 1 || NUM_WG_R_1 % L == 0
// is equal(1) || multiple_of(L)).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_BENCH_SPACES_H
#define ATFC_BENCH_SPACES_H

#include "SearchSpace/SpaceGenerator.h"
#include "Support/Bug.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <tuple>
#include <vector>

namespace atfc::bench {

/// The path expression "value of the group's I-th parameter".
template <std::size_t I> struct PathValue {
  template <class Path> auto operator()(const Path &P) const { return std::get<I>(P); }
};
template <std::size_t I> inline constexpr PathValue<I> valueOf{};

/// saxpy.atf: WPT and LS, one group.
inline ChainOfTrees saxpySpace(std::size_t N, const GenerationOptions &Options) {
  enum : std::size_t { WPT, LS };
  auto Main = group(parameter("WPT", interval<std::size_t>(1, N), divides(N)),
                    parameter("LS", interval<std::size_t>(1, N),
                              divides([N](const auto &P) { return N / std::get<WPT>(P); })));
  return cantFail(generateSpace(Options, Main));
}

/// sgemm_atf.atf for M = N = K = Size: one group of twelve parameters, STRM
/// and STRN on their own.
inline ChainOfTrees sgemmAtfSpace(std::size_t Size, const GenerationOptions &Options) {
  const std::size_t M = Size, N = M, K = M;
  const std::size_t MaxWI0 = 1024, MaxWI1 = 1024, MaxWG = 1024, LMem = 49152;
  enum : std::size_t { MWG, NWG, KWG, MDIMC, NDIMC, MDIMA, NDIMB, KWI, VWM, VWN, SA, SB };
  auto Main = group(
      parameter("MWG", interval<std::size_t>(1, M), divides(M)),
      parameter("NWG", interval<std::size_t>(1, N), divides(N)),
      parameter("KWG", interval<std::size_t>(1, K), divides(K)),
      parameter("MDIMC", interval<std::size_t>(1, M),
                divides(valueOf<MWG>) && less_than_or_eq(MaxWI0)),
      parameter("NDIMC", interval<std::size_t>(1, N),
                divides(valueOf<NWG>) && less_than_or_eq(MaxWI1) &&
                    predicate([MaxWG](std::size_t V, const auto &P) {
                      return std::get<MDIMC>(P) * V <= MaxWG;
                    })),
      // The divides(MDIMC * NDIMC) before the predicate keeps its divisor
      // nonzero; the predicate checks it again to stand on its own.
      parameter("MDIMA", interval<std::size_t>(1, M),
                divides(valueOf<MWG>) && divides([](const auto &P) {
                  return std::get<MDIMC>(P) * std::get<NDIMC>(P);
                }) &&
                    predicate([](std::size_t V, const auto &P) {
                      const std::size_t Q = (std::get<MDIMC>(P) * std::get<NDIMC>(P)) / V;
                      return Q != 0 && std::get<KWG>(P) % Q == 0;
                    })),
      parameter("NDIMB", interval<std::size_t>(1, N),
                divides(valueOf<NWG>) && divides([](const auto &P) {
                  return std::get<MDIMC>(P) * std::get<NDIMC>(P);
                }) &&
                    predicate([](std::size_t V, const auto &P) {
                      const std::size_t Q = (std::get<MDIMC>(P) * std::get<NDIMC>(P)) / V;
                      return Q != 0 && std::get<KWG>(P) % Q == 0;
                    })),
      parameter("KWI", interval<std::size_t>(1, K), divides(valueOf<KWG>)),
      parameter("VWM", set<std::size_t>({1, 2, 4, 8}),
                divides([](const auto &P) { return std::get<MWG>(P) / std::get<MDIMC>(P); }) &&
                    divides([](const auto &P) { return std::get<MWG>(P) / std::get<MDIMA>(P); })),
      parameter("VWN", set<std::size_t>({1, 2, 4, 8}),
                divides([](const auto &P) { return std::get<NWG>(P) / std::get<NDIMC>(P); }) &&
                    divides([](const auto &P) { return std::get<NWG>(P) / std::get<NDIMB>(P); })),
      parameter("SA", set<std::size_t>({0, 1})),
      parameter("SB", set<std::size_t>({0, 1}), predicate([LMem](std::size_t V, const auto &P) {
                  const std::size_t SAValue = std::get<SA>(P), KWGValue = std::get<KWG>(P);
                  return (SAValue * KWGValue * std::get<MWG>(P) / std::get<VWM>(P) +
                          V * KWGValue * std::get<NWG>(P) / std::get<VWN>(P)) *
                             4 <=
                         LMem;
                })));
  auto Strm = group(parameter("STRM", set<std::size_t>({0, 1})));
  auto Strn = group(parameter("STRN", set<std::size_t>({0, 1})));
  return cantFail(generateSpace(Options, Main, Strm, Strn));
}

/// cltune_gemm.atf: one group of ten parameters, STRM, STRN, SA and SB on
/// their own.
inline ChainOfTrees cltuneGemmSpace(const GenerationOptions &Options) {
  enum : std::size_t { MWG, NWG, KWG, MDIMC, NDIMC, MDIMA, NDIMB, KWI, VWM, VWN };
  auto Main = group(
      parameter("MWG", set<std::size_t>({16, 32, 64, 128})),
      parameter("NWG", set<std::size_t>({16, 32, 64, 128})),
      parameter("KWG", set<std::size_t>({16, 32})),
      parameter("MDIMC", set<std::size_t>({8, 16, 32})),
      parameter("NDIMC", set<std::size_t>({8, 16, 32})),
      parameter("MDIMA", set<std::size_t>({8, 16, 32})),
      parameter("NDIMB", set<std::size_t>({8, 16, 32}), predicate([](std::size_t V, const auto &P) {
                  const std::size_t C = std::get<MDIMC>(P) * std::get<NDIMC>(P);
                  return std::get<KWG>(P) % (C / std::get<MDIMA>(P)) == 0 &&
                         std::get<KWG>(P) % (C / V) == 0;
                })),
      parameter("KWI", set<std::size_t>({2, 8}), divides(valueOf<KWG>)),
      parameter("VWM", set<std::size_t>({1, 2, 4, 8}), predicate([](std::size_t V, const auto &P) {
                  return std::get<MWG>(P) % (std::get<MDIMC>(P) * V) == 0 &&
                         std::get<MWG>(P) % (std::get<MDIMA>(P) * V) == 0;
                })),
      parameter("VWN", set<std::size_t>({1, 2, 4, 8}), predicate([](std::size_t V, const auto &P) {
                  return std::get<NWG>(P) % (std::get<NDIMC>(P) * V) == 0 &&
                         std::get<NWG>(P) % (std::get<NDIMB>(P) * V) == 0;
                })));
  auto Strm = group(parameter("STRM", set<std::size_t>({0, 1})));
  auto Strn = group(parameter("STRN", set<std::size_t>({0, 1})));
  auto Sa = group(parameter("SA", set<std::size_t>({0, 1})));
  auto Sb = group(parameter("SB", set<std::size_t>({0, 1})));
  return cantFail(generateSpace(Options, Main, Strm, Strn, Sa, Sb));
}

/// The MDH spaces' result-destination levels: G_CB_RES_DEST_LEVEL (fixed to
/// 2), L_CB_RES_DEST_LEVEL and P_CB_RES_DEST_LEVEL, one group.
inline auto mdhLevelsGroup() {
  enum : std::size_t { G, L };
  return group(parameter("G_CB_RES_DEST_LEVEL", set<int>({2})),
               parameter("L_CB_RES_DEST_LEVEL", set<int>({2, 1, 0}), less_than_or_eq(valueOf<G>)),
               parameter("P_CB_RES_DEST_LEVEL", set<int>({2, 1, 0}), less_than_or_eq(valueOf<L>)));
}

/// The four parameters of an MDH L (map) dimension of size N; Dim names it,
/// e.g. "L_1".
inline auto mdhLDimensionGroup(const std::string &Dim, std::size_t N) {
  enum : std::size_t { LCB, PCB, NumWG };
  return group(
      parameter("L_CB_SIZE_" + Dim, interval<std::size_t>(1, N), divides(N)),
      parameter("P_CB_SIZE_" + Dim, interval<std::size_t>(1, N), divides(valueOf<LCB>)),
      parameter("NUM_WG_" + Dim, interval<std::size_t>(1, N),
                divides([N](const auto &P) { return N / std::get<LCB>(P); })),
      parameter("NUM_WI_" + Dim, interval<std::size_t>(1, N),
                divides([](const auto &P) { return std::get<LCB>(P) / std::get<PCB>(P); }) &&
                    less_than_or_eq([N](const auto &P) {
                      return (N + std::get<NumWG>(P) - 1) / std::get<NumWG>(P);
                    })));
}

/// The four parameters of an MDH R (reduction) dimension of size N: as an L
/// dimension, but the number of work-groups is 1 or a multiple of the
/// local cache block.
inline auto mdhRDimensionGroup(const std::string &Dim, std::size_t N) {
  enum : std::size_t { LCB, PCB, NumWG };
  return group(
      parameter("L_CB_SIZE_" + Dim, interval<std::size_t>(1, N), divides(N)),
      parameter("P_CB_SIZE_" + Dim, interval<std::size_t>(1, N), divides(valueOf<LCB>)),
      parameter("NUM_WG_" + Dim, interval<std::size_t>(1, N),
                divides([N](const auto &P) { return N / std::get<LCB>(P); }) &&
                    (equal(std::size_t(1)) || multiple_of(valueOf<LCB>))),
      parameter("NUM_WI_" + Dim, interval<std::size_t>(1, N),
                divides([](const auto &P) { return std::get<LCB>(P) / std::get<PCB>(P); }) &&
                    less_than_or_eq([N](const auto &P) {
                      return (N + std::get<NumWG>(P) - 1) / std::get<NumWG>(P);
                    })));
}

/// The Gaussian convolution (CONV) space of the ATF TACO paper, MDH-generated:
/// two L dimensions of sizes N1 and N2 (the stencil's output, e.g.
/// 4092 x 4092 for a 4096 x 4096 image and a 5 x 5 stencil), no reduction.
/// Table 1 of the paper gives 14 parameters in groups of sizes
/// {1, 1, 2, 2, 4, 4} and |SP| = 1.69e8 at 4092 x 4092, which this space
/// reproduces exactly: 168,750,000 (mdh_conv.atf).
inline ChainOfTrees mdhConvSpace(std::size_t N1, std::size_t N2, const GenerationOptions &Options) {
  enum : std::size_t { OclDimL1 };
  enum : std::size_t { L };
  auto CacheL = group(parameter("CACHE_L_CB", set<int>({0, 1})));
  auto CacheP = group(parameter("CACHE_P_CB", set<int>({0, 1})));
  auto Levels =
      group(parameter("L_CB_RES_DEST_LEVEL", set<int>({2, 1, 0})),
            parameter("P_CB_RES_DEST_LEVEL", set<int>({2, 1, 0}), less_than_or_eq(valueOf<L>)));
  auto Dims = group(parameter("OCL_DIM_L_1", set<int>({0, 1})),
                    parameter("OCL_DIM_L_2", set<int>({0, 1}), unequal(valueOf<OclDimL1>)));
  return cantFail(generateSpace(Options, CacheL, CacheP, Levels, Dims,
                                mdhLDimensionGroup("L_1", N1), mdhLDimensionGroup("L_2", N2)));
}

/// mdh_prl.atf: an L dimension of size NL and an R dimension of size NR.
inline ChainOfTrees mdhPrlSpace(std::size_t NL, std::size_t NR, const GenerationOptions &Options) {
  enum : std::size_t { OclDimL1 };
  auto CacheL = group(parameter("CACHE_L_CB", set<int>({0, 1})));
  auto CacheP = group(parameter("CACHE_P_CB", set<int>({0, 1})));
  auto Dims = group(parameter("OCL_DIM_L_1", set<int>({0, 1})),
                    parameter("OCL_DIM_R_1", set<int>({0, 1}), unequal(valueOf<OclDimL1>)));
  return cantFail(generateSpace(Options, CacheL, CacheP, mdhLevelsGroup(), Dims,
                                mdhLDimensionGroup("L_1", NL), mdhRDimensionGroup("R_1", NR)));
}

/// mdh_gemm.atf: L dimensions of sizes NL1 and NL2, an R dimension of size
/// NR1.
inline ChainOfTrees mdhGemmSpace(std::size_t NL1, std::size_t NL2, std::size_t NR1,
                                 const GenerationOptions &Options) {
  enum : std::size_t { OclDimL1, OclDimL2 };
  auto CacheL = group(parameter("CACHE_L_CB", set<int>({0, 1})));
  auto CacheP = group(parameter("CACHE_P_CB", set<int>({0, 1})));
  auto Dims = group(parameter("OCL_DIM_L_1", set<int>({0, 1, 2})),
                    parameter("OCL_DIM_L_2", set<int>({0, 1, 2}), unequal(valueOf<OclDimL1>)),
                    parameter("OCL_DIM_R_1", set<int>({0, 1, 2}),
                              unequal(valueOf<OclDimL1>) && unequal(valueOf<OclDimL2>)));
  return cantFail(generateSpace(Options, CacheL, CacheP, mdhLevelsGroup(), Dims,
                                mdhLDimensionGroup("L_1", NL1), mdhLDimensionGroup("L_2", NL2),
                                mdhRDimensionGroup("R_1", NR1)));
}

/// One space at one input, with the |SP| the material states for it.
struct BenchSpace {
  /// The space file's name without .atf, e.g. "sgemm_atf".
  std::string Name;
  /// The file's inputs ($1, $2, ...).
  std::vector<std::size_t> Inputs;
  /// |SP| as stated in the file.
  std::uint64_t ExpectedSize;
  /// Small enough for --quick.
  bool Quick;
  /// Generates the space.
  std::function<ChainOfTrees(const GenerationOptions &)> Generate;

  /// The inputs as text, e.g. "10 500 64" ("-" when there are none).
  std::string inputText() const {
    std::string Text;
    for (std::size_t I = 0; I < Inputs.size(); ++I) {
      if (I != 0)
        Text += ' ';
      Text += std::to_string(Inputs[I]);
    }
    return Text.empty() ? std::string("-") : Text;
  }
};

/// Every space at every input listed in /work/shared/bench/README.md and
/// the space files.
inline std::vector<BenchSpace> benchSpaces() {
  using O = const GenerationOptions &;
  std::vector<BenchSpace> Spaces;
  Spaces.push_back({"saxpy", {1000}, 100, true, [](O Opt) { return saxpySpace(1000, Opt); }});
  auto Sgemm = [&](std::size_t Size, std::uint64_t Expected, bool Quick) {
    Spaces.push_back(
        {"sgemm_atf", {Size}, Expected, Quick, [=](O Opt) { return sgemmAtfSpace(Size, Opt); }});
  };
  Sgemm(8, 194'144, true);
  Sgemm(16, 1'230'176, true);
  Sgemm(32, 5'651'696, false);
  Sgemm(64, 20'548'000, false);
  Spaces.push_back({"cltune_gemm", {}, 241'600, true, [](O Opt) { return cltuneGemmSpace(Opt); }});
  auto Prl = [&](std::size_t NL, std::size_t NR, std::uint64_t Expected, bool Quick) {
    Spaces.push_back(
        {"mdh_prl", {NL, NR}, Expected, Quick, [=](O Opt) { return mdhPrlSpace(NL, NR, Opt); }});
  };
  Prl(10, 10, 22'800, true);
  Prl(16, 16, 181'440, true);
  Prl(1024, 1024, 23'111'088, false);
  auto Gemm = [&](std::size_t NL1, std::size_t NL2, std::size_t NR1, std::uint64_t Expected,
                  bool Quick) {
    Spaces.push_back({"mdh_gemm", {NL1, NL2, NR1}, Expected, Quick, [=](O Opt) {
                        return mdhGemmSpace(NL1, NL2, NR1, Opt);
                      }});
  };
  Gemm(10, 10, 10, 1'710'000, true);
  Gemm(16, 16, 16, 38'102'400, true);
  Gemm(10, 500, 64, 251'370'000, false);
  auto Conv = [&](std::size_t N1, std::size_t N2, std::uint64_t Expected, bool Quick) {
    Spaces.push_back(
        {"mdh_conv", {N1, N2}, Expected, Quick, [=](O Opt) { return mdhConvSpace(N1, N2, Opt); }});
  };
  Conv(10, 10, 30'000, true);
  Conv(16, 16, 235'200, true);
  Conv(4092, 4092, 168'750'000, false);
  return Spaces;
}

} // namespace atfc::bench

#endif
