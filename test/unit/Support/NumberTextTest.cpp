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

TEST(NumberTextTest, WholeNanosecondsDropsADifferencesNoise) {
  // The overhead of issue 32: a wall time less the measured times.
  EXPECT_EQ(shortestText(0.000823619 - 0.000580096), "0.00024352300000000005");
  EXPECT_EQ(shortestText(wholeNanoseconds(0.000823619 - 0.000580096)), "0.000243523");
  EXPECT_EQ(shortestText(wholeNanoseconds(0.0014389120000000144)), "0.001438912");
  EXPECT_EQ(wholeNanoseconds(0.0), 0.0);
  EXPECT_EQ(wholeNanoseconds(std::numeric_limits<double>::infinity()),
            std::numeric_limits<double>::infinity());
  EXPECT_TRUE(std::isnan(wholeNanoseconds(std::nan(""))));
}

// Property: a sum or difference of clock readings (whole nanoseconds, up to
// a day apart), rounded, is exactly the reading of its nanoseconds, and
// prints with at most nine decimals.
TEST(NumberTextTest, FifteenDigitsDropsAQuotientsNoise) {
  // The mean of 14206, 14206, 14206, 14206 and 14207 ns, as summed.
  const double Mean = (14206e-9 + 14206e-9 + 14206e-9 + 14206e-9 + 14207e-9) / 5;
  EXPECT_NE(shortestText(Mean), "1.42062e-05"); // 1.4206199999999998e-05
  EXPECT_EQ(shortestText(fifteenDigits(Mean)), "1.42062e-05");
  EXPECT_EQ(fifteenDigits(0.5), 0.5);
  EXPECT_EQ(fifteenDigits(-3e300), -3e300);
  EXPECT_EQ(fifteenDigits(0.0), 0.0);
  EXPECT_EQ(fifteenDigits(std::numeric_limits<double>::infinity()),
            std::numeric_limits<double>::infinity());
  EXPECT_TRUE(std::isnan(fifteenDigits(std::nan(""))));
  // Below one part in 10^15 of the value.
  EXPECT_LE(std::fabs(fifteenDigits(1.0 / 3) - 1.0 / 3), 1e-15 / 3);
}

TEST(NumberTextTest, WholeNanosecondsOfClockArithmeticIsExact) {
  std::mt19937_64 Random(32);
  std::uniform_int_distribution<std::int64_t> Nanoseconds(0, 86'400'000'000'000);
  for (int I = 0; I < 100000; ++I) {
    const std::int64_t A = Nanoseconds(Random), B = Nanoseconds(Random);
    const double Difference = static_cast<double>(A) / 1e9 - static_cast<double>(B) / 1e9;
    const double Sum = static_cast<double>(A) / 1e9 + static_cast<double>(B) / 1e9;
    ASSERT_EQ(wholeNanoseconds(Difference), static_cast<double>(A - B) / 1e9) << A << " - " << B;
    ASSERT_EQ(wholeNanoseconds(Sum), static_cast<double>(A + B) / 1e9) << A << " + " << B;
    const std::string Text = shortestText(wholeNanoseconds(Difference));
    const std::size_t Point = Text.find('.');
    if (Text.find('e') == std::string::npos && Point != std::string::npos) {
      ASSERT_LE(Text.size() - Point - 1, 9u) << Text;
    }
  }
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
