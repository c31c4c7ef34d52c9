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

// --fix X=3 over {1, 2, 4} was "no value of X satisfies its constraint X
// <= N with --fix X=3": the constraint blamed for a value outside the range.
TEST(FixedValueTest, AValueOutsideTheRangeIsRefusedAtTheRange) {
  const atfc::SourceLocation Where{"f.sh", 2, 23};
  EXPECT_TRUE(
      atfc::fixedValueInRange(atfc::exactSet<int>(1, 2, 4), 4, Where, "--fix X=4", "{1, 2, 4}"));
  atfc::Expected<void> Three = atfc::fixedValueInRange(atfc::exactSet<int>(1, 2, 4), 3, Where,
                                                       "--fix X=3", "X's range {1, 2, 4}");
  ASSERT_FALSE(Three);
  EXPECT_EQ(Three.error().message(), "--fix X=3: 3 is no value of X's range {1, 2, 4} (1, 2, 4)");
  EXPECT_EQ(Three.error().diagnostic().Location.Line, 2u);
  // Mixed signs compare as numbers: -1 is not the unsigned range's maximum.
  EXPECT_FALSE(atfc::fixedValueInRange(atfc::interval<unsigned>(0, 10), -1, Where, "--fix U=-1",
                                       "interval<unsigned>(0, 10)"));
  EXPECT_TRUE(atfc::fixedValueInRange(atfc::interval<int>(1, 10, 3), 7, Where, "--fix S=7",
                                      "interval<int>(1, 10, 3)"));
  atfc::Expected<void> Eight = atfc::fixedValueInRange(
      atfc::interval<int>(1, 100, 3), 8, Where, "--fix S=8", "S's range interval<int>(1, 100, 3)");
  ASSERT_FALSE(Eight);
  EXPECT_EQ(
      Eight.error().message(),
      "--fix S=8: 8 is no value of S's range interval<int>(1, 100, 3) (34 values from 1 to 100)");
  EXPECT_FALSE(atfc::fixedValueInRange(atfc::exactSet<std::string>("-O1", "-O2"),
                                       std::string("-O3"), Where, "--fix OPT=-O3", "{...}"));
  EXPECT_EQ(atfc::valueText(std::string("-O3")), "\"-O3\"");
}

} // namespace
