//===- TunerCommandLineTest.cpp - A generated tuner's options -------------===//
//
// The tuner's own options, the tuned program's arguments around and after
// `--` (negative numbers included), and the errors for unknown options and
// bad or missing option values.
//
//===----------------------------------------------------------------------===//
#include "Invocation/TunerCommandLine.h"
#include "Invocation/TunerInvocation.h"

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
  EXPECT_EQ(parse({"--tune", "--output"}).error().message(), "option '--output' needs a value");
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
  for (const char *Option : {"--space", "--json", "--list N", "--threads T", "--help"})
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
            "option '--threads' needs a value: --threads T");
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

// atfc passes its options as one invocation value; whatever the options,
// the tuner reads back exactly what atfc meant (a generator of options with
// awkward text hunts the class of serialisation bugs).
void expectSameOptions(const TunerOptions &A, const TunerOptions &B) {
  EXPECT_EQ(A.Mode, B.Mode);
  EXPECT_EQ(A.Json, B.Json);
  EXPECT_EQ(A.List, B.List);
  EXPECT_EQ(A.Threads, B.Threads);
  EXPECT_EQ(A.Repetitions, B.Repetitions);
  EXPECT_EQ(A.OutputDirectory, B.OutputDirectory);
  EXPECT_EQ(A.BlankedSource, B.BlankedSource);
  EXPECT_EQ(A.Technique, B.Technique);
  EXPECT_EQ(A.AbortCondition, B.AbortCondition);
  EXPECT_EQ(A.Seed, B.Seed);
  EXPECT_EQ(A.Resume, B.Resume);
  EXPECT_EQ(A.Verbose, B.Verbose);
  EXPECT_EQ(A.InputsKey, B.InputsKey);
  EXPECT_EQ(A.Fresh, B.Fresh);
  EXPECT_EQ(A.CompileAhead, B.CompileAhead);
  EXPECT_EQ(A.SpaceIdentity, B.SpaceIdentity);
  EXPECT_EQ(A.Fixed, B.Fixed);
  EXPECT_EQ(A.ReplayArguments, B.ReplayArguments);
  EXPECT_EQ(A.Priors, B.Priors);
  EXPECT_EQ(A.Arguments, B.Arguments);
}

TEST(TunerInvocation, RoundTripsEveryOption) {
  TunerOptions O;
  O.Mode = TunerMode::Tune;
  O.Json = true;
  O.List = UINT64_MAX;
  O.Threads = 3;
  O.Repetitions = 7;
  O.OutputDirectory = "out dir/with \"quotes\" and \\";
  O.BlankedSource = "b.cl";
  O.Technique = "auc_bandit(random, torczon)";
  O.AbortCondition = "evaluations(5) || !cost(1)";
  O.Seed = UINT64_MAX;
  O.Resume = true;
  O.Verbose = true;
  O.InputsKey = "0123456789abcdef0123456789abcdef";
  O.SpaceIdentity = "tuner-0123456789abcdef";
  O.Fixed = {"WPT=4", "LS=a b"};
  O.Fresh = true;
  O.CompileAhead = 0; // given as off, not absent
  O.Priors = {{"a/results.db", 3}, {"cache \"x\".json", 0}};
  O.Arguments = {"--", "-3", "--seed", "", "\xff\xfe not UTF-8"};
  const Expected<TunerOptions> P = parseTunerCommandLine(tunerCommandLine(O));
  ASSERT_TRUE(P.ok()) << P.error().message();
  expectSameOptions(*P, O);
}

TEST(TunerInvocation, RoundTripsGeneratedOptions) {
  std::mt19937_64 Random(20261124);
  const std::vector<std::string> Pieces = {"",   "-", "--", "--tune", "=", " ",    "\"", "\\",
                                           "\n", "é", "$1", "{}",     "[", "null", "0",  "-1"};
  auto Text = [&] {
    std::string S;
    for (std::size_t N = Random() % 5; N > 0; --N)
      S += Pieces[Random() % Pieces.size()];
    return S;
  };
  for (int Trial = 0; Trial < 500; ++Trial) {
    TunerOptions O;
    O.Mode = static_cast<TunerMode>(Random() % 4);
    O.Json = Random() % 2;
    O.List = Random();
    O.Threads = static_cast<unsigned>(Random() % 1000);
    O.Repetitions = static_cast<unsigned>(Random() % 1000);
    O.OutputDirectory = Text();
    O.BlankedSource = Text();
    O.Technique = Text();
    O.AbortCondition = Text();
    if (Random() % 2)
      O.Seed = Random();
    O.Resume = Random() % 2;
    O.Verbose = Random() % 2;
    O.InputsKey = Text();
    O.Fresh = Random() % 2;
    if (Random() % 2)
      O.CompileAhead = static_cast<unsigned>(Random() % (kMaxCompileAhead + 1));
    for (std::size_t N = Random() % 3; N > 0; --N)
      O.Priors.push_back({Text(), static_cast<std::int64_t>(Random() % 100)});
    O.SpaceIdentity = Text();
    for (std::size_t N = Random() % 3; N > 0; --N)
      O.Fixed.push_back(Text());
    for (std::size_t N = Random() % 4; N > 0; --N)
      O.ReplayArguments.push_back(Text());
    for (std::size_t N = Random() % 4; N > 0; --N)
      O.Arguments.push_back(Text());
    const Expected<TunerOptions> P = parseTunerCommandLine(tunerCommandLine(O));
    ASSERT_TRUE(P.ok()) << P.error().message();
    expectSameOptions(*P, O);
  }
}

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
            "option '--prior' needs a value");
}

TEST(TunerInvocation, RejectsAValueOfAnotherShape) {
  EXPECT_NE(parseTunerCommandLine(Strings{"--invocation", "{}"})
                .error()
                .message()
                .find("not one of this tuner"),
            std::string::npos);
  EXPECT_EQ(parseTunerCommandLine(Strings{"--invocation"}).error().message(),
            "option '--invocation' needs a value");
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
