//===- PackedIndexArrayTest.cpp - Narrow unsigned arrays ------------------===//
//
// Every width holds its largest value and no neighbour's bytes leak into
// an element; arrays that grow past the mapped size, shrink, are copied or
// moved keep their elements.
//
//===----------------------------------------------------------------------===//
#include "SearchSpace/PackedIndexArray.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
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
