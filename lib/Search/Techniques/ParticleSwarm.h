//===- Search/Techniques/ParticleSwarm.h - Particle swarm optimisation --*- C++ -*-===//
//
// particle_swarm(particles, inertia, cognitive, social): Kennedy and
// Eberhart's particle swarm with inertia. Each particle moves by
//
//   v = inertia * v + cognitive * r1 * (personal best - x)
//                   + social * r2 * (global best - x),   x = x + v
//
// (r1, r2 uniform in [0,1) per coordinate), so it is drawn towards the BEST
// point it has seen and the best point of the swarm. A particle leaving
// (0,1] is reflected back and its velocity reversed; speeds are limited to
// 0.5 per coordinate. The swarm's moves are one batch.
//
// Its numbers, defaults and admitted values: kParameters.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_TECHNIQUES_PARTICLESWARM_H
#define ATFC_SEARCH_TECHNIQUES_PARTICLESWARM_H

#include "Search/HyperParameter.h"
#include "Search/SearchTechnique.h"

#include <array>
#include <deque>
#include <random>

namespace atfc {

class ParticleSwarm : public SearchTechnique {
public:
  static constexpr std::size_t kDefaultParticles = 20;
  static constexpr double kDefaultInertia = 0.7;
  static constexpr double kDefaultCognitive = 1.5;
  static constexpr double kDefaultSocial = 1.5;
  /// The numbers it takes, in order (Search/HyperParameter.h).
  static constexpr std::array<HyperParameter, 4> kParameters = {{
      countParameter("particles", kDefaultParticles, 1, "particles of the swarm"),
      {"inertia", kDefaultInertia, 0, Bound::Included, kUnbounded, Bound::Excluded, false,
       "weight of a particle's speed"},
      {"cognitive", kDefaultCognitive, 0, Bound::Included, kUnbounded, Bound::Excluded, false,
       "pull towards the particle's best"},
      {"social", kDefaultSocial, 0, Bound::Included, kUnbounded, Bound::Excluded, false,
       "pull towards the swarm's best"},
  }};

  explicit ParticleSwarm(std::size_t Particles = kDefaultParticles,
                         double Inertia = kDefaultInertia, double Cognitive = kDefaultCognitive,
                         double Social = kDefaultSocial);
  /// From values admitted by kParameters, one per parameter (the factory
  /// checks a directive's numbers against them and adds the defaults).
  explicit ParticleSwarm(std::span<const double> Values);

  void initialize(const SearchDomain &Domain, std::uint64_t Seed) override;
  std::vector<Point> propose(std::size_t Max) override;
  void report(std::span<const double> Where, const OptionalCost &Result) override;
  std::string describe() const override;

  const std::vector<Point> &positions() const { return Positions; }
  /// Particle I's best point and cost (nullopt before a valid result).
  const Point &personalBest(std::size_t I) const { return PersonalBest[I]; }
  const OptionalCost &personalBestCost(std::size_t I) const { return PersonalBestCost[I]; }
  /// The swarm's best point and cost.
  const Point &globalBest() const { return GlobalBest; }
  const OptionalCost &globalBestCost() const { return GlobalBestCost; }

private:
  void move();

  std::size_t Particles;
  double Inertia, Cognitive, Social;
  const SearchDomain *Domain = nullptr;
  std::mt19937_64 Rng;
  std::vector<Point> Positions, Velocities, PersonalBest;
  std::vector<OptionalCost> PersonalBestCost;
  Point GlobalBest;
  OptionalCost GlobalBestCost;
  std::deque<std::size_t> Queue, Pending; // particle indices
};

} // namespace atfc

#endif
