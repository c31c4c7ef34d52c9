//===- Search/Techniques/TabuSearch.cpp - Tabu search on parameters -------===//
#include "Search/Techniques/TabuSearch.h"

#include "Search/TechniqueText.h"

#include <algorithm>

namespace atfc {

namespace {
/// Steps (moves or widenings) one proposal may take over known
/// configurations before it restarts instead: bounds next() on a space
/// whose region is all known.
constexpr std::size_t kStepsPerProposal = 256;
} // namespace

TabuSearch::TabuSearch(std::size_t Samples, std::size_t Tenure, std::size_t Patience,
                       std::size_t Kick, bool Widen)
    : Phase{Samples}, Tenure(Tenure), Patience(Patience), Kick(Kick), Widen(Widen) {}

TabuSearch::TabuSearch(std::span<const double> Values)
    : TabuSearch(static_cast<std::size_t>(Values[0]), static_cast<std::size_t>(Values[1]),
                 static_cast<std::size_t>(Values[2]), static_cast<std::size_t>(Values[3]),
                 static_cast<std::size_t>(Values[4]) != 0) {}

std::string TabuSearch::describe() const {
  return callText("tabu_search",
                  {static_cast<double>(Phase.Samples), static_cast<double>(Tenure),
                   static_cast<double>(Patience), static_cast<double>(Kick), Widen ? 1.0 : 0.0});
}

void TabuSearch::start() {
  Phase.Sampled = 0;
  Current.reset();
  CurrentCost.reset();
  CurrentValues.clear();
  Neighbourhood.clear();
  Candidates.clear();
  StepBest.reset();
  TabuList.clear();
  Jump.reset();
  MovesWithoutBest = RestartsWithoutBest = 0;
  BestAtLastMove.reset();
  BestAtLastRestart.reset();
  Moves = WorseMoves = Aspirations = Restarts = 0;
}

void TabuSearch::fillNeighbourhood(ChainOfTrees::Move Kind) {
  Level = Kind;
  Candidates.clear();
  for (std::size_t L = 0; L < space().numLevels(); ++L)
    for (Configuration &N : space().parameterNeighbours(*Current, L, Kind))
      Candidates.push_back({std::move(N), L});
  std::shuffle(Candidates.begin(), Candidates.end(), Rng);
  Neighbourhood.insert(Neighbourhood.end(), Candidates.begin(), Candidates.end());
}

void TabuSearch::moveTo(const Configuration &C, const OptionalCost &Cost) {
  Current = C;
  CurrentCost = Cost;
  CurrentValues = space().valueIndices(C);
  StepBest = bestCost();
  Neighbourhood.clear();
  fillNeighbourhood(ChainOfTrees::Move::Adjacent);
}

bool TabuSearch::step() {
  if (betterCost(bestCost(), BestAtLastMove)) {
    MovesWithoutBest = 0;
    BestAtLastMove = bestCost();
  }
  if (MovesWithoutBest >= Patience)
    return false;
  const Neighbour *Chosen = nullptr;
  OptionalCost ChosenCost;
  bool ChosenTabu = false;
  for (const Neighbour &N : Neighbourhood) {
    const OptionalCost *R = resultOf(N.C);
    if (!R || !*R)
      continue; // awaited, or failed: never moved to
    const std::uint64_t Value = space().valueIndices(N.C)[N.Level];
    const bool Tabu = std::find(TabuList.begin(), TabuList.end(), std::make_pair(N.Level, Value)) !=
                      TabuList.end();
    if (Tabu && !betterCost(*R, StepBest))
      continue;
    if (!Chosen || betterCost(*R, ChosenCost)) {
      Chosen = &N;
      ChosenCost = *R;
      ChosenTabu = Tabu;
    }
  }
  const bool Improves = Chosen && betterCost(ChosenCost, CurrentCost);
  if (Widen && Level == ChainOfTrees::Move::Adjacent && !Improves) {
    fillNeighbourhood(ChainOfTrees::Move::AnyValue);
    return true;
  }
  if (!Chosen)
    return false;
  TabuList.emplace_back(Chosen->Level, CurrentValues[Chosen->Level]);
  while (TabuList.size() > Tenure)
    TabuList.pop_front();
  ++Moves;
  ++MovesWithoutBest;
  WorseMoves += Improves ? 0 : 1;
  Aspirations += ChosenTabu ? 1 : 0;
  const Configuration Next = Chosen->C; // moveTo clears Neighbourhood
  moveTo(Next, ChosenCost);
  return true;
}

Configuration TabuSearch::restart() {
  if (betterCost(bestCost(), BestAtLastRestart)) {
    RestartsWithoutBest = 0;
    BestAtLastRestart = bestCost();
  }
  ++Restarts;
  TabuList.clear();
  MovesWithoutBest = 0;
  BestAtLastMove = bestCost();
  Current.reset();
  Neighbourhood.clear();
  Candidates.clear();
  // Mostly a perturbation of the best: good configurations cluster; every
  // third restart without a new best leaves the region altogether.
  const bool Random = !best() || RestartsWithoutBest % 3 == 2;
  ++RestartsWithoutBest;
  // The sample is drawn first, kick or not: a seed's restarts stay the
  // same numbers.
  Configuration J = unknownSample();
  if (!Random)
    if (std::optional<Configuration> C = unknownKick(*best(), Kick))
      J = std::move(*C);
  Jump = J;
  return J;
}

std::vector<Configuration> TabuSearch::next(std::size_t Max) {
  std::vector<Configuration> Batch = phaseSamples(Phase, Max);
  if (!Batch.empty())
    return Batch;
  if (!Current) {
    // A restart's configuration still awaits its report (a batch asked
    // for more first): sample meanwhile.
    if (Jump && awaited() > 0)
      return {unknownSample()};
    Jump.reset();
    if (!best())
      return {unknownSample()};
    moveTo(*best(), bestCost());
  }
  for (std::size_t Steps = 0; Batch.empty(); ++Steps) {
    while (!Candidates.empty() && Batch.size() < Max) {
      Neighbour N = std::move(Candidates.front());
      Candidates.pop_front();
      if (!known(N.C))
        Batch.push_back(std::move(N.C));
    }
    if (!Batch.empty())
      break;
    if (Steps < kStepsPerProposal && step())
      continue;
    Batch.push_back(restart());
  }
  return Batch;
}

void TabuSearch::learn(const Configuration &C, const OptionalCost &Result, bool Own) {
  if (!Own) {
    // Results seen before the first step (another arm's) stand in for
    // random samples; a warm start's end the random phase.
    if (!Current)
      Phase.countSeen(fromPrior());
    return;
  }
  if (Jump && C == *Jump) {
    Jump.reset();
    moveTo(C, Result);
  }
}

} // namespace atfc
