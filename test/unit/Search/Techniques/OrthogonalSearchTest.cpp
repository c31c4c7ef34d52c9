//===- OrthogonalSearchTest.cpp - Orthogonal logarithmic search -----------===//
//
// A line is searched logarithmically (far fewer measurements than values)
// and finds a unimodal line's optimum; parameters are optimised one after
// another; never proposes a configuration the run knows; deterministic for
// a seed; finds the optima of the bowl and of the border landscape.
//
//===----------------------------------------------------------------------===//
#include "Search/Techniques/OrthogonalSearch.h"

#include "TechniqueLandscape.h"

#include "TechniqueProblem.h"

#include <gtest/gtest.h>

#include <set>

using namespace atfc;
using namespace atfc::test;

namespace {

/// The distinct configurations of the points.
std::set<Configuration> configurationsOf(const SearchDomain &Domain,
                                         const std::vector<Point> &Points) {
  std::set<Configuration> Configurations;
  for (const Point &P : Points)
    Configurations.insert(Domain.configurationAt(P));
  return Configurations;
}

} // namespace

TEST(OrthogonalSearchTest, SearchesALineLogarithmically) {
  // One parameter of 1,000 values, a V-shaped cost with its optimum at 637.
  const ChainOfTrees Space =
      cantFail(generateSpace(GenerationOptions{1}, group(parameter("X", interval<int>(0, 999)))));
  const SearchDomain Domain(Space);
  for (std::uint64_t Seed = 1; Seed <= 5; ++Seed) {
    OrthogonalSearch T(1);
    const LandscapeRun Run = runOn(
        T, Domain,
        [&](const Configuration &C) {
          const double X = static_cast<double>(intAt(Space.values(C), 0));
          return OptionalCost(Cost{1.0 + std::abs(X - 637.0)});
        },
        1.0, 1000, Seed);
    EXPECT_NE(Run.ToOptimum, 0u) << "seed " << Seed;
    // log_{3/2}(1000) = 17 pairs at most, then three values, and the sample.
    EXPECT_LE(Run.ToOptimum, 2 * 18 + 3 + 1) << "seed " << Seed;
  }
}

TEST(OrthogonalSearchTest, NeverProposesAKnownConfiguration) {
  const ChainOfTrees Space = bowlSpace();
  const SearchDomain Domain(Space);
  for (std::uint64_t Seed = 1; Seed <= 3; ++Seed) {
    OrthogonalSearch T;
    // The optimum is never reached: the run goes on for the whole budget,
    // through restarts.
    const LandscapeRun Run = runOn(
        T, Domain, [&](const Configuration &C) { return OptionalCost(twoBasins(Space, C)); }, 0.0,
        800, Seed);
    EXPECT_EQ(configurationsOf(Domain, Run.Proposed).size(), Run.Proposed.size())
        << "seed " << Seed;
    EXPECT_GE(Run.Evaluations, 800u) << "a whole budget of new configurations";
    EXPECT_GT(T.restarts(), 0u);
  }
}

TEST(OrthogonalSearchTest, IsDeterministicForASeed) {
  OrthogonalSearch A, B, C;
  const LandscapeRun RunA = runOnBowl(A, 200, 5), RunB = runOnBowl(B, 200, 5),
                     RunC = runOnBowl(C, 200, 6);
  EXPECT_EQ(RunA.Proposed, RunB.Proposed);
  EXPECT_NE(RunA.Proposed, RunC.Proposed);
}

TEST(OrthogonalSearchTest, FindsTheOptimaOfConvexLandscapes) {
  for (std::uint64_t Seed = 1; Seed <= 5; ++Seed) {
    OrthogonalSearch T;
    const LandscapeRun Run = runOnBowl(T, 200, Seed);
    // A separable bowl: one sweep finds it (four lines of 10 values).
    EXPECT_NE(Run.ToOptimum, 0u) << "seed " << Seed << ", best " << Run.Best;
    EXPECT_LE(Run.ToOptimum, 8u + 4 * 8) << "seed " << Seed;
  }
  const ChainOfTrees Space = borderSpace();
  const SearchDomain Domain(Space);
  for (std::uint64_t Seed = 1; Seed <= 5; ++Seed) {
    OrthogonalSearch T;
    const LandscapeRun Run = runOn(
        T, Domain, [&](const Configuration &C) { return OptionalCost(borderCost(Space, C)); }, 1.0,
        1500, Seed);
    EXPECT_NE(Run.ToOptimum, 0u) << "seed " << Seed << ", best " << Run.Best;
    for (const Point &P : Run.Proposed) {
      const std::vector<Value> V = Space.values(Domain.configurationAt(P));
      ASSERT_LE(intAt(V, 0) * intAt(V, 1), 256) << "a configuration outside the space";
    }
  }
}

TEST(OrthogonalSearchTest, NumbersAreChecked) {
  EXPECT_NE(techniqueProblem("orthogonal_search(0)"), "");
  EXPECT_NE(techniqueProblem("orthogonal_search(1.5)"), "");
  EXPECT_EQ((*makeTechnique("orthogonal_search"))->describe(), "orthogonal_search(8)");
}
