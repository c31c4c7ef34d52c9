//===- TechniqueExprTest.cpp - Technique expressions as text --------------===//
#include "Search/TechniqueExpr.h"

#include <gtest/gtest.h>

using namespace atfc;

namespace {

TEST(TechniqueExprTest, NamesNumbersAndSubTechniques) {
  Expected<TechniqueExpr> R = parseTechnique("simulated_annealing(2, 0.5)");
  ASSERT_TRUE(R.ok()) << R.error().message();
  EXPECT_EQ(R->Name, "simulated_annealing");
  EXPECT_EQ(R->Numbers, (std::vector<double>{2, 0.5}));
  EXPECT_TRUE(R->Techniques.empty());
  EXPECT_EQ(R->Offset, 0u);

  R = parseTechnique(" atf::round_robin(torczon, atf::pattern_search(-1e-3))");
  ASSERT_TRUE(R.ok()) << R.error().message();
  EXPECT_EQ(R->Name, "round_robin");
  EXPECT_EQ(R->Offset, 1u);
  ASSERT_EQ(R->Techniques.size(), 2u);
  EXPECT_EQ(R->Techniques[0].Name, "torczon");
  EXPECT_EQ(R->Techniques[0].Offset, 18u);
  EXPECT_EQ(R->Techniques[1].Name, "pattern_search");
  EXPECT_EQ(R->Techniques[1].Offset, 27u);
  EXPECT_EQ(R->Techniques[1].Numbers, (std::vector<double>{-1e-3}));
  EXPECT_EQ(describe(*R), "round_robin(torczon, pattern_search(-0.001))");
}

TEST(TechniqueExprTest, EmptyParenthesesAndBareNames) {
  for (std::string_view Text : {"random", "random()", "atf::random", "  random ( ) "}) {
    Expected<TechniqueExpr> R = parseTechnique(Text);
    ASSERT_TRUE(R.ok()) << Text;
    EXPECT_EQ(describe(*R), "random") << Text;
  }
  Expected<TechniqueExpr> R = parseTechnique("auc_bandit(differential_evolution, random)");
  ASSERT_TRUE(R.ok());
  EXPECT_EQ(describe(*R), "auc_bandit(differential_evolution, random)");
}

TEST(TechniqueExprTest, ErrorsSayWhatAndWhere) {
  struct BadCase {
    std::string_view Text;
    std::size_t Offset;
    std::string Message;
  };
  const BadCase Cases[] = {
      {"", 0, "expected a search technique, found the end, e.g. auc_bandit"},
      {"42", 0, "expected a search technique, found '42', e.g. auc_bandit"},
      {"random(", 7, "expected a number or a search technique, found the end"},
      {"random(1", 8, "expected ',' or ')', found the end"},
      {"round_robin(random,)", 19, "expected a number or a search technique, found ')'"},
      {"random random", 7, "unexpected 'random' after the search technique"},
      {"random(1 2)", 9, "expected ',' or ')', found '2'"},
      {"random(-x)", 8, "expected a number, found 'x'"},
      {"random(#)", 7, "unexpected '#'"},
      // The first error inside a sub-technique ends the parse.
      {"round_robin(torczon, random(1 2))", 30, "expected ',' or ')', found '2'"},
      {"auc_bandit(round_robin(", 23, "expected a number or a search technique, found the end"},
  };
  for (const BadCase &Case : Cases) {
    Expected<TechniqueExpr> R = parseTechnique(Case.Text);
    ASSERT_FALSE(R.ok()) << Case.Text;
    EXPECT_EQ(R.error().message(), Case.Message) << Case.Text;
    EXPECT_EQ(textOffset(R.error()), Case.Offset) << Case.Text;
  }
}

} // namespace
