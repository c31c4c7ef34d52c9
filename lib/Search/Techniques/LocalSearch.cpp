//===- Search/Techniques/LocalSearch.cpp - Iterated local search on parameters --===//
#include "Search/Techniques/LocalSearch.h"

#include "Search/TechniqueText.h"
#include "Search/Techniques/ValueChoice.h"

#include <algorithm>
#include <stdexcept>

namespace atfc {

LocalSearch::LocalSearch(std::size_t Samples, std::size_t Kick, std::size_t Patience,
                         unsigned Widen, std::size_t Tabu)
    : Phase{Samples}, Kick(Kick), Patience(Patience), Widen(Widen), Tabu(Tabu) {}

LocalSearch::LocalSearch(std::span<const double> Values)
    : LocalSearch(static_cast<std::size_t>(Values[0]), static_cast<std::size_t>(Values[1]),
                  static_cast<std::size_t>(Values[2]), static_cast<unsigned>(Values[3]),
                  static_cast<std::size_t>(Values[4])) {}

std::string LocalSearch::describe() const {
  return callText("local_search", {static_cast<double>(Phase.Samples), static_cast<double>(Kick),
                                   static_cast<double>(Patience), static_cast<double>(Widen),
                                   static_cast<double>(Tabu)});
}

void LocalSearch::start() {
  Phase.Sampled = 0;
  Current.reset();
  CurrentCost.reset();
  Candidates.clear();
  Improved.reset();
  ImprovedCost.reset();
  Jump.reset();
  KicksWithoutBest = 0;
  BestAtLastJump.reset();
  KicksDone = RestartsDone = TabuMoves = 0;
  TabuWithoutBest = 0;
  BestAtLastTabu.reset();
  Visited.clear();
  SampleBest.reset();
  SampleBestCost.reset();
  Restarted = false;
}

std::vector<Configuration> LocalSearch::movesAlong(std::size_t L, ChainOfTrees::Move Kind) const {
  if (Widen == 2 && Kind == ChainOfTrees::Move::Adjacent)
    return repairedSteps(space(), *Current, L);
  return space().parameterNeighbours(*Current, L, Kind);
}

void LocalSearch::fillNeighbourhood(ChainOfTrees::Move Kind) {
  Level = Kind;
  Candidates.clear();
  for (std::size_t L = 0; L < space().numLevels(); ++L)
    for (Configuration &N : movesAlong(L, Kind))
      Candidates.push_back(std::move(N));
  std::shuffle(Candidates.begin(), Candidates.end(), Rng);
}

void LocalSearch::moveTo(const Configuration &C, const OptionalCost &Cost) {
  Current = C;
  CurrentCost = Cost;
  fillNeighbourhood(ChainOfTrees::Move::Adjacent);
}

Configuration LocalSearch::kicked(const Configuration &Base) {
  if (std::optional<Configuration> C = unknownKick(Base, Kick))
    return std::move(*C);
  return unknownSample();
}

bool LocalSearch::tabuMove() {
  if (betterCost(bestCost(), BestAtLastTabu)) {
    TabuWithoutBest = 0;
    BestAtLastTabu = bestCost();
  }
  if (TabuWithoutBest >= Tabu)
    return false;
  Visited.insert(*Current);
  // Every neighbour is known here: the best one not visited costs nothing
  // to find.
  std::optional<Configuration> Next;
  OptionalCost NextCost;
  bool Any = false;
  for (std::size_t L = 0; L < space().numLevels(); ++L)
    for (Configuration &N : movesAlong(L, Level)) {
      const OptionalCost *R = resultOf(N);
      if (!R || Visited.count(N))
        continue;
      if (!Any || betterCost(*R, NextCost)) {
        Next = std::move(N);
        NextCost = *R;
        Any = true;
      }
    }
  if (!Any)
    return false;
  ++TabuWithoutBest;
  ++TabuMoves;
  moveTo(*Next, NextCost);
  return true;
}

Configuration LocalSearch::jump() {
  TabuWithoutBest = 0;
  if (betterCost(bestCost(), BestAtLastJump)) {
    KicksWithoutBest = 0;
    BestAtLastJump = bestCost();
  }
  if (!best() || KicksWithoutBest >= Patience) {
    KicksWithoutBest = 0;
    ++RestartsDone;
    // A restart samples afresh and descends from the best new sample.
    Current.reset();
    CurrentCost.reset();
    Candidates.clear();
    SampleBest.reset();
    SampleBestCost.reset();
    Restarted = true;
    Phase.Sampled = 1;
    return unknownSample();
  } else {
    ++KicksWithoutBest;
    ++KicksDone;
    Jump = kicked(*best());
  }
  return *Jump;
}

std::vector<Configuration> LocalSearch::next(std::size_t Max) {
  std::vector<Configuration> Batch = phaseSamples(Phase, Max);
  if (!Batch.empty())
    return Batch;
  if (!Current) {
    if (Restarted && SampleBest)
      moveTo(*SampleBest, SampleBestCost);
    else if (best())
      moveTo(*best(), bestCost());
    else
      return {unknownSample()};
  }
  // Each pass either fills the batch, widens the neighbourhood once, or
  // jumps; a known neighbour that improves restarts the pass.
  while (Batch.empty()) {
    while (!Candidates.empty() && Batch.size() < Max) {
      Configuration C = std::move(Candidates.front());
      Candidates.pop_front();
      if (const OptionalCost *R = resultOf(C)) {
        if (betterCost(*R, CurrentCost))
          moveTo(C, *R);
        continue;
      }
      if (!known(C))
        Batch.push_back(std::move(C));
    }
    if (!Batch.empty())
      break;
    if (Level == ChainOfTrees::Move::Adjacent && Widen == 1) {
      fillNeighbourhood(ChainOfTrees::Move::AnyValue);
      continue;
    }
    if (tabuMove())
      continue;
    Batch.push_back(jump());
  }
  return Batch;
}

void LocalSearch::learn(const Configuration &C, const OptionalCost &Result, bool Own) {
  if (!Own) {
    // Results seen before the descent starts (another arm's) stand in for
    // random samples; a warm start's are better than samples: the descent
    // starts from the best of them.
    if (!Current)
      Phase.countSeen(fromPrior());
    return;
  }
  if (Jump && C == *Jump) {
    Jump.reset();
    moveTo(C, Result);
    return;
  }
  if (!Current && betterCost(Result, SampleBestCost)) {
    SampleBest = C;
    SampleBestCost = Result;
  }
  if (Current && betterCost(Result, CurrentCost) && betterCost(Result, ImprovedCost)) {
    Improved = C;
    ImprovedCost = Result;
  }
  if (awaited() == 0 && Improved) {
    moveTo(*Improved, ImprovedCost);
    Improved.reset();
    ImprovedCost.reset();
  }
}

} // namespace atfc
