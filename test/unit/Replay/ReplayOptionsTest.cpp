//===- ReplayOptionsTest.cpp - The options of a replay ----------------------===//
//
// `atfc replay` and a tuner's --replay parse the same arguments: every
// option parses, survives the round trip atfc makes to a tuner, and a wrong
// one is named.
//
//===----------------------------------------------------------------------===//
#include "Replay/ReplayOptions.h"
#include "Search/TechniqueFactory.h"

#include <gtest/gtest.h>

using namespace atfc;

namespace {

TEST(ReplayOptionsTest, ParsesAndRoundTrips) {
  std::vector<std::string> Args = {"data.json",
                                   "--technique",
                                   "random",
                                   "--technique=exhaustive",
                                   "--evaluations",
                                   "100",
                                   "--runs",
                                   "7",
                                   "--seed",
                                   "3",
                                   "--json",
                                   "--",
                                   "64",
                                   "--x"};
  Expected<ReplayOptions> R = parseReplayOptions(Args);
  ASSERT_TRUE(R.ok()) << R.error().message();
  EXPECT_EQ(R->DataPath, "data.json");
  EXPECT_EQ(R->Techniques, (std::vector<std::string>{"random", "exhaustive"}));
  EXPECT_EQ(R->Evaluations, 100u);
  EXPECT_EQ(R->Runs, 7u);
  EXPECT_EQ(R->Seed, 3u);
  EXPECT_TRUE(R->Json);
  EXPECT_EQ(R->ProgramArguments, (std::vector<std::string>{"64", "--x"}));
  Expected<ReplayOptions> Again = parseReplayOptions(replayArguments(*R));
  ASSERT_TRUE(Again.ok()) << Again.error().message();
  EXPECT_EQ(Again->Techniques, R->Techniques);
  EXPECT_EQ(Again->Evaluations, 100u);
  EXPECT_EQ(Again->Seed, 3u);

  // --parallel and --prior survive the round trip to a tuner.
  const std::vector<std::string> Batched = {"d", "--evaluations", "9", "--runs",
                                            "2", "--parallel",    "4", "--prior=o.json"};
  Expected<ReplayOptions> B = parseReplayOptions(Batched);
  ASSERT_TRUE(B.ok()) << B.error().message();
  EXPECT_EQ(B->Parallel, 4u);
  EXPECT_EQ(B->PriorPath, "o.json");
  Expected<ReplayOptions> BAgain = parseReplayOptions(replayArguments(*B));
  ASSERT_TRUE(BAgain.ok()) << BAgain.error().message();
  EXPECT_EQ(BAgain->Parallel, 4u);
  EXPECT_EQ(BAgain->PriorPath, "o.json");

  auto ErrorOf = [](std::vector<std::string> A) { return parseReplayOptions(A).error().message(); };
  EXPECT_EQ(ErrorOf({"d", "--runs", "3"}), "--evaluations N is required");
  EXPECT_EQ(ErrorOf({"d", "--evaluations", "3"}), "--runs R is required");
  EXPECT_EQ(ErrorOf({"--evaluations", "3", "--runs", "2"}),
            "no data file given (a Kernel Tuner cache, T4 results file or KTT output)");
  EXPECT_EQ(ErrorOf({"d", "--evaluations", "x", "--runs", "2"}),
            "option '--evaluations' needs a whole number from 1 to 1000000000, not 'x'");
  EXPECT_EQ(ErrorOf({"d", "--evaluations", "0", "--runs", "2"}),
            "option '--evaluations' needs a whole number from 1 to 1000000000, not '0'");
  // 10^9 runs aborted (each run is held in memory); a negative seed wrapped.
  EXPECT_EQ(ErrorOf({"d", "--evaluations", "3", "--runs", "1000000000"}),
            "option '--runs' needs a whole number from 1 to 100000, not '1000000000'");
  EXPECT_EQ(ErrorOf({"d", "--evaluations", "3", "--runs", "2", "--seed", "-1"}),
            "option '--seed' needs a whole number from 0 to 18446744073709551615, not '-1'");
  EXPECT_EQ(ErrorOf({"d", "--bogus"}), "unknown option '--bogus'");
  EXPECT_EQ(ErrorOf({"d", "--evaluations", "3", "--runs", "2", "--parallel", "0"}),
            "option '--parallel' needs a whole number from 1 to 4096, not '0'");
  EXPECT_NE(ErrorOf({"d", "--technique", "no_such_technique", "--evaluations", "1", "--runs", "1"})
                .find("--technique 'no_such_technique': "),
            std::string::npos);
  // Without --technique the default technique runs.
  R = parseReplayOptions(std::vector<std::string>{"d", "--evaluations", "1", "--runs", "1"});
  ASSERT_TRUE(R.ok());
  EXPECT_EQ(R->Techniques, std::vector<std::string>{std::string(defaultTechniqueText())});
}

TEST(ReplayOptionsTest, UsageNamesEveryOption) {
  const std::string WithSpace = replayUsage("atfc replay", /*WithSpace=*/true);
  const std::string Tuner = replayUsage("TUNER --replay", /*WithSpace=*/false);
  for (const char *Option : {"--technique", "--evaluations", "--runs", "--seed", "--threads",
                             "--parallel", "--prior", "--json", "--report"}) {
    EXPECT_NE(WithSpace.find(Option), std::string::npos) << Option;
    EXPECT_NE(Tuner.find(Option), std::string::npos) << Option;
  }
  EXPECT_NE(WithSpace.find("--space"), std::string::npos);
  EXPECT_EQ(Tuner.find("--space"), std::string::npos);
}

} // namespace
