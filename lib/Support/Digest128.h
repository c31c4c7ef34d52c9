//===- Support/Digest128.h - Two FNV-1a lanes, 32 hex digits ----*- C++ -*-===//
//
// The digest of result keys (Results/ResultKey.h) and of the files the
// results depend on (System/RegularFiles.h): two 64-bit FNV-1a lanes with
// different offset bases, each finished by splitmix64's finaliser, the
// second mixed with the first: 128 bits as 32 hex digits. Not
// cryptographic: it tells contents apart, it protects nothing. One copy,
// because a key stored in results.db must mean the same bytes for ever.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SUPPORT_DIGEST128_H
#define ATFC_SUPPORT_DIGEST128_H

#include "Support/SplitMix64.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace atfc {

class Digest128 {
public:
  void add(std::string_view Bytes) {
    for (unsigned char C : Bytes) {
      A = (A ^ C) * kPrime;
      B = (B ^ C) * kPrime;
    }
  }

  /// The 32 hex digits of what was added; Salt is mixed into the first
  /// lane before it is finished (a file's length; 0 for none).
  std::string hex(std::uint64_t Salt = 0) const {
    const std::uint64_t FinalA = splitMix64Finalise(A ^ Salt);
    const std::uint64_t FinalB = splitMix64Finalise(B ^ FinalA);
    static constexpr char Hex[] = "0123456789abcdef";
    std::string Digits(32, '0');
    for (int I = 0; I < 16; ++I) {
      Digits[15 - I] = Hex[(FinalA >> (4 * I)) & 0xf];
      Digits[31 - I] = Hex[(FinalB >> (4 * I)) & 0xf];
    }
    return Digits;
  }

private:
  static constexpr std::uint64_t kPrime = 0x100000001b3ULL;
  std::uint64_t A = 0xcbf29ce484222325ULL;
  std::uint64_t B = 0x6c62272e07bb0142ULL;
};

} // namespace atfc

#endif
