//===- unit/System/NetworkDoorbellTest.cpp - Rings across machines --------===//
#include "System/NetworkDoorbell.h"

#include <gtest/gtest.h>

#include <poll.h>

namespace atfc {
namespace {

constexpr std::uint32_t address(unsigned A, unsigned B, unsigned C, unsigned D) {
  return A << 24 | B << 16 | C << 8 | D;
}
constexpr std::uint32_t kSlash24 = 0xffffff00u;

bool fdReadable(int Fd, int Milliseconds) {
  pollfd P = {Fd, POLLIN, 0};
  return ::poll(&P, 1, Milliseconds) == 1 && (P.revents & POLLIN);
}

TEST(NetworkDoorbellTest, ARingWakesThePollerAndCarriesNothing) {
  Expected<NetworkDoorbell> A = NetworkDoorbell::open(), B = NetworkDoorbell::open();
  ASSERT_TRUE(A) << A.error().message();
  ASSERT_TRUE(B) << B.error().message();
  EXPECT_NE(B->port(), 0u);
  EXPECT_NE(A->port(), B->port());
  EXPECT_FALSE(fdReadable(B->fd(), 0));
  ASSERT_TRUE(A->ring(address(127, 0, 0, 1), B->port()));
  ASSERT_TRUE(A->ring(address(127, 0, 0, 1), B->port()));
  EXPECT_TRUE(fdReadable(B->fd(), 2000));
  EXPECT_EQ(B->drain(), 2u);
  EXPECT_FALSE(fdReadable(B->fd(), 0));
  EXPECT_EQ(A->drain(), 0u);
}

// Rings go only to the other machine's addresses on a subnet this machine
// is on, never beyond (its other networks, a default route).
TEST(NetworkDoorbellTest, OnlyAddressesOnMySubnetsAreRung) {
  const std::vector<InterfaceAddress> Mine = {{address(10, 231, 7, 1), kSlash24},
                                              {address(192, 168, 1, 5), kSlash24}};
  const std::vector<InterfaceAddress> Theirs = {{address(10, 231, 7, 2), kSlash24},
                                                {address(172, 17, 0, 1), 0xffff0000u},
                                                {address(192, 168, 1, 9), kSlash24}};
  EXPECT_EQ(addressesOnMySubnets(Mine, Theirs),
            (std::vector<std::uint32_t>{address(10, 231, 7, 2), address(192, 168, 1, 9)}));
  EXPECT_TRUE(addressesOnMySubnets({}, Theirs).empty());
  // An address of its own is no other machine's.
  EXPECT_TRUE(addressesOnMySubnets(Mine, {{address(10, 231, 7, 1), kSlash24}}).empty());
}

TEST(NetworkDoorbellTest, InterfaceAddressesLeaveLoopbackOut) {
  for (const InterfaceAddress &A : interfaceAddresses()) {
    EXPECT_NE(A.Address >> 24, 127u);
    EXPECT_NE(A.Netmask, 0u);
  }
}

} // namespace
} // namespace atfc
