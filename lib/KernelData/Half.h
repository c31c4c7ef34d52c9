//===- KernelData/Half.h - IEEE binary16 on the host ------------*- C++ -*-===//
//
// The `half` of kernel arguments (OpenCL `half`, CUDA `__half`): 16 bits in
// IEEE 754 binary16, converted to and from double on the host, for random
// contents, scalars and result checks. Conversions round to nearest, ties
// to even, directly from double (never through float, which would round
// twice), and keep subnormals, infinities, signed zeros and NaN payloads.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_KERNELDATA_HALF_H
#define ATFC_KERNELDATA_HALF_H

#include <cstdint>

namespace atfc {

/// The binary16 bits nearest to V (ties to even); overflow gives infinity,
/// a NaN stays a NaN (quiet, its payload's top bits kept).
std::uint16_t halfBitsFromDouble(double V);

/// The value of binary16 Bits, exactly (every half is a double).
double halfBitsToDouble(std::uint16_t Bits);

/// A binary16 value: what `half` names in the directives (`buffer<half>(N)`,
/// `scalar<half>(1.5)`). Converts from and to double like a floating type.
struct half {
  std::uint16_t Bits = 0;
  half() = default;
  half(double V) : Bits(halfBitsFromDouble(V)) {}
  operator double() const { return halfBitsToDouble(Bits); }
  /// The half of the given bits.
  static half fromBits(std::uint16_t Bits) {
    half H;
    H.Bits = Bits;
    return H;
  }
};
static_assert(sizeof(half) == 2, "a half is stored as 16 bits");

} // namespace atfc

#endif
