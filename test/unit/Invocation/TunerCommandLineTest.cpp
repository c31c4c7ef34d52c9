//===- TunerCommandLineTest.cpp - A generated tuner's options -------------===//
//
// The tuner's own options, the tuned program's arguments around and after
// `--` (negative numbers included), and the errors for unknown options and
// bad or missing option values. Every row of TunerOptions.def declared on
// the tuner's command line round-trips through it (a property over the
// table), and every count of it refuses the value past its range.
//
//===----------------------------------------------------------------------===//
#include "Invocation/TunerCommandLine.h"

#include "RandomTunerOptions.h"

#include <CLI/CLI.hpp>
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

using namespace atfc;

namespace {

Expected<TunerOptions> parse(const std::vector<std::string> &Args) {
  return parseTunerCommandLine(Args);
}

using Strings = std::vector<std::string>;

/// The words that give an option of the table its value V, by its type:
/// Name is its long name; counts and texts alternate `--name value` and
/// `--name=value`.
struct Spelling {
  std::string Name;
  bool Inline;
  void words(Strings &W, bool B) const {
    if (B)
      W.push_back(Name);
  }
  void words(Strings &W, const std::string &V) const {
    if (Inline) {
      W.push_back(Name + "=" + V);
    } else {
      W.push_back(Name);
      W.push_back(V);
    }
  }
  template <std::unsigned_integral T> void words(Strings &W, T N) const {
    words(W, std::to_string(N));
  }
  template <class T> void words(Strings &W, const std::optional<T> &V) const {
    if (V)
      words(W, *V);
  }
  void words(Strings &W, const std::vector<std::string> &L) const {
    for (const std::string &V : L)
      words(W, V);
  }
  void words(Strings &W, const std::vector<PriorData> &L) const {
    for (const PriorData &P : L)
      words(W, P.Path);
  }
  void words(Strings &W, const GivenDeviceLimits &G) const {
    for (const auto &[Limit, V] : G)
      words(W, Limit + "=" + std::to_string(V));
  }
  void words(Strings &W, TunerMode M) const { W.push_back(std::string("--") + tunerModeName(M)); }
};

/// The long name of Names ("-o,--output": "--output").
std::string longName(const std::string &Names) { return Names.substr(Names.rfind(',') + 1); }

TEST(TunerCommandLine, Defaults) {
  const Expected<TunerOptions> P = parse({});
  ASSERT_TRUE(P.ok()) << P.error().message();
  EXPECT_EQ(P->Mode, TunerMode::Space);
  EXPECT_FALSE(P->Json);
  EXPECT_EQ(P->List, 0u);
  EXPECT_EQ(P->Threads, 0u);
  EXPECT_FALSE(P->Help);
  EXPECT_TRUE(P->Arguments.empty());
}

TEST(TunerCommandLine, TuneModeAndItsOptions) {
  const Expected<TunerOptions> P =
      parse({"--tune", "--output", "out dir", "--blanked=b.cl", "--technique", "random",
             "--abort-condition", "evaluations(5) || cost(1)", "--seed", "42", "--resume",
             "--verbose", "--", "--weird", "7"});
  ASSERT_TRUE(P.ok()) << P.error().message();
  EXPECT_EQ(P->Mode, TunerMode::Tune);
  EXPECT_EQ(P->OutputDirectory, "out dir");
  EXPECT_EQ(P->BlankedSource, "b.cl");
  EXPECT_EQ(P->Technique, "random");
  EXPECT_EQ(P->AbortCondition, "evaluations(5) || cost(1)");
  ASSERT_TRUE(P->Seed);
  EXPECT_EQ(*P->Seed, 42u);
  EXPECT_TRUE(P->Resume);
  EXPECT_TRUE(P->Verbose);
  EXPECT_EQ(P->Arguments, (Strings{"--weird", "7"}));
}

TEST(TunerCommandLine, TuneOptionErrors) {
  EXPECT_EQ(parse({"--tune", "--seed", "-3"}).error().message(),
            "option '--seed' needs a whole number from 0 to 18446744073709551615, not '-3'");
  EXPECT_EQ(parse({"--tune", "--output"}).error().message(),
            "option '--output' needs a value: --output DIR");
  EXPECT_EQ(parse({"--resume=yes"}).error().message(), "option '--resume' takes no value");
}

TEST(TunerCommandLine, OptionsAndArguments) {
  const Expected<TunerOptions> P =
      parse({"1000", "--space", "--json", "--list", "5", "abc", "--threads", "2", "2000"});
  ASSERT_TRUE(P.ok()) << P.error().message();
  EXPECT_EQ(P->Mode, TunerMode::Space);
  EXPECT_TRUE(P->Json);
  EXPECT_EQ(P->List, 5u);
  EXPECT_EQ(P->Threads, 2u);
  EXPECT_EQ(P->Arguments, (Strings{"1000", "abc", "2000"}));
}

TEST(TunerCommandLine, ValuesAfterEquals) {
  const Expected<TunerOptions> P =
      parse({"--list=7", "--threads=0", "--list=18446744073709551615"});
  ASSERT_TRUE(P.ok()) << P.error().message();
  EXPECT_EQ(P->List, 18446744073709551615u);
  EXPECT_EQ(P->Threads, 0u);
}

TEST(TunerCommandLine, Repetitions) {
  EXPECT_EQ(parse({})->Repetitions, 0u);
  const Expected<TunerOptions> P = parse({"--repetitions", "11", "64"});
  ASSERT_TRUE(P.ok()) << P.error().message();
  EXPECT_EQ(P->Repetitions, 11u);
  EXPECT_EQ(P->Arguments, (Strings{"64"}));
  EXPECT_EQ(parse({"--repetitions=3"})->Repetitions, 3u);
  EXPECT_EQ(parse({"--repetitions"}).error().message(),
            "option '--repetitions' needs a value: --repetitions N");
  EXPECT_EQ(parse({"--repetitions", "100001"}).error().message(),
            "option '--repetitions' needs a whole number from 0 to 100000, not '100001'");
}

TEST(TunerCommandLine, NegativeNumbersAreArguments) {
  const Expected<TunerOptions> P = parse({"-5", "-0.5", "-.5", "-", "--json"});
  ASSERT_TRUE(P.ok()) << P.error().message();
  EXPECT_EQ(P->Arguments, (Strings{"-5", "-0.5", "-.5", "-"}));
  EXPECT_TRUE(P->Json);
}

TEST(TunerCommandLine, EverythingAfterDoubleDashIsAnArgument) {
  const Expected<TunerOptions> P = parse({"--json", "1", "--", "--list", "-x", "--", "--help"});
  ASSERT_TRUE(P.ok()) << P.error().message();
  EXPECT_TRUE(P->Json);
  EXPECT_FALSE(P->Help);
  EXPECT_EQ(P->List, 0u);
  EXPECT_EQ(P->Arguments, (Strings{"1", "--list", "-x", "--", "--help"}));
}

TEST(TunerCommandLine, Help) {
  EXPECT_TRUE(parse({"--help"})->Help);
  EXPECT_TRUE(parse({"1", "-h"})->Help);
  const std::string Usage = tunerUsage("saxpy-tuner", "saxpy.cl");
  EXPECT_NE(Usage.find("usage: saxpy-tuner [options] [--] ARGS..."), std::string::npos) << Usage;
  EXPECT_NE(Usage.find("The tuner of saxpy.cl"), std::string::npos) << Usage;
  for (const char *Option : {"--space", "--json", "--list N", "--threads N", "--help"})
    EXPECT_NE(Usage.find(Option), std::string::npos) << Option;
}

TEST(TunerCommandLine, UnknownOptions) {
  EXPECT_EQ(parse({"--jsno"}).error().message(),
            "unknown option '--jsno'; did you mean '--json'? (arguments of the tuned program "
            "that begin with '-' go after '--')");
  EXPECT_NE(parse({"-x"}).error().message().find("unknown option '-x'"), std::string::npos);
  EXPECT_NE(parse({"--tunne=5"}).error().message().find("unknown option '--tunne'"),
            std::string::npos);
  EXPECT_EQ(parse({"--tune=5"}).error().message(), "option '--tune' takes no value");
}

TEST(TunerCommandLine, BadOptionValues) {
  EXPECT_EQ(parse({"--list"}).error().message(), "option '--list' needs a value: --list N");
  EXPECT_EQ(parse({"1", "--threads"}).error().message(),
            "option '--threads' needs a value: --threads N");
  EXPECT_EQ(parse({"--list", "abc"}).error().message(),
            "option '--list' needs a whole number from 0 to 18446744073709551615, not 'abc'");
  EXPECT_EQ(parse({"--list", "-1"}).error().message(),
            "option '--list' needs a whole number from 0 to 18446744073709551615, not '-1'");
  EXPECT_EQ(parse({"--list="}).error().message(),
            "option '--list' needs a whole number from 0 to 18446744073709551615, not ''");
  EXPECT_EQ(parse({"--threads", "3000000000"}).error().message(),
            "option '--threads' needs a whole number from 0 to 1024, not '3000000000'");
  // More threads than kMaxGenerationThreads crashed oneTBB (70,000).
  EXPECT_EQ(parse({"--threads", "1025"}).error().message(),
            "option '--threads' needs a whole number from 0 to 1024, not '1025'");
  EXPECT_TRUE(parse({"--threads", "1024"}).ok());
  EXPECT_EQ(parse({"--json=1"}).error().message(), "option '--json' takes no value");
  EXPECT_EQ(parse({"--space=yes"}).error().message(), "option '--space' takes no value");
}

} // namespace

TEST(TunerCommandLine, CompileAheadIsACount) {
  const Expected<TunerOptions> P = parseTunerCommandLine(Strings{"--tune", "--compile-ahead", "3"});
  ASSERT_TRUE(P.ok()) << P.error().message();
  EXPECT_EQ(P->CompileAhead, 3u);
  EXPECT_FALSE(parseTunerCommandLine(Strings{"--tune"})->CompileAhead);
  EXPECT_FALSE(parseTunerCommandLine(Strings{"--compile-ahead", "-1"}).ok());
  EXPECT_FALSE(parseTunerCommandLine(Strings{"--compile-ahead", "65"}).ok());
}

TEST(TunerCommandLine, PriorIsRepeatable) {
  const Expected<TunerOptions> P =
      parseTunerCommandLine(Strings{"--tune", "--prior", "a.db", "--prior=b.json", "--", "1"});
  ASSERT_TRUE(P.ok()) << P.error().message();
  EXPECT_EQ(P->Priors, (std::vector<PriorData>{{"a.db", 0}, {"b.json", 0}}));
  EXPECT_EQ(parseTunerCommandLine(Strings{"--prior"}).error().message(),
            "option '--prior' needs a value: --prior PATH");
}

TEST(TunerCommandLine, EveryOptionRoundTrips) {
  test::RandomOptions Random(20261129);
  Random.PriorRuns = false; // --prior PATH starts from the latest run
  // Text that begins with '-' is taken for an option: the tuner's texts
  // are paths, names and expressions.
  Random.DashedText = false;
  for (int Trial = 0; Trial < 500; ++Trial) {
    TunerOptions O = Random.options(InTuner);
    Strings Words, ModeWords;
#define ATFC_TUNER_OPTION(Member, Type, Names, Key, Value, Min, Max, Places, Help)                 \
  if ((Places)&InTuner)                                                                            \
    Spelling{longName(Names), Random.coin()}.words(                                                \
        std::string(#Member) == "Mode" ? ModeWords : Words, O.Member);
#include "Invocation/TunerOptions.def"
    // --replay takes the words after it: the mode goes last.
    Words.insert(Words.end(), ModeWords.begin(), ModeWords.end());
    Words.push_back("--");
    Words.insert(Words.end(), O.Arguments.begin(), O.Arguments.end());
    const Expected<TunerOptions> P = parse(Words);
    ASSERT_TRUE(P.ok()) << P.error().message();
    EXPECT_EQ(*P, O);
  }
}

TEST(TunerCommandLine, EveryCountRefusesWhatIsPastItsRange) {
  std::size_t Counts = 0;
#define ATFC_TUNER_OPTION(Member, Type, Names, Key, Value, Min, Max, Places, Help)                 \
  if (((Places)&InTuner) && std::string_view(Value) == "N") {                                      \
    ++Counts;                                                                                      \
    const std::string Name = longName(Names);                                                      \
    const std::string Past =                                                                       \
        std::uint64_t(Max) == UINT64_MAX ? "18446744073709551616" : std::to_string(Max + 1ull);    \
    for (const std::string &Bad : {std::string("-1"), Past}) {                                     \
      const Expected<TunerOptions> P = parse({Name, Bad});                                         \
      ASSERT_FALSE(P.ok()) << Name;                                                                \
      EXPECT_EQ(P.error().message(), "option '" + Name + "' needs a whole number from " +          \
                                         std::to_string(Min) + " to " + std::to_string(Max) +      \
                                         ", not '" + Bad + "'");                                   \
    }                                                                                              \
    EXPECT_EQ(parse({Name}).error().message(),                                                     \
              "option '" + Name + "' needs a value: " + Name + " N");                              \
    EXPECT_TRUE(parse({Name, std::to_string(Max)}).ok()) << Name;                                  \
  }
#include "Invocation/TunerOptions.def"
  EXPECT_GE(Counts, 5u);
}

// --help shows every option declared on the tuner's command line, with its
// value's name and its help.
TEST(TunerCommandLine, UsageShowsEveryOption) {
  const std::string Usage = tunerUsage("t", "f.cl");
#define ATFC_TUNER_OPTION(Member, Type, Names, Key, Value, Min, Max, Places, Help)                 \
  if (((Places)&InTuner) && *(Names)) {                                                            \
    EXPECT_NE(Usage.find(std::string(Names) + (*(Value) ? " " Value : "")), std::string::npos)     \
        << Names;                                                                                  \
  }
#include "Invocation/TunerOptions.def"
#define ATFC_TUNER_MODE(Enumerator, Name, Help)                                                    \
  EXPECT_NE(Usage.find("--" Name), std::string::npos) << Name;
#include "Invocation/TunerOptions.def"
}
