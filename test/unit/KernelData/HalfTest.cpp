//===- HalfTest.cpp - binary16 conversions against the compiler's ---------===//
//
// Every one of the 65536 half bit patterns, and the doubles where rounding
// decides (the midpoints between neighbouring halves, a double's last place
// either side of them, the overflow threshold, the subnormal range), are
// converted by atfc and by GCC's _Float16, which must agree bit for bit.
//
//===----------------------------------------------------------------------===//
#include "KernelData/Half.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>
#include <random>

namespace atfc {
namespace {

/// GCC's conversion of V to binary16 (libgcc's __truncdfhf2: round to
/// nearest even).
std::uint16_t referenceBits(double V) {
  return std::bit_cast<std::uint16_t>(static_cast<_Float16>(V));
}

double referenceValue(std::uint16_t Bits) {
  return static_cast<double>(std::bit_cast<_Float16>(Bits));
}

bool isNaNBits(std::uint16_t Bits) { return (Bits & 0x7c00) == 0x7c00 && (Bits & 0x3ff); }

/// Compares atfc's conversion of V with the reference (NaN: any NaN).
void expectSameConversion(double V) {
  const std::uint16_t Ours = halfBitsFromDouble(V), Theirs = referenceBits(V);
  if (isNaNBits(Theirs))
    EXPECT_TRUE(isNaNBits(Ours)) << V;
  else
    EXPECT_EQ(Ours, Theirs) << std::hexfloat << V;
}

TEST(Half, EveryPatternReadsAsTheReferenceAndRoundTrips) {
  for (unsigned B = 0; B <= 0xffff; ++B) {
    const auto Bits = static_cast<std::uint16_t>(B);
    const double Value = halfBitsToDouble(Bits);
    if (isNaNBits(Bits)) {
      EXPECT_TRUE(std::isnan(Value)) << B;
      EXPECT_TRUE(std::isnan(referenceValue(Bits)));
      // A quiet NaN keeps its payload; a signalling one becomes quiet.
      EXPECT_EQ(halfBitsFromDouble(Value), Bits | 0x200) << B;
      continue;
    }
    EXPECT_EQ(std::bit_cast<std::uint64_t>(Value),
              std::bit_cast<std::uint64_t>(referenceValue(Bits)))
        << B;
    EXPECT_EQ(halfBitsFromDouble(Value), Bits) << B; // -0 and +0 included
  }
}

TEST(Half, RoundsLikeTheReferenceWhereRoundingDecides) {
  // Between each pair of neighbouring finite halves of the same sign: the
  // midpoint (a tie, exactly representable as a double) and its neighbours.
  for (unsigned B = 0; B < 0x7c00; ++B) {
    for (std::uint16_t Sign : {std::uint16_t(0), std::uint16_t(0x8000)}) {
      const double Low = halfBitsToDouble(static_cast<std::uint16_t>(B | Sign));
      const double High = halfBitsToDouble(static_cast<std::uint16_t>((B + 1) | Sign));
      const double Middle = (Low + High) / 2;
      for (double V : {Middle, std::nextafter(Middle, Low), std::nextafter(Middle, High),
                       std::nextafter(Low, High), std::nextafter(High, Low)})
        expectSameConversion(V);
    }
  }
}

TEST(Half, SpecialValues) {
  const double Inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(halfBitsFromDouble(Inf), 0x7c00);
  EXPECT_EQ(halfBitsFromDouble(-Inf), 0xfc00);
  EXPECT_EQ(halfBitsFromDouble(65504.0), 0x7bff); // the largest half
  EXPECT_EQ(halfBitsFromDouble(65519.99), 0x7bff);
  EXPECT_EQ(halfBitsFromDouble(65520.0), 0x7c00); // the tie rounds to even: infinity
  EXPECT_EQ(halfBitsFromDouble(1e300), 0x7c00);
  EXPECT_EQ(halfBitsFromDouble(0x1.0p-24), 0x0001); // the least subnormal
  EXPECT_EQ(halfBitsFromDouble(0x1.0p-25), 0x0000); // its half: a tie, to even zero
  EXPECT_EQ(halfBitsFromDouble(0x1.8p-25), 0x0001);
  EXPECT_EQ(halfBitsFromDouble(-0x1.0p-26), 0x8000);
  EXPECT_EQ(halfBitsFromDouble(std::numeric_limits<double>::denorm_min()), 0x0000);
  EXPECT_EQ(halfBitsFromDouble(-0.0), 0x8000);
  EXPECT_EQ(halfBitsFromDouble(1.0), 0x3c00);
  EXPECT_EQ(halfBitsFromDouble(1.5), 0x3e00);
  EXPECT_TRUE(isNaNBits(halfBitsFromDouble(std::nan(""))));
  EXPECT_EQ(halfBitsToDouble(0x3555), 0x1.554p-2);
  EXPECT_EQ(static_cast<double>(half(0.1)), 0x1.998p-4);
}

TEST(Half, RandomDoublesConvertLikeTheReference) {
  std::mt19937_64 Random(2024);
  std::uniform_int_distribution<int> Exponent(-30, 17);
  std::uniform_real_distribution<double> Unit(-2, 2);
  for (int I = 0; I < 1000000; ++I)
    expectSameConversion(std::ldexp(Unit(Random), Exponent(Random)));
  for (int I = 0; I < 200000; ++I) // any bit pattern at all
    expectSameConversion(std::bit_cast<double>(Random()));
}

} // namespace
} // namespace atfc
