//===- bench/ProposalOverheadBench.cpp - What a proposal costs ------------===//
//
// The search's own overhead per evaluation: for each technique, one run of
// 2,000 evaluations through Exploration on the CLTune GEMM space (241,600
// configurations, 14 parameters in constrained groups) with a synthetic
// cost that costs nothing to compute, timing every next() (the technique's
// proposal, its learning from the previous report, and the exploration's
// bookkeeping). Prints the median and 90th percentile over the run and the
// median of the last 200 proposals (the cost at 2,000 evaluations).
//
//   proposal-overhead-bench [--evaluations N] [--technique T]...
//
//===----------------------------------------------------------------------===//
#include "Spaces.h"

#include "Search/AbortCondition.h"
#include "Search/Exploration.h"
#include "Search/TechniqueFactory.h"
#include "Support/SplitMix64.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

using namespace atfc;

namespace {

/// A rugged landscape: a smooth bowl over the value indices plus a
/// per-configuration hash, so local searches find local optima.
double syntheticCost(const ChainOfTrees &Space, const Configuration &C) {
  std::uint64_t H = kSplitMix64Gamma;
  double Bowl = 1.0;
  const std::vector<std::uint64_t> V = Space.valueIndices(C);
  for (std::size_t L = 0; L < V.size(); ++L) {
    const double X =
        static_cast<double>(V[L]) - static_cast<double>(Space.parameter(L).RangeSize) / 3;
    Bowl += X * X;
    H = (H ^ V[L]) * 0x100000001b3ULL;
  }
  return Bowl * (1.0 + static_cast<double>(H % 1000) / 2000.0);
}

double percentile(std::vector<double> V, double P) {
  std::sort(V.begin(), V.end());
  return V[static_cast<std::size_t>(P * static_cast<double>(V.size() - 1))];
}

} // namespace

int main(int Argc, char **Argv) {
  std::uint64_t Evaluations = 2000;
  std::vector<std::string> Techniques;
  for (int I = 1; I < Argc; ++I) {
    const std::string Arg = Argv[I];
    if (Arg == "--evaluations" && I + 1 < Argc)
      Evaluations = std::stoull(Argv[++I]);
    else if (Arg == "--technique" && I + 1 < Argc)
      Techniques.push_back(Argv[++I]);
    else {
      std::fprintf(stderr, "usage: %s [--evaluations N] [--technique T]...\n", Argv[0]);
      return 2;
    }
  }
  if (Techniques.empty()) {
    // Every technique that stands alone, and the default bandit.
    for (const TechniqueEntry &Entry : techniqueRegistry())
      if (Entry.Name != "exhaustive" && Entry.MinTechniques == 0)
        Techniques.emplace_back(Entry.Name);
    Techniques.emplace_back("auc_bandit");
  }
  const ChainOfTrees Space = bench::cltuneGemmSpace(GenerationOptions{1});
  std::printf("space: CLTune GEMM, %s configurations; %llu evaluations per technique\n",
              Space.size().get_str().c_str(), static_cast<unsigned long long>(Evaluations));
  std::printf("%-24s %14s %14s %20s\n", "technique", "median ms", "p90 ms", "median last 200 ms");
  for (const std::string &Text : Techniques) {
    Expected<std::unique_ptr<SearchTechnique>> T = makeTechnique(Text);
    if (!T) {
      std::fprintf(stderr, "%s: %s\n", Text.c_str(), T.error().message().c_str());
      return 2;
    }
    Exploration Run(Space, T.take(), AbortCondition::evaluations(Evaluations), 1);
    std::vector<double> Millis;
    while (true) {
      const auto Start = std::chrono::steady_clock::now();
      std::vector<Configuration> Batch = Run.next(1);
      Millis.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - Start)
              .count());
      if (Batch.empty())
        break;
      for (const Configuration &C : Batch)
        Run.report(C, Cost{syntheticCost(Space, C)});
    }
    Millis.pop_back(); // the call that found the run over
    const std::vector<double> Last(
        Millis.end() - std::min<std::ptrdiff_t>(200, static_cast<std::ptrdiff_t>(Millis.size())),
        Millis.end());
    std::printf("%-24s %14.4f %14.4f %20.4f\n", Text.c_str(), percentile(Millis, 0.5),
                percentile(Millis, 0.9), percentile(Last, 0.5));
  }
  return 0;
}
