//===- Search/Techniques/Simplex.cpp - Geometry the simplex methods share --===//
#include "Search/Techniques/Simplex.h"

#include "Search/Techniques/PointMoves.h"

#include <algorithm>
#include <cmath>

namespace atfc {

double simplexSize(const std::vector<Point> &Vertices) {
  double Size = 0.0;
  for (std::size_t V = 1; V < Vertices.size(); ++V)
    for (std::size_t I = 0; I < Vertices[V].size(); ++I)
      Size = std::max(Size, std::fabs(Vertices[V][I] - Vertices[0][I]));
  return Size;
}

std::vector<Point> scaledAboutBest(const std::vector<Point> &Vertices, double Factor) {
  std::vector<Point> Moved = Vertices;
  for (std::size_t V = 1; V < Vertices.size(); ++V)
    for (std::size_t I = 0; I < Vertices[V].size(); ++I)
      Moved[V][I] = reflectIntoUnit(Vertices[0][I] + Factor * (Vertices[V][I] - Vertices[0][I]));
  return Moved;
}

} // namespace atfc
