//===- Search/Techniques/NelderMead.cpp - The Nelder-Mead simplex method --===//
#include "Search/Techniques/NelderMead.h"

#include "Search/TechniqueText.h"
#include "Search/Techniques/PointMoves.h"
#include "Search/Techniques/Simplex.h"
#include "Support/Bug.h"

#include <algorithm>
#include <numeric>

namespace atfc {

NelderMead::NelderMead(double Step, double Reflection, double Expansion, double Contraction,
                       double Shrink, double MinSize)
    : Step(Step), Reflection(Reflection), Expansion(Expansion), Contraction(Contraction),
      Shrink(Shrink), MinSize(MinSize) {}

NelderMead::NelderMead(std::span<const double> Values)
    : NelderMead(Values[0], Values[1], Values[2], Values[3], Values[4], Values[5]) {}

void NelderMead::initialize(const SearchDomain &TheDomain, std::uint64_t Seed) {
  Domain = &TheDomain;
  Rng.seed(Seed);
  Restarts = 0;
  restart();
}

void NelderMead::restart() {
  const std::size_t D = Domain->dimensions();
  // Each vertex is its own vector: moving one never moves another.
  std::vector<Point> Simplex(D + 1, uniformPoint(D, Rng));
  const Configuration Base = Domain->configurationAt(Simplex[0]);
  for (std::size_t I = 0; I < D; ++I) {
    // A vertex in the base's cell would only measure the base again: the
    // step doubles until the vertex reaches another configuration.
    const double X = Simplex[0][I];
    for (double S = Step; S <= 2.0; S *= 2) {
      Simplex[I + 1][I] = X + S <= 1.0 ? X + S : clampIntoUnit(X - S);
      if (!(Domain->configurationAt(Simplex[I + 1]) == Base))
        break;
    }
  }
  Vertices.clear();
  Costs.clear();
  startPhase(Phase::Seed, std::move(Simplex));
}

void NelderMead::startPhase(Phase Next, std::vector<Point> Points) {
  Current = Next;
  Trial = std::move(Points);
  TrialCosts.assign(Trial.size(), std::nullopt);
  Queue.clear();
  Pending.clear();
  for (std::size_t I = 0; I < Trial.size(); ++I)
    Queue.push_back(I);
}

Point NelderMead::alongCentroid(const Point &To, double Factor) const {
  const std::size_t D = Domain->dimensions();
  Point Centroid(D, 0.0);
  for (std::size_t V = 0; V + 1 < Vertices.size(); ++V)
    for (std::size_t I = 0; I < D; ++I)
      Centroid[I] += Vertices[V][I] / static_cast<double>(Vertices.size() - 1);
  Point Moved(D);
  for (std::size_t I = 0; I < D; ++I)
    Moved[I] = reflectIntoUnit(Centroid[I] + Factor * (To[I] - Centroid[I]));
  return Moved;
}

bool NelderMead::collapsed() const {
  const Configuration First = Domain->configurationAt(Vertices[0]);
  for (std::size_t V = 1; V < Vertices.size(); ++V)
    if (!(Domain->configurationAt(Vertices[V]) == First))
      return false;
  return true;
}

void NelderMead::nextStep() {
  // Best first, worst last; stable, so equal costs keep their order.
  std::vector<std::size_t> Order(Vertices.size());
  std::iota(Order.begin(), Order.end(), 0);
  std::stable_sort(Order.begin(), Order.end(),
                   [&](std::size_t A, std::size_t B) { return betterCost(Costs[A], Costs[B]); });
  std::vector<Point> SortedVertices;
  std::vector<OptionalCost> SortedCosts;
  for (std::size_t V : Order) {
    SortedVertices.push_back(std::move(Vertices[V]));
    SortedCosts.push_back(Costs[V]);
  }
  Vertices = std::move(SortedVertices);
  Costs = std::move(SortedCosts);

  if (Vertices.size() < 2 || simplexSize(Vertices) < MinSize || !Costs[0] || collapsed()) {
    if (Vertices.size() >= 2)
      ++Restarts;
    restart();
    return;
  }
  startPhase(Phase::Reflect, {alongCentroid(Vertices.back(), -Reflection)});
}

std::vector<Point> NelderMead::propose(std::size_t Max) {
  return takeBatch(Queue, Max, [&](std::size_t V) {
    Pending.push_back(V);
    return Trial[V];
  });
}

void NelderMead::report(std::span<const double>, const OptionalCost &Result) {
  if (Pending.empty())
    reportBug("nelder_mead: a report without a proposal");
  TrialCosts[Pending.front()] = Result;
  Pending.pop_front();
  if (!Queue.empty() || !Pending.empty())
    return;

  // The phase is complete.
  auto ReplaceWorst = [&](const Point &P, const OptionalCost &C) {
    Vertices.back() = P;
    Costs.back() = C;
  };
  auto ShrinkTowardsBest = [&] {
    std::vector<Point> Shrunk = scaledAboutBest(Vertices, Shrink);
    Shrunk.erase(Shrunk.begin()); // the best stays where it is
    startPhase(Phase::Shrink, std::move(Shrunk));
  };
  const OptionalCost &Best = Costs.empty() ? TrialCosts[0] : Costs.front();
  switch (Current) {
  case Phase::Seed:
    Vertices = Trial;
    Costs = TrialCosts;
    if (Vertices.size() < 2) { // no dimension: the one configuration is all there is
      restart();
      return;
    }
    break;
  case Phase::Reflect: {
    Reflected = Trial[0];
    ReflectedCost = TrialCosts[0];
    const OptionalCost &SecondWorst = Costs[Costs.size() - 2];
    if (betterCost(ReflectedCost, Best)) {
      startPhase(Phase::Expand, {alongCentroid(Reflected, Expansion)});
      return;
    }
    if (betterCost(ReflectedCost, SecondWorst)) {
      ReplaceWorst(Reflected, ReflectedCost);
      break;
    }
    if (betterCost(ReflectedCost, Costs.back()))
      startPhase(Phase::ContractOutside, {alongCentroid(Reflected, Contraction)});
    else
      startPhase(Phase::ContractInside, {alongCentroid(Vertices.back(), Contraction)});
    return;
  }
  case Phase::Expand:
    if (betterCost(TrialCosts[0], ReflectedCost))
      ReplaceWorst(Trial[0], TrialCosts[0]);
    else
      ReplaceWorst(Reflected, ReflectedCost);
    break;
  case Phase::ContractOutside:
    if (!betterCost(ReflectedCost, TrialCosts[0])) {
      ReplaceWorst(Trial[0], TrialCosts[0]);
      break;
    }
    ShrinkTowardsBest();
    return;
  case Phase::ContractInside:
    if (betterCost(TrialCosts[0], Costs.back())) {
      ReplaceWorst(Trial[0], TrialCosts[0]);
      break;
    }
    ShrinkTowardsBest();
    return;
  case Phase::Shrink:
    for (std::size_t V = 1; V < Vertices.size(); ++V) {
      Vertices[V] = Trial[V - 1];
      Costs[V] = TrialCosts[V - 1];
    }
    break;
  }
  nextStep();
}

std::string NelderMead::describe() const {
  return callText("nelder_mead", {Step, Reflection, Expansion, Contraction, Shrink, MinSize});
}

} // namespace atfc
