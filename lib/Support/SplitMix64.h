//===- Support/SplitMix64.h - The one random-number source -----*- C++ -*-===//
//
// splitmix64 (Steele, Lea and Flood 2014; Vigna's reference C code): the
// generator every deterministic choice of atfc draws from (estimate walks,
// kernel argument contents, a technique's seeds) and its finaliser, the
// hash mixer of configuration and result keys. One copy, so that a seed
// means the same numbers everywhere and a change to the algorithm is seen.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SUPPORT_SPLITMIX64_H
#define ATFC_SUPPORT_SPLITMIX64_H

#include <cstdint>

namespace atfc {

/// The generator's increment, 2^64 divided by the golden ratio (odd): its
/// multiples are well spread, so it also derives distinct seeds (Seed plus
/// or xor kSplitMix64Gamma * N) and starts hashes.
inline constexpr std::uint64_t kSplitMix64Gamma = 0x9e3779b97f4a7c15ULL;

/// splitmix64's finaliser: a bijection in which every input bit reaches
/// every output bit.
constexpr std::uint64_t splitMix64Finalise(std::uint64_t X) {
  X = (X ^ (X >> 30)) * 0xbf58476d1ce4e5b9ULL;
  X = (X ^ (X >> 27)) * 0x94d049bb133111ebULL;
  return X ^ (X >> 31);
}

/// The first number SplitMix64{X} draws: X mixed into a well-spread seed
/// or hash (distinct seeds from related ones, a hash of several words).
constexpr std::uint64_t splitMix64Mix(std::uint64_t X) {
  return splitMix64Finalise(X + kSplitMix64Gamma);
}

/// The generator: its whole state is one number, so what it draws depends
/// on nothing but the seed.
struct SplitMix64 {
  std::uint64_t State;

  /// The next number; advances the state by kSplitMix64Gamma.
  constexpr std::uint64_t next() { return splitMix64Finalise(State += kSplitMix64Gamma); }
};

} // namespace atfc

#endif // ATFC_SUPPORT_SPLITMIX64_H
