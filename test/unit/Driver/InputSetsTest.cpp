//===- InputSetsTest.cpp - atfc tune --inputs -----------------------------===//
//
// An --inputs value splits into words as a POSIX shell splits a command's,
// without expansion; every malformed value is an error, never a guess.
//
//===----------------------------------------------------------------------===//
#include "Driver/InputSets.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace atfc;

namespace {

std::vector<std::string> words(std::string_view Text) {
  Expected<std::vector<std::string>> W = splitInputWords(Text);
  EXPECT_TRUE(W) << Text << ": " << (W ? "" : W.error().message());
  return W ? *W : std::vector<std::string>{};
}

std::string errorOf(std::string_view Text) {
  Expected<std::vector<std::string>> W = splitInputWords(Text);
  EXPECT_FALSE(W) << Text;
  return W ? std::string() : W.error().message();
}

using Words = std::vector<std::string>;

TEST(InputSets, BlanksSeparateWords) {
  EXPECT_EQ(words("1024  512\t7"), (Words{"1024", "512", "7"}));
  EXPECT_EQ(words("   "), Words{});
}

TEST(InputSets, QuotesKeepWhatIsInsideWithoutExpansion) {
  EXPECT_EQ(words("'a b' \"c d\""), (Words{"a b", "c d"}));
  EXPECT_EQ(words("'$HOME' \"$HOME\""), (Words{"$HOME", "$HOME"}));
  EXPECT_EQ(words("x'y z'w"), Words{"xy zw"});
  EXPECT_EQ(words("''"), Words{""});
}

TEST(InputSets, BackslashesEscapeAsInTheShell) {
  EXPECT_EQ(words("a\\ b"), Words{"a b"});
  EXPECT_EQ(words("\"say \\\"hi\\\" \\\\ \\n\""), Words{"say \"hi\" \\ \\n"});
  EXPECT_EQ(words("'\\n'"), Words{"\\n"});
}

TEST(InputSets, MalformedValuesAreErrors) {
  EXPECT_FALSE(errorOf("'open").empty());
  EXPECT_FALSE(errorOf("\"open").empty());
  EXPECT_FALSE(errorOf("trailing\\").empty());
}

} // namespace
