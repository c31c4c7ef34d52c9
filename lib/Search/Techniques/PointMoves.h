//===- Search/Techniques/PointMoves.h - Random points and moves in (0,1]^D --*- C++ -*-===//
//
// The small geometric steps that the techniques share: a uniform point of
// (0,1]^D, keeping a coordinate inside (0,1] after a move, and a mutation
// that is guaranteed to land on another configuration than its origin (in
// a discrete space most small moves stay inside the same cell, and a
// technique that proposes its own point again learns nothing).
//
// Tested through GreedyMutationTest.cpp and the other tests of its users.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_TECHNIQUES_POINTMOVES_H
#define ATFC_SEARCH_TECHNIQUES_POINTMOVES_H

#include "Search/SearchTechnique.h"

#include <cmath>
#include <cstddef>
#include <random>

namespace atfc {

/// A uniformly distributed coordinate of (0,1].
inline double uniformCoordinate(std::mt19937_64 &Rng) {
  return 1.0 - std::uniform_real_distribution<double>(0.0, 1.0)(Rng);
}

/// A uniformly distributed point of (0,1]^D.
inline Point uniformPoint(std::size_t D, std::mt19937_64 &Rng) {
  Point P(D);
  for (double &X : P)
    X = uniformCoordinate(Rng);
  return P;
}

/// X folded back into (0,1] by reflection at the borders, so that a move
/// past a border does not pile points up on the border cell.
inline double reflectIntoUnit(double X) {
  if (!std::isfinite(X))
    return 1.0;
  X = std::fmod(std::fabs(X), 2.0); // the reflection is 2-periodic
  if (X > 1.0)
    X = 2.0 - X;
  return X > 0.0 ? X : 1.0;
}

/// X clamped into (0,1].
inline double clampIntoUnit(double X) {
  if (!(X > 0.0))
    return 0x1p-60;
  return X < 1.0 ? X : 1.0;
}

/// Mutates Origin: each coordinate changes with probability Rate (at least
/// one always does), by a normal step of deviation Sigma or, with
/// probability UniformShare, to a uniform coordinate. Up to a few tries
/// are made to reach a configuration other than Origin's; the last try is
/// returned either way.
inline Point mutatedPoint(const SearchDomain &Domain, const Point &Origin, double Rate,
                          double Sigma, double UniformShare, std::mt19937_64 &Rng) {
  const std::size_t D = Origin.size();
  if (D == 0)
    return Origin;
  const Configuration From = Domain.configurationAt(Origin);
  std::uniform_real_distribution<double> Unit(0.0, 1.0);
  std::normal_distribution<double> Step(0.0, Sigma);
  std::uniform_int_distribution<std::size_t> AnyDimension(0, D - 1);
  Point Moved;
  for (int Try = 0; Try < 16; ++Try) {
    Moved = Origin;
    const std::size_t Forced = AnyDimension(Rng);
    for (std::size_t I = 0; I < D; ++I) {
      if (I != Forced && Unit(Rng) >= Rate)
        continue;
      Moved[I] =
          Unit(Rng) < UniformShare ? uniformCoordinate(Rng) : reflectIntoUnit(Moved[I] + Step(Rng));
    }
    if (!(Domain.configurationAt(Moved) == From))
      break;
  }
  return Moved;
}

} // namespace atfc

#endif
