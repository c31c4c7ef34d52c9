//===- SetValuesTest.cpp - A set's values in the tuner --------------------===//
//
// Which values are literals, and the expression of a set: small sets
// through exactSet, large ones of literals as one list, and large ones
// with inputs or expressions as lists and exactSet()s of at most 64, in
// order. (That the tuner refuses an input's value its type cannot hold in
// a set of any size: atfc/space/bad-range.test.)
//
//===----------------------------------------------------------------------===//
#include "CodeGen/SetValues.h"

#include <gtest/gtest.h>

#include <string>

using namespace atfc;

namespace {

std::string numbers(int From, int To) {
  std::string Text;
  for (int I = From; I <= To; ++I)
    Text += (I > From ? ", " : "") + std::to_string(I);
  return Text;
}

TEST(SetValuesTest, LiteralsAreNumbersAndBools) {
  for (const char *Literal :
       {"1", " -2.5e-3 ", "+7", ".5", "0x1F", "1'000u", "0x1p+3", "true", "false", "- 4"})
    EXPECT_TRUE(isPlainLiteral(Literal)) << Literal;
  for (const char *Other : {"N", "N + 1", "1 + N", "2 * 3", "-N", "f(1)", "1e5 - 2", "", ".",
                            "\"text\"", "M_PI", "(1)"})
    EXPECT_FALSE(isPlainLiteral(Other)) << Other;
}

TEST(SetValuesTest, EachSetSizeHasItsExpression) {
  EXPECT_EQ(setExpression("int", "N, 1, 2"), "exactSet<int>(N, 1, 2)");
  const std::string Sixty = numbers(1, 64);
  EXPECT_EQ(setExpression("int", Sixty), "exactSet<int>(" + Sixty + ")");
  const std::string Many = numbers(1, 100);
  EXPECT_EQ(setExpression("uint8_t", Many), "set<uint8_t>({" + Many + "})");
  // N, then 99 literals, then 70 values of an input: the input's values
  // checked 64 and 6 at a time.
  std::string Inputs;
  for (int I = 0; I < 70; ++I)
    Inputs += std::string(I ? ", " : "") + "N + " + std::to_string(I);
  std::string Last64, Last6;
  for (int I = 0; I < 70; ++I)
    (I < 64 ? Last64 : Last6) += std::string(I % 64 ? ", " : "") + "N + " + std::to_string(I);
  EXPECT_EQ(setExpression("uint8_t", "N, " + numbers(1, 99) + ", " + Inputs),
            "joinedSets<uint8_t>({exactSet<uint8_t>(N), set<uint8_t>({" + numbers(1, 99) +
                "}), exactSet<uint8_t>(" + Last64 + "), exactSet<uint8_t>(" + Last6 + ")})");
}

} // namespace
