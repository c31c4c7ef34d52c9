//===- ParameterNeighboursTest.cpp - Moves of one parameter's value -------===//
//
// ChainOfTrees::parameterNeighbours, valueIndices and withValueIndices
// against brute force: on constrained spaces (dependent parameters in
// several groups), the neighbours of every configuration along every level
// are exactly the valid configurations whose value indices differ there
// only, and every tuple of range positions maps to a configuration exactly
// when it is valid.
//
//===----------------------------------------------------------------------===//
#include "SearchSpace/SpaceGenerator.h"
#include "SearchSpaceTestSupport.h"
#include "Support/Bug.h"

#include <gtest/gtest.h>

#include <algorithm>

#include <map>
#include <set>
#include <vector>

using namespace atfc;

namespace {

using test::allConfigurations;

/// Two constrained groups and a free one: 8 levels, skipped values inside
/// ranges (so "adjacent" must jump over rejected values).
ChainOfTrees constrainedSpace() {
  auto Divisors = group(
      parameter("N", set<int>({12, 18, 20}), greater_than(0)),
      parameter("D", interval<int>(1, 10), divides([](const auto &P) { return std::get<0>(P); })),
      parameter("E", interval<int>(1, 6),
                [](int E, const auto &P) { return std::get<1>(P) * E <= 24; }));
  auto Product = group(parameter("X", set<int>({1, 2, 4, 8, 16}), greater_than(0)),
                       parameter("Y", set<int>({1, 2, 4, 8, 16}), [](int Y, const auto &P) {
                         const int XY = std::get<0>(P) * Y;
                         return XY >= 4 && XY <= 32;
                       }));
  auto Free = group(parameter("F", interval<int>(0, 2), greater_than_or_eq(0)),
                    parameter("G", set<int>({7}), greater_than(0)),
                    parameter("H", interval<int>(1, 4),
                              [](int H, const auto &P) { return H != 2 || std::get<0>(P) != 1; }));
  return cantFail(generateSpace(GenerationOptions{1}, Divisors, Product, Free));
}

TEST(ParameterNeighboursTest, ValueIndicesRoundTripAndRejectInvalidTuples) {
  const ChainOfTrees S = constrainedSpace();
  std::set<std::vector<std::uint64_t>> Valid;
  for (const Configuration &C : allConfigurations(S)) {
    std::vector<std::uint64_t> V = S.valueIndices(C);
    ASSERT_EQ(V.size(), S.numLevels());
    std::optional<Configuration> Back = S.withValueIndices(V);
    ASSERT_TRUE(Back);
    EXPECT_EQ(*Back, C);
    Valid.insert(V);
  }
  ASSERT_EQ(BigCount(static_cast<unsigned long>(Valid.size())), S.size());
  // Every tuple of the unconstrained product: found exactly when valid.
  std::vector<std::uint64_t> T(S.numLevels(), 0);
  std::size_t Tuples = 0, Found = 0;
  for (;;) {
    ++Tuples;
    std::optional<Configuration> C = S.withValueIndices(T);
    EXPECT_EQ(C.has_value(), Valid.count(T) == 1);
    if (C) {
      ++Found;
      EXPECT_EQ(S.valueIndices(*C), T);
    }
    std::size_t L = 0;
    while (L < T.size() && ++T[L] == S.parameter(L).RangeSize)
      T[L++] = 0;
    if (L == T.size())
      break;
  }
  EXPECT_EQ(BigCount(static_cast<unsigned long>(Tuples)), S.unconstrainedSize());
  EXPECT_EQ(Found, Valid.size());
  EXPECT_DEATH((void)S.withValueIndices(std::vector<std::uint64_t>(3, 0)),
               "atfc: bug: ChainOfTrees::withValueIndices: expected [0-9]+ value indices, got 3");
}

TEST(ParameterNeighboursTest, MovesOfOneValueMatchBruteForce) {
  const ChainOfTrees S = constrainedSpace();
  const std::vector<Configuration> All = allConfigurations(S);
  std::map<std::vector<std::uint64_t>, Configuration> ByValues;
  for (const Configuration &C : All)
    ByValues.emplace(S.valueIndices(C), C);
  std::size_t Moves = 0;
  for (const Configuration &C : All) {
    const std::vector<std::uint64_t> V = S.valueIndices(C);
    for (std::size_t L = 0; L < S.numLevels(); ++L) {
      // Brute force: every other value of parameter L that keeps C valid.
      std::vector<Configuration> Want, Below, Above;
      for (std::uint64_t K = 0; K < S.parameter(L).RangeSize; ++K) {
        if (K == V[L])
          continue;
        std::vector<std::uint64_t> W = V;
        W[L] = K;
        if (auto It = ByValues.find(W); It != ByValues.end()) {
          Want.push_back(It->second);
          (K < V[L] ? Below : Above).push_back(It->second);
        }
      }
      EXPECT_EQ(S.parameterNeighbours(C, L, ChainOfTrees::Move::AnyValue), Want) << "level " << L;
      std::vector<Configuration> Adjacent;
      if (!Below.empty())
        Adjacent.push_back(Below.back());
      if (!Above.empty())
        Adjacent.push_back(Above.front());
      EXPECT_EQ(S.parameterNeighbours(C, L, ChainOfTrees::Move::Adjacent), Adjacent)
          << "level " << L;
      // At most Limit evenly spaced moves and the adjacent ones: a subset
      // of every move, in order, each once, the adjacent ones in it.
      for (std::size_t Limit : {1, 2, 3, 1000}) {
        const std::vector<Configuration> Some =
            S.parameterNeighbours(C, L, ChainOfTrees::Move::AnyValue, Limit);
        EXPECT_LE(Some.size(), Limit + 2);
        EXPECT_TRUE(std::includes(Want.begin(), Want.end(), Some.begin(), Some.end(),
                                  [&](const Configuration &A, const Configuration &B) {
                                    return S.valueIndices(A) < S.valueIndices(B);
                                  }))
            << "level " << L << ", limit " << Limit;
        for (const Configuration &A : Adjacent)
          EXPECT_NE(std::find(Some.begin(), Some.end(), A), Some.end());
        if (Limit >= S.parameter(L).RangeSize) {
          EXPECT_EQ(Some, Want);
        }
      }
      Moves += Want.size();
    }
  }
  // The space offers moves that skip rejected values (a test that could
  // pass vacuously would not).
  EXPECT_GT(Moves, All.size());
  EXPECT_DEATH(S.parameterNeighbours(All.front(), S.numLevels(), ChainOfTrees::Move::Adjacent),
               "atfc: bug: ChainOfTrees: level [0-9]+ of a space of [0-9]+ levels");
}

} // namespace
