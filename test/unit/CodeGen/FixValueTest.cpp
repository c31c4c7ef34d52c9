//===- FixValueTest.cpp - A --fix value as tuner code ---------------------===//
#include "CodeGen/FixValue.h"

#include <gtest/gtest.h>

namespace {

atfc::TuningSpec specWithInput(const std::string &Name) {
  atfc::TuningSpec Spec;
  atfc::InputVariable Input;
  Input.Name.Name = Name;
  Spec.Inputs.push_back(Input);
  return Spec;
}

TEST(FixValueTest, WhatWouldBreakTheTunersStatementIsRefused) {
  EXPECT_EQ(atfc::fixValueProblem("1; x"), "';'");
  EXPECT_EQ(atfc::fixValueProblem("1, 2"), "a ',' outside brackets");
  EXPECT_EQ(atfc::fixValueProblem("(1"), "a '(' that does not close");
  EXPECT_EQ(atfc::fixValueProblem("1 // x"), "a comment");
  EXPECT_EQ(atfc::fixValueProblem("std::max(1, 2)"), "");
  EXPECT_EQ(atfc::fixValueProblem("\"a;b\""), "");
}

// `--fix A=N++`, `A=1=2` and `A=N<<=1` reached the tuner's C++ and ended
// in the compiler's output ("increment of read-only reference 'N'").
TEST(FixValueTest, AValueWithASideEffectIsRefused) {
  EXPECT_EQ(atfc::fixValueProblem("N++"), "an increment '++'");
  EXPECT_EQ(atfc::fixValueProblem("--N"), "a decrement '--'");
  EXPECT_EQ(atfc::fixValueProblem("1=2"), "an assignment '='");
  EXPECT_EQ(atfc::fixValueProblem("N<<=1"), "an assignment '<<='");
  EXPECT_EQ(atfc::fixValueProblem("N >>= 1"), "an assignment '>>='");
  EXPECT_EQ(atfc::fixValueProblem("(N += 2)"), "an assignment '+='");
  EXPECT_EQ(atfc::fixValueProblem("std::max(N |= 1, 2)"), "an assignment '|='");
  // Comparisons, and operators inside literals, are no side effects.
  EXPECT_EQ(atfc::fixValueProblem("N == 4 ? 1 : 2"), "");
  EXPECT_EQ(atfc::fixValueProblem("(N <= 4) + (N >= 2) + (N != 3) + (N << 1) + -(-N)"), "");
  EXPECT_EQ(atfc::fixValueProblem("\"a=b++\""), "");
}

TEST(FixValueTest, ACallThatMayHaveASideEffectIsRefused) {
  // Pasted into the tuner, each would run there.
  for (const char *Value :
       {"std::rand()", "system(\"rm -rf x\")", "std::system(\"x\") + 1", "N + atfc::exit(1)",
        "std::max(N, getpid())", "::abort()", "std :: rand ()", "foo::min(N, 2)"})
    EXPECT_NE(atfc::fixValueProblem(Value).find("which may have side effects"), std::string::npos)
        << Value;
  EXPECT_NE(atfc::fixValueProblem("std::max(N, std::rand())").find("a call of 'std::rand'"),
            std::string::npos);
  // The math functions, numeric_limits and casts are values.
  for (const char *Value :
       {"std::min(N, 8)", "max(N, 2) / sqrt(4.0)", "std::gcd(N, 12) + ::abs(-1)", "size_t(N) * 2",
        "std::numeric_limits<int>::max()", "static_cast<long>(N)", "sizeof(int)",
        "std::bit_ceil(N)", "atf::pow(2, 3)", "\"rand()\""})
    EXPECT_EQ(atfc::fixValueProblem(Value), "") << Value;
}

TEST(FixValueTest, AWordMustBeAnInputOrPartOfANameOrCall) {
  const atfc::TuningSpec Spec = specWithInput("N");
  EXPECT_EQ(atfc::unknownFixWord("abc", Spec), "abc");
  EXPECT_EQ(atfc::unknownFixWord("N / 8 + M", Spec), "M");
  EXPECT_EQ(atfc::unknownFixWord("-O2", Spec), "O2");
  EXPECT_EQ(atfc::unknownFixWord("N / 8", Spec), "");
  EXPECT_EQ(atfc::unknownFixWord("std::min(N, 8)", Spec), "");
  EXPECT_EQ(atfc::unknownFixWord("1e5 + 0x1F + 2.5f", Spec), "");
  EXPECT_EQ(atfc::unknownFixWord("true", Spec), "");
  EXPECT_EQ(atfc::unknownFixWord("\"word\"", Spec), "");
}

} // namespace
