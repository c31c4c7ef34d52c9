//===- ChainOfTreesTest.cpp - The whole space and its mappings ------------===//
//
// Exact sizes (also beyond 2^64), index <-> configuration, coordinates <->
// configuration, the leaf-weighted uniformity of the coordinate mapping,
// uniform sampling, neighbours along a level, and decoding typed values.
//
//===----------------------------------------------------------------------===//
#include "SearchSpace/SpaceGenerator.h"
#include "SearchSpaceTestSupport.h"
#include "Support/Bug.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

using namespace atfc;

namespace {

using test::allConfigurations;
using test::paperTree1;
using test::paperTree2;

// A skewed tree: A in 1..3, B <= A, C <= B. Leaves below A = 1, 2, 3: 1, 3,
// 6 (10 in all); below B = 1, 2, 3: 1, 2, 3.
auto skewedTree() {
  return group(parameter("A", interval<int>(1, 3), greater_than(0)),
               parameter("B", interval<int>(1, 3),
                         less_than_or_eq([](const auto &P) { return std::get<0>(P); })),
               parameter("C", interval<int>(1, 3),
                         less_than_or_eq([](const auto &P) { return std::get<1>(P); })));
}

/// 4 * 5 * 10 = 200 configurations on 2 + 3 + 3 levels.
ChainOfTrees threeGroups(unsigned Threads = 0) {
  return cantFail(
      generateSpace(GenerationOptions{Threads}, paperTree1(), paperTree2(), skewedTree()));
}

TEST(ChainOfTreesTest, SizesAndLevels) {
  ChainOfTrees S = threeGroups();
  EXPECT_EQ(S.size(), 200);
  EXPECT_FALSE(S.empty());
  EXPECT_EQ(S.unconstrainedSize(), 2 * 4 * 2 * 4 * 5 * 3 * 3 * 3);
  ASSERT_EQ(S.numGroups(), 3u);
  ASSERT_EQ(S.numLevels(), 8u);
  EXPECT_EQ(S.group(0).numLeaves(), 4u);
  EXPECT_EQ(S.group(1).numLeaves(), 5u);
  EXPECT_EQ(S.group(2).numLeaves(), 10u);
  EXPECT_EQ(S.groupOfLevel(4), 1u);
  EXPECT_EQ(S.firstLevelOf(2), 5u);
  EXPECT_EQ(S.parameter(5).Name, "A");
  EXPECT_EQ(S.levelOf("n4"), 3u);
  EXPECT_EQ(S.levelOf("nope"), S.numLevels());
  EXPECT_EQ(S.numNodes(), S.group(0).numNodes() + S.group(1).numNodes() + S.group(2).numNodes());
  EXPECT_EQ(S.numNodes(), (2u + 4u) + (2u + 5u + 5u) + (3u + 6u + 10u));
  EXPECT_GT(S.memoryBytes(), 0u);
}

TEST(ChainOfTreesTest, IndexIsLexicographicFirstGroupMostSignificant) {
  ChainOfTrees S = threeGroups();
  EXPECT_EQ(S.at(0).Leaves, (std::vector<std::uint64_t>{0, 0, 0}));
  EXPECT_EQ(S.at(1).Leaves, (std::vector<std::uint64_t>{0, 0, 1}));
  EXPECT_EQ(S.at(10).Leaves, (std::vector<std::uint64_t>{0, 1, 0}));
  EXPECT_EQ(S.at(57).Leaves, (std::vector<std::uint64_t>{1, 0, 7}));
  EXPECT_EQ(S.at(199).Leaves, (std::vector<std::uint64_t>{3, 4, 9}));
}

TEST(ChainOfTreesTest, IndexRoundTripOverTheWholeSpace) {
  ChainOfTrees S = threeGroups();
  std::vector<Configuration> All = allConfigurations(S);
  for (std::size_t I = 0; I < All.size(); ++I) {
    EXPECT_EQ(S.indexOf(All[I]), BigCount(static_cast<unsigned long>(I)));
    if (I > 0) {
      EXPECT_LT(All[I - 1], All[I]);
    }
  }
  // Outside the space: a bug of the caller (Support/Bug.h).
  EXPECT_DEATH(S.at(200), "atfc: bug: ChainOfTrees::at: configuration index 200 is outside the "
                          "search space of 200 configurations");
  EXPECT_DEATH(S.at(-1), "atfc: bug: ChainOfTrees::at: configuration index -1");
  EXPECT_DEATH(S.indexOf(Configuration{{4, 0, 0}}), "atfc: bug: ChainOfTrees: leaf 4 of group 0");
  EXPECT_DEATH(S.indexOf(Configuration{{0, 0}}),
               "atfc: bug: ChainOfTrees: a configuration of 2 groups in a space of 3");
}

TEST(ChainOfTreesTest, CoordinatesRoundTripOverTheWholeSpace) {
  ChainOfTrees S = threeGroups();
  for (const Configuration &C : allConfigurations(S)) {
    std::vector<double> X = S.coordinatesOf(C);
    ASSERT_EQ(X.size(), S.numLevels());
    for (double V : X) {
      EXPECT_GT(V, 0.0);
      EXPECT_LE(V, 1.0);
    }
    EXPECT_EQ(S.atCoordinates(X), C);
  }
}

TEST(ChainOfTreesTest, CoordinatesOutsideTheUnitCubeAreRejected) {
  ChainOfTrees S = threeGroups();
  std::vector<double> X(S.numLevels(), 0.5);
  EXPECT_EQ(S.coordinatesOf(S.atCoordinates(X)).size(), X.size());
  for (std::size_t L = 0; L < X.size(); ++L)
    for (double Bad :
         {0.0, -0.25, 1.0000001, 2.0, std::nan(""), std::numeric_limits<double>::infinity()}) {
      std::vector<double> Y = X;
      Y[L] = Bad;
      EXPECT_DEATH(S.atCoordinates(Y), "atfc: bug: ChainOfTrees::atCoordinates: coordinate .* is "
                                       "outside \\(0,1\\]")
          << "level " << L << " " << Bad;
    }
  std::vector<double> Ones(S.numLevels(), 1.0);
  EXPECT_EQ(S.atCoordinates(Ones), S.at(199)); // 1 is inside and picks the last leaf
  std::vector<double> Tiny(S.numLevels(), std::numeric_limits<double>::denorm_min());
  EXPECT_EQ(S.atCoordinates(Tiny), S.at(0));
  EXPECT_DEATH(S.atCoordinates(std::vector<double>(7, 0.5)), "expected 8 coordinates, got 7");
  EXPECT_DEATH(S.atCoordinates(std::vector<double>(9, 0.5)), "expected 8 coordinates, got 9");
  EXPECT_DEATH(S.atCoordinates({}), "expected 8 coordinates, got 0");
}

TEST(ChainOfTreesTest, UniformGridHitsEveryConfigurationEquallyOften) {
  // Every subtree leaf count on the way (10; 1, 3, 6; 1, 2, 3) divides 60,
  // so a 60^3 grid of cell midpoints splits exactly by leaves.
  ChainOfTrees S = cantFail(generateSpace(GenerationOptions{}, skewedTree()));
  ASSERT_EQ(S.size(), 10);
  constexpr int N = 60;
  std::map<std::uint64_t, int> Hits;
  std::array<double, 3> X;
  for (int I = 0; I < N; ++I)
    for (int J = 0; J < N; ++J)
      for (int K = 0; K < N; ++K) {
        X = {(I + 0.5) / N, (J + 0.5) / N, (K + 0.5) / N};
        ++Hits[S.atCoordinates(X).Leaves[0]];
      }
  ASSERT_EQ(Hits.size(), 10u);
  for (auto [Leaf, Count] : Hits)
    EXPECT_EQ(Count, N * N * N / 10) << "leaf " << Leaf;

  // A node-uniform split would give A = 1 a third of the first axis; the
  // leaf-weighted split gives it a tenth.
  EXPECT_EQ(S.atCoordinates(std::vector<double>{0.1, 1, 1}).Leaves[0], 0u);
  EXPECT_EQ(S.atCoordinates(std::vector<double>{0.11, 1, 1}).Leaves[0], 3u);
}

TEST(ChainOfTreesTest, UniformGridOverTwoGroups) {
  // Tree 1 splits its 4 leaves 2 + 2, then 1 + 1; tree 2 splits its 5
  // leaves 2 + 3, then 1 + 1 or 1 + 1 + 1. Axis counts that these divide
  // (8, 4, 10, 12) make the grid exact.
  ChainOfTrees S = cantFail(generateSpace(GenerationOptions{}, paperTree1(), paperTree2()));
  ASSERT_EQ(S.size(), 20);
  const int N[4] = {8, 4, 10, 12};
  std::map<BigCount, int> Hits;
  std::vector<double> X(5, 0.5);
  for (int A = 0; A < N[0]; ++A)
    for (int B = 0; B < N[1]; ++B)
      for (int C = 0; C < N[2]; ++C)
        for (int D = 0; D < N[3]; ++D) {
          X[0] = (A + 0.5) / N[0];
          X[1] = (B + 0.5) / N[1];
          X[2] = (C + 0.5) / N[2];
          X[3] = (D + 0.5) / N[3];
          ++Hits[S.indexOf(S.atCoordinates(X))];
        }
  ASSERT_EQ(Hits.size(), 20u);
  for (const auto &[Index, Count] : Hits)
    EXPECT_EQ(Count, N[0] * N[1] * N[2] * N[3] / 20) << "configuration " << Index.get_str();
}

TEST(ChainOfTreesTest, SamplesAreRoughlyUniform) {
  ChainOfTrees S = threeGroups();
  std::mt19937_64 Rng(12345);
  constexpr int PerConfiguration = 500;
  std::map<BigCount, int> Counts;
  for (int I = 0; I < 200 * PerConfiguration; ++I) {
    Configuration C = S.sample(Rng);
    ASSERT_NO_THROW(S.indexOf(C));
    ++Counts[S.indexOf(C)];
  }
  ASSERT_EQ(Counts.size(), 200u);
  double ChiSquare = 0;
  for (const auto &[Index, Count] : Counts)
    ChiSquare += (Count - PerConfiguration) * (Count - PerConfiguration) /
                 static_cast<double>(PerConfiguration);
  // 199 degrees of freedom: mean 199, standard deviation about 20.
  EXPECT_LT(ChiSquare, 320.0);
}

/// Node numbers, level by level, of the path of C in group G.
std::vector<std::uint64_t> pathIn(const ChainOfTrees &S, const Configuration &C, std::size_t G) {
  std::vector<std::uint64_t> Path(S.group(G).numLevels());
  S.group(G).pathOfLeaf(C.Leaves[G], Path.data());
  return Path;
}

TEST(ChainOfTreesTest, NeighboursAreAdjacentSiblings) {
  ChainOfTrees S = threeGroups();
  for (const Configuration &C : allConfigurations(S))
    for (std::size_t Level = 0; Level < S.numLevels(); ++Level) {
      const std::size_t G = S.groupOfLevel(Level), L = Level - S.firstLevelOf(G);
      const GroupTree &Tree = S.group(G);
      const std::vector<std::uint64_t> Path = pathIn(S, C, G);
      const std::uint64_t First = L == 0 ? 0 : Tree.childBegin(L - 1, Path[L - 1]);
      const std::uint64_t Last = L == 0 ? Tree.numNodes(0) : Tree.childEnd(L - 1, Path[L - 1]);
      const std::size_t Want = (Path[L] > First) + (Path[L] + 1 < Last);
      std::vector<Configuration> Ns = S.neighbours(C, Level);
      ASSERT_EQ(Ns.size(), Want) << "level " << Level;
      for (const Configuration &N : Ns) {
        for (std::size_t H = 0; H < S.numGroups(); ++H)
          if (H != G) {
            EXPECT_EQ(N.Leaves[H], C.Leaves[H]);
          }
        const std::vector<std::uint64_t> NPath = pathIn(S, N, G);
        for (std::size_t Above = 0; Above < L; ++Above)
          EXPECT_EQ(NPath[Above], Path[Above]);
        EXPECT_TRUE(NPath[L] + 1 == Path[L] || NPath[L] == Path[L] + 1);
      }
      if (Ns.size() == 2) {
        EXPECT_LT(pathIn(S, Ns[0], G)[L], pathIn(S, Ns[1], G)[L]);
      }
    }
  EXPECT_DEATH(S.neighbours(S.at(0), S.numLevels()),
               "atfc: bug: ChainOfTrees: level 8 of a space of 8 levels");
}

TEST(ChainOfTreesTest, NeighboursKeepTheOtherValuesWhereTheTreeAllows) {
  // Independent parameters in one group: every sibling subtree is alike, so
  // a step along one level changes that value only.
  auto G =
      group(parameter("A", set<int>({1, 2, 3}), greater_than(0)),
            parameter("B", set({"x", "y"}), predicate([](const std::string &) { return true; })),
            parameter("C", interval<int>(0, 3), greater_than_or_eq(0)));
  ChainOfTrees S = cantFail(generateSpace(GenerationOptions{}, G, paperTree1()));
  auto Values = [&](const Configuration &C) {
    std::vector<Value> V = S.values(C);
    return std::to_string(std::get<std::int64_t>(V[0])) + std::get<std::string>(V[1]) +
           std::to_string(std::get<std::int64_t>(V[2])) + "/" +
           std::to_string(std::get<std::int64_t>(V[3])) + "," +
           std::to_string(std::get<std::int64_t>(V[4]));
  };
  // (A=2, B=y, C=2), paper tree 1 at (22, 11).
  Configuration C{{1 * 8 + 1 * 4 + 2, 1}};
  ASSERT_EQ(Values(C), "2y2/22,11");
  auto Along = [&](std::size_t Level) {
    std::vector<std::string> Result;
    for (const Configuration &N : S.neighbours(C, Level))
      Result.push_back(Values(N));
    return Result;
  };
  EXPECT_EQ(Along(0), (std::vector<std::string>{"1y2/22,11", "3y2/22,11"}));
  EXPECT_EQ(Along(1), (std::vector<std::string>{"2x2/22,11"}));
  EXPECT_EQ(Along(2), (std::vector<std::string>{"2y1/22,11", "2y3/22,11"}));
  // 22 -> {2, 11} and 35 -> {5, 7}: the second child maps to the second.
  EXPECT_EQ(Along(3), (std::vector<std::string>{"2y2/35,7"}));
  EXPECT_EQ(Along(4), (std::vector<std::string>{"2y2/22,2"}));
}

TEST(ChainOfTreesTest, ValuesAreDecodedWithTheirTypes) {
  auto G =
      group(parameter("S", set({"lo", "hi"}), predicate([](const std::string &) { return true; })),
            parameter("D", interval<double>(0, 1, 0.25), greater_than(0.3)),
            parameter("B", set<bool>({false, true}),
                      predicate([](bool V, const auto &P) { return V || std::get<1>(P) > 0.6; })),
            parameter("I", interval<int>(-3, 3, 3), less_than(3)),
            parameter("U", interval<std::size_t>(7, 9), unequal(8)));
  ChainOfTrees S = cantFail(generateSpace(GenerationOptions{}, G));
  // 2 strings * (0.5: B true; 0.75, 1: both) * 2 ints * 2 uints.
  ASSERT_EQ(S.size(), 2 * (1 + 2 + 2) * 2 * 2);
  EXPECT_EQ(S.parameter(0).Kind, ValueKind::String);
  EXPECT_EQ(S.parameter(1).Kind, ValueKind::Double);
  EXPECT_EQ(S.parameter(2).Kind, ValueKind::Bool);
  EXPECT_EQ(S.parameter(3).Kind, ValueKind::Int);
  EXPECT_EQ(S.parameter(4).Kind, ValueKind::UInt);
  std::vector<Value> First = S.values(S.at(0));
  ASSERT_EQ(First.size(), 5u);
  EXPECT_EQ(std::get<std::string>(First[0]), "lo");
  EXPECT_EQ(std::get<double>(First[1]), 0.5);
  EXPECT_EQ(std::get<bool>(First[2]), true);
  EXPECT_EQ(std::get<std::int64_t>(First[3]), -3);
  EXPECT_EQ(std::get<std::uint64_t>(First[4]), 7u);
  std::vector<Value> Last = S.values(S.at(S.size() - 1));
  EXPECT_EQ(std::get<std::string>(Last[0]), "hi");
  EXPECT_EQ(std::get<double>(Last[1]), 1.0);
  EXPECT_EQ(std::get<bool>(Last[2]), true);
  EXPECT_EQ(std::get<std::int64_t>(Last[3]), 0);
  EXPECT_EQ(std::get<std::uint64_t>(Last[4]), 9u);
  // (I, U) runs through (-3, 7) (-3, 9) (0, 7) (0, 9) below each (S, D, B).
  std::vector<Value> Fifth = S.values(S.at(3));
  EXPECT_EQ(toString(Fifth[3]) + " " + toString(Fifth[4]), "0 9");
  std::vector<Value> Sixth = S.values(S.at(4));
  EXPECT_EQ(toString(Sixth[1]) + " " + toString(Sixth[2]), "0.75 false");
  EXPECT_DEATH(S.values(Configuration{{S.group(0).numLeaves()}}), "atfc: bug: ChainOfTrees: leaf");
}

/// Thirty groups of one 10-value parameter each: 10^30 configurations.
ChainOfTrees decimalSpace() {
  auto Digit = [](std::size_t I) {
    std::string Name = "D";
    Name += std::to_string(I);
    return group(parameter(Name, interval<int>(0, 9), greater_than_or_eq(0)));
  };
  std::vector<decltype(Digit(0))> Gs;
  for (std::size_t I = 0; I < 30; ++I)
    Gs.push_back(Digit(I));
  return [&]<std::size_t... Is>(std::index_sequence<Is...>) {
    return cantFail(generateSpace(GenerationOptions{}, Gs[Is]...));
  }
  (std::make_index_sequence<30>{});
}

TEST(ChainOfTreesTest, ExactSizesBeyond64Bits) {
  ChainOfTrees S = decimalSpace();
  std::string Ten30(31, '0');
  Ten30[0] = '1';
  EXPECT_EQ(S.size().get_str(), Ten30);
  EXPECT_EQ(S.unconstrainedSize().get_str(), Ten30);
  EXPECT_EQ(S.numLevels(), 30u);
  EXPECT_EQ(S.levelOf("D17"), 17u);

  // The leaves of configuration I are I's decimal digits.
  const BigCount Index("18446744073709551616123"); // 2^64 * 1000 + 123
  Configuration C = S.at(Index);
  std::string Digits = Index.get_str();
  Digits.insert(0, 30 - Digits.size(), '0');
  for (std::size_t G = 0; G < 30; ++G)
    EXPECT_EQ(C.Leaves[G], static_cast<std::uint64_t>(Digits[G] - '0')) << G;
  EXPECT_EQ(S.indexOf(C), Index);
  EXPECT_EQ(std::get<std::int64_t>(S.values(C)[29]), 3);

  BigCount Last("999999999999999999999999999999");
  EXPECT_EQ(S.at(Last).Leaves, std::vector<std::uint64_t>(30, 9));
  EXPECT_EQ(S.indexOf(S.at(Last)), Last);
  EXPECT_DEATH(S.at(BigCount(Ten30)), "atfc: bug: ChainOfTrees::at: configuration index 1000");
  std::vector<double> X = S.coordinatesOf(C);
  EXPECT_EQ(S.atCoordinates(X), C);
}

TEST(ChainOfTreesTest, EmptySpace) {
  auto G = group(parameter("A", interval<int>(1, 5), greater_than(10)));
  ChainOfTrees S = cantFail(generateSpace(GenerationOptions{}, G, paperTree1()));
  EXPECT_TRUE(S.empty());
  EXPECT_EQ(S.size(), 0);
  EXPECT_EQ(S.unconstrainedSize(), 5 * 2 * 4);
  EXPECT_DEATH(S.at(0), "search space of 0 configurations");
  EXPECT_DEATH(S.atCoordinates(std::vector<double>(3, 0.5)),
               "atfc: bug: ChainOfTrees::atCoordinates: the search space is empty");
}

} // namespace
