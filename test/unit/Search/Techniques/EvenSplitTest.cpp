//===- EvenSplitTest.cpp - A technique on the TACO paper's split ----------===//
#include "Search/Techniques/EvenSplit.h"

#include "Search/Exploration.h"
#include "Search/TechniqueFactory.h"
#include "SearchTestSpaces.h"
#include "Support/Bug.h"

#include <gtest/gtest.h>

using namespace atfc;
using namespace atfc::test;

namespace {

ChainOfTrees skewedLine() {
  // A in 1..3, B <= A: A = 1, 2, 3 hold 1, 2 and 3 of 6 configurations.
  return cantFail(generateSpace(
      GenerationOptions{1},
      group(parameter("A", interval<int>(1, 3), greater_than(0)),
            parameter("B", interval<int>(1, 3),
                      less_than_or_eq([](const auto &P) { return std::get<0>(P); })))));
}

TEST(EvenSplitTest, HandsOnTheCellOfTheEvenPointAndReportsItBack) {
  const ChainOfTrees Space = skewedLine();
  const SearchDomain Domain(Space);
  const SearchDomain Even(Space, SearchDomain::Split::Even);
  auto Log = std::make_shared<ScriptLog>();
  const std::vector<Point> Script = {{0.2, 0.9}, {0.5, 0.3}, {0.95, 0.5}};
  std::vector<std::unique_ptr<SearchTechnique>> Inner;
  Inner.push_back(std::make_unique<ScriptedTechnique>(std::vector<std::vector<Point>>{Script}, Log,
                                                      "scripted"));
  EvenSplit T({}, std::move(Inner));
  T.initialize(Domain, 3);
  EXPECT_EQ(Log->Seeds, std::vector<std::uint64_t>{3});
  const std::vector<Point> Proposed = T.propose(3);
  ASSERT_EQ(Proposed.size(), 3u);
  for (std::size_t I = 0; I < 3; ++I) {
    EXPECT_EQ(Domain.configurationAt(Proposed[I]), Even.configurationAt(Script[I]));
    EXPECT_EQ(Proposed[I], Domain.pointOf(Domain.configurationAt(Proposed[I])));
  }
  // {0.2, 0.9}: A = 1 under the even split, where the leaf-weighted split
  // would give A = 2.
  EXPECT_EQ(Space.valueIndices(Domain.configurationAt(Proposed[0]))[0], 0u);
  EXPECT_EQ(Space.valueIndices(Domain.configurationAt(Script[0]))[0], 1u);
  for (std::size_t I = 0; I < 3; ++I)
    T.report(Proposed[I], OptionalCost(Cost{double(I)}));
  ASSERT_EQ(Log->Reports.size(), 3u);
  for (std::size_t I = 0; I < 3; ++I)
    EXPECT_EQ(Log->Reports[I].first, Script[I]) << "the inner technique gets its own point";
  EXPECT_EQ(T.describe(), "even_split(scripted)");
}

TEST(EvenSplitTest, RandomPointsFavourSmallSubtrees) {
  // even_split(random) draws A = 1 (one configuration of six) a third of
  // the time, as ATF's random search does; random draws it a sixth.
  const ChainOfTrees Space = skewedLine();
  const SearchDomain Domain(Space);
  for (const auto &[Text, Share] :
       {std::pair<const char *, double>{"even_split(random)", 1.0 / 3}, {"random", 1.0 / 6}}) {
    std::unique_ptr<SearchTechnique> T = cantFail(makeTechnique(Text));
    T->initialize(Domain, 11);
    int Ones = 0;
    const int N = 6000;
    for (int I = 0; I < N; ++I) {
      const Point P = T->propose(1).front();
      Ones += Space.valueIndices(Domain.configurationAt(P))[0] == 0;
      T->report(P, OptionalCost(Cost{1.0}));
    }
    EXPECT_NEAR(double(Ones) / N, Share, 0.02) << Text;
  }
}

TEST(EvenSplitTest, TakesExactlyOneTechnique) {
  Expected<std::unique_ptr<SearchTechnique>> Two = makeTechnique("even_split(random, torczon)");
  ASSERT_FALSE(Two);
  EXPECT_EQ(Two.error().message(), "even_split takes at most 1 technique");
  EXPECT_FALSE(makeTechnique("even_split"));
  EXPECT_EQ(cantFail(makeTechnique("even_split(torczon)"))->describe(),
            "even_split(torczon(0.2, 2, 0.5, 0.004))");
}

} // namespace
