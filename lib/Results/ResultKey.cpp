//===- Results/ResultKey.cpp - What results may be reused -----------------===//
#include "Results/ResultKey.h"

#include "Support/SplitMix64.h"

#include <array>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <sys/stat.h>
#include <vector>

namespace atfc {

namespace {

std::uint64_t fnv1a(std::uint64_t Hash, std::string_view Bytes) {
  for (unsigned char C : Bytes) {
    Hash ^= C;
    Hash *= 0x100000001b3ULL;
  }
  return Hash;
}

/// Two FNV-1a lanes over framed parts; key() finishes them.
struct KeyLanes {
  std::uint64_t A = 0xcbf29ce484222325ULL;
  std::uint64_t B = 0x6c62272e07bb0142ULL;

  /// A part's frame: its length, 8 bytes little-endian.
  void frame(std::uint64_t N) {
    std::array<char, 8> Length;
    for (char &C : Length) {
      C = static_cast<char>(N & 0xff);
      N >>= 8;
    }
    add(std::string_view(Length.data(), Length.size()));
  }
  void add(std::string_view Bytes) {
    A = fnv1a(A, Bytes);
    B = fnv1a(B, Bytes);
  }
  std::string key() const {
    const std::uint64_t FinalA = splitMix64Finalise(A);
    const std::uint64_t FinalB = splitMix64Finalise(B ^ FinalA);
    static constexpr char Hex[] = "0123456789abcdef";
    std::string Key(32, '0');
    for (int I = 0; I < 16; ++I) {
      Key[15 - I] = Hex[(FinalA >> (4 * I)) & 0xf];
      Key[31 - I] = Hex[(FinalB >> (4 * I)) & 0xf];
    }
    return Key;
  }
};

} // namespace

std::string resultKey(std::initializer_list<std::string_view> Parts) {
  return resultKey(std::span<const std::string_view>(Parts.begin(), Parts.size()));
}

std::string resultKey(std::span<const std::string_view> Parts) {
  // Two 64-bit FNV-1a lanes with different offset bases over the framed
  // parts, each finished by an avalanche step: 128 bits, 32 hex digits.
  KeyLanes Lanes;
  for (std::string_view Part : Parts) {
    Lanes.frame(Part.size());
    Lanes.add(Part);
  }
  return Lanes.key();
}

} // namespace atfc
