//===- ResultKeyTest.cpp - What results may be reused -----------------------===//
//
// The key is 32 hex digits, the same for the same parts, and different
// when the parts differ, however their bytes are split between parts.
//
//===----------------------------------------------------------------------===//
#include "Results/ResultKey.h"

#include "../ScopedTempDirectory.h"

#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <set>

using namespace atfc;

namespace {

TEST(ResultKeyTest, IsAFramedHash) {
  const std::string Key = resultKey({"source", "tuner"});
  EXPECT_EQ(Key.size(), 32u);
  EXPECT_EQ(Key.find_first_not_of("0123456789abcdef"), std::string::npos) << Key;
  EXPECT_EQ(Key, resultKey({"source", "tuner"}));
  EXPECT_NE(resultKey({"ab", "c"}), resultKey({"a", "bc"}));
  EXPECT_NE(resultKey({"abc"}), resultKey({"abc", ""}));
  EXPECT_NE(resultKey({}), resultKey({""}));
  EXPECT_NE(resultKey({"source", "tuner"}), resultKey({"source", "tunes"}));
}

TEST(ResultKeyTest, EverySplitOfTheSameBytesDiffers) {
  // Every way to cut "abcdef" into parts (32 cuts, empty parts too when a
  // cut is doubled) gives its own key: the framing, not the bytes, decides.
  const std::string Bytes = "abcdef";
  std::set<std::string> Keys;
  std::size_t Splits = 0;
  for (unsigned Cuts = 0; Cuts < (1u << (Bytes.size() - 1)); ++Cuts) {
    std::vector<std::string> Parts(1);
    for (std::size_t I = 0; I < Bytes.size(); ++I) {
      Parts.back() += Bytes[I];
      if (I + 1 < Bytes.size() && (Cuts >> I & 1))
        Parts.emplace_back();
    }
    std::vector<std::string_view> Views(Parts.begin(), Parts.end());
    Keys.insert(resultKey(Views));
    Views.emplace_back(); // and with an empty last part
    Keys.insert(resultKey(Views));
    Splits += 2;
  }
  EXPECT_EQ(Keys.size(), Splits);
}

TEST(ResultKeyTest, OneBitChangesAboutHalfTheKey) {
  std::mt19937_64 Random(7);
  std::size_t Differing = 0, Compared = 0;
  for (int Trial = 0; Trial < 200; ++Trial) {
    std::string A(16, '\0');
    for (char &C : A)
      C = static_cast<char>(Random());
    std::string B = A;
    B[Random() % B.size()] ^= static_cast<char>(1 << (Random() % 8));
    const std::string KA = resultKey({A}), KB = resultKey({B});
    for (std::size_t I = 0; I < KA.size(); ++I)
      Differing += KA[I] != KB[I];
    Compared += KA.size();
  }
  // A hex digit differs with probability 15/16 in a well-mixed hash.
  EXPECT_GT(static_cast<double>(Differing) / static_cast<double>(Compared), 0.85);
}

} // namespace
