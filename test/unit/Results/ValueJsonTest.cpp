//===- ValueJsonTest.cpp - Values, configurations and costs as JSON -------===//
//
// The one JSON form of recorded values: each kind round-trips, the
// non-finite doubles JSON lacks travel as strings, a cost that is not
// finite is null, and text that is not UTF-8 or not JSON never fails a
// record.
//
//===----------------------------------------------------------------------===//
#include "Results/ValueJson.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace atfc;
using Json = nlohmann::ordered_json;

namespace {

TEST(ValueJsonTest, EveryKindRoundTrips) {
  const std::vector<std::pair<Value, ValueKind>> Cases = {
      {Value(std::int64_t{-7}), ValueKind::Int},
      {Value(std::uint64_t{18446744073709551615ULL}), ValueKind::UInt},
      {Value(0.25), ValueKind::Double},
      {Value(true), ValueKind::Bool},
      {Value(std::string("a \"b\"")), ValueKind::String}};
  for (const auto &[V, Kind] : Cases) {
    const Json J = valueJson(V);
    EXPECT_EQ(jsonValue(J, Kind), V) << jsonText(J);
    EXPECT_EQ(jsonValue(J, std::nullopt), V) << "by JSON's own type: " << jsonText(J);
  }
}

TEST(ValueJsonTest, NonFiniteDoublesTravelAsStrings) {
  const double Inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(jsonText(valueJson(Value(Inf))), "\"inf\"");
  EXPECT_EQ(jsonText(valueJson(Value(-Inf))), "\"-inf\"");
  EXPECT_EQ(jsonText(valueJson(Value(std::nan("")))), "\"nan\"");
  EXPECT_EQ(jsonValue(Json("-inf"), ValueKind::Double), Value(-Inf));
  const std::optional<Value> NaN = jsonValue(Json("nan"), ValueKind::Double);
  ASSERT_TRUE(NaN);
  EXPECT_TRUE(std::isnan(std::get<double>(*NaN)));
  // A string of another kind is no double.
  EXPECT_FALSE(jsonValue(Json("fast"), ValueKind::Double));
}

TEST(ValueJsonTest, AValueOfAnotherKindIsRefused) {
  EXPECT_FALSE(jsonValue(Json(1.5), ValueKind::Int));
  EXPECT_FALSE(jsonValue(Json(-1), ValueKind::UInt));
  // Beyond int64 is no int: it read as -1 (and a selection header held it).
  EXPECT_FALSE(jsonValue(Json(std::uint64_t(9223372036854775808ull)), ValueKind::Int));
  EXPECT_FALSE(jsonValue(Json(~std::uint64_t(0)), ValueKind::Int));
  EXPECT_EQ(jsonValue(Json(std::uint64_t(9223372036854775807ull)), ValueKind::Int),
            Value(std::int64_t(9223372036854775807ll)));
  EXPECT_FALSE(jsonValue(Json("true"), ValueKind::Bool));
  EXPECT_FALSE(jsonValue(Json(3), ValueKind::String));
  // A whole number is a double too.
  EXPECT_EQ(jsonValue(Json(3), ValueKind::Double), Value(3.0));
}

TEST(ValueJsonTest, KindsAreNamedAsKindNameSaysAndBack) {
  for (ValueKind K :
       {ValueKind::Int, ValueKind::UInt, ValueKind::Double, ValueKind::Bool, ValueKind::String})
    EXPECT_EQ(valueKindNamed(kindName(K)), K);
  EXPECT_FALSE(valueKindNamed("float"));
  EXPECT_EQ(jsonText(kindsJson({ValueKind::Int, ValueKind::String})), "[\"int\",\"string\"]");
}

TEST(ValueJsonTest, CostsThatAreNotFiniteAreNull) {
  const double Inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(jsonText(costsJson({1.5, Inf, std::nan("")})), "[1.5,null,null]");
  EXPECT_EQ(jsonText(doubleJson(-Inf)), "null");
  EXPECT_TRUE(std::isnan(jsonDouble(Json())));
  EXPECT_TRUE(std::isnan(jsonDouble(Json("1"))));
  EXPECT_EQ(jsonDouble(Json(2)), 2.0);
}

TEST(ValueJsonTest, ConfigurationsKeepTheirParametersOrder) {
  const std::vector<NamedValue> C = {{"WG", Value(std::int64_t{64})},
                                     {"A", Value(std::string("x"))}};
  EXPECT_EQ(jsonText(configurationJson(C)), "{\"WG\":64,\"A\":\"x\"}");
}

TEST(ValueJsonTest, TextThatIsNotUtf8BecomesReplacementCharacters) {
  EXPECT_EQ(jsonText(Json(std::string("a\xff"))), "\"a\xef\xbf\xbd\"");
}

// Generated strings of every kind of byte sequence (ASCII, valid UTF-8 of
// each length, lone continuation bytes, truncated, overlong forms,
// surrogates, beyond U+10FFFF, random bytes): isUtf8 agrees with
// nlohmann's own check, and every one round-trips exactly as a value and
// in a list of strings through JSON text.
TEST(ValueJsonTest, StringsOfAnyBytesRoundTripExactly) {
  std::vector<std::string> Cases = {"",
                                    "plain",
                                    "\xc3\xa9",
                                    "\xe2\x82\xac",
                                    "\xf0\x9f\x98\x80",
                                    "a\xff",
                                    "\x80",
                                    "\xc3",
                                    "\xe2\x82",
                                    "\xc0\xaf",
                                    "\xe0\x80\xaf",
                                    "\xed\xa0\x80",
                                    "\xf4\x90\x80\x80",
                                    "\xf5\x80\x80\x80",
                                    std::string("nul\0byte", 8),
                                    "{\"bytes\": \"00\"}"};
  std::uint64_t State = 12345;
  for (int N = 0; N < 2000; ++N) {
    std::string Random;
    const int Length = static_cast<int>(State % 9);
    for (int I = 0; I < Length; ++I) {
      State = State * 6364136223846793005ULL + 1442695040888963407ULL;
      Random += static_cast<char>(State >> 56);
    }
    Cases.push_back(Random);
  }
  for (const std::string &S : Cases) {
    bool NlohmannAccepts = true;
    try {
      (void)Json(S).dump();
    } catch (const Json::type_error &) {
      NlohmannAccepts = false;
    }
    EXPECT_EQ(isUtf8(S), NlohmannAccepts) << testing::PrintToString(S);
    const Expected<Json> Back = parseJson(jsonText(valueJson(Value(S))));
    ASSERT_TRUE(Back) << Back.error().message();
    const std::optional<Value> V = jsonValue(*Back, ValueKind::String);
    ASSERT_TRUE(V) << testing::PrintToString(S);
    EXPECT_EQ(std::get<std::string>(*V), S);
    const std::optional<Value> Untyped = jsonValue(*Back, std::nullopt);
    ASSERT_TRUE(Untyped);
    EXPECT_EQ(std::get<std::string>(*Untyped), S);
    const Expected<Json> List = parseJson(jsonText(stringsJson({S, "x"})));
    ASSERT_TRUE(List);
    EXPECT_EQ(jsonStrings(*List), (std::vector<std::string>{S, "x"}));
  }
  EXPECT_EQ(jsonText(valueJson(Value(std::string("a\xff")))), "{\"bytes\":\"61ff\"}");
  // What is no encoding of bytes is not taken for one.
  for (const char *Other : {R"({"bytes": "6"})", R"({"bytes": "zz"})", R"({"bytes": 1})",
                            R"({"bytes": "61", "more": 1})"})
    EXPECT_FALSE(exactString(Json::parse(Other))) << Other;
}

TEST(ValueJsonTest, ParsesJsonAndRefusesTheRest) {
  const Expected<Json> J = parseJson("[\"a\", 2, null]");
  ASSERT_TRUE(J);
  EXPECT_EQ(jsonStrings(*J), (std::vector<std::string>{"a", "2", "null"}));
  EXPECT_FALSE(parseJson("[1,"));
  EXPECT_TRUE(jsonStrings(Json::object()).empty());
  EXPECT_EQ(jsonText(stringsJson({"x", "y"})), "[\"x\",\"y\"]");
}

} // namespace
