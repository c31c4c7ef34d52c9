//===- SuggestionsTest.cpp - "Did you mean" for misspelt names ------------===//
#include "Support/Suggestions.h"

#include <gtest/gtest.h>

#include <array>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace atfc {
namespace {

TEST(SuggestionsTest, CountsEditsAndSwaps) {
  EXPECT_EQ(editDistance("", ""), 0u);
  EXPECT_EQ(editDistance("abc", ""), 3u);
  EXPECT_EQ(editDistance("", "abc"), 3u);
  EXPECT_EQ(editDistance("range", "rnage"), 1u); // a swap is one edit
  EXPECT_EQ(editDistance("kitten", "sitting"), 3u);
  EXPECT_EQ(editDistance("evaluations", "evalutions"), 1u);
}

TEST(SuggestionsTest, FindsTheClosestMisspelling) {
  const std::array<std::string_view, 4> Words = {"--seed", "--technique", "--threads", "--fresh"};
  EXPECT_EQ(closestSpelling("--techniqe", Words), "--technique");
  EXPECT_EQ(closestSpelling("--sed", Words), "--seed");
  EXPECT_EQ(closestSpelling("--bogus", Words), "");
  EXPECT_EQ(closestSpelling("--seed", Words), ""); // the word itself is no misspelling
  const std::vector<std::string> Owned = {"interval", "set"};
  EXPECT_EQ(closestSpelling("intervall", Owned), "interval");
}

TEST(SuggestionsTest, AllowsAThirdOfTheWord) {
  EXPECT_TRUE(isMisspellingDistance("ab", 1));
  EXPECT_FALSE(isMisspellingDistance("ab", 2));
  EXPECT_TRUE(isMisspellingDistance("technique", 3));
  EXPECT_FALSE(isMisspellingDistance("technique", 4));
}

// Property: the distance is a metric (symmetric, zero only for equal words,
// triangle inequality) on random short words over a small alphabet, where
// near misses are frequent.
TEST(SuggestionsTest, DistanceIsAMetric) {
  std::mt19937 Random(3);
  auto Word = [&] {
    std::string W(Random() % 7, 'a');
    for (char &C : W)
      C = static_cast<char>('a' + Random() % 3);
    return W;
  };
  for (int I = 0; I < 3000; ++I) {
    const std::string A = Word(), B = Word(), C = Word();
    ASSERT_EQ(editDistance(A, B), editDistance(B, A)) << A << ' ' << B;
    ASSERT_EQ(editDistance(A, B) == 0, A == B);
    ASSERT_LE(editDistance(A, B), std::max(A.size(), B.size()));
    // Optimal string alignment distance is not a metric in general
    // ("ca" -> "abc"), so check the triangle bound it does keep: a swap
    // costs at most two plain edits.
    ASSERT_LE(editDistance(A, C), 2 * (editDistance(A, B) + editDistance(B, C)));
  }
}

// `#atf::TP` got no "did you mean '#atf::tp'?": two edits in a word of
// two letters are too many, but a word that differs in case alone is the
// candidate, however short.
TEST(SuggestionsTest, AWordInAnotherCaseIsTheCandidate) {
  const std::vector<std::string_view> Directives = {"tp", "var", "ocl::input"};
  EXPECT_EQ(closestSpelling("TP", Directives), "tp");
  EXPECT_EQ(closestSpelling("OCL::Input", Directives), "ocl::input");
  EXPECT_EQ(closestSpelling("tp", Directives), "");
  EXPECT_EQ(closestSpelling("XY", Directives), "");
  EXPECT_FALSE(differsInCaseAlone("tp", "tp"));
  EXPECT_FALSE(differsInCaseAlone("t_", "t-"));
}

} // namespace
} // namespace atfc
