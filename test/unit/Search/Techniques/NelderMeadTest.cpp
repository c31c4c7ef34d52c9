//===- NelderMeadTest.cpp - The Nelder-Mead simplex method ----------------===//
//
// The moves against hand-computed points (reflection through the centroid
// of all but the worst, expansion, inside contraction, shrink towards the
// best); a simplex collapsed into one configuration's cell starts again
// instead of proposing that configuration forever; deterministic for a
// seed; finds the optimum of the bowl and of the border landscape.
//
//===----------------------------------------------------------------------===//
#include "Search/Techniques/NelderMead.h"

#include "TechniqueLandscape.h"

#include "TechniqueProblem.h"

#include <gtest/gtest.h>

#include <set>

using namespace atfc;
using namespace atfc::test;

namespace {

/// A two-dimensional space: X, Y in 0..99 (no constraint).
ChainOfTrees planeSpace() {
  return cantFail(generateSpace(GenerationOptions{1}, group(parameter("X", interval<int>(0, 99))),
                                group(parameter("Y", interval<int>(0, 99)))));
}

/// Measures the seed simplex with Costs (vertex order as proposed).
std::vector<Point> seedWith(NelderMead &T, const std::vector<double> &Costs) {
  std::vector<Point> Seed = T.propose(16);
  EXPECT_EQ(Seed.size(), Costs.size());
  for (std::size_t I = 0; I < Seed.size(); ++I)
    T.report(Seed[I], Cost{Costs[I]});
  return Seed;
}

Point plus(const Point &A, double F, const Point &B, const Point &C) {
  // A + F (B - C), componentwise.
  Point R(A.size());
  for (std::size_t I = 0; I < A.size(); ++I)
    R[I] = A[I] + F * (B[I] - C[I]);
  return R;
}

void expectNear(const Point &A, const Point &B, const std::string &What) {
  ASSERT_EQ(A.size(), B.size()) << What;
  for (std::size_t I = 0; I < A.size(); ++I)
    EXPECT_NEAR(A[I], B[I], 1e-12) << What << ", coordinate " << I;
}

} // namespace

TEST(NelderMeadTest, ReflectsAndExpandsThroughTheCentroidOfTheOthers) {
  const ChainOfTrees Space = planeSpace();
  const SearchDomain Domain(Space);
  NelderMead T(0.1);
  // A seed well inside (0,1]^2, so that no move reaches a border.
  for (std::uint64_t Seed = 1;; ++Seed) {
    T.initialize(Domain, Seed);
    const std::vector<Point> V = T.propose(16);
    bool Inside = true;
    for (const Point &P : V)
      for (double X : P)
        Inside = Inside && X > 0.35 && X < 0.65;
    if (Inside) {
      T.initialize(Domain, Seed);
      break;
    }
  }
  const std::vector<Point> Seed = seedWith(T, {2.0, 3.0, 1.0}); // vertex 2 best, 1 worst
  EXPECT_EQ(T.vertices()[0], Seed[2]) << "best first";
  EXPECT_EQ(T.vertices()[2], Seed[1]) << "worst last";
  const Point Centroid = plus(Seed[2], 0.5, Seed[0], Seed[2]);
  const std::vector<Point> Reflected = T.propose(16);
  ASSERT_EQ(Reflected.size(), 1u) << "a reflection is one point";
  expectNear(Reflected[0], plus(Centroid, 1.0, Centroid, Seed[1]), "reflection");
  T.report(Reflected[0], Cost{0.5}); // beats the best: expand
  const std::vector<Point> Expanded = T.propose(16);
  ASSERT_EQ(Expanded.size(), 1u);
  expectNear(Expanded[0], plus(Centroid, 2.0, Reflected[0], Centroid), "expansion");
  T.report(Expanded[0], Cost{0.25});
  EXPECT_EQ(T.vertices()[0], Expanded[0]) << "the expansion replaced the worst and leads";
  EXPECT_EQ(T.vertexCosts()[0], OptionalCost(Cost{0.25}));
}

TEST(NelderMeadTest, ContractsInsideThenShrinksTowardsTheBest) {
  const ChainOfTrees Space = planeSpace();
  const SearchDomain Domain(Space);
  NelderMead T(0.1);
  for (std::uint64_t Seed = 1;; ++Seed) {
    T.initialize(Domain, Seed);
    bool Inside = true;
    for (const Point &P : T.propose(16))
      for (double X : P)
        Inside = Inside && X > 0.35 && X < 0.65;
    if (Inside) {
      T.initialize(Domain, Seed);
      break;
    }
  }
  const std::vector<Point> Seed = seedWith(T, {1.0, 2.0, 3.0});
  const Point Centroid = plus(Seed[0], 0.5, Seed[1], Seed[0]);
  const std::vector<Point> Reflected = T.propose(16);
  T.report(Reflected[0], Cost{5.0}); // worse than the worst: inside contraction
  const std::vector<Point> Contracted = T.propose(16);
  ASSERT_EQ(Contracted.size(), 1u);
  expectNear(Contracted[0], plus(Centroid, 0.5, Seed[2], Centroid), "inside contraction");
  T.report(Contracted[0], Cost{4.0}); // not better than the worst: shrink
  const std::vector<Point> Shrunk = T.propose(16);
  ASSERT_EQ(Shrunk.size(), 2u) << "every vertex but the best, as one batch";
  expectNear(Shrunk[0], plus(Seed[0], 0.5, Seed[1], Seed[0]), "shrunk vertex 1");
  expectNear(Shrunk[1], plus(Seed[0], 0.5, Seed[2], Seed[0]), "shrunk vertex 2");
}

// In a discrete space a simplex can shrink into one cell, where every move
// proposes the same configuration again: it must start again elsewhere.
TEST(NelderMeadTest, ASimplexInsideOneCellStartsAgain) {
  const ChainOfTrees Space =
      cantFail(generateSpace(GenerationOptions{1}, group(parameter("X", interval<int>(0, 1))),
                             group(parameter("Y", interval<int>(0, 1)))));
  const SearchDomain Domain(Space);
  NelderMead T(0.01, 1, 2, 0.5, 0.5, 1e-9); // tiny steps, no size limit
  T.initialize(Domain, 3);
  for (int Step = 0; Step < 400 && T.restarts() == 0; ++Step)
    for (const Point &P : T.propose(16))
      T.report(P, Cost{1.0 + P[0] + P[1]});
  EXPECT_GT(T.restarts(), 0u);
}

// A parameter with few values has wide cells: a vertex `step` away may
// lie in the first point's cell and measure it again (GEMM's parameters
// have 2 to 4 values). Every initial vertex is another configuration.
TEST(NelderMeadTest, InitialVerticesAreOtherConfigurations) {
  const ChainOfTrees Space = cantFail(generateSpace(
      GenerationOptions{1}, group(parameter("X", interval<int>(0, 1))),
      group(parameter("Y", interval<int>(0, 2))), group(parameter("Z", interval<int>(0, 3)))));
  const SearchDomain Domain(Space);
  for (std::uint64_t Seed = 1; Seed <= 50; ++Seed) {
    NelderMead T(0.05);
    T.initialize(Domain, Seed);
    const std::vector<Point> V = T.propose(16);
    ASSERT_EQ(V.size(), 4u);
    for (std::size_t I = 1; I < V.size(); ++I) {
      EXPECT_FALSE(Domain.configurationAt(V[I]) == Domain.configurationAt(V[0]))
          << "seed " << Seed << ", vertex " << I;
      for (std::size_t K = 0; K < 3; ++K)
        EXPECT_EQ(V[I][K] != V[0][K], K == I - 1) << "vertex " << I << " moves along " << I - 1;
    }
  }
}

TEST(NelderMeadTest, IsDeterministicForASeed) {
  NelderMead A, B, C;
  const LandscapeRun RunA = runOnBowl(A, 300, 5), RunB = runOnBowl(B, 300, 5),
                     RunC = runOnBowl(C, 300, 6);
  EXPECT_EQ(RunA.Proposed, RunB.Proposed);
  EXPECT_NE(RunA.Proposed, RunC.Proposed);
}

TEST(NelderMeadTest, FindsTheOptimaOfConvexLandscapes) {
  for (std::uint64_t Seed = 1; Seed <= 5; ++Seed) {
    NelderMead T;
    const LandscapeRun Run = runOnBowl(T, 1500, Seed);
    EXPECT_NE(Run.ToOptimum, 0u) << "seed " << Seed << ", best " << Run.Best;
    for (const Point &P : Run.Proposed)
      for (double X : P)
        ASSERT_TRUE(X > 0.0 && X <= 1.0) << "a point outside (0,1]^D";
  }
  const ChainOfTrees Space = borderSpace();
  const SearchDomain Domain(Space);
  for (std::uint64_t Seed = 1; Seed <= 5; ++Seed) {
    NelderMead T;
    const LandscapeRun Run = runOn(
        T, Domain, [&](const Configuration &C) { return OptionalCost(borderCost(Space, C)); }, 1.0,
        3000, Seed);
    EXPECT_NE(Run.ToOptimum, 0u) << "seed " << Seed << ", best " << Run.Best;
  }
}

TEST(NelderMeadTest, NumbersAreChecked) {
  EXPECT_NE(techniqueProblem("nelder_mead(0.7)"), "");
  EXPECT_NE(techniqueProblem("nelder_mead(0.2, 1, 1)"), "") << "an expansion must be > 1";
  EXPECT_NE(techniqueProblem("nelder_mead(0.2, 1, 2, 1)"), "");
  EXPECT_EQ((*makeTechnique("nelder_mead"))->describe(), "nelder_mead(0.5, 1, 2, 0.5, 0.5, 0.004)");
}
