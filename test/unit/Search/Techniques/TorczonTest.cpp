//===- TorczonTest.cpp - Torczon's multi-directional search ---------------===//
//
// The initial vertices are distinct and stored independently (the
// reference's alias each other): a contraction moves every vertex on its
// own towards the best; reflections are one batch; finds the optimum.
//
//===----------------------------------------------------------------------===//
#include "Search/Techniques/Torczon.h"

#include "TechniqueLandscape.h"

#include "TechniqueProblem.h"

#include <gtest/gtest.h>

using namespace atfc;
using namespace atfc::test;

TEST(TorczonTest, InitialVerticesAreDistinct) {
  const ChainOfTrees Space = bowlSpace();
  const SearchDomain Domain(Space);
  Torczon T;
  T.initialize(Domain, 11);
  const std::vector<Point> V = T.vertices();
  ASSERT_EQ(V.size(), Domain.dimensions() + 1);
  for (std::size_t I = 1; I < V.size(); ++I) {
    for (std::size_t J = 0; J < I; ++J)
      EXPECT_NE(V[I], V[J]) << "vertices " << I << " and " << J;
    for (std::size_t K = 0; K < V[I].size(); ++K)
      EXPECT_EQ(V[I][K] != V[0][K], K == I - 1) << "vertex " << I << " is one step along " << I - 1;
  }
  EXPECT_EQ(T.propose(16), V) << "the simplex is measured as one batch";
}

TEST(TorczonTest, ContractionMovesEachVertexOnItsOwn) {
  const ChainOfTrees Space = bowlSpace();
  const SearchDomain Domain(Space);
  Torczon T;
  T.initialize(Domain, 11);
  std::vector<Point> Seed = T.propose(16);
  for (std::size_t I = 0; I < Seed.size(); ++I)
    T.report(Seed[I], Cost{I == 2 ? 1.0 : 2.0 + double(I)}); // vertex 2 is best
  const std::vector<Point> Simplex = T.vertices();
  EXPECT_EQ(Simplex[0], Seed[2]) << "the best vertex comes first";
  const std::vector<Point> Reflected = T.propose(16);
  ASSERT_EQ(Reflected.size(), Simplex.size() - 1);
  for (const Point &P : Reflected)
    T.report(P, Cost{10.0}); // no improvement: contract
  const std::vector<Point> Contracted = T.propose(16);
  ASSERT_EQ(Contracted.size(), Simplex.size() - 1);
  for (std::size_t V = 1; V < Simplex.size(); ++V)
    for (std::size_t K = 0; K < Simplex[V].size(); ++K)
      EXPECT_DOUBLE_EQ(Contracted[V - 1][K], Simplex[0][K] + 0.5 * (Simplex[V][K] - Simplex[0][K]))
          << "vertex " << V << ", coordinate " << K;
}

TEST(TorczonTest, FindsTheBowlOptimum) {
  for (std::uint64_t Seed = 1; Seed <= 5; ++Seed) {
    Torczon T;
    LandscapeRun Run = runOnBowl(T, 1500, Seed, 8);
    EXPECT_NE(Run.ToOptimum, 0u) << "seed " << Seed << ", best " << Run.Best;
  }
}

TEST(TorczonTest, NumbersAreChecked) {
  EXPECT_NE(techniqueProblem("torczon(0.7)"), "");
  EXPECT_NE(techniqueProblem("torczon(0.2, 1.0)"), "");
  EXPECT_EQ((*makeTechnique("torczon"))->describe(), "torczon(0.2, 2, 0.5, 0.004)");
}
