//===- Search/Torczon.cpp - Torczon's multi-directional search ------------===//
#include "Search/Torczon.h"

#include "Search/PointMoves.h"
#include "Search/TechniqueText.h"
#include "Support/Bug.h"

#include <algorithm>
#include <cmath>
#include <numeric>

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
    Trial = transformed(-1.0);
    break;
  case Phase::Expand:
    Trial = transformed(-Expansion);
    break;
  case Phase::Contract:
    Trial = transformed(Contraction);
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

std::vector<Point> Torczon::transformed(double Factor) const {
  std::vector<Point> Moved(Vertices.size(), Vertices[0]);
  for (std::size_t V = 1; V < Vertices.size(); ++V)
    for (std::size_t I = 0; I < Vertices[V].size(); ++I)
      Moved[V][I] = reflectIntoUnit(Vertices[0][I] + Factor * (Vertices[V][I] - Vertices[0][I]));
  return Moved;
}

void Torczon::bestFirst() {
  std::size_t Best = 0;
  for (std::size_t V = 1; V < Vertices.size(); ++V)
    if (betterCost(Costs[V], Costs[Best]))
      Best = V;
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

  // The phase is complete.
  auto BestTrial = [&] {
    std::size_t Best = 1;
    for (std::size_t V = 2; V < TrialCosts.size(); ++V)
      if (betterCost(TrialCosts[V], TrialCosts[Best]))
        Best = V;
    return Best;
  };
  Phase Next = Phase::Reflect;
  switch (Current) {
  case Phase::Seed:
    Vertices = Trial;
    Costs = TrialCosts;
    break;
  case Phase::Reflect:
    if (Vertices.size() > 1 && betterCost(TrialCosts[BestTrial()], Costs[0])) {
      Reflected = Trial;
      ReflectedCosts = TrialCosts;
      Next = Phase::Expand;
    } else {
      Next = Phase::Contract;
    }
    break;
  case Phase::Expand: {
    // Keep the expansion only when it beats the reflection's best.
    const std::size_t Expanded = BestTrial();
    std::size_t Best = 1;
    for (std::size_t V = 2; V < ReflectedCosts.size(); ++V)
      if (betterCost(ReflectedCosts[V], ReflectedCosts[Best]))
        Best = V;
    if (betterCost(TrialCosts[Expanded], ReflectedCosts[Best])) {
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
  double Size = 0.0;
  for (std::size_t V = 1; V < Vertices.size(); ++V)
    for (std::size_t I = 0; I < Vertices[V].size(); ++I)
      Size = std::max(Size, std::fabs(Vertices[V][I] - Vertices[0][I]));
  if (Vertices.size() < 2 || Size < MinSize || !Costs[0])
    restart();
  else
    startPhase(Next);
}

std::string Torczon::describe() const {
  return callText("torczon", {Step, Expansion, Contraction, MinSize});
}

} // namespace atfc
