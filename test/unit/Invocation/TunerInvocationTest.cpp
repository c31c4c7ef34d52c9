//===- TunerInvocationTest.cpp - atfc's options as one value --------------===//
//
// atfc passes its options as one invocation value; whatever the options,
// the tuner reads back exactly what atfc meant. The round trip is a
// property over every row of TunerOptions.def (RandomTunerOptions.h draws
// awkward text to hunt serialisation bugs); each row's key is required and
// each count's range holds in the value too.
//
//===----------------------------------------------------------------------===//
#include "Invocation/TunerInvocation.h"

#include "RandomTunerOptions.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <climits>
#include <cstdint>
#include <string>
#include <vector>

using namespace atfc;

namespace {

using Strings = std::vector<std::string>;

TEST(TunerInvocation, EveryOptionRoundTrips) {
  test::RandomOptions Random(20261124);
  for (int Trial = 0; Trial < 500; ++Trial) {
    const TunerOptions O = Random.options(InInvocation);
    // Through the tuner's command line, as atfc starts it.
    const Expected<TunerOptions> P = parseTunerCommandLine(tunerCommandLine(O));
    ASSERT_TRUE(P.ok()) << P.error().message();
    EXPECT_EQ(*P, O) << toInvocation(O);
    // The value alone: everything but the program's arguments.
    const Expected<TunerOptions> V = fromInvocation(toInvocation(O));
    ASSERT_TRUE(V.ok()) << V.error().message();
    TunerOptions WithoutArguments = O;
    WithoutArguments.Arguments.clear();
    EXPECT_EQ(*V, WithoutArguments);
  }
}

TEST(TunerInvocation, BytesThatAreNoTextTravelAsArguments) {
  TunerOptions O;
  O.Arguments = {"--", "-3", "--seed", "", "\xff\xfe not UTF-8"};
  const Expected<TunerOptions> P = parseTunerCommandLine(tunerCommandLine(O));
  ASSERT_TRUE(P.ok()) << P.error().message();
  EXPECT_EQ(P->Arguments, O.Arguments);
  O.Technique = "\xff";
  EXPECT_ANY_THROW(toInvocation(O));
}

// Each row kept InInvocation is required, and a count beyond its range is
// no invocation of this tuner.
TEST(TunerInvocation, EveryKeyIsRequiredAndEveryRangeHolds) {
  const nlohmann::json Full = nlohmann::json::parse(toInvocation(TunerOptions{}));
  std::size_t Keys = 0;
#define ATFC_TUNER_OPTION(Member, Type, Names, Key, Value, Min, Max, Places, Help)                 \
  if ((Places)&InInvocation) {                                                                     \
    ++Keys;                                                                                        \
    nlohmann::json Without = Full;                                                                 \
    ASSERT_EQ(Without.erase(Key), 1u) << Key;                                                      \
    const Expected<TunerOptions> Missing = fromInvocation(Without.dump());                         \
    ASSERT_FALSE(Missing.ok()) << Key;                                                             \
    EXPECT_NE(Missing.error().message().find("not one of this tuner"), std::string::npos);         \
    if (std::uint64_t(Max) > 0 && std::uint64_t(Max) < UINT64_MAX) {                               \
      nlohmann::json Beyond = Full;                                                                \
      Beyond[Key] = std::uint64_t(Max) + 1;                                                        \
      const Expected<TunerOptions> Over = fromInvocation(Beyond.dump());                           \
      ASSERT_FALSE(Over.ok()) << Key;                                                              \
      EXPECT_NE(Over.error().message().find("'" Key "' is"), std::string::npos)                    \
          << Over.error().message();                                                               \
    }                                                                                              \
  }
#include "Invocation/TunerOptions.def"
  EXPECT_EQ(Full.size(), Keys);
}

TEST(TunerInvocation, RejectsAValueOfAnotherShape) {
  EXPECT_NE(parseTunerCommandLine(Strings{"--invocation", "{}"})
                .error()
                .message()
                .find("not one of this tuner"),
            std::string::npos);
  EXPECT_EQ(parseTunerCommandLine(Strings{"--invocation"}).error().message(),
            "option '--invocation' needs a value: --invocation JSON");
  nlohmann::json Mode = nlohmann::json::parse(toInvocation(TunerOptions{}));
  Mode["mode"] = "explore";
  EXPECT_EQ(fromInvocation(Mode.dump()).error().message(),
            "the invocation value is not one of this tuner: unknown mode 'explore'");
  // Nested 100,000 levels deep: an error, not a stack overflow.
  for (const char *Open : {"[", "{\"mode\":"}) {
    std::string Deep;
    for (int I = 0; I < 100000; ++I)
      Deep += Open;
    const Expected<TunerOptions> O = fromInvocation(Deep);
    ASSERT_FALSE(O);
    EXPECT_NE(O.error().message().find("nested more than 128 levels deep"), std::string::npos)
        << O.error().message();
  }
}

} // namespace
