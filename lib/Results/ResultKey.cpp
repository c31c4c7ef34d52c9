//===- Results/ResultKey.cpp - What results may be reused -----------------===//
#include "Results/ResultKey.h"

#include "Support/SplitMix64.h"

#include <array>
#include <cstdint>

namespace atfc {

namespace {

std::uint64_t fnv1a(std::uint64_t Hash, std::string_view Bytes) {
  for (unsigned char C : Bytes) {
    Hash ^= C;
    Hash *= 0x100000001b3ULL;
  }
  return Hash;
}

} // namespace

std::string resultKey(std::initializer_list<std::string_view> Parts) {
  return resultKey(std::span<const std::string_view>(Parts.begin(), Parts.size()));
}

std::string resultKey(std::span<const std::string_view> Parts) {
  // Two 64-bit FNV-1a lanes with different offset bases over the framed
  // parts, each finished by an avalanche step: 128 bits, 32 hex digits.
  std::uint64_t A = 0xcbf29ce484222325ULL;
  std::uint64_t B = 0x6c62272e07bb0142ULL;
  for (std::string_view Part : Parts) {
    std::array<char, 8> Length;
    std::uint64_t N = Part.size();
    for (char &C : Length) {
      C = static_cast<char>(N & 0xff);
      N >>= 8;
    }
    const std::string_view Frame(Length.data(), Length.size());
    A = fnv1a(fnv1a(A, Frame), Part);
    B = fnv1a(fnv1a(B, Frame), Part);
  }
  A = splitMix64Finalise(A);
  B = splitMix64Finalise(B ^ A);
  static constexpr char Hex[] = "0123456789abcdef";
  std::string Key(32, '0');
  for (int I = 0; I < 16; ++I) {
    Key[15 - I] = Hex[(A >> (4 * I)) & 0xf];
    Key[31 - I] = Hex[(B >> (4 * I)) & 0xf];
  }
  return Key;
}

} // namespace atfc
