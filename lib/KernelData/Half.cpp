//===- KernelData/Half.cpp - IEEE binary16 on the host --------------------===//
//
// Bit-level conversions between binary16 and binary64: the significand with
// its hidden bit is shifted into place and rounded once, so that normal and
// subnormal results, and the carry of a rounding into the exponent (up to
// infinity), come out of the same arithmetic.
//
//===----------------------------------------------------------------------===//
#include "KernelData/Half.h"

#include <bit>
#include <cmath>

namespace atfc {

std::uint16_t halfBitsFromDouble(double V) {
  const auto Bits = std::bit_cast<std::uint64_t>(V);
  const auto Sign = static_cast<std::uint16_t>((Bits >> 48) & 0x8000);
  const int Exponent = static_cast<int>((Bits >> 52) & 0x7ff);
  const std::uint64_t Mantissa = Bits & ((std::uint64_t(1) << 52) - 1);
  if (Exponent == 0x7ff) // infinity, or NaN (quiet, top payload bits kept)
    return Sign | 0x7c00 | (Mantissa ? 0x200 | static_cast<std::uint16_t>(Mantissa >> 42) : 0);
  if (Exponent == 0) // zero, or a double subnormal: far below half's range
    return Sign;
  // The half's biased exponent; at most 0 means a subnormal half.
  const int HalfExponent = Exponent - 1023 + 15;
  if (HalfExponent >= 31)
    return Sign | 0x7c00;
  const std::uint64_t Significand = Mantissa | (std::uint64_t(1) << 52);
  // Drop the bits below the half's last place: 42 for a normal half, more
  // for a subnormal one (whose last place is 2^-24).
  const int Shift = 42 + (HalfExponent <= 0 ? 1 - HalfExponent : 0);
  if (Shift >= 54) // below half of 2^-24: rounds to zero
    return Sign;
  std::uint64_t Kept = Significand >> Shift;
  const std::uint64_t Rest = Significand & ((std::uint64_t(1) << Shift) - 1);
  const std::uint64_t Tie = std::uint64_t(1) << (Shift - 1);
  if (Rest > Tie || (Rest == Tie && (Kept & 1)))
    ++Kept;
  if (HalfExponent <= 0) // subnormal; rounding up to 0x400 makes the least normal
    return Sign | static_cast<std::uint16_t>(Kept);
  // Kept holds the hidden bit (0x400): adding it to exponent - 1 gives the
  // exponent, and a carry out of the significand (0x800) moves it up once
  // more, to infinity at most.
  return Sign | static_cast<std::uint16_t>((std::uint64_t(HalfExponent - 1) << 10) + Kept);
}

double halfBitsToDouble(std::uint16_t Bits) {
  const bool Negative = Bits & 0x8000;
  const int Exponent = (Bits >> 10) & 0x1f;
  const unsigned Mantissa = Bits & 0x3ff;
  if (Exponent == 31) {
    const std::uint64_t Double = (std::uint64_t(Negative) << 63) | (std::uint64_t(0x7ff) << 52) |
                                 (std::uint64_t(Mantissa) << 42);
    return std::bit_cast<double>(Double);
  }
  const double Magnitude = Exponent == 0
                               ? std::ldexp(static_cast<double>(Mantissa), -24)
                               : std::ldexp(static_cast<double>(Mantissa | 0x400), Exponent - 25);
  return Negative ? -Magnitude : Magnitude;
}

} // namespace atfc
