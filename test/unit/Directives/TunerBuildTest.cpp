//===- TunerBuildTest.cpp - Naming cached tuner binaries ------------------===//
//
// Every cached tuner is "tuner-" and 16 hex digits: a key hashing below 2^60
// once gave a shorter name, which a fresh machine's run of the lit tests
// (matching tuner-???????????????? ) found.
//
//===----------------------------------------------------------------------===//
#include "Directives/TunerBuild.h"

#include <gtest/gtest.h>

#include <random>

namespace atfc {
namespace {

TEST(TunerBuild, NamesHaveSixteenHexDigitsWithLeadingZeros) {
  EXPECT_EQ(tunerFileName(0), "tuner-0000000000000000");
  EXPECT_EQ(tunerFileName(0xabc), "tuner-0000000000000abc");
  EXPECT_EQ(tunerFileName(0x0ac23105eeacdeaa), "tuner-0ac23105eeacdeaa");
  EXPECT_EQ(tunerFileName(~std::uint64_t(0)), "tuner-ffffffffffffffff");
  std::mt19937_64 Random(3);
  for (int I = 0; I < 1000; ++I) {
    const std::uint64_t Hash = Random() >> (Random() % 64);
    const std::string Name = tunerFileName(Hash);
    ASSERT_EQ(Name.size(), 22u) << Name;
    EXPECT_EQ(std::stoull(Name.substr(6), nullptr, 16), Hash);
  }
}

} // namespace
} // namespace atfc
