//===- CommandLineTest.cpp - The one option grammar -----------------------===//
//
// The misuses found before CLI11 reads a command line (unknown options,
// flags with values, options without their value), the words no option
// takes, callbacks in the order given, and a subcommand's --help and usage
// errors returned rather than printed.
//
//===----------------------------------------------------------------------===//
#include "Invocation/CommandLine.h"

#include <CLI/CLI.hpp>
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

using namespace atfc;

namespace {

using Strings = std::vector<std::string>;

/// An App with a flag, a count option and a text option; Order records
/// which callbacks ran.
struct Example {
  CLI::App App;
  Strings Order;
  Example() {
    App.add_flag_callback("-j,--json", [this] { Order.push_back("json"); })->trigger_on_parse();
    App.add_option_function<std::string>("--list",
                                         [this](const std::string &V) {
                                           if (V == "bad")
                                             refuseOptionValue("no good: " + V);
                                           Order.push_back("list=" + V);
                                         })
        ->type_name("N")
        ->trigger_on_parse();
    App.add_option_function<std::string>(
           "--output", [this](const std::string &V) { Order.push_back("output=" + V); })
        ->type_name("")
        ->trigger_on_parse();
  }
};

TEST(CommandLine, LooksLikeOption) {
  for (const char *Word : {"--json", "-x", "--", "-h"})
    EXPECT_TRUE(looksLikeOption(Word)) << Word;
  for (const char *Word : {"-", "-5", "-0.5", "-.5", "json", ""})
    EXPECT_FALSE(looksLikeOption(Word)) << Word;
}

TEST(CommandLine, OptionNames) {
  Example E;
  EXPECT_EQ(optionNames(E.App), (Strings{"--help", "-h", "--json", "-j", "--list", "--output"}));
}

TEST(CommandLine, FindsMisuses) {
  Example E;
  auto Misuse = [&](const Strings &Words) { return findOptionMisuse(E.App, Words); };
  EXPECT_FALSE(Misuse({"1", "--json", "--list", "-x", "--output=--y", "--", "--z"}));
  const std::optional<OptionMisuse> Unknown = Misuse({"1", "--jsno=2"});
  ASSERT_TRUE(Unknown);
  EXPECT_EQ(Unknown->Problem, OptionMisuse::Kind::Unknown);
  EXPECT_EQ(Unknown->Word, "--jsno=2");
  EXPECT_EQ(Unknown->Name, "--jsno");
  const std::optional<OptionMisuse> Flag = Misuse({"--json=1"});
  ASSERT_TRUE(Flag);
  EXPECT_EQ(Flag->Problem, OptionMisuse::Kind::TakesNoValue);
  const std::optional<OptionMisuse> Last = Misuse({"--list"});
  ASSERT_TRUE(Last);
  EXPECT_EQ(Last->Problem, OptionMisuse::Kind::NeedsValue);
  EXPECT_EQ(Last->ValueName, "N");
  EXPECT_EQ(Misuse({"--output"})->ValueName, "");
  // A prefix command's words from its first word that is no option are its own.
  E.App.prefix_command();
  EXPECT_FALSE(Misuse({"--json", "tuner", "--tune"}));
  EXPECT_TRUE(Misuse({"--tune", "tuner"}));
}

TEST(CommandLine, ParsesInOrderAndKeepsTheRest) {
  Example E;
  const Expected<Strings> Rest = parseOptionWords(
      E.App, Strings{"-5", "--list=", "--json", "-.5", "--output", "-x", "a", "--", "--json"});
  ASSERT_TRUE(Rest.ok()) << Rest.error().message();
  EXPECT_EQ(E.Order, (Strings{"list=", "json", "output=-x"}));
  EXPECT_EQ(*Rest, (Strings{"-5", "-.5", "a", "--", "--json"}));
}

TEST(CommandLine, RepeatedOptionsRunAgain) {
  Example E;
  ASSERT_TRUE(
      parseOptionWords(E.App, Strings{"--json", "-j", "--list", "1", "--list=2", "--json"}).ok());
  EXPECT_EQ(E.Order, (Strings{"json", "json", "list=1", "list=2", "json"}));
}

TEST(CommandLine, APrefixCommandKeepsItsWords) {
  Example E;
  E.App.prefix_command();
  const Expected<Strings> Rest =
      parseOptionWords(E.App, Strings{"--list=2", "--output", "o", "tuner", "--list=3", "-x"});
  ASSERT_TRUE(Rest.ok()) << Rest.error().message();
  EXPECT_EQ(E.Order, (Strings{"list=2", "output=o"}));
  EXPECT_EQ(*Rest, (Strings{"tuner", "--list=3", "-x"}));
  Example Dashes;
  Dashes.App.prefix_command();
  EXPECT_EQ(*parseOptionWords(Dashes.App, Strings{"--json", "--", "--json"}),
            (Strings{"--", "--json"}));
  EXPECT_EQ(Dashes.Order, (Strings{"json"}));
}

TEST(CommandLine, CallbacksRefuseValues) {
  Example E;
  const Expected<Strings> Rest = parseOptionWords(E.App, Strings{"--list", "bad"});
  ASSERT_FALSE(Rest.ok());
  EXPECT_EQ(Rest.error().message(), "no good: bad");
}

// Every program's misuses say the same words (the entry points call
// parseOptions() or parseSubcommandOptions(), which format them here).
TEST(CommandLine, MisuseMessages) {
  Example E;
  auto Message = [&](const Strings &Words, bool ProgramArguments) {
    const Expected<Strings> Rest = parseOptions(E.App, Words, ProgramArguments);
    return Rest ? std::string("(parsed)") : Rest.error().message();
  };
  EXPECT_EQ(Message({"1", "--jsno=3"}, true),
            "unknown option '--jsno'; did you mean '--json'? (arguments of the tuned program "
            "that begin with '-' go after '--')");
  EXPECT_EQ(Message({"--lsit", "3"}, false), "unknown option '--lsit'; did you mean '--list'?");
  EXPECT_EQ(Message({"--bogus"}, false), "unknown option '--bogus'");
  EXPECT_EQ(Message({"--json=1"}, false), "option '--json' takes no value");
  EXPECT_EQ(Message({"--list"}, false), "option '--list' needs a value: --list N");
  EXPECT_EQ(Message({"--output"}, true), "option '--output' needs a value");
  EXPECT_EQ(Message({"--json", "-5", "--", "--x"}, true), "(parsed)");
  EXPECT_EQ(closestOption("--lsit", optionNames(E.App)), "--list");
}

TEST(CommandLine, CountValuesOutOfRange) {
  CLI::App App;
  std::uint64_t Runs = 0;
  addCountOption(
      App, "-r,--runs", 1, 100000, [&](std::uint64_t N) { Runs = N; }, "Runs");
  for (const char *Bad : {"0", "-1", "100001", "1e3", "", "x"}) {
    const Expected<Strings> Rest = parseOptions(App, Strings{"--runs", Bad}, false);
    ASSERT_FALSE(Rest.ok()) << Bad;
    EXPECT_EQ(Rest.error().message(),
              std::string("option '--runs' needs a whole number from 1 to 100000, not '") + Bad +
                  "'");
  }
  ASSERT_TRUE(parseOptions(App, Strings{"-r", "100000"}, false).ok());
  EXPECT_EQ(Runs, 100000u);
}

TEST(CommandLine, SubcommandHelpAndErrorsAreReturned) {
  CLI::App App("Says hello.", "hello");
  int Times = 0;
  App.add_option("--times", Times, "how often");
  std::optional<SubcommandExit> Help = parseSubcommandOptions(App, {"--help"}, nullptr);
  ASSERT_TRUE(Help);
  EXPECT_EQ(Help->Status, 0);
  EXPECT_NE(Help->Output.find("--times"), std::string::npos) << Help->Output;
  EXPECT_EQ(Help->Errors, "");

  CLI::App Bad("Says hello.", "hello");
  Bad.add_option("--times", Times, "how often");
  std::optional<SubcommandExit> Error = parseSubcommandOptions(Bad, {"--times", "x"}, nullptr);
  ASSERT_TRUE(Error);
  EXPECT_NE(Error->Status, 0);
  EXPECT_NE(Error->Errors.find("atfc: error: "), std::string::npos) << Error->Errors;
  EXPECT_NE(Error->Errors.find("atfc: note: run with --help"), std::string::npos);

  CLI::App Run("Runs a program.", "run");
  Run.add_option("--times", Times, "how often");
  Strings AfterDashes;
  EXPECT_FALSE(parseSubcommandOptions(Run, {"--times", "2", "--", "-x"}, &AfterDashes));
  EXPECT_EQ(Times, 2);
  EXPECT_EQ(AfterDashes, (Strings{"-x"}));
  std::optional<SubcommandExit> Typo = parseSubcommandOptions(Run, {"--tims", "2"}, &AfterDashes);
  ASSERT_TRUE(Typo);
  EXPECT_EQ(Typo->Status, 2);
  EXPECT_EQ(Typo->Errors, "atfc: error: unknown option '--tims'; did you mean '--times'? "
                          "(arguments of the tuned program that begin with '-' go after '--')\n");
  std::optional<SubcommandExit> Missing = parseSubcommandOptions(Run, {"--times"}, nullptr);
  ASSERT_TRUE(Missing);
  EXPECT_EQ(Missing->Status, 2);
  EXPECT_EQ(Missing->Errors, "atfc: error: option '--times' needs a value: --times INT\n");
}

} // namespace
