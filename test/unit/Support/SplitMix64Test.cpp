//===- SplitMix64Test.cpp - The one random-number source ------------------===//
//
// Known outputs of the reference algorithm (Vigna's splitmix64.c): every
// seeded choice of atfc, and the replays recorded with it, depend on these
// exact numbers.
//
//===----------------------------------------------------------------------===//
#include "Support/SplitMix64.h"

#include <gtest/gtest.h>

#include <array>

using namespace atfc;

namespace {

TEST(SplitMix64Test, DrawsTheReferenceSequence) {
  SplitMix64 Random{1234567};
  const std::array<std::uint64_t, 5> Expected = {6457827717110365317ULL, 3203168211198807973ULL,
                                                 9817491932198370423ULL, 4593380528125082431ULL,
                                                 16408922859458223821ULL};
  for (std::uint64_t E : Expected)
    EXPECT_EQ(Random.next(), E);
  EXPECT_EQ(Random.State, 1234567 + 5 * kSplitMix64Gamma);
}

TEST(SplitMix64Test, DrawsTheReferenceSequenceFromSeedZero) {
  SplitMix64 Random{0};
  EXPECT_EQ(Random.next(), 0xe220a8397b1dcdafULL);
  EXPECT_EQ(Random.next(), 0x6e789e6aa1b965f4ULL);
  EXPECT_EQ(Random.next(), 0x06c45d188009454fULL);
}

TEST(SplitMix64Test, NextIsTheFinaliserOfTheAdvancedState) {
  SplitMix64 Random{42};
  EXPECT_EQ(Random.next(), splitMix64Finalise(42 + kSplitMix64Gamma));
  EXPECT_EQ(Random.next(), splitMix64Finalise(42 + 2 * kSplitMix64Gamma));
}

TEST(SplitMix64Test, MixIsTheFirstDraw) {
  EXPECT_EQ(splitMix64Mix(1234567), 6457827717110365317ULL);
  EXPECT_EQ(splitMix64Mix(0), 0xe220a8397b1dcdafULL);
}

TEST(SplitMix64Test, FinaliserKnownValues) {
  // Zero is the finaliser's fixed point; the rest are the reference's.
  EXPECT_EQ(splitMix64Finalise(0), 0u);
  EXPECT_EQ(splitMix64Finalise(kSplitMix64Gamma), 0xe220a8397b1dcdafULL);
  static_assert(splitMix64Finalise(1234567 + kSplitMix64Gamma) == 6457827717110365317ULL);
}

TEST(SplitMix64Test, FinaliserSpreadsOneBitOverTheWord) {
  // Avalanche: flipping one input bit flips about half of the output bits.
  for (unsigned Bit = 0; Bit < 64; ++Bit) {
    const std::uint64_t Flipped =
        splitMix64Finalise(12345) ^ splitMix64Finalise(12345 ^ (std::uint64_t{1} << Bit));
    const int Changed = __builtin_popcountll(Flipped);
    EXPECT_GT(Changed, 12) << "bit " << Bit;
    EXPECT_LT(Changed, 52) << "bit " << Bit;
  }
}

} // namespace
