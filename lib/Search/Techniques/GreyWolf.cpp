//===- Search/Techniques/GreyWolf.cpp - A pack of searchers led by the best --===//
#include "Search/Techniques/GreyWolf.h"

#include "Search/TechniqueText.h"
#include "Search/Techniques/ValueChoice.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace atfc {

namespace {
/// Generations one proposal may go through on known children before it
/// samples instead: bounds next() on a region that is all known.
constexpr std::size_t kGenerationsPerProposal = 64;
/// Neighbours the model averages.
constexpr std::size_t kNeighbours = 5;

double logCost(const Cost &C) { return std::log(std::max(C[0], 1e-300)); }
} // namespace

GreyWolf::GreyWolf(std::size_t Pack, double Shake, double Jump, std::size_t Stagnation,
                   double Restart, double Temperature, std::size_t Screen)
    : PackSize(Pack), Stagnation(Stagnation), Screen(Screen), Shake(Shake), Jump(Jump),
      RestartShare(Restart), Temperature(Temperature) {}

GreyWolf::GreyWolf(std::span<const double> Values)
    : GreyWolf(static_cast<std::size_t>(Values[0]), Values[1], Values[2],
               static_cast<std::size_t>(Values[3]), Values[4], Values[5],
               static_cast<std::size_t>(Values[6])) {}

std::string GreyWolf::describe() const {
  return callText("grey_wolf",
                  {static_cast<double>(PackSize), Shake, Jump, static_cast<double>(Stagnation),
                   RestartShare, Temperature, static_cast<double>(Screen)});
}

void GreyWolf::start() {
  Sampled = 0;
  Pack.clear();
  Generation.clear();
  InGeneration = false;
  PackBestBefore.reset();
  Stagnant = OwnEvaluations = 0;
  SeenValues.clear();
  SeenLogCost.clear();
  WorstLogCost = 0;
  Generations = Children = WorseAccepted = Restarts = 0;
}

double GreyWolf::predict(const Configuration &C) const {
  const std::vector<std::uint64_t> V = space().valueIndices(C);
  // The k smallest (distance, log cost) pairs.
  std::vector<std::pair<std::size_t, double>> Near;
  for (std::size_t I = 0; I < SeenValues.size(); ++I) {
    std::size_t D = 0;
    for (std::size_t L = 0; L < V.size(); ++L)
      D += V[L] != SeenValues[I][L];
    Near.emplace_back(D, SeenLogCost[I]);
  }
  const std::size_t K = std::min(kNeighbours, Near.size());
  if (K == 0)
    return 0;
  std::partial_sort(Near.begin(), Near.begin() + static_cast<std::ptrdiff_t>(K), Near.end());
  double Sum = 0;
  for (std::size_t I = 0; I < K; ++I)
    Sum += Near[I].second;
  return Sum / static_cast<double>(K);
}

Configuration GreyWolf::drawChild(std::size_t W) {
  // Pack is sorted best first: the leaders are its first three.
  const std::size_t Levels = space().numLevels();
  ValueSets Sets(Levels);
  for (std::size_t Parent : {std::size_t{0}, std::size_t{1}, std::size_t{2}, W}) {
    const std::vector<std::uint64_t> V = space().valueIndices(Pack[Parent].C);
    for (std::size_t L = 0; L < Levels; ++L)
      Sets[L].push_back(V[L]);
  }
  // The wolf's own values always combine validly, so a child exists.
  Configuration Child = chooseValues(space(), Sets, Rng).value_or(Pack[W].C);
  const double ShakeP = std::min(
      0.5, Shake * (1.0 + static_cast<double>(Stagnant) / static_cast<double>(Stagnation)));
  std::uniform_real_distribution<double> U(0, 1);
  if (U(Rng) < ShakeP) {
    if (U(Rng) < Jump) {
      const std::size_t L = std::uniform_int_distribution<std::size_t>(0, Levels - 1)(Rng);
      std::vector<Configuration> Ns =
          space().parameterNeighbours(Child, L, ChainOfTrees::Move::AnyValue);
      if (!Ns.empty())
        Child = Ns[std::uniform_int_distribution<std::size_t>(0, Ns.size() - 1)(Rng)];
    } else if (std::optional<Configuration> Moved = boxMove(space(), Child, 0.5, Rng)) {
      Child = std::move(*Moved);
    }
  }
  // Tabu: a known child moves one parameter to another value instead.
  for (int Try = 0; Try < 4 && known(Child); ++Try) {
    const std::size_t L = std::uniform_int_distribution<std::size_t>(0, Levels - 1)(Rng);
    std::vector<Configuration> Ns =
        space().parameterNeighbours(Child, L, ChainOfTrees::Move::AnyValue);
    if (Ns.empty())
      continue;
    Configuration N = Ns[std::uniform_int_distribution<std::size_t>(0, Ns.size() - 1)(Rng)];
    if (!known(N))
      Child = std::move(N);
  }
  return Child;
}

Configuration GreyWolf::childOf(std::size_t W) {
  Configuration Chosen = drawChild(W);
  if (Screen <= 1 || SeenValues.empty())
    return Chosen;
  double ChosenScore = known(Chosen) ? INFINITY : predict(Chosen);
  for (std::size_t I = 1; I < Screen; ++I) {
    Configuration Other = drawChild(W);
    if (known(Other))
      continue;
    if (const double Score = predict(Other); Score < ChosenScore) {
      Chosen = std::move(Other);
      ChosenScore = Score;
    }
  }
  return Chosen;
}

void GreyWolf::beginGeneration() {
  std::stable_sort(Pack.begin(), Pack.end(),
                   [](const Wolf &A, const Wolf &B) { return betterCost(A.Cost, B.Cost); });
  PackBestBefore = Pack.front().Cost;
  InGeneration = true;
  for (std::size_t W = 3; W < Pack.size(); ++W) {
    Configuration Child = childOf(W);
    if (const OptionalCost *R = resultOf(Child)) {
      settle({W, Child}, *R); // known: no evaluation
      continue;
    }
    if (known(Child))
      continue; // awaited (another wolf's child of this generation)
    Generation.push_back({W, std::move(Child)});
  }
}

void GreyWolf::settle(const Pending &P, const OptionalCost &Result) {
  ++Children;
  Wolf &W = Pack[P.Wolf];
  if (P.Replace || betterCost(Result, W.Cost) || (Result && !W.Cost)) {
    W = {P.C, Result};
    return;
  }
  if (!Result || !W.Cost || Temperature <= 0)
    return;
  double T = Temperature * std::exp(-static_cast<double>(OwnEvaluations) / 400.0);
  if (Stagnant > 0 && Stagnant % std::max<std::size_t>(1, Stagnation / 2) == 0)
    T += Temperature / 5;
  const double Increase = ((*Result)[0] - (*W.Cost)[0]) / std::max(std::abs((*W.Cost)[0]), 1e-300);
  if (std::uniform_real_distribution<double>(0, 1)(Rng) < std::exp(-Increase / T)) {
    ++WorseAccepted;
    W = {P.C, Result};
  }
}

void GreyWolf::endGeneration() {
  InGeneration = false;
  ++Generations;
  const auto Best = std::min_element(Pack.begin(), Pack.end(), [](const Wolf &A, const Wolf &B) {
    return betterCost(A.Cost, B.Cost);
  });
  if (betterCost(Best->Cost, PackBestBefore))
    Stagnant = 0;
  else
    ++Stagnant;
  if (Stagnant < Stagnation)
    return;
  // The worst share of the pack starts again from random configurations.
  std::stable_sort(Pack.begin(), Pack.end(),
                   [](const Wolf &A, const Wolf &B) { return betterCost(A.Cost, B.Cost); });
  const auto Count =
      static_cast<std::size_t>(std::ceil(RestartShare * static_cast<double>(Pack.size())));
  for (std::size_t W = Pack.size() - std::min(Count, Pack.size() - 3); W < Pack.size(); ++W)
    Generation.push_back({W, unknownSample(), /*Replace=*/true});
  ++Restarts;
  Stagnant = 0;
  InGeneration = !Generation.empty();
}

std::vector<Configuration> GreyWolf::next(std::size_t Max) {
  std::vector<Configuration> Batch;
  if (Pack.size() < PackSize) {
    for (; Sampled < PackSize && Batch.size() < Max; ++Sampled)
      Batch.push_back(unknownSample());
    if (Batch.empty())
      Batch.push_back(unknownSample()); // a pack not full yet (failed samples, awaited ones)
    return Batch;
  }
  for (std::size_t Rounds = 0; Batch.empty() && Rounds < kGenerationsPerProposal; ++Rounds) {
    if (!InGeneration)
      beginGeneration();
    for (Pending &P : Generation)
      if (!P.Proposed && Batch.size() < Max) {
        P.Proposed = true;
        Batch.push_back(P.C);
      }
    if (!Batch.empty())
      return Batch;
    if (std::any_of(Generation.begin(), Generation.end(),
                    [](const Pending &P) { return P.Proposed; }))
      return {unknownSample()}; // every child is proposed and awaits its result
    endGeneration();
  }
  if (Batch.empty())
    Batch.push_back(unknownSample());
  return Batch;
}

void GreyWolf::join(const Configuration &C, const OptionalCost &Result) {
  if (std::any_of(Pack.begin(), Pack.end(), [&](const Wolf &W) { return W.C == C; }))
    return;
  if (Pack.size() < PackSize) {
    Pack.push_back({C, Result});
    return;
  }
  // Another arm's (or a warm start's) better configuration takes the place
  // of the worst wolf without a pending child, so that the leaders follow
  // the best the run knows.
  std::size_t Worst = Pack.size();
  for (std::size_t W = 0; W < Pack.size(); ++W) {
    if (std::any_of(Generation.begin(), Generation.end(),
                    [&](const Pending &P) { return P.Wolf == W; }))
      continue;
    if (Worst == Pack.size() || betterCost(Pack[Worst].Cost, Pack[W].Cost))
      Worst = W;
  }
  if (Worst != Pack.size() && betterCost(Result, Pack[Worst].Cost))
    Pack[Worst] = {C, Result};
}

void GreyWolf::learn(const Configuration &C, const OptionalCost &Result, bool Own) {
  if (Result) {
    SeenValues.push_back(space().valueIndices(C));
    SeenLogCost.push_back(logCost(*Result));
    WorstLogCost =
        SeenLogCost.size() == 1 ? SeenLogCost.back() : std::max(WorstLogCost, SeenLogCost.back());
  } else if (!SeenLogCost.empty()) {
    // A failed configuration counts as worse than anything measured.
    SeenValues.push_back(space().valueIndices(C));
    SeenLogCost.push_back(WorstLogCost + 1);
  }
  if (Own)
    ++OwnEvaluations;
  auto It = std::find_if(Generation.begin(), Generation.end(),
                         [&](const Pending &P) { return P.Proposed && P.C == C; });
  if (Own && It != Generation.end()) {
    const Pending P = *It;
    Generation.erase(It);
    settle(P, Result);
    if (Generation.empty() && InGeneration)
      endGeneration();
    return;
  }
  join(C, Result);
}

} // namespace atfc
