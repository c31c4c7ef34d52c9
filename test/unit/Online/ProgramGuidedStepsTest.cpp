//===- ProgramGuidedStepsTest.cpp - make_step() as tune() measures ---------===//
//
// <atf.hpp>'s program-guided steps take a cost function's result as tune()
// does: every objective, an empty list invalid, anything thrown recorded so
// that the next step can begin; the log file grows by a step's lines
// (it was rewritten whole at each step) and quotes a value that holds its
// separator or a line break.
//
//===----------------------------------------------------------------------===//
#include <atf.hpp>

#include "../ScopedTempDirectory.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <tuple>
#include <vector>

namespace {

std::vector<std::string> linesOf(const std::string &Path) {
  std::ifstream In(Path);
  std::vector<std::string> Lines;
  for (std::string Line; std::getline(In, Line);)
    Lines.push_back(Line);
  return Lines;
}

TEST(ProgramGuidedStepsTest, AnythingThrownIsRecordedAndTheNextStepBegins) {
  // A thrown int escaped make_step() and left the step awaited: every
  // later step failed with "report_cost() is expected".
  auto X = atf::tp("X", atf::interval<int>(1, 3));
  atf::tuner T;
  T.tuning_parameters(X).search_technique(atf::exhaustive()).silent(true);
  auto Cost = [](atf::configuration &C) -> double {
    if (int(C["X"]) == 1)
      throw 42;
    return int(C["X"]);
  };
  EXPECT_EQ(T.make_step(Cost), std::numeric_limits<atf::cost_t>::max());
  EXPECT_EQ(T.make_step(Cost), 2);
  EXPECT_EQ(T.make_step(Cost), 3);
  EXPECT_EQ(T.get_tuning_status().number_of_evaluated_configs(), 3u);
  EXPECT_EQ(T.get_tuning_status().number_of_valid_evaluated_configs(), 2u);
}

TEST(ProgramGuidedStepsTest, ATunerIsAssignedItsSettingsButNotDuringSteps) {
  // atf::tuner had a copy constructor but no assignment: `T = ...` did not
  // compile.
  auto X = atf::tp("X", atf::interval<int>(1, 4));
  auto Y = atf::tp("Y", atf::interval<int>(1, 3));
  atf::tuner T;
  T = atf::tuner().tuning_parameters(X, Y).search_technique(atf::exhaustive()).silent(true);
  auto Cost = [](atf::configuration &C) { return double(int(C["X"]) * int(C["Y"])); };
  EXPECT_EQ(T.tune(Cost).number_of_evaluated_configs(), 12u);
  EXPECT_EQ(T.make_step(Cost), 1);
  atf::tuner Other;
  Other.tuning_parameters(X).silent(true);
  EXPECT_THROW(T = Other, atf::error);
  EXPECT_NO_THROW(Other = T); // (a copy of the settings only)
  EXPECT_EQ(Other.tune(Cost).number_of_evaluated_configs(), 12u);
}

TEST(ProgramGuidedStepsTest, EveryObjectiveCountsAsInTune) {
  // make_step() kept the first cost only, and so picked another best.
  auto X = atf::tp("X", atf::interval<int>(1, 3));
  auto Two = [](atf::configuration &C) { return std::tuple<double, double>(1.0, -int(C["X"])); };
  atf::tuning_status Tuned =
      atf::tuner().tuning_parameters(X).search_technique(atf::exhaustive()).silent(true).tune(Two);
  atf::tuner T;
  T.tuning_parameters(X).search_technique(atf::exhaustive()).silent(true);
  for (int I = 0; I < 3; ++I)
    EXPECT_EQ(T.make_step(Two), 1.0);
  atf::tuning_status Stepped = T.get_tuning_status();
  EXPECT_EQ(int(Stepped.best_configuration()["X"]), int(Tuned.best_configuration()["X"]));
  EXPECT_EQ(int(Stepped.best_configuration()["X"]), 3);
  EXPECT_EQ(Stepped.min_costs(), Tuned.min_costs());
}

TEST(ProgramGuidedStepsTest, AnEmptyListOfCostsIsNoCost) {
  atfc::test::ScopedTempDirectory Dir("steps-empty");
  auto X = atf::tp("X", atf::interval<int>(1, 2));
  const std::string Log = (Dir.path() / "log.csv").string();
  atf::tuner T;
  T.tuning_parameters(X).search_technique(atf::exhaustive()).silent(true).log_file(Log);
  T.make_step([](atf::configuration &) { return std::vector<double>{}; });
  EXPECT_EQ(T.get_tuning_status().number_of_valid_evaluated_configs(), 0u);
  const std::vector<std::string> Lines = linesOf(Log);
  ASSERT_EQ(Lines.size(), 2u);
  EXPECT_NE(Lines[1].find(";invalid;1"), std::string::npos) << Lines[1];
}

TEST(ProgramGuidedStepsTest, TheLogGrowsByEachStepsLine) {
  atfc::test::ScopedTempDirectory Dir("steps-log");
  const std::string Log = (Dir.path() / "log.csv").string();
  auto X = atf::tp("X", {1, 2, 1, 3});
  atf::tuner T;
  T.tuning_parameters(X).search_technique(atf::exhaustive()).silent(true).log_file(Log);
  T.make_step([](atf::configuration &C) { return double(int(C["X"])); });
  ASSERT_EQ(linesOf(Log).size(), 2u);
  // Appended, not rewritten: a line the program put in between stays.
  std::ofstream(Log, std::ios::app) << "# the program's note\n";
  T.make_step([](atf::configuration &C) { return double(int(C["X"])); });
  // The next step's proposal (X=1 again) is answered without measuring;
  // its line comes with the step after it.
  T.make_step([](atf::configuration &C) { return double(int(C["X"])); });
  const std::vector<std::string> Lines = linesOf(Log);
  ASSERT_EQ(Lines.size(), 6u);
  EXPECT_EQ(Lines[0], "timestamp;cost;X");
  EXPECT_NE(Lines[1].find(";1;1"), std::string::npos) << Lines[1];
  EXPECT_EQ(Lines[2], "# the program's note");
  EXPECT_NE(Lines[3].find(";2;2"), std::string::npos) << Lines[3];
  EXPECT_NE(Lines[4].find(";1;1"), std::string::npos) << Lines[4];
  EXPECT_NE(Lines[5].find(";3;3"), std::string::npos) << Lines[5];
}

TEST(ProgramGuidedStepsTest, AValueWithTheSeparatorOrALineBreakIsQuoted) {
  atfc::test::ScopedTempDirectory Dir("log-quoted");
  const std::string Log = (Dir.path() / "log.csv").string();
  auto S = atf::tp("S", {std::string("a;b"), std::string("c\nd"), std::string("say \"x\"")});
  atf::tuner()
      .tuning_parameters(S)
      .search_technique(atf::exhaustive())
      .silent(true)
      .log_file(Log)
      .tune([](atf::configuration &) { return 1.0; });
  std::ifstream In(Log);
  const std::string Text((std::istreambuf_iterator<char>(In)), std::istreambuf_iterator<char>());
  EXPECT_NE(Text.find(";1;\"a;b\"\n"), std::string::npos) << Text;
  EXPECT_NE(Text.find(";1;\"c\nd\"\n"), std::string::npos) << Text;
  EXPECT_NE(Text.find(";1;\"say \"\"x\"\"\"\n"), std::string::npos) << Text;
}

} // namespace
