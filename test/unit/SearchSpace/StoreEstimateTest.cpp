//===- test/unit/SearchSpace/StoreEstimateTest.cpp - Refusing huge spaces -===//
#include "SearchSpace/StoreEstimate.h"

#include "SearchSpace/Range.h"
#include "SearchSpace/SpaceGenerator.h"
#include "Support/Bug.h"

#include "../ScopedEnvironment.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdlib>

using namespace atfc;

namespace {

ParameterInfo info(std::uint64_t RangeSize, bool Constrained) {
  ParameterInfo P;
  P.Name = "P";
  P.RangeSize = RangeSize;
  P.Constrained = Constrained;
  return P;
}

} // namespace

TEST(StoreEstimateTest, BytesPerNodeFollowTheIndexWidth) {
  EXPECT_EQ(bytesPerNode(256, /*LastLevel=*/true), 1);
  EXPECT_EQ(bytesPerNode(257, true), 2);
  EXPECT_EQ(bytesPerNode(65537, true), 4);
  EXPECT_EQ(bytesPerNode(std::uint64_t(1) << 33, true), 8);
  EXPECT_EQ(bytesPerNode(10, /*LastLevel=*/false), 5); // and a child offset
}

TEST(StoreEstimateTest, UnconstrainedLevelsMultiplyConstrainedOnesCountOnce) {
  // 1000 x 100 unconstrained: 1000 nodes of 2+4 bytes, 10^5 leaves of 1.
  EXPECT_EQ(estimateGroupBytes({info(1000, false), info(100, false)}, {}), 1000 * 6 + 100000);
  // A constrained level counts one node per parent until it is known.
  EXPECT_EQ(estimateGroupBytes({info(1000, true), info(100, false)}, {}), 6 + 100);
  // Known first levels replace the guess.
  EXPECT_EQ(estimateGroupBytes({info(1000, true), info(100, false)}, {500}), 500 * 6 + 50000);
  // Saturates rather than overflowing.
  const double Huge =
      estimateGroupBytes({info(~std::uint64_t(0), false), info(~std::uint64_t(0), false),
                          info(~std::uint64_t(0), false), info(~std::uint64_t(0), false),
                          info(~std::uint64_t(0), false), info(~std::uint64_t(0), false)},
                         {});
  EXPECT_GT(Huge, 1e100);
  EXPECT_EQ(formatBytes(Huge), "more than 1000 EB");
}

TEST(StoreEstimateTest, ParsesSizes) {
  EXPECT_EQ(parseByteSize("1000000"), 1000000u);
  EXPECT_EQ(parseByteSize("64G"), std::uint64_t(64) << 30);
  EXPECT_EQ(parseByteSize("512m"), std::uint64_t(512) << 20);
  EXPECT_EQ(parseByteSize("2KB"), 2048u);
  EXPECT_EQ(parseByteSize("1T"), std::uint64_t(1) << 40);
  for (const char *Bad :
       {"", "G", "-1", "1.5G", "64GG", "64X", "99999999999999999999", "16777216T", " 1G"})
    EXPECT_FALSE(parseByteSize(Bad)) << Bad;
  EXPECT_EQ(formatBytes(8e12), "8.0 TB");
  EXPECT_EQ(formatBytes(512), "512 bytes");
}

TEST(StoreEstimateTest, TheLimitFollowsTheVariable) {
  {
    const test::ScopedEnvironment Variable(kSpaceMemoryLimitVariable, "3G");
    ASSERT_STREQ(std::getenv(kSpaceMemoryLimitVariable), "3G");
    Expected<std::uint64_t> Limit = storeMemoryLimit();
    ASSERT_TRUE(Limit) << Limit.error().message();
    EXPECT_EQ(*Limit, std::uint64_t(3) << 30);
  }
  {
    const test::ScopedEnvironment Variable(kSpaceMemoryLimitVariable, "plenty");
    ASSERT_STREQ(std::getenv(kSpaceMemoryLimitVariable), "plenty");
    Expected<std::uint64_t> Limit = storeMemoryLimit();
    ASSERT_FALSE(Limit);
    EXPECT_EQ(Limit.error().message(),
              "ATFC_SPACE_MEMORY_LIMIT='plenty' is not a size such as 64G, 512M or 1000000");
  }
  const test::ScopedEnvironment Variable(kSpaceMemoryLimitVariable, nullptr);
  ASSERT_EQ(std::getenv(kSpaceMemoryLimitVariable), nullptr);
  Expected<std::uint64_t> Limit = storeMemoryLimit();
  ASSERT_TRUE(Limit);
  EXPECT_EQ(*Limit, machineStoreMemoryLimit());
  EXPECT_GT(*Limit, 0u);
}

TEST(StoreEstimateTest, AHugeRangeIsRefusedBeforeGenerating) {
  // 10^12 values once generated until the OOM killer came.
  const auto Start = std::chrono::steady_clock::now();
  GenerationOptions Options;
  Options.MemoryLimit = std::uint64_t(1) << 30;
  try {
    cantFail(
        generateSpace(Options, group(parameter("X", interval<long long>(1, 1000000000000LL)))));
    FAIL() << "generated a space of 10^12 values";
  } catch (const SpaceTooLarge &E) {
    EXPECT_EQ(E.EstimatedBytes, 8e12);
    EXPECT_EQ(E.LimitBytes, std::uint64_t(1) << 30);
    EXPECT_NE(std::string(E.what()).find("8.0 TB"), std::string::npos) << E.what();
  }
  EXPECT_LT(std::chrono::steady_clock::now() - Start, std::chrono::seconds(5));
}

TEST(StoreEstimateTest, AnEstimateTooLowStopsGenerationAtTheLimit) {
  // X's range is too long for the walks to scan (2^22 values in all), so
  // its level counts one node per parent: 4 bytes, where half of 2^26
  // values, 128 MB, are kept. Atfc once stored 22 GB of such a level
  // (2^40 values) until the OOM killer came.
  for (std::size_t Threads : {1, 2}) {
    std::atomic<std::uint64_t> Calls{0};
    auto Group = group(parameter("A", interval<int>(1, 4)),
                       parameter("X", interval<int>(1, 1 << 26), [&Calls](int X, const auto &) {
                         Calls.fetch_add(1, std::memory_order_relaxed);
                         return X % 2 == 0;
                       }));
    GenerationOptions Options;
    Options.Threads = Threads;
    Options.MemoryLimit = std::uint64_t(8) << 20;
    try {
      cantFail(generateSpace(Options, Group));
      FAIL() << "generated 512 MB past a limit of 8 MB with " << Threads << " threads";
    } catch (const SpaceTooLarge &E) {
      EXPECT_GT(E.EstimatedBytes, 8 << 20) << Threads;
      EXPECT_NE(std::string(E.what()).find("needs more than"), std::string::npos) << E.what();
      EXPECT_NE(std::string(E.what()).find("the estimate before generating was lower"),
                std::string::npos)
          << E.what();
    }
    // Stopped near the limit: 8 MB of 4-byte nodes is 2^21 nodes, 2^22 tries.
    EXPECT_LT(Calls.load(), std::uint64_t(1) << 24) << Threads;
  }
}

TEST(StoreEstimateTest, ExpandedLevelsCountExactly) {
  // The filter keeps half of A's values; B's level below them is large.
  auto Group = group(parameter("A", interval<int>(1, 10000), [](int A) { return A % 2 == 0; }),
                     parameter("B", interval<int>(1, 100),
                               [](int B, const auto &Path) { return B <= std::get<0>(Path); }));
  GenerationOptions Options;
  Options.Threads = 2; // expansion into prefixes needs more than one thread
  Options.MemoryLimit = 20000;
  try {
    cantFail(generateSpace(Options, Group));
    FAIL() << "generated past the limit";
  } catch (const SpaceTooLarge &E) {
    // A's 5,000 nodes exactly; B's level below them by the sample: about
    // 5,000 x 99.5 (one node per parent before the sample: 5,000).
    EXPECT_GT(E.EstimatedBytes, 5000.0 * (2 + 4) + 0.9 * 497550);
    EXPECT_LT(E.EstimatedBytes, 5000.0 * (2 + 4) + 1.1 * 497550);
  }
  Options.MemoryLimit = std::uint64_t(1) << 30;
  EXPECT_EQ(cantFail(generateSpace(Options, Group)).size(), 5000u * 100u - 50u * 49u);
}

namespace {

/// A chain of three constrained levels, each keeping about half of what is
/// below the one above: the estimate before sampling counted one node per
/// parent, 3 nodes for its 10^6.
auto deepGroup() {
  return group(parameter("A", interval<int>(1, 200), [](int A) { return A % 2 == 0; }),
               parameter("B", interval<int>(1, 200),
                         [](int B, const auto &Path) { return B <= std::get<0>(Path); }),
               parameter("C", interval<int>(1, 100),
                         [](int C, const auto &Path) { return C <= std::get<1>(Path); }));
}

/// The store of deepGroup(), counted by brute force: nodes per level times
/// their bytes (1-byte indices; child offsets above the last level).
double deepGroupBytes() {
  double A = 0, B = 0, C = 0;
  for (int X = 2; X <= 200; X += 2) {
    ++A;
    for (int Y = 1; Y <= X; ++Y) {
      ++B;
      C += std::min(Y, 100);
    }
  }
  return A * 5 + B * 5 + C * 1;
}

} // namespace

TEST(StoreEstimateTest, ConstrainedLevelsBelowTheExpandedOnesAreSampled) {
  const double Bytes = deepGroupBytes();
  for (std::size_t Threads : {1, 2, 4}) { // 1: nothing expanded, sampled from the root
    GenerationOptions Options;
    Options.Threads = Threads;
    Options.MemoryLimit = static_cast<std::uint64_t>(Bytes / 2);
    try {
      cantFail(generateSpace(Options, deepGroup()));
      FAIL() << "generated twice the limit with " << Threads << " threads";
    } catch (const SpaceTooLarge &E) {
      EXPECT_GT(E.EstimatedBytes, 0.8 * Bytes) << Threads;
      EXPECT_LT(E.EstimatedBytes, 1.25 * Bytes) << Threads;
    }
    Options.MemoryLimit = static_cast<std::uint64_t>(Bytes * 2);
    EXPECT_GT(cantFail(generateSpace(Options, deepGroup())).size(), 0u);
  }
}

TEST(StoreEstimateTest, SampledLevelsNeverCountLessThanTheRule) {
  // A sample that died out early still counts one node per parent.
  EXPECT_EQ(estimateGroupBytes({info(10, true), info(10, true), info(10, false)}, {4}, {0, 0}),
            4 * 5 + 4 * 5 + 40);
  EXPECT_EQ(estimateGroupBytes({info(10, true), info(10, true), info(10, false)}, {4}, {100}),
            4 * 5 + 100 * 5 + 1000);
}
