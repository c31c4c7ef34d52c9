//===- ValueTest.cpp - Type-erased parameter values -----------------------===//
//
// Which kind holds which C++ type, and how values print for humans and as
// C/C++ source.
//
//===----------------------------------------------------------------------===//
#include "SearchSpace/Value.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

using namespace atfc;

namespace {

TEST(ValueTest, KindOfType) {
  static_assert(valueKindOf<bool>() == ValueKind::Bool);
  static_assert(valueKindOf<int>() == ValueKind::Int);
  static_assert(valueKindOf<std::int8_t>() == ValueKind::Int);
  static_assert(valueKindOf<std::size_t>() == ValueKind::UInt);
  static_assert(valueKindOf<float>() == ValueKind::Double);
  static_assert(valueKindOf<std::string>() == ValueKind::String);
  EXPECT_STREQ(kindName(ValueKind::UInt), "uint");
  EXPECT_STREQ(kindName(ValueKind::String), "string");
}

TEST(ValueTest, ToValueKeepsTheNumber) {
  EXPECT_EQ(std::get<std::int64_t>(toValue(-5)), -5);
  EXPECT_EQ(std::get<std::uint64_t>(toValue(std::numeric_limits<std::size_t>::max())),
            std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(std::get<double>(toValue(0.25f)), 0.25);
  EXPECT_EQ(std::get<bool>(toValue(true)), true);
  EXPECT_EQ(std::get<std::string>(toValue(std::string("x"))), "x");
}

TEST(ValueTest, ToString) {
  EXPECT_EQ(toString(Value(std::int64_t(-42))), "-42");
  EXPECT_EQ(toString(Value(std::uint64_t(42))), "42");
  EXPECT_EQ(toString(Value(0.1)), "0.1");
  EXPECT_EQ(toString(Value(false)), "false");
  EXPECT_EQ(toString(Value(std::string("a b"))), "a b");
}

TEST(ValueTest, ToSourceString) {
  EXPECT_EQ(toSourceString(Value(std::int64_t(-42))), "-42");
  EXPECT_EQ(toSourceString(Value(std::numeric_limits<std::int64_t>::min())),
            "(-9223372036854775807 - 1)");
  EXPECT_EQ(toSourceString(Value(std::uint64_t(42))), "42u");
  EXPECT_EQ(toSourceString(Value(1.0)), "1.0");
  EXPECT_EQ(toSourceString(Value(0.5)), "0.5");
  EXPECT_EQ(toSourceString(Value(1e300)), "1e+300");
  EXPECT_EQ(toSourceString(Value(true)), "true");
  EXPECT_EQ(toSourceString(Value(std::string("say \"hi\"\\\n"))), "\"say \\\"hi\\\"\\\\\\n\"");
}

TEST(ValueTest, NonFiniteDoublesHaveNamesAndSource) {
  constexpr double Inf = std::numeric_limits<double>::infinity();
  const double NaN = std::numeric_limits<double>::quiet_NaN();
  EXPECT_STREQ(nonFiniteName(NaN), "nan");
  EXPECT_STREQ(nonFiniteName(Inf), "inf");
  EXPECT_STREQ(nonFiniteName(-Inf), "-inf");
  EXPECT_EQ(nonFiniteName(0.5), nullptr);
  EXPECT_TRUE(std::isnan(*parseNonFinite("nan")));
  EXPECT_EQ(*parseNonFinite("inf"), Inf);
  EXPECT_EQ(*parseNonFinite("-inf"), -Inf);
  for (const char *Other : {"", "NaN", "Infinity", "1", "nan "})
    EXPECT_FALSE(parseNonFinite(Other)) << Other;
  // Valid C, C++, OpenCL C and CUDA: there is no nan or inf literal.
  EXPECT_EQ(toSourceString(Value(NaN)), "(0.0 / 0.0)");
  EXPECT_EQ(toSourceString(Value(Inf)), "(1.0 / 0.0)");
  EXPECT_EQ(toSourceString(Value(-Inf)), "(-1.0 / 0.0)");
}

TEST(ValueTest, SourceStringsEscapeControlBytes) {
  EXPECT_EQ(toSourceString(Value(std::string("a\x1b[2J\r"))), "\"a\\033[2J\\015\"");
}

// `atfc space --list` showed "/*" as "/\052", the escape that keeps a C
// comment whole, meant for generated headers only.
TEST(ValueTest, AConfigurationForPeopleKeepsCommentMarks) {
  const std::vector<std::string> Names = {"V", "Q", "N"};
  const std::vector<Value> Values = {Value(std::string("/*a*/")), Value(std::string("a??b")),
                                     Value(std::int64_t{3})};
  EXPECT_EQ(configurationText(Names, Values), "V=\"/*a*/\" Q=\"a??b\" N=3");
  // Code keeps them escaped.
  EXPECT_EQ(toSourceString(Values[0]), "\"/\\052a*\\057\"");
}

} // namespace
