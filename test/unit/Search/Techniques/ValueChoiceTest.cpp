//===- ValueChoiceTest.cpp - Valid configurations from value sets ---------===//
//
// Against brute force on a constrained space: chooseValues gives exactly
// the valid configurations whose values lie in the sets (every one of
// them, over many draws) and nullopt where none is valid; boxMove gives
// exactly the valid configurations other than C whose every value is C's
// or the next one below or above, crossing a product constraint
// diagonally; nearestValid gives a configuration of the least distance
// that brute force finds, for valid and invalid targets and weights.
//
//===----------------------------------------------------------------------===//
#include "Search/Techniques/ValueChoice.h"

#include "TechniqueLandscape.h"

#include <gtest/gtest.h>

#include <limits>
#include <set>

using namespace atfc;
using namespace atfc::test;

namespace {
std::vector<Configuration> all(const ChainOfTrees &Space) {
  std::vector<Configuration> All;
  for (BigCount I = 0; I < Space.size(); ++I)
    All.push_back(Space.at(I));
  return All;
}
} // namespace

TEST(ValueChoiceTest, ChooseValuesGivesExactlyTheValidCombinations) {
  const ChainOfTrees Space = borderSpace();
  std::mt19937_64 Rng(7);
  // X, Y among positions {15, 16, 31} (values 16, 17, 32), Z among {4, 5}.
  const ValueSets Sets = {{15, 16, 31}, {15, 16, 31}, {4, 5}};
  std::set<Configuration> Expected, Drawn;
  for (const Configuration &C : all(Space)) {
    const std::vector<std::uint64_t> V = Space.valueIndices(C);
    bool In = true;
    for (std::size_t L = 0; L < V.size(); ++L)
      In = In && std::find(Sets[L].begin(), Sets[L].end(), V[L]) != Sets[L].end();
    if (In)
      Expected.insert(C);
  }
  ASSERT_FALSE(Expected.empty());
  for (int I = 0; I < 400; ++I) {
    std::optional<Configuration> C = chooseValues(Space, Sets, Rng);
    ASSERT_TRUE(C);
    EXPECT_TRUE(Expected.count(*C));
    Drawn.insert(*C);
  }
  EXPECT_EQ(Drawn, Expected);
  // 32 * 32 > 256: no valid combination.
  EXPECT_FALSE(chooseValues(Space, {{31}, {31}, {4}}, Rng));
}

TEST(ValueChoiceTest, BoxMovesGiveExactlyTheValidBoxNeighbours) {
  const ChainOfTrees Space = borderSpace();
  std::mt19937_64 Rng(3);
  const std::vector<Configuration> All = all(Space);
  // On the border X * Y = 256 (X = Y = 16), a one-parameter move up is
  // rejected; the box holds the diagonal moves (X 15, Y 17: 255).
  const Configuration C = *Space.withValueIndices(std::vector<std::uint64_t>{15, 15, 4});
  const std::vector<std::uint64_t> CV = Space.valueIndices(C);
  std::set<Configuration> Expected, Drawn;
  for (const Configuration &N : All) {
    const std::vector<std::uint64_t> V = Space.valueIndices(N);
    bool In = N != C;
    for (std::size_t L = 0; L < V.size(); ++L)
      In = In && (V[L] + 1 >= CV[L] && V[L] <= CV[L] + 1);
    if (In)
      Expected.insert(N);
  }
  for (int I = 0; I < 2000; ++I) {
    std::optional<Configuration> N = boxMove(Space, C, 0.5, Rng);
    ASSERT_TRUE(N);
    EXPECT_TRUE(Expected.count(*N));
    Drawn.insert(*N);
  }
  EXPECT_EQ(Drawn, Expected);
  const Configuration Diagonal = *Space.withValueIndices(std::vector<std::uint64_t>{14, 16, 4});
  EXPECT_TRUE(Drawn.count(Diagonal));
}

/// nearestValid's distance from Target to C (see ValueChoice.h).
static double distanceTo(const ChainOfTrees &Space, const Configuration &C,
                         const std::vector<std::uint64_t> &Target,
                         const std::vector<std::uint64_t> &Weights) {
  const std::vector<std::uint64_t> V = Space.valueIndices(C);
  double D = 0;
  for (std::size_t G = 0; G < Space.numGroups(); ++G) {
    const std::size_t First = Space.firstLevelOf(G), N = Space.group(G).numLevels();
    for (std::size_t L = First; L < First + N; ++L)
      if (V[L] != Target[L])
        D += static_cast<double>(Weights[L]) +
             static_cast<double>(V[L] > Target[L] ? V[L] - Target[L] : Target[L] - V[L]) /
                 static_cast<double>(Space.parameter(L).RangeSize) / static_cast<double>(N + 1);
  }
  return D;
}

TEST(ValueChoiceTest, NearestValidIsTheNearestThatBruteForceFinds) {
  const ChainOfTrees Space = borderSpace(); // X * Y <= 256; Z apart
  const std::vector<Configuration> All = all(Space);
  std::mt19937_64 Rng(3);
  std::uniform_int_distribution<std::uint64_t> Position(0, 63), ZPosition(0, 9), Weight(1, 3);
  std::size_t Invalid = 0;
  for (int Trial = 0; Trial < 300; ++Trial) {
    const std::vector<std::uint64_t> Target = {Position(Rng), Position(Rng), ZPosition(Rng)};
    const std::vector<std::uint64_t> Weights = {Weight(Rng), Weight(Rng), Weight(Rng)};
    Invalid += !Space.withValueIndices(Target).has_value();
    const Configuration Got = nearestValid(Space, Target, Weights);
    double Best = std::numeric_limits<double>::infinity();
    for (const Configuration &C : All)
      Best = std::min(Best, distanceTo(Space, C, Target, Weights));
    EXPECT_NEAR(distanceTo(Space, Got, Target, Weights), Best, 1e-12)
        << "target " << Target[0] << ", " << Target[1] << ", " << Target[2];
    if (std::optional<Configuration> Valid = Space.withValueIndices(Target)) {
      EXPECT_EQ(Got, *Valid) << "a valid target is its own repair";
    }
  }
  EXPECT_GT(Invalid, 200u) << "most targets break X * Y <= 256";
  // A heavy weight keeps its level: X = 64 (position 63) forces Y = 1-4.
  const std::vector<std::uint64_t> Target = {63, 40, 2}, Keep = {4, 1, 1};
  const std::vector<std::uint64_t> V = Space.valueIndices(nearestValid(Space, Target, Keep));
  EXPECT_EQ(V, (std::vector<std::uint64_t>{63, 3, 2}));
}

TEST(ValueChoiceTest, RepairedStepsKeepTheStepAndChangeTheFewestOthers) {
  const ChainOfTrees Space = borderSpace(); // X * Y <= 256; Z apart
  const std::vector<Configuration> All = all(Space);
  std::mt19937_64 Rng(5);
  std::size_t Diagonal = 0;
  for (int Trial = 0; Trial < 100; ++Trial) {
    const Configuration C = All[std::uniform_int_distribution<std::size_t>(0, All.size() - 1)(Rng)];
    const std::vector<std::uint64_t> V = Space.valueIndices(C);
    for (std::size_t L = 0; L < V.size(); ++L) {
      const std::vector<Configuration> Steps = repairedSteps(Space, C, L);
      std::vector<std::uint64_t> Weights(V.size(), 1);
      Weights[L] = V.size() + 1;
      std::size_t Expected = 0;
      for (const std::uint64_t To : {V[L] - 1, V[L] + 1}) {
        if (To >= Space.parameter(L).RangeSize)
          continue;
        ++Expected;
        std::vector<std::uint64_t> Target = V;
        Target[L] = To;
        double Best = std::numeric_limits<double>::infinity();
        for (const Configuration &N : All)
          Best = std::min(Best, distanceTo(Space, N, Target, Weights));
        // Every X and every Z admits some Y: the step is always kept.
        const auto It = std::find_if(Steps.begin(), Steps.end(), [&](const Configuration &N) {
          return Space.valueIndices(N)[L] == To;
        });
        ASSERT_NE(It, Steps.end()) << "the step of level " << L << " to " << To << " is missing";
        EXPECT_NEAR(distanceTo(Space, *It, Target, Weights), Best, 1e-12);
        std::size_t Changed = 0;
        for (std::size_t K = 0; K < V.size(); ++K)
          Changed += Space.valueIndices(*It)[K] != V[K];
        Diagonal += Changed > 1;
      }
      EXPECT_EQ(Steps.size(), Expected);
      for (const Configuration &N : Steps)
        EXPECT_NE(N, C);
    }
  }
  EXPECT_GT(Diagonal, 5u) << "steps across X * Y <= 256 change the other factor too";
}
