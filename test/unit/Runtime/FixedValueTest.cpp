//===- FixedValueTest.cpp - A --fix value in its parameter's type ---------===//
#include "runtime/FixedValue.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

namespace {

TEST(FixedValueTest, AValueTheTypeHoldsIsKept) {
  EXPECT_EQ(*atfc::fixedValue<int>(8, "--fix BS=8"), 8);
  EXPECT_EQ(*atfc::fixedValue<int>(8.0, "--fix BS=8.0"), 8);
  EXPECT_EQ(*atfc::fixedValue<float>(0.1, "--fix F=0.1"), 0.1f);
  EXPECT_EQ(*atfc::fixedValue<std::string>("-O2", "--fix OPT=-O2"), "-O2");
}

TEST(FixedValueTest, AValueTheTypeCannotHoldIsRefusedByName) {
  atfc::Expected<int> Fraction = atfc::fixedValue<int>(1.5, "--fix BS=1.5");
  ASSERT_FALSE(Fraction);
  EXPECT_EQ(Fraction.error().message(),
            "--fix BS=1.5: the parameter's type cannot hold 1.5 as it is");
  EXPECT_FALSE(atfc::fixedValue<std::uint8_t>(300, "--fix U=300"));
  EXPECT_FALSE(atfc::fixedValue<unsigned>(-1, "--fix U=-1"));
  EXPECT_FALSE(atfc::fixedValue<bool>(2, "--fix B=2"));
}

} // namespace
