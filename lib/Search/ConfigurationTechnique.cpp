//===- Search/ConfigurationTechnique.cpp - Search on the parameters -------===//
#include "Search/ConfigurationTechnique.h"

namespace atfc {

void ConfigurationTechnique::initialize(const SearchDomain &TheDomain, std::uint64_t Seed) {
  Domain = &TheDomain;
  Rng.seed(Seed);
  Memory.clear();
  Best.reset();
  BestCost.reset();
  Awaited = 0;
  start();
}

std::vector<Point> ConfigurationTechnique::propose(std::size_t Max) {
  std::vector<Configuration> Batch = next(std::max<std::size_t>(Max, 1));
  std::vector<Point> Points;
  Points.reserve(Batch.size());
  for (const Configuration &C : Batch) {
    // A configuration proposed twice in one batch is awaited once.
    auto [It, New] = Memory.try_emplace(C);
    if (New)
      It->second.Awaited = true;
    ++Awaited;
    Points.push_back(Domain->pointOf(C));
  }
  return Points;
}

const OptionalCost *ConfigurationTechnique::resultOf(const Configuration &C) const {
  auto It = Memory.find(C);
  return It == Memory.end() || It->second.Awaited ? nullptr : &It->second.Result;
}

void ConfigurationTechnique::remember(const Configuration &C, const OptionalCost &Result) {
  Known &K = Memory[C];
  K.Result = Result;
  K.Awaited = false;
  if (betterCost(Result, BestCost)) {
    Best = C;
    BestCost = Result;
  }
}

void ConfigurationTechnique::report(std::span<const double> Where, const OptionalCost &Result) {
  const Configuration C = Domain->configurationAt(Where);
  remember(C, Result);
  if (Awaited > 0)
    --Awaited;
  learn(C, Result, /*Own=*/true);
}

void ConfigurationTechnique::observe(std::span<const double> Where, const OptionalCost &Result) {
  const Configuration C = Domain->configurationAt(Where);
  remember(C, Result);
  learn(C, Result, /*Own=*/false);
}

void ConfigurationTechnique::observePrior(std::span<const double> Where,
                                          const OptionalCost &Result) {
  FromPrior = true;
  observe(Where, Result);
  FromPrior = false;
}

Configuration ConfigurationTechnique::unknownSample() {
  Configuration C = space().sample(Rng);
  for (int Try = 0; Try < 64 && known(C); ++Try)
    C = space().sample(Rng);
  return C;
}

std::optional<Configuration> ConfigurationTechnique::unknownKick(const Configuration &Base,
                                                                 std::size_t Kick) {
  const std::size_t Levels = space().numLevels();
  for (int Try = 0; Try < 16; ++Try) {
    Configuration C = Base;
    for (std::size_t K = 0; K < Kick; ++K) {
      const std::size_t L = std::uniform_int_distribution<std::size_t>(0, Levels - 1)(Rng);
      std::vector<Configuration> Ns =
          space().parameterNeighbours(C, L, ChainOfTrees::Move::AnyValue);
      if (!Ns.empty())
        C = Ns[std::uniform_int_distribution<std::size_t>(0, Ns.size() - 1)(Rng)];
    }
    if (!known(C))
      return C;
  }
  return std::nullopt;
}

std::vector<Configuration> ConfigurationTechnique::phaseSamples(RandomPhase &Phase,
                                                                std::size_t Max) {
  std::vector<Configuration> Batch;
  for (; Phase.Sampled < Phase.Samples && Batch.size() < Max; ++Phase.Sampled)
    Batch.push_back(unknownSample());
  return Batch;
}

} // namespace atfc
