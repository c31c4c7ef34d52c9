//===- Search/Techniques/Simplex.h - Geometry the simplex methods share --*- C++ -*-===//
//
// nelder_mead and torczon keep a simplex of D + 1 points of (0,1]^D, the
// best vertex first. Both measure how far it still spans (to restart once
// it has collapsed) and both move every vertex but the best along its line
// to the best: Torczon's reflection, expansion and contraction, and
// Nelder-Mead's shrink. What differs, which vertices they move and when,
// stays with each technique.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_TECHNIQUES_SIMPLEX_H
#define ATFC_SEARCH_TECHNIQUES_SIMPLEX_H

#include "Search/SearchTechnique.h"

#include <vector>

namespace atfc {

/// The largest coordinate distance of a vertex to the first (the best); 0
/// for a simplex of fewer than two vertices.
double simplexSize(const std::vector<Point> &Vertices);

/// Vertices with every vertex V but the first moved to best + Factor
/// (V - best), reflected into (0,1]; the first is kept. Factor in (0,1)
/// shrinks the simplex towards the best, -1 reflects it through the best.
std::vector<Point> scaledAboutBest(const std::vector<Point> &Vertices, double Factor);

} // namespace atfc

#endif
