//===- unit/System/HostNameTest.cpp - hostName ----------------------------===//
#include "System/HostName.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>

namespace atfc {
namespace {

// The kernel's own record of the name, read another way.
TEST(HostNameTest, IsTheKernelsHostName) {
  std::ifstream In("/proc/sys/kernel/hostname");
  std::string Expected;
  std::getline(In, Expected);
  ASSERT_FALSE(Expected.empty());
  EXPECT_EQ(hostName(), Expected);
}

} // namespace
} // namespace atfc
