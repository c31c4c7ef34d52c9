//===- test/unit/Support/BoundedJsonTest.cpp - JSON within bounds ---------===//
//
// A generator over nesting depths 1..300 of arrays, objects and both mixed,
// with brackets and escaped quotes inside strings that must not count:
// every text within the bound parses to the value nlohmann itself makes of
// it, every text beyond it is an Error naming the bound, and nothing
// crashes at 100,000 levels.
//
//===----------------------------------------------------------------------===//
#include "Support/BoundedJson.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>

using namespace atfc;
using Json = nlohmann::ordered_json;

namespace {

/// A value nested Depth levels: arrays, objects, or both in turn, with a
/// string of brackets and an escaped quote at the bottom.
std::string nested(unsigned Depth, int Shape) {
  std::string Open, Close;
  for (unsigned I = 0; I < Depth; ++I) {
    const bool Object = Shape == 1 || (Shape == 2 && I % 2 == 1);
    Open += Object ? "{\"k[\\\"\": " : "[";
    Close.insert(0, Object ? "}" : "]");
  }
  return Open + "\"[[{{\\\"[\"" + Close;
}

} // namespace

TEST(BoundedJsonTest, EveryDepthUpToTheBoundParsesAndNoneBeyond) {
  for (int Shape = 0; Shape < 3; ++Shape)
    for (unsigned Depth = 1; Depth <= 300; ++Depth) {
      const std::string Text = nested(Depth, Shape);
      Expected<Json> J = parseBoundedJson<Json>(Text);
      if (Depth <= kMaxJsonDepth) {
        ASSERT_TRUE(J) << Depth << ": " << J.error().message();
        EXPECT_EQ(*J, Json::parse(Text));
      } else {
        ASSERT_FALSE(J) << Depth;
        EXPECT_EQ(J.error().message().rfind("JSON nested more than 128 levels deep (at byte ", 0),
                  0u)
            << J.error().message();
      }
    }
}

TEST(BoundedJsonTest, HundredThousandLevelsAreAnErrorNotACrash) {
  for (const char *Open : {"[", "{\"a\":", "[{\"a\":"}) {
    std::string Text;
    for (int I = 0; I < 100000; ++I)
      Text += Open;
    Expected<nlohmann::json> J = parseBoundedJson<nlohmann::json>(Text);
    ASSERT_FALSE(J);
    EXPECT_NE(J.error().message().find("nested more than 128"), std::string::npos);
  }
  // Brackets inside strings do not nest, however many.
  const std::string Quoted = "[\"" + std::string(100000, '[') + "\"]";
  Expected<Json> J = parseBoundedJson<Json>(Quoted);
  ASSERT_TRUE(J) << J.error().message();
  EXPECT_EQ((*J)[0].get<std::string>().size(), 100000u);
}

// nlohmann ends the input at a NUL outside a string; the scan agrees, so
// what follows a NUL neither counts nor hides (found by the fuzzer).
TEST(BoundedJsonTest, ANulOutsideAStringEndsTheText) {
  const std::string Deep = std::string("[1]\0", 4) + std::string(200, '[');
  Expected<Json> J = parseBoundedJson<Json>(Deep);
  ASSERT_TRUE(J) << J.error().message();
  EXPECT_EQ(*J, Json::parse("[1]"));
  EXPECT_FALSE(parseBoundedJson<Json>(std::string("[\"a\0b\"]", 7)));
}

TEST(BoundedJsonTest, SizeAndSyntaxErrorsAreErrors) {
  Expected<void> Bounds = checkJsonBounds("[1, 2, 3]", kMaxJsonDepth, 8);
  ASSERT_FALSE(Bounds);
  EXPECT_EQ(Bounds.error().message(), "JSON text of 9 bytes, more than the limit of 8");
  EXPECT_TRUE(checkJsonBounds("[1, 2, 3]", kMaxJsonDepth, 9));
  for (const char *Bad : {"", "[1,", "]]]]", "{\"a\" 1}", "\"\\", "nul"}) {
    Expected<Json> J = parseBoundedJson<Json>(Bad);
    ASSERT_FALSE(J) << Bad;
    EXPECT_EQ(J.error().message().rfind("not valid JSON: ", 0), 0u) << J.error().message();
  }
}

TEST(BoundedJsonTest, TheCallbackStillApplies) {
  Json::parser_callback_t DropTimes = [](int, Json::parse_event_t Event, Json &Parsed) {
    return !(Event == Json::parse_event_t::key && Parsed == "times");
  };
  Expected<Json> J = parseBoundedJson<Json>(R"({"times": [1, 2], "time": 3})", DropTimes);
  ASSERT_TRUE(J) << J.error().message();
  EXPECT_EQ(*J, Json::parse(R"({"time": 3})"));
}
