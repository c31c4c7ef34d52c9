//===- SearchDomainTest.cpp - The coordinate space over the trees ---------===//
//
// Both splits of a level among a node's children: the even split of the ATF
// TACO paper (child ceil(l k) of k) and atfc's leaf-weighted one. Each must
// be a bijection between the cells of (0,1]^D and the valid configurations,
// and the shares and bounds of the cells must be the ones documented.
//
//===----------------------------------------------------------------------===//
#include "Search/SearchDomain.h"

#include "SearchTestSpaces.h"
#include "Support/Bug.h"

#include <gtest/gtest.h>

#include <cmath>
#include <set>

using namespace atfc;
using namespace atfc::test;

namespace {

/// One group, A in 1..3, B <= A, C <= B: A = 1, 2, 3 hold 1, 3 and 6 of the
/// 10 configurations, so the two splits differ on every level.
ChainOfTrees skewedSpace() {
  return cantFail(generateSpace(
      GenerationOptions{1},
      group(parameter("A", interval<int>(1, 3), greater_than(0)),
            parameter("B", interval<int>(1, 3),
                      less_than_or_eq([](const auto &P) { return std::get<0>(P); })),
            parameter("C", interval<int>(1, 3),
                      less_than_or_eq([](const auto &P) { return std::get<1>(P); })))));
}

/// One parameter X in 1..K: one level of K children.
ChainOfTrees lineSpace(int K) {
  return cantFail(generateSpace(GenerationOptions{1},
                                group(parameter("X", interval<int>(1, K), greater_than(0)))));
}

constexpr SearchDomain::Split kBoth[] = {SearchDomain::Split::ByLeaves, SearchDomain::Split::Even};

TEST(SearchDomainTest, BothSplitsAreBijectionsOntoTheSpace) {
  for (const ChainOfTrees &Space : {paperSpace(), skewedSpace(), spaceWithFixedParameters()})
    for (SearchDomain::Split How : kBoth) {
      const SearchDomain Domain(Space, How);
      std::set<std::vector<double>> Centres;
      const std::uint64_t N = Space.size().get_ui();
      for (std::uint64_t I = 0; I < N; ++I) {
        const Configuration C = Space.at(I);
        const std::vector<double> P = Domain.pointOf(C);
        for (double X : P)
          ASSERT_TRUE(X > 0.0 && X < 1.0);
        ASSERT_EQ(Domain.configurationAt(P), C) << "configuration " << I;
        Centres.insert(P);
      }
      EXPECT_EQ(Centres.size(), N) << "two configurations share a cell";
      // Every point, the corners included, lands on a configuration of the
      // space (indexOf aborts on one outside it).
      std::vector<double> P(Domain.dimensions());
      for (double X : {1e-300, 0.25, 0.5, 0.999, 1.0}) {
        std::fill(P.begin(), P.end(), X);
        EXPECT_LT(Space.indexOf(Domain.configurationAt(P)), Space.size());
      }
    }
}

/// Share of (0,1] on dimension 0 that gives each value of A, the other
/// coordinates at Rest, on a grid of 3,000 points.
std::vector<double> sharesOfA(const SearchDomain &Domain, double Rest, std::size_t Dimension,
                              std::size_t Level) {
  std::vector<double> Shares(3, 0.0);
  const int Steps = 3000;
  for (int S = 1; S <= Steps; ++S) {
    std::vector<double> P(Domain.dimensions(), Rest);
    P[Dimension] = (S - 0.5) / Steps;
    Shares[Domain.space().valueIndices(Domain.configurationAt(P))[Level]] += 1.0 / Steps;
  }
  return Shares;
}

TEST(SearchDomainTest, TheEvenSplitGivesEachChildAnEqualShare) {
  const ChainOfTrees Space = skewedSpace();
  const SearchDomain Even(Space, SearchDomain::Split::Even);
  const SearchDomain ByLeaves(Space);
  ASSERT_EQ(Even.dimensions(), 3u);
  // The root level: three children of 1, 3 and 6 leaves.
  const std::vector<double> EvenRoot = sharesOfA(Even, 0.5, 0, 0);
  const std::vector<double> LeafRoot = sharesOfA(ByLeaves, 0.5, 0, 0);
  const double LeafShares[] = {0.1, 0.3, 0.6};
  for (std::size_t I = 0; I < 3; ++I) {
    EXPECT_NEAR(EvenRoot[I], 1.0 / 3, 1e-9) << "A = " << I + 1;
    EXPECT_NEAR(LeafRoot[I], LeafShares[I], 1e-9) << "A = " << I + 1;
  }
  // Below A = 3 (the last third of dimension 0 when even), B's three
  // children hold 1, 2 and 3 leaves: a third each when even.
  std::vector<double> BShares(3, 0.0);
  for (int S = 1; S <= 3000; ++S) {
    const std::vector<double> P = {0.9, (S - 0.5) / 3000, 0.5};
    const std::vector<std::uint64_t> V = Space.valueIndices(Even.configurationAt(P));
    ASSERT_EQ(V[0], 2u);
    BShares[V[1]] += 1.0 / 3000;
  }
  for (double Share : BShares)
    EXPECT_NEAR(Share, 1.0 / 3, 1e-9);
}

TEST(SearchDomainTest, TheEvenSplitsBoundsAreExact) {
  // Child i of k holds ((i-1)/k, i/k]: the bound itself picks child i and the
  // next double above it child i+1, for every bound of every k up to 64
  // (ceil(x k) alone is one off where x k rounds across a whole number).
  for (int K = 1; K <= 64; ++K) {
    const ChainOfTrees Space = lineSpace(K);
    const SearchDomain Domain(Space, SearchDomain::Split::Even);
    ASSERT_EQ(Domain.dimensions(), K > 1 ? 1u : 0u);
    if (K == 1)
      continue;
    for (int I = 1; I <= K; ++I) {
      const double Bound = static_cast<double>(I) / K;
      const std::vector<double> At = {Bound};
      EXPECT_EQ(Space.valueIndices(Domain.configurationAt(At))[0], std::uint64_t(I - 1))
          << I << "/" << K;
      if (I < K) {
        const std::vector<double> Above = {std::nextafter(Bound, 2.0)};
        EXPECT_EQ(Space.valueIndices(Domain.configurationAt(Above))[0], std::uint64_t(I))
            << "just above " << I << "/" << K;
      }
    }
    const std::vector<double> Smallest = {0x1p-1000};
    EXPECT_EQ(Space.valueIndices(Domain.configurationAt(Smallest))[0], 0u);
  }
}

} // namespace
