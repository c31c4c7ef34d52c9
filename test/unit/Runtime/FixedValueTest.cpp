//===- FixedValueTest.cpp - A --fix value in its parameter's type ---------===//
#include "runtime/FixedValue.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>

namespace {

TEST(FixedValueTest, AValueTheTypeHoldsIsKept) {
  EXPECT_EQ(atfc::fixedValue<int>(8, "--fix BS=8"), 8);
  EXPECT_EQ(atfc::fixedValue<int>(8.0, "--fix BS=8.0"), 8);
  EXPECT_EQ(atfc::fixedValue<float>(0.1, "--fix F=0.1"), 0.1f);
  EXPECT_EQ(atfc::fixedValue<std::string>("-O2", "--fix OPT=-O2"), "-O2");
}

TEST(FixedValueTest, AValueTheTypeCannotHoldIsRefusedByName) {
  try {
    atfc::fixedValue<int>(1.5, "--fix BS=1.5");
    FAIL() << "1.5 became an int";
  } catch (const std::invalid_argument &E) {
    EXPECT_EQ(std::string(E.what()), "--fix BS=1.5: the parameter's type cannot hold 1.5 as it is");
  }
  EXPECT_THROW(atfc::fixedValue<std::uint8_t>(300, "--fix U=300"), std::invalid_argument);
  EXPECT_THROW(atfc::fixedValue<unsigned>(-1, "--fix U=-1"), std::invalid_argument);
  EXPECT_THROW(atfc::fixedValue<bool>(2, "--fix B=2"), std::invalid_argument);
}

} // namespace
