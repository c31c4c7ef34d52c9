//===- HyperParameterTest.cpp - The numbers a technique takes -------------===//
#include "Search/HyperParameter.h"

#include "Search/TechniqueFactory.h"
#include "Support/NumberText.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <fstream>
#include <sstream>

namespace atfc {
namespace {

constexpr std::array<HyperParameter, 3> kExample = {{
    {"rate", 0.2, 0, Bound::Excluded, 1, Bound::Included, false, "probability"},
    countParameter("population", 20, 4, "members"),
    {"flag", 0, 0, Bound::Included, 1, Bound::Included, true, "0 or 1"},
}};

TEST(HyperParameterTest, AdmitsTheDeclaredInterval) {
  const HyperParameter &Rate = kExample[0];
  EXPECT_FALSE(admits(Rate, 0));
  EXPECT_TRUE(admits(Rate, 1e-9));
  EXPECT_TRUE(admits(Rate, 1));
  EXPECT_FALSE(admits(Rate, 1.0000001));
  EXPECT_FALSE(admits(Rate, std::nan("")));
  const HyperParameter &Population = kExample[1];
  EXPECT_FALSE(admits(Population, 3));
  EXPECT_TRUE(admits(Population, 4));
  EXPECT_FALSE(admits(Population, 4.5));
  EXPECT_TRUE(admits(Population, 1e12));
  EXPECT_FALSE(admits(Population, kUnbounded));
  EXPECT_TRUE(admits(kExample[2], 1));
  EXPECT_FALSE(admits(kExample[2], 2));
}

TEST(HyperParameterTest, WritesWhatItAdmits) {
  EXPECT_EQ(admittedText(kExample[0]), "(0, 1]");
  EXPECT_EQ(admittedText(kExample[1]), "a whole number >= 4");
  EXPECT_EQ(admittedText(kExample[2]), "a whole number in [0, 1]");
}

TEST(HyperParameterTest, FillsDefaultsAndNamesTheWrongNumber) {
  Expected<std::vector<double>> Values = hyperParameterValues("t", kExample, {});
  ASSERT_TRUE(Values.ok());
  EXPECT_EQ(*Values, (std::vector<double>{0.2, 20, 0}));
  const std::vector<double> Given = {0.5, 8};
  EXPECT_EQ(*hyperParameterValues("t", kExample, Given), (std::vector<double>{0.5, 8, 0}));
  const std::vector<double> Bad = {0.5, 3};
  Expected<std::vector<double>> Wrong = hyperParameterValues("t", kExample, Bad);
  ASSERT_FALSE(Wrong.ok());
  EXPECT_EQ(Wrong.error().message(), "t: population must be a whole number >= 4, not 3");
  const std::vector<double> TooMany = {0.5, 8, 1, 1};
  EXPECT_EQ(hyperParameterValues("t", kExample, TooMany).error().message(),
            "t takes at most 3 numbers");
  EXPECT_EQ(signatureText("t", kExample, false), "t(rate = 0.2, population = 20, flag = 0)");
  EXPECT_EQ(signatureText("m", {}, true), "m(t1, t2, ...)");
}

// Property, over the whole registry: every technique's defaults are admitted
// and build it; just outside an interval's bounds the factory refuses, with
// a message naming the number.
TEST(HyperParameterTest, EveryTechniqueAdmitsItsDefaultsAndRefusesTheBounds) {
  for (const TechniqueEntry &Entry : techniqueRegistry()) {
    std::vector<double> Defaults = defaultValues(Entry.Parameters);
    for (std::size_t I = 0; I < Entry.Parameters.size(); ++I) {
      const HyperParameter &P = Entry.Parameters[I];
      EXPECT_TRUE(admits(P, P.Default)) << Entry.Name << ' ' << P.Name;
      auto Build = [&](double X) {
        std::vector<double> Numbers = Defaults;
        Numbers[I] = X;
        TechniqueExpr Expr{std::string(Entry.Name), Numbers, {}, 0};
        return makeTechnique(Expr);
      };
      const double Below =
          P.LowestBound == Bound::Included ? P.Lowest - (P.Whole ? 1 : 1e-9) : P.Lowest;
      Expected<std::unique_ptr<SearchTechnique>> Refused = Build(Below);
      ASSERT_FALSE(Refused.ok()) << Entry.Name << ' ' << P.Name;
      EXPECT_NE(Refused.error().message().find(std::string(P.Name)), std::string::npos)
          << Refused.error().message();
      if (P.Highest != kUnbounded && P.HighestBound == Bound::Excluded) {
        EXPECT_FALSE(Build(P.Highest).ok()) << Entry.Name << ' ' << P.Name;
      }
    }
    if (Entry.MinTechniques == 0) {
      EXPECT_TRUE(makeTechnique(Entry.Name).ok()) << Entry.Name;
    }
  }
}

TEST(HyperParameterTest, HelpShowsEveryNumber) {
  const std::string Help = techniqueHelp();
  for (const TechniqueEntry &Entry : techniqueRegistry()) {
    EXPECT_NE(Help.find(signatureText(Entry.Name, Entry.Parameters, Entry.MaxTechniques > 0)),
              std::string::npos)
        << Entry.Name;
    for (const HyperParameter &P : Entry.Parameters)
      EXPECT_NE(Help.find(std::string(P.Name) + ": " + std::string(P.Meaning)), std::string::npos)
          << Entry.Name << ' ' << P.Name;
  }
}

// docs/search.md holds the table the registry writes, and its tables of
// techniques give the registry's defaults.
TEST(HyperParameterTest, DocsMatchTheRegistry) {
  std::ifstream In(std::string(ATF_SOURCE_DIR) + "/docs/search.md");
  ASSERT_TRUE(In) << "docs/search.md not found";
  std::stringstream Buffer;
  Buffer << In.rdbuf();
  const std::string Docs = Buffer.str();
  EXPECT_NE(Docs.find(techniqueParameterTable()), std::string::npos)
      << "docs/search.md is out of date: paste the table techniqueParameterTable() writes:\n"
      << techniqueParameterTable();
  for (const TechniqueEntry &Entry : techniqueRegistry()) {
    if (Entry.Parameters.empty())
      continue;
    const std::size_t Row = Docs.find("| `" + std::string(Entry.Name) + "(");
    ASSERT_NE(Row, std::string::npos) << "no row for " << Entry.Name << " in docs/search.md";
    std::string Defaults;
    for (double X : defaultValues(Entry.Parameters))
      Defaults += (Defaults.empty() ? "" : ", ") + shortestText(X);
    const std::size_t Column = Docs.find("` | ", Row);
    EXPECT_EQ(Docs.substr(Column + 4, Defaults.size()), Defaults) << Entry.Name;
  }
}

} // namespace
} // namespace atfc
