//===- Search/Techniques/Torczon.cpp - Torczon's multi-directional search --===//
#include "Search/Techniques/Torczon.h"

#include "Search/TechniqueText.h"
#include "Search/Techniques/PointMoves.h"
#include "Search/Techniques/Simplex.h"
#include "Support/Bug.h"

#include <utility>

namespace atfc {

Torczon::Torczon(double Step, double Expansion, double Contraction, double MinSize)
    : Step(Step), Expansion(Expansion), Contraction(Contraction), MinSize(MinSize) {}

Torczon::Torczon(std::span<const double> Values)
    : Torczon(Values[0], Values[1], Values[2], Values[3]) {}

void Torczon::initialize(const SearchDomain &TheDomain, std::uint64_t Seed) {
  Domain = &TheDomain;
  Rng.seed(Seed);
  restart();
}

void Torczon::restart() {
  const std::size_t D = Domain->dimensions();
  // Each vertex is its own vector: moving one never moves another.
  Vertices.assign(D + 1, uniformPoint(D, Rng));
  for (std::size_t I = 0; I < D; ++I) {
    double &X = Vertices[I + 1][I];
    X = X + Step <= 1.0 ? X + Step : X - Step;
  }
  Costs.assign(D + 1, std::nullopt);
  startPhase(Phase::Seed);
}

void Torczon::startPhase(Phase Next) {
  Current = Next;
  Queue.clear();
  Pending.clear();
  switch (Next) {
  case Phase::Seed:
    Trial = Vertices;
    break;
  case Phase::Reflect:
    Trial = scaledAboutBest(Vertices, -1.0);
    break;
  case Phase::Expand:
    Trial = scaledAboutBest(Vertices, -Expansion);
    break;
  case Phase::Contract:
    Trial = scaledAboutBest(Vertices, Contraction);
    break;
  }
  TrialCosts.assign(Trial.size(), std::nullopt);
  for (std::size_t I = Next == Phase::Seed ? 0 : 1; I < Trial.size(); ++I)
    Queue.push_back(I);
  if (Next != Phase::Seed)
    TrialCosts[0] = Costs[0];
  if (Queue.empty()) // no dimension: the one configuration is all there is
    Queue.push_back(0);
}

namespace {

/// The index of the first best of Costs from First on (First when none is
/// past it).
std::size_t bestFrom(const std::vector<OptionalCost> &Costs, std::size_t First) {
  std::size_t Best = First;
  for (std::size_t V = First + 1; V < Costs.size(); ++V)
    if (betterCost(Costs[V], Costs[Best]))
      Best = V;
  return Best;
}

} // namespace

void Torczon::bestFirst() {
  const std::size_t Best = bestFrom(Costs, 0);
  std::swap(Vertices[0], Vertices[Best]);
  std::swap(Costs[0], Costs[Best]);
}

std::vector<Point> Torczon::propose(std::size_t Max) {
  return takeBatch(Queue, Max, [&](std::size_t V) {
    Pending.push_back(V);
    return Trial[V];
  });
}

void Torczon::report(std::span<const double>, const OptionalCost &Result) {
  if (Pending.empty())
    reportBug("torczon: a report without a proposal");
  TrialCosts[Pending.front()] = Result;
  Pending.pop_front();
  if (!Queue.empty() || !Pending.empty())
    return;

  // The phase is complete; index 0 of a phase after Seed is the best kept.
  Phase Next = Phase::Reflect;
  switch (Current) {
  case Phase::Seed:
    Vertices = Trial;
    Costs = TrialCosts;
    break;
  case Phase::Reflect:
    if (Vertices.size() > 1 && betterCost(TrialCosts[bestFrom(TrialCosts, 1)], Costs[0])) {
      Reflected = Trial;
      ReflectedCosts = TrialCosts;
      Next = Phase::Expand;
    } else {
      Next = Phase::Contract;
    }
    break;
  case Phase::Expand: {
    // Keep the expansion only when it beats the reflection's best.
    if (betterCost(TrialCosts[bestFrom(TrialCosts, 1)],
                   ReflectedCosts[bestFrom(ReflectedCosts, 1)])) {
      Vertices = Trial;
      Costs = TrialCosts;
    } else {
      Vertices = Reflected;
      Costs = ReflectedCosts;
    }
    break;
  }
  case Phase::Contract:
    Vertices = Trial;
    Costs = TrialCosts;
    break;
  }
  if (Next == Phase::Expand) {
    startPhase(Next);
    return;
  }
  bestFirst();
  if (Vertices.size() < 2 || simplexSize(Vertices) < MinSize || !Costs[0])
    restart();
  else
    startPhase(Next);
}

std::string Torczon::describe() const {
  return callText("torczon", {Step, Expansion, Contraction, MinSize});
}

} // namespace atfc
