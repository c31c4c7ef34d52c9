//===- NumberTextTest.cpp - Numbers as the shortest exact text ------------===//
#include "Support/NumberText.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <string>

namespace atfc {
namespace {

TEST(NumberTextTest, WritesTheShortestForm) {
  EXPECT_EQ(shortestText(0.2), "0.2");
  EXPECT_EQ(shortestText(20), "20");
  EXPECT_EQ(shortestText(-3.5), "-3.5");
  EXPECT_EQ(shortestText(1e-6), "1e-06");
  EXPECT_EQ(shortestText(0.0), "0");
}

TEST(NumberTextTest, WritesSpecialValuesReadably) {
  EXPECT_EQ(shortestText(std::numeric_limits<double>::infinity()), "inf");
  EXPECT_EQ(shortestText(-std::numeric_limits<double>::infinity()), "-inf");
  EXPECT_EQ(shortestText(std::nan("")), "nan");
  EXPECT_EQ(shortestText(-std::nan("")), "nan");
}

TEST(NumberTextTest, TwoCostsThatDifferPrintDifferently) {
  // Six significant digits printed these two gzip sizes alike (3.68592e+06).
  EXPECT_NE(shortestText(3685921), shortestText(3685924));
}

// Property: every finite double reads back exactly, including the extremes.
TEST(NumberTextTest, EveryDoubleReadsBackExactly) {
  std::mt19937_64 Random(7);
  const double Limits[] = {std::numeric_limits<double>::max(),
                           std::numeric_limits<double>::lowest(),
                           std::numeric_limits<double>::min(),
                           std::numeric_limits<double>::denorm_min(),
                           0.1,
                           1.0 / 3.0};
  for (double X : Limits)
    EXPECT_EQ(std::strtod(shortestText(X).c_str(), nullptr), X) << shortestText(X);
  for (int I = 0; I < 100000; ++I) {
    double X;
    const std::uint64_t Bits = Random();
    static_assert(sizeof X == sizeof Bits);
    std::memcpy(&X, &Bits, sizeof X);
    if (!std::isfinite(X))
      continue;
    const std::string Text = shortestText(X);
    ASSERT_EQ(std::strtod(Text.c_str(), nullptr), X) << Text;
    ASSERT_LE(Text.size(), 24u);
  }
}

} // namespace
} // namespace atfc
