//===- unit/Support/CountArgumentTest.cpp ---------------------------------===//
#include "Support/CountArgument.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace atfc {
namespace {

TEST(CountArgumentTest, EachClauseHasItsRange) {
  const CountRule &Warmups = *countRuleOf("warmups");
  EXPECT_TRUE(isCount(Warmups, 0));
  EXPECT_TRUE(isCount(Warmups, 4294967295LL));
  EXPECT_FALSE(isCount(Warmups, 4294967296LL));
  EXPECT_FALSE(isCount(Warmups, -1));
  EXPECT_FALSE(isCount(Warmups, std::numeric_limits<long long>::min()));
  const CountRule &Repetitions = *countRuleOf("repetitions");
  EXPECT_FALSE(isCount(Repetitions, 0)) << "0 repetitions measure nothing";
  EXPECT_TRUE(isCount(Repetitions, 1u));
  const CountRule &Seed = *countRuleOf("seed");
  EXPECT_TRUE(isCount(Seed, std::numeric_limits<std::uint64_t>::max()));
  EXPECT_FALSE(isCount(Seed, -5));
  for (const char *Id : {"id", "platform_id", "device_id"})
    EXPECT_FALSE(isCount(*countRuleOf(Id), -1)) << Id;
  EXPECT_EQ(countRuleOf("timeout"), nullptr);
  EXPECT_EQ(countRuleOf("tolerance"), nullptr);
}

TEST(CountArgumentTest, ANumberWithAFractionOrNoValueIsNoCount) {
  const CountRule &Warmups = *countRuleOf("warmups");
  EXPECT_TRUE(isCount(Warmups, 3.0));
  EXPECT_FALSE(isCount(Warmups, 1.5));
  EXPECT_FALSE(isCount(Warmups, -0.5));
  EXPECT_FALSE(isCount(Warmups, std::nan("")));
  EXPECT_FALSE(isCount(Warmups, std::numeric_limits<double>::infinity()));
  EXPECT_FALSE(isCount(Warmups, 4294967296.0));
  EXPECT_TRUE(isCount(Warmups, true)); // C++ converts it to 1, as written
}

TEST(CountArgumentTest, TheErrorNamesTheClauseTheRangeAndTheValue) {
  EXPECT_EQ(countError(*countRuleOf("repetitions"), "0"),
            "repetitions must be a whole number from 1 to 4294967295, not 0");
  EXPECT_EQ(countError(*countRuleOf("seed"), "-5"),
            "seed must be a whole number from 0 to 18446744073709551615, not -5");
}

} // namespace
} // namespace atfc
