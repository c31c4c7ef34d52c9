//===- test/unit/Analysis/FixedValuesTest.cpp - --fix and directives ------===//
#include "Analysis/FixedValues.h"

#include <gtest/gtest.h>

using namespace atfc;

namespace {

Expected<std::vector<FixedValue>> parse(std::vector<std::string> Arguments) {
  return parseFixedValues(Arguments);
}

std::string problem(std::vector<std::string> Arguments) {
  Expected<std::vector<FixedValue>> R = parseFixedValues(Arguments);
  return R ? std::string() : R.error().message();
}

} // namespace

TEST(FixedValues, ParsesPairs) {
  Expected<std::vector<FixedValue>> R = parse({"KWG=32", "SA=0", "OPT=\"-O3,-g\""});
  ASSERT_TRUE(R.ok()) << R.error().message();
  ASSERT_EQ((*R).size(), 3u);
  EXPECT_EQ((*R)[0].Name, "KWG");
  EXPECT_EQ((*R)[0].Text, "32");
  EXPECT_EQ((*R)[1].Name, "SA");
  EXPECT_EQ((*R)[1].Text, "0");
  EXPECT_EQ((*R)[2].Name, "OPT");
  EXPECT_EQ((*R)[2].Text, "\"-O3,-g\""); // a comma belongs to the value
  // '=' after the first belongs to the value.
  Expected<std::vector<FixedValue>> Eq = parse({"FLAGS=a==b"});
  ASSERT_TRUE(Eq.ok());
  EXPECT_EQ((*Eq)[0].Text, "a==b");
}

TEST(FixedValues, RejectsMalformedPairs) {
  EXPECT_EQ(problem({"KWG"}), "--fix 'KWG': expected NAME=VALUE");
  EXPECT_EQ(problem({"=1"}), "--fix '=1': '' is not a parameter name");
  EXPECT_EQ(problem({"1X=1"}), "--fix '1X=1': '1X' is not a parameter name");
  EXPECT_EQ(problem({"X="}), "--fix 'X=': the value is empty");
  EXPECT_EQ(problem({"X=1", "X=2"}), "--fix 'X=2': 'X' is fixed twice");
}

TEST(FixedValues, DirectivesAndArgumentsOfAProposal) {
  PruningProposal P;
  P.Method = PruningMethod::Conservative;
  P.Fixed.push_back(PrunedParameter{"KWG", 2, Value(std::int64_t(32)), 0.1});
  P.Fixed.push_back(PrunedParameter{"WPT", 0, Value(std::uint64_t(4)), 0.05});
  P.Fixed.push_back(PrunedParameter{"OPT", 1, Value(std::string("-O3 -g")), 0.01});
  EXPECT_EQ(fixingDirectives(P),
            "// atfc analyze (conservative): KWG fixed, replaces its tp directive\n"
            "#atf::tp name KWG range {32}\n"
            "// atfc analyze (conservative): WPT fixed, replaces its tp directive\n"
            "#atf::tp name WPT range {4u}\n"
            "// atfc analyze (conservative): OPT fixed, replaces its tp directive\n"
            "#atf::tp name OPT range {\"-O3 -g\"}\n");
  EXPECT_EQ(fixArguments(P), "--fix KWG=32 --fix WPT=4u --fix 'OPT=\"-O3 -g\"'");
  EXPECT_EQ(fixArguments(PruningProposal{}), "");
}
