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

#include <chrono>
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

TEST(BoundedJsonTest, DroppedKeysAreLeftOutAtAnyDepth) {
  Expected<Json> J = parseBoundedJson<Json>(
      R"({"times": [1, [2, {"a": 3}]], "time": 3, "e": {"times": {"x": [4]}, "k": 5}})", {"times"});
  ASSERT_TRUE(J) << J.error().message();
  EXPECT_EQ(*J, Json::parse(R"({"time": 3, "e": {"k": 5}})"));
}

// Objects of every size, with keys repeated: the document is the one
// nlohmann's own parser makes (a later value replaces the earlier one in
// its place), for ordered and sorted objects alike.
TEST(BoundedJsonTest, ObjectsOfEverySizeAndDuplicateKeysParseAsNlohmannDoes) {
  for (int Size : {0, 1, 15, 16, 17, 40, 300})
    for (int Repeat : {0, 1, 7}) {
      std::string Text = "{";
      for (int K = 0; K < Size; ++K)
        Text += (K ? ", \"" : "\"") + std::to_string((K * 7919) % 1000) + "\": [" +
                std::to_string(K) + "]";
      for (int R = 0; R < Repeat && Size > 0; ++R)
        Text +=
            ", \"" + std::to_string((R * 31 % Size * 7919) % 1000) + "\": " + std::to_string(-R);
      Text += "}";
      SCOPED_TRACE(Text);
      Expected<Json> J = parseBoundedJson<Json>(Text);
      ASSERT_TRUE(J) << J.error().message();
      EXPECT_EQ(J->dump(), Json::parse(Text).dump());
      Expected<nlohmann::json> Sorted = parseBoundedJson<nlohmann::json>(Text);
      ASSERT_TRUE(Sorted) << Sorted.error().message();
      EXPECT_EQ(*Sorted, nlohmann::json::parse(Text));
    }
}

// One object of 400,000 keys, the shape of a large Kernel Tuner cache:
// ordered_json's own parser compares each new key with every earlier one
// (8 * 10^10 comparisons here, minutes; 10^6 configurations took hours).
TEST(BoundedJsonTest, ALargeObjectParsesInLinearTime) {
  constexpr int Keys = 400000;
  std::string Text = "{";
  for (int K = 0; K < Keys; ++K)
    Text +=
        (K ? ",\"" : "\"") + std::to_string(K) + ",1,2\": {\"time\": " + std::to_string(K) + "}";
  Text += "}";
  const auto Start = std::chrono::steady_clock::now();
  Expected<Json> J = parseBoundedJson<Json>(Text);
  const double Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  ASSERT_TRUE(J) << J.error().message();
  ASSERT_EQ(J->size(), static_cast<std::size_t>(Keys));
  EXPECT_EQ(J->begin().key(), "0,1,2");
  EXPECT_EQ((*J)["399999,1,2"]["time"], Keys - 1);
  // About a second here even on a busy machine; the quadratic look-up
  // took minutes.
  EXPECT_LT(Seconds, 30.0);
}
