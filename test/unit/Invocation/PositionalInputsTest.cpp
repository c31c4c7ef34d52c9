//===- PositionalInputsTest.cpp - $1, $2, ... as typed inputs -------------===//
//
// Every type a positional input may have: valid text, malformed text, values
// outside the type's range (narrow and unsigned types), the forms of bool,
// strings as they are, and the messages for missing and bad arguments.
//
//===----------------------------------------------------------------------===//
#include "Invocation/PositionalInputs.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

using namespace atfc;

namespace {

/// Converts Text as input 'N' = $1.
template <class T> InputValue<T> convert(const std::string &Text) {
  const std::vector<std::string> Args = {Text};
  return positionalInput<T>(Args, 1, "N");
}

template <class T> void expectValue(const std::string &Text, const T &Expected) {
  const InputValue<T> V = convert<T>(Text);
  ASSERT_TRUE(V) << Text << ": " << V.Error;
  EXPECT_EQ(*V.Value, Expected) << Text;
  EXPECT_EQ(V.Error, "");
}

template <class T> void expectProblem(const std::string &Text, ArgumentProblem Expected) {
  T Ignored{};
  EXPECT_EQ(parseArgument(Text, Ignored), Expected) << "'" << Text << "'";
  EXPECT_FALSE(convert<T>(Text)) << "'" << Text << "'";
}

TEST(PositionalInputs, TypeNames) {
  EXPECT_EQ(inputTypeName<std::size_t>(), "size_t");
  EXPECT_EQ(inputTypeName<std::int64_t>(), "int64_t");
  EXPECT_EQ(inputTypeName<std::uint8_t>(), "uint8_t");
  EXPECT_EQ(inputTypeName<std::int16_t>(), "int16_t");
  EXPECT_EQ(inputTypeName<std::uint32_t>(), "unsigned int");
  EXPECT_EQ(inputTypeName<int>(), "int");
  EXPECT_EQ(inputTypeName<char>(), "char");
  EXPECT_EQ(inputTypeName<float>(), "float");
  EXPECT_EQ(inputTypeName<double>(), "double");
  EXPECT_EQ(inputTypeName<bool>(), "bool");
  EXPECT_EQ(inputTypeName<std::string>(), "string");
}

TEST(PositionalInputs, UnsignedIntegers) {
  expectValue<std::size_t>("1000", 1000);
  expectValue<std::size_t>("0", 0);
  expectValue<std::size_t>("+7", 7);
  expectValue<std::size_t>("-0", 0);
  expectValue<std::size_t>("007", 7);
  expectValue<std::size_t>("18446744073709551615", std::numeric_limits<std::size_t>::max());
  expectProblem<std::size_t>("18446744073709551616", ArgumentProblem::OutOfRange);
  expectProblem<std::size_t>("99999999999999999999999", ArgumentProblem::OutOfRange);
  expectProblem<std::size_t>("-1", ArgumentProblem::OutOfRange);
  expectValue<std::uint8_t>("255", 255);
  expectProblem<std::uint8_t>("256", ArgumentProblem::OutOfRange);
  expectValue<unsigned>("4294967295", 4294967295u);
  expectProblem<unsigned>("4294967296", ArgumentProblem::OutOfRange);
}

TEST(PositionalInputs, SignedIntegers) {
  expectValue<int>("-42", -42);
  expectValue<std::int8_t>("127", 127);
  expectValue<std::int8_t>("-128", -128);
  expectProblem<std::int8_t>("128", ArgumentProblem::OutOfRange);
  expectProblem<std::int8_t>("-129", ArgumentProblem::OutOfRange);
  expectValue<std::int64_t>("-9223372036854775808", std::numeric_limits<std::int64_t>::min());
  expectValue<std::int64_t>("9223372036854775807", std::numeric_limits<std::int64_t>::max());
  expectProblem<std::int64_t>("-9223372036854775809", ArgumentProblem::OutOfRange);
  expectProblem<std::int64_t>("9223372036854775808", ArgumentProblem::OutOfRange);
  expectProblem<int>("2147483648", ArgumentProblem::OutOfRange);
}

TEST(PositionalInputs, MalformedIntegers) {
  for (const char *Text :
       {"", "abc", "12abc", " 5", "5 ", "1e3", "0x10", "1.0", "--5", "+-5", "+", "-", "1,000"})
    expectProblem<std::size_t>(Text, ArgumentProblem::Malformed);
  // Garbage after digits beyond 2^64 is malformed, not out of range.
  expectProblem<std::size_t>("99999999999999999999999x", ArgumentProblem::Malformed);
}

TEST(PositionalInputs, FloatingPoint) {
  expectValue<double>("0.5", 0.5);
  expectValue<double>("-1e-3", -1e-3);
  expectValue<double>("+2.5", 2.5);
  expectValue<double>("3", 3.0);
  expectValue<float>("0.25", 0.25f);
  expectValue<long double>("1.5", 1.5L);
  expectValue<float>("3.4e38", 3.4e38f);
  EXPECT_TRUE(std::isinf(*convert<double>("inf").Value));
  expectProblem<float>("1e39", ArgumentProblem::OutOfRange);
  expectProblem<double>("1e999", ArgumentProblem::OutOfRange);
  for (const char *Text : {"", "abc", "1.5x", " 1", "1 ", "+-1", "++1", "+", "0x1p3", "1,5"})
    expectProblem<double>(Text, ArgumentProblem::Malformed);
}

TEST(PositionalInputs, BoolForms) {
  for (const char *Text : {"true", "TRUE", "True", "1", "yes", "Yes", "on", "ON"})
    expectValue<bool>(Text, true);
  for (const char *Text : {"false", "FALSE", "0", "no", "NO", "off", "Off"})
    expectValue<bool>(Text, false);
  for (const char *Text : {"", "2", "maybe", "t", "y", "truee", " true", "-1"})
    expectProblem<bool>(Text, ArgumentProblem::Malformed);
}

TEST(PositionalInputs, StringsAsTheyAre) {
  expectValue<std::string>("hello world", "hello world");
  expectValue<std::string>("", "");
  expectValue<std::string>("-x", "-x");
}

TEST(PositionalInputs, MissingArgumentMessages) {
  const std::vector<std::string> None;
  EXPECT_EQ(positionalInput<std::size_t>(None, 1, "N").Error,
            "input 'N' is $1, but only 0 arguments were given");
  const std::vector<std::string> One = {"5"};
  EXPECT_EQ(positionalInput<int>(One, 3, "M").Error,
            "input 'M' is $3, but only 1 argument was given");
  EXPECT_EQ(positionalInput<int>(One, 0, "M").Error,
            "input 'M' is $0, but the arguments are numbered from $1");
  const std::vector<std::string> Two = {"5", "6"};
  EXPECT_EQ(*positionalInput<int>(Two, 2, "M").Value, 6);
  EXPECT_EQ(positionalInput<int>(Two, 3, "M").Error,
            "input 'M' is $3, but only 2 arguments were given");
}

TEST(PositionalInputs, BadArgumentMessages) {
  const std::vector<std::string> Args = {"abc", "-1", "300", "maybe", "1e999"};
  EXPECT_EQ(positionalInput<std::size_t>(Args, 1, "N").Error,
            "input 'N' ($1 = 'abc') is not a valid size_t (write a decimal integer)");
  EXPECT_EQ(positionalInput<std::size_t>(Args, 2, "N").Error,
            "input 'N' ($2 = '-1') is outside the range of size_t [0, 18446744073709551615]");
  EXPECT_EQ(positionalInput<std::uint8_t>(Args, 3, "B").Error,
            "input 'B' ($3 = '300') is outside the range of uint8_t [0, 255]");
  EXPECT_EQ(positionalInput<std::int8_t>(Args, 3, "B").Error,
            "input 'B' ($3 = '300') is outside the range of int8_t [-128, 127]");
  EXPECT_EQ(positionalInput<bool>(Args, 4, "Flag").Error,
            "input 'Flag' ($4 = 'maybe') is not a valid bool (write true or false, 1 or 0, "
            "yes or no, on or off)");
  EXPECT_EQ(positionalInput<double>(Args, 5, "X").Error,
            "input 'X' ($5 = '1e999') is outside the range of double");
  EXPECT_EQ(positionalInput<double>(Args, 1, "X").Error,
            "input 'X' ($1 = 'abc') is not a valid double");
}

TEST(PositionalInputs, UnreadArguments) {
  const std::vector<std::string> Three = {"5", "6", "b.cl"};
  EXPECT_EQ(unreadArgumentsMessage(Three, 3), "");
  EXPECT_EQ(unreadArgumentsMessage(Three, 7), "");
  EXPECT_EQ(unreadArgumentsMessage(Three, 2),
            "3 arguments given, but the file reads only $1 to $2 (its positional inputs and "
            "data paths): 'b.cl' ($3) would be read by nothing; leave it out, or declare an "
            "input that reads it (#atf::var::NAME $3)");
  EXPECT_NE(unreadArgumentsMessage(Three, 1).find("reads only $1 (its"), std::string::npos);
  EXPECT_NE(unreadArgumentsMessage(Three, 1).find("'6' ($2)"), std::string::npos);
  const std::vector<std::string> One = {"b.cl"};
  EXPECT_NE(unreadArgumentsMessage(One, 0).find("1 argument given, but the file reads no argument"),
            std::string::npos);
  EXPECT_EQ(unreadArgumentsMessage({}, 0), "");
}

} // namespace
