//===- PackedIndexArrayTest.cpp - Narrow unsigned arrays ------------------===//
//
// Every width holds its largest value and no neighbour's bytes leak into
// an element; runs copied from earlier elements equal their values; arrays
// that grow past the mapped size, shrink, are copied or moved keep their
// elements; a growth budget is charged what is filled, at most 64 MiB late,
// and stops growth where it throws.
//
//===----------------------------------------------------------------------===//
#include "SearchSpace/PackedIndexArray.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

using namespace atfc;

namespace {

TEST(PackedIndexArrayTest, EachWidthHoldsItsLargestValue) {
  for (std::uint64_t Max : {std::uint64_t{0xff}, std::uint64_t{0xffff}, std::uint64_t{0xffffffff},
                            std::numeric_limits<std::uint64_t>::max()}) {
    PackedIndexArray A(Max);
    // Alternating extremes: a neighbour's bytes must not show in an element.
    for (int I = 0; I < 100; ++I)
      A.push_back(I % 2 ? Max : 0);
    ASSERT_EQ(A.size(), 100u);
    for (std::size_t I = 0; I < A.size(); ++I)
      EXPECT_EQ(A[I], I % 2 ? Max : 0) << "max " << Max << ", element " << I;
  }
}

TEST(PackedIndexArrayTest, CopiedRunsEqualTheirValues) {
  // Runs of earlier elements, of every length from 0 to 300, shifted up,
  // down or not, across growths and the mapped size, in every width: equal
  // to the values copied, element by element.
  for (std::uint64_t Max : {std::uint64_t{0xff}, std::uint64_t{0xffff}, std::uint64_t{0xffffffff},
                            std::numeric_limits<std::uint64_t>::max()}) {
    PackedIndexArray Copied(Max);
    std::vector<std::uint64_t> Expected;
    for (std::uint64_t I = 0; I < 300; ++I) {
      Expected.push_back(I * 0x9E3779B97F4A7C15ULL % Max);
      Copied.push_back(Expected.back());
    }
    std::uint64_t Seed = 1;
    for (std::size_t Length = 0; Expected.size() < (std::size_t(1) << 19);
         Length = (Length + 7) % 301) {
      Seed = Seed * 6364136223846793005ULL + 1442695040888963407ULL;
      const std::size_t Begin = (Seed >> 33) % (Expected.size() - Length + 1);
      // Shifted by +3, -3 or not, where every value of the run stays within
      // 0 .. Max.
      std::uint64_t Add = Length % 3 == 0 ? 0 : Length % 3 == 1 ? 3 : std::uint64_t(-3);
      for (std::size_t I = Begin; I < Begin + Length; ++I)
        if ((Add == 3 && Expected[I] > Max - 3) || (Add == std::uint64_t(-3) && Expected[I] < 3))
          Add = 0;
      Copied.appendCopy(Begin, Length, Add);
      for (std::size_t I = Begin; I < Begin + Length; ++I)
        Expected.push_back(Expected[I] + Add);
    }
    ASSERT_EQ(Copied.size(), Expected.size());
    for (std::size_t I = 0; I < Expected.size(); ++I)
      ASSERT_EQ(Copied[I], Expected[I]) << "max " << Max << ", element " << I;
  }
}

TEST(PackedIndexArrayTest, TheWidthFollowsTheLargestValue) {
  auto BytesPerElement = [](std::uint64_t Max) {
    PackedIndexArray A(Max);
    for (int I = 0; I < 64; ++I)
      A.push_back(0);
    A.shrinkToFit();
    return (A.memoryBytes() - 8) / 64; // 8 bytes of slack for the stores
  };
  EXPECT_EQ(BytesPerElement(1), 1u);
  EXPECT_EQ(BytesPerElement(256), 2u);
  EXPECT_EQ(BytesPerElement(65536), 4u);
  EXPECT_EQ(BytesPerElement(std::uint64_t{1} << 32), 8u);
}

TEST(PackedIndexArrayTest, GrowsPastTheMappedSizeAndShrinksBack) {
  PackedIndexArray A(0xffff);
  const std::size_t N = 3 << 20; // 6 MiB of 2-byte elements: mapped pages
  for (std::size_t I = 0; I < N; ++I)
    A.push_back(I & 0xffff);
  ASSERT_EQ(A.size(), N);
  EXPECT_EQ(A[0], 0u);
  EXPECT_EQ(A[N - 1], (N - 1) & 0xffff);
  EXPECT_EQ(A[123457], 123457u & 0xffff);
  // Back below the mapped size (malloc), then empty.
  A.truncate(1000);
  A.shrinkToFit();
  EXPECT_EQ(A.memoryBytes(), 2008u);
  EXPECT_EQ(A[999], 999u);
  A.truncate(0);
  A.shrinkToFit();
  EXPECT_EQ(A.memoryBytes(), 0u);
  A.push_back(7);
  EXPECT_EQ(A[0], 7u);
}

/// Counts what it is charged; throws past Limit bytes.
class CountingBudget final : public GrowthBudget {
public:
  explicit CountingBudget(std::size_t Limit) : Limit(Limit) {}
  void take(std::size_t Bytes) override {
    Taken += Bytes;
    if (Taken > Limit)
      throw std::length_error("over");
  }
  std::size_t Taken = 0;
  std::size_t Limit;
};

TEST(PackedIndexArrayTest, AGrowthBudgetIsChargedWhatIsFilledAtMost64MiBLate) {
  constexpr std::size_t Lag = std::size_t(64) << 20;
  CountingBudget Budget(std::numeric_limits<std::size_t>::max());
  ThreadGrowthBudget = &Budget;
  {
    PackedIndexArray A(~std::uint64_t(0)); // 8 bytes each
    for (std::size_t I = 0; I < (std::size_t(200) << 20) / 8; ++I) {
      A.push_back(I);
      if ((I & 0xfffff) == 0) {
        ASSERT_LE(Budget.Taken, A.size() * 8);
        ASSERT_GE(Budget.Taken + Lag, A.size() * 8) << A.size();
      }
    }
    const std::size_t Before = Budget.Taken;
    PackedIndexArray Copy = A; // a copy's memory is not generation's
    EXPECT_EQ(Budget.Taken, Before);
    EXPECT_EQ(Copy.size(), A.size());
  }
  // A budget that refuses stops the array near its limit.
  CountingBudget Small(std::size_t(100) << 20);
  ThreadGrowthBudget = &Small;
  PackedIndexArray B(~std::uint64_t(0));
  EXPECT_THROW(for (std::size_t I = 0; I < (std::size_t(400) << 20) / 8; ++I) B.push_back(I),
               std::length_error);
  EXPECT_LE(B.size() * 8, Small.Limit + Lag);
  ThreadGrowthBudget = nullptr;
  EXPECT_EQ(B[B.size() - 1], B.size() - 1);
}

TEST(PackedIndexArrayTest, CopiesAndMovesKeepTheElements) {
  PackedIndexArray A(1000);
  for (std::uint64_t V : {5, 999, 0, 256})
    A.push_back(V);
  PackedIndexArray Copy = A;
  A.truncate(1);
  ASSERT_EQ(Copy.size(), 4u);
  EXPECT_EQ(Copy[1], 999u);
  EXPECT_EQ(Copy[3], 256u);
  PackedIndexArray Moved = std::move(Copy);
  EXPECT_EQ(Moved.size(), 4u);
  EXPECT_EQ(Moved[3], 256u);
  PackedIndexArray Assigned;
  Assigned = Moved;
  EXPECT_EQ(Assigned[1], 999u);
  Assigned.push_back(1000);
  EXPECT_EQ(Assigned[4], 1000u) << "the width came with the assignment";
  EXPECT_EQ(PackedIndexArray().memoryBytes(), 0u);
}

} // namespace
