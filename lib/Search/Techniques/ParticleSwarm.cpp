//===- Search/Techniques/ParticleSwarm.cpp - Particle swarm optimisation --===//
#include "Search/Techniques/ParticleSwarm.h"

#include "Search/TechniqueText.h"
#include "Search/Techniques/PointMoves.h"
#include "Support/Bug.h"

#include <algorithm>

namespace atfc {

namespace {
/// The largest speed per coordinate: half the space.
constexpr double kMaxSpeed = 0.5;
} // namespace

ParticleSwarm::ParticleSwarm(std::size_t Particles, double Inertia, double Cognitive, double Social)
    : Particles(Particles), Inertia(Inertia), Cognitive(Cognitive), Social(Social) {}

ParticleSwarm::ParticleSwarm(std::span<const double> Values)
    : ParticleSwarm(static_cast<std::size_t>(Values[0]), Values[1], Values[2], Values[3]) {}

void ParticleSwarm::initialize(const SearchDomain &TheDomain, std::uint64_t Seed) {
  Domain = &TheDomain;
  Rng.seed(Seed);
  const std::size_t D = Domain->dimensions();
  std::uniform_real_distribution<double> Speed(-0.1, 0.1);
  Positions.clear();
  Velocities.assign(Particles, Point(D));
  for (std::size_t P = 0; P < Particles; ++P) {
    Positions.push_back(uniformPoint(D, Rng));
    for (double &V : Velocities[P])
      V = Speed(Rng);
  }
  PersonalBest = Positions;
  PersonalBestCost.assign(Particles, std::nullopt);
  GlobalBest.clear();
  GlobalBestCost.reset();
  Queue.clear();
  Pending.clear();
  for (std::size_t P = 0; P < Particles; ++P)
    Queue.push_back(P);
}

void ParticleSwarm::move() {
  std::uniform_real_distribution<double> Unit(0.0, 1.0);
  for (std::size_t P = 0; P < Particles; ++P) {
    Point &X = Positions[P], &V = Velocities[P];
    // Before any valid result there is no best to follow: drift on.
    const Point &Own = PersonalBestCost[P] ? PersonalBest[P] : X;
    const Point &Swarm = GlobalBestCost ? GlobalBest : X;
    for (std::size_t I = 0; I < X.size(); ++I) {
      V[I] = Inertia * V[I] + Cognitive * Unit(Rng) * (Own[I] - X[I]) +
             Social * Unit(Rng) * (Swarm[I] - X[I]);
      V[I] = std::clamp(V[I], -kMaxSpeed, kMaxSpeed);
      const double Next = X[I] + V[I];
      if (Next <= 0.0 || Next > 1.0)
        V[I] = -V[I];
      X[I] = reflectIntoUnit(Next);
    }
    Queue.push_back(P);
  }
}

std::vector<Point> ParticleSwarm::propose(std::size_t Max) {
  if (Queue.empty())
    move();
  return takeBatch(Queue, Max, [&](std::size_t P) {
    Pending.push_back(P);
    return Positions[P];
  });
}

void ParticleSwarm::report(std::span<const double>, const OptionalCost &Result) {
  if (Pending.empty())
    reportBug("particle_swarm: a report without a proposal");
  const std::size_t P = Pending.front();
  Pending.pop_front();
  if (betterCost(Result, PersonalBestCost[P])) {
    PersonalBest[P] = Positions[P];
    PersonalBestCost[P] = Result;
  }
  if (betterCost(Result, GlobalBestCost)) {
    GlobalBest = Positions[P];
    GlobalBestCost = Result;
  }
}

std::string ParticleSwarm::describe() const {
  return callText("particle_swarm", {double(Particles), Inertia, Cognitive, Social});
}

} // namespace atfc
