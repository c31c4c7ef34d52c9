//===- ProcessBackendTest.cpp - Measuring with real scripts ---------------===//
//
// Every test runs real /bin/sh scripts in a fresh temporary directory. The
// scripts leave their evidence (values, process ids, logs) in Out, a
// directory outside the configurations' directories, which the backend
// removes after each measurement.
//
//===----------------------------------------------------------------------===//
#include "Backends/ProcessBackend.h"
#include "Support/NumberText.h"

#include "../FileContents.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

using namespace atfc;
namespace fs = std::filesystem;

namespace {

class ProcessBackendTest : public ::testing::Test {
protected:
  void SetUp() override {
    std::string Template = (fs::temp_directory_path() / "atfc-process-test-XXXXXX").string();
    ASSERT_NE(mkdtemp(Template.data()), nullptr);
    Root = Template;
    Out = Root / "out";
    Work = Root / "work";
    fs::create_directories(Out);
  }
  void TearDown() override { fs::remove_all(Root); }

  /// Options with the run script Script, exporting OUT=Out to the scripts.
  ProcessBackendOptions options(std::string Script) {
    ProcessBackendOptions Options;
    Options.RunScript = std::move(Script);
    Options.WorkDirectory = Work.string();
    Options.FileDirectory = Root.string();
    Options.Inputs = {{"OUT", Value(Out.string())}};
    return Options;
  }

  fs::path Root, Out, Work;
};

ParameterValues configuration(std::int64_t N) { return {{"N", Value(N)}}; }

/// Whether the process group Pgid has no process left.
bool groupIsGone(pid_t Pgid) { return kill(-Pgid, 0) == -1 && errno == ESRCH; }

} // namespace

TEST_F(ProcessBackendTest, WallTimeIsTheCostWithoutCostFile) {
  ProcessBackend Backend(options("test \"$N\" = 7"));
  Measurement M = Backend.measure(configuration(7));
  ASSERT_TRUE(M.Valid) << M.Reason << M.Log;
  ASSERT_EQ(M.Costs.size(), 1u);
  EXPECT_GT(M.Costs[0], 0.0);
  EXPECT_EQ(M.Costs[0], M.RunSeconds);
  EXPECT_EQ(M.CompileSeconds, 0.0);
}

TEST_F(ProcessBackendTest, CostFileWithOneNumber) {
  auto Options = options("printf '2.5\\n' > cost.txt");
  Options.CostFile = "cost.txt";
  ProcessBackend Backend(Options);
  Measurement M = Backend.measure(configuration(1));
  ASSERT_TRUE(M.Valid) << M.Reason;
  EXPECT_EQ(M.Costs, std::vector<double>{2.5});
  EXPECT_GT(M.RunSeconds, 0.0);
}

TEST_F(ProcessBackendTest, CostFileWithSeveralNumbers) {
  auto Options = options("printf '1.5, 2,3e-3\\n' > \"$OUT/cost\"");
  Options.CostFile = (Out / "cost").string(); // absolute: removed before each run
  ProcessBackend Backend(Options);
  Measurement M = Backend.measure(configuration(1));
  ASSERT_TRUE(M.Valid) << M.Reason;
  EXPECT_EQ(M.Costs, (std::vector<double>{1.5, 2, 3e-3}));
}

TEST_F(ProcessBackendTest, GarbageOrMissingCostFileIsBadCost) {
  auto Options = options("if [ \"$N\" = 1 ]; then echo 'fast!' > cost.txt; fi");
  Options.CostFile = "cost.txt";
  ProcessBackend Backend(Options);
  Measurement Garbage = Backend.measure(configuration(1));
  EXPECT_FALSE(Garbage.Valid);
  EXPECT_EQ(Garbage.Failure, FailureKind::BadCost);
  EXPECT_EQ(Garbage.Reason, "cost file cost.txt holds \"fast!\", not comma-separated numbers");
  Measurement Missing = Backend.measure(configuration(2));
  EXPECT_EQ(Missing.Failure, FailureKind::BadCost);
  EXPECT_EQ(Missing.Reason, "cost file cost.txt was not written");
}

TEST_F(ProcessBackendTest, ACostFileOutsideTheConfigurationsDirectoryIsNeverAnEarlierOne) {
  // "../cost" lies in the work directory all configurations share: the
  // first configuration's cost must not answer for the second, which
  // writes none; the third writes it again.
  auto Options = options("if [ \"$N\" != 2 ]; then echo $((N * 4)) > ../cost; fi");
  Options.CostFile = "../cost";
  ProcessBackend Backend(Options);
  Measurement First = Backend.measure(configuration(1));
  ASSERT_TRUE(First.Valid) << First.Reason;
  EXPECT_EQ(First.Costs, std::vector<double>{4});
  Measurement Second = Backend.measure(configuration(2));
  EXPECT_EQ(Second.Failure, FailureKind::BadCost);
  EXPECT_EQ(Second.Reason, "cost file ../cost was not written");
  EXPECT_NE(Second.Log.find("holds what was there before this run"), std::string::npos)
      << Second.Log;
  Measurement Third = Backend.measure(configuration(3));
  ASSERT_TRUE(Third.Valid) << Third.Reason;
  EXPECT_EQ(Third.Costs, std::vector<double>{12});
}

TEST_F(ProcessBackendTest, ACostFileOutsideTheConfigurationsDirectoryIsNeverRemoved) {
  // It may be the user's file, or atfc's own results.db ("../../results.db"
  // from a configuration's directory once deleted the run's database).
  const fs::path Cost = Out / "cost";
  std::ofstream(Cost) << "1\n";
  for (const std::string Script : {"true", "exit 3"}) {
    auto Options = options(Script);
    Options.CostFile = Cost.string();
    ProcessBackend Backend(Options);
    Measurement M = Backend.measure(configuration(1));
    EXPECT_FALSE(M.Valid) << Script;
    if (Script == "true") {
      EXPECT_EQ(M.Reason, "cost file " + Cost.string() + " was not written");
    }
    std::ifstream Kept(Cost);
    std::string Text;
    std::getline(Kept, Text);
    EXPECT_EQ(Text, "1") << Script;
  }
}

TEST_F(ProcessBackendTest, ACostFileInTheConfigurationsDirectoryIsEachRunsOwn) {
  auto Options = options("if [ \"$N\" = 1 ]; then echo 4 > cost; fi");
  Options.CostFile = "cost";
  ProcessBackend Backend(Options);
  ASSERT_TRUE(Backend.measure(configuration(1)).Valid);
  Measurement M = Backend.measure(configuration(2));
  EXPECT_EQ(M.Failure, FailureKind::BadCost);
  EXPECT_EQ(M.Reason, "cost file cost was not written");
}

TEST_F(ProcessBackendTest, ACostFileThatIsNoRegularFileIsRefusedWithoutBlocking) {
  // A FIFO nobody writes would block a plain open() for ever.
  auto Options = options("mkfifo cost.txt");
  Options.CostFile = "cost.txt";
  ProcessBackend Backend(Options);
  Measurement M = Backend.measure(configuration(1));
  EXPECT_EQ(M.Failure, FailureKind::BadCost);
  EXPECT_EQ(M.Reason, "cost file cost.txt is not a regular file");
}

TEST_F(ProcessBackendTest, AnythingAfterTheCostsIsAnError) {
  // A number followed by 2 MB of spaces and garbage was once taken for the
  // number (only the first MiB was read).
  auto Options =
      options("printf 5 > cost.txt; head -c 2000000 /dev/zero | tr '\\0' ' ' >> cost.txt; "
              "echo garbage >> cost.txt");
  Options.CostFile = "cost.txt";
  ProcessBackend Backend(Options);
  Measurement Big = Backend.measure(configuration(1));
  EXPECT_EQ(Big.Failure, FailureKind::BadCost);
  EXPECT_EQ(Big.Reason, "cost file cost.txt is larger than 1 MiB (2000009 bytes)");

  auto Short = options("printf '5\\n   garbage\\n' > cost.txt");
  Short.CostFile = "cost.txt";
  ProcessBackend ShortBackend(Short);
  Measurement Trailing = ShortBackend.measure(configuration(1));
  EXPECT_EQ(Trailing.Failure, FailureKind::BadCost) << Trailing.Reason;
}

TEST_F(ProcessBackendTest, NonZeroExitIsRunFailedWithTheOutputTail) {
  ProcessBackend Backend(options("echo 'out of memory' >&2; exit 3"));
  Measurement M = Backend.measure(configuration(1));
  EXPECT_FALSE(M.Valid);
  EXPECT_EQ(M.Failure, FailureKind::RunFailed);
  EXPECT_EQ(M.Reason, "exit status 3");
  EXPECT_EQ(M.Log, "out of memory\n");
}

TEST_F(ProcessBackendTest, OnlyTheLastBytesOfOutputAreKept) {
  ProcessBackend Backend(options("i=0; while [ $i -lt 2000 ]; do echo \"line $i\"; "
                                 "i=$((i+1)); done >&2; exit 1"));
  Measurement M = Backend.measure(configuration(1));
  EXPECT_EQ(M.Reason, "exit status 1");
  EXPECT_LE(M.Log.size(), 4096u);
  EXPECT_GT(M.Log.size(), 4000u);
  EXPECT_TRUE(M.Log.ends_with("line 1999\n"));
}

TEST_F(ProcessBackendTest, DeathBySignalIsRunFailed) {
  ProcessBackend Backend(options("kill -SEGV $$"));
  Measurement M = Backend.measure(configuration(1));
  EXPECT_EQ(M.Failure, FailureKind::RunFailed);
  EXPECT_EQ(M.Reason, "killed by signal " + std::to_string(SIGSEGV));
}

TEST_F(ProcessBackendTest, TimeoutKillsTheScriptAndItsChildren) {
  auto Options = options("echo $$ > \"$OUT/pgid\"; sleep 100 & sleep 100");
  Options.TimeoutSeconds = 1;
  ProcessBackend Backend(Options);
  Measurement M = Backend.measure(configuration(1));
  EXPECT_FALSE(M.Valid);
  EXPECT_EQ(M.Failure, FailureKind::TimedOut);
  EXPECT_EQ(M.Reason, "timed out after 1 s");
  pid_t Pgid = std::stoi(test::fileContents(Out / "pgid"));
  ASSERT_GT(Pgid, 1);
  EXPECT_TRUE(groupIsGone(Pgid)) << "a process of group " << Pgid << " survived";
}

TEST_F(ProcessBackendTest, WhatAScriptLeftRunningDiesWithIt) {
  ProcessBackend Backend(options("sleep 100 & echo $$ > \"$OUT/pgid\""));
  Measurement M = Backend.measure(configuration(1));
  EXPECT_TRUE(M.Valid) << M.Reason;
  pid_t Pgid = std::stoi(test::fileContents(Out / "pgid"));
  EXPECT_TRUE(groupIsGone(Pgid)) << "the background sleep survived";
}

TEST_F(ProcessBackendTest, HostileValuesArriveIntactAndAreNeverRun) {
  std::vector<std::string> Texts = {
      "with  spaces ",
      "'single' \"double\"",
      "$(touch " + (Root / "pwned").string() + ")",
      "`touch " + (Root / "pwned2").string() + "`",
      "line one\nline two\n",
      "a; touch " + (Root / "pwned3").string() + "; b",
      "$HOME * ? [a] \\ | & > <",
  };
  ParameterValues Values;
  std::string Script;
  for (std::size_t I = 0; I < Texts.size(); ++I) {
    std::string Name = "V" + std::to_string(I);
    Values.push_back({Name, Value(Texts[I])});
    Script += "printf '%s' \"$" + Name + "\" > \"$OUT/" + Name + "\"\n";
  }
  auto Options = options(Script);
  Options.CompileScript = Script; // both scripts see the same environment
  ProcessBackend Backend(Options);
  Measurement M = Backend.measure(Values);
  ASSERT_TRUE(M.Valid) << M.Reason << M.Log;
  for (std::size_t I = 0; I < Texts.size(); ++I)
    EXPECT_EQ(test::fileContents(Out / ("V" + std::to_string(I))), Texts[I]) << "value " << I;
  for (const char *Name : {"pwned", "pwned2", "pwned3"})
    EXPECT_FALSE(fs::exists(Root / Name)) << Name;
}

TEST_F(ProcessBackendTest, ScriptsSeeTheTunersEnvironmentAndTheirOwnVariables) {
  setenv("ATFC_TEST_INHERITED", "inherited", 1);
  setenv("N", "overridden by the parameter", 1);
  ProcessBackend Backend(
      options("printf '%s|%s|%s|%s|%s' \"$ATFC_TEST_INHERITED\" \"$N\" \"$ATF_FILE_DIR\" "
              "\"$(pwd)\" \"$(dirname \"$ATF_SOURCE\")\" > \"$OUT/env\"; "
              "test \"$ATF_WORK_DIR\" = \"$(pwd)\""));
  unsetenv("ATFC_TEST_INHERITED");
  unsetenv("N");
  Measurement M = Backend.measure(configuration(5));
  ASSERT_TRUE(M.Valid) << M.Reason;
  std::string Env = test::fileContents(Out / "env");
  std::string Directory = Env.substr(Env.rfind('|') + 1);
  EXPECT_EQ(Env, "inherited|5|" + Root.string() + "|" + Directory + "|" + Directory);
  EXPECT_EQ(fs::path(Directory).parent_path(), fs::absolute(Work));
  EXPECT_FALSE(fs::exists(Directory)) << "the configuration's directory is removed";
}

TEST_F(ProcessBackendTest, AtfSourceHasTheDefinesOnTheDirectivesLines) {
  auto Options = options("cp \"$ATF_SOURCE\" \"$OUT/copy\"; basename \"$ATF_SOURCE\" > "
                         "\"$OUT/name\"");
  Options.SourceName = "gemm.cpp";
  Options.BlankedSource = "#include <x.h>\n\n\nint f() { return WPT + USE; }\n";
  Options.DefineLines = {2, 3};
  ProcessBackend Backend(Options);
  ParameterValues Values{{"WPT", Value(std::int64_t(8))}, {"USE", Value(true)}};
  ASSERT_TRUE(Backend.measure(Values).Valid);
  EXPECT_EQ(test::fileContents(Out / "copy"),
            "#include <x.h>\n#define WPT 8\n#define USE 1\nint f() { return WPT + USE; }\n");
  EXPECT_EQ(test::fileContents(Out / "name"), "gemm.cpp\n");
}

TEST_F(ProcessBackendTest, OtherLanguagesGetTheBlankedSourceAsIs) {
  auto Options = options("cp \"$ATF_SOURCE\" \"$OUT/copy\"");
  Options.SourceName = "tune.py";
  Options.BlankedSource = "\nprint(WPT)\n";
  Options.DefineLines = {1};
  Options.CFamily = false;
  ProcessBackend Backend(Options);
  ASSERT_TRUE(Backend.measure({{"WPT", Value(std::int64_t(8))}}).Valid);
  EXPECT_EQ(test::fileContents(Out / "copy"), "\nprint(WPT)\n");
}

TEST_F(ProcessBackendTest, FailingCompileIsBuildFailedAndSkipsTheRun) {
  auto Options = options("touch \"$OUT/ran\"");
  Options.CompileScript = "echo 'gemm.cpp:3:1: error: expected ;' >&2; exit 1";
  ProcessBackend Backend(Options);
  Measurement M = Backend.measure(configuration(1));
  EXPECT_FALSE(M.Valid);
  EXPECT_EQ(M.Failure, FailureKind::BuildFailed);
  EXPECT_EQ(M.Reason, "exit status 1");
  EXPECT_EQ(M.Log, "gemm.cpp:3:1: error: expected ;\n");
  EXPECT_GT(M.CompileSeconds, 0.0);
  EXPECT_FALSE(fs::exists(Out / "ran"));
}

TEST_F(ProcessBackendTest, CompileTimeoutIsTimedOut) {
  auto Options = options("true");
  Options.CompileScript = "sleep 100";
  Options.TimeoutSeconds = 0.5;
  ProcessBackend Backend(Options);
  Measurement M = Backend.measure(configuration(1));
  EXPECT_EQ(M.Failure, FailureKind::TimedOut);
  EXPECT_EQ(M.Reason, "timed out after 0.5 s");
}

TEST_F(ProcessBackendTest, PreparedCompilesOverlapAndAreNotRepeated) {
  auto Options = options("test -f built");
  // Start and end of each compile, with timestamps, in one log.
  Options.CompileScript = "echo \"start $N $(date +%s.%N)\" >> \"$OUT/log\"; sleep 1; "
                          "touch built; echo \"end $N $(date +%s.%N)\" >> \"$OUT/log\"";
  Options.CompileAhead = 3;
  ProcessBackend Backend(Options);
  std::vector<ParameterValues> Upcoming{configuration(1), configuration(2), configuration(3)};
  Backend.prepare(Upcoming);
  for (const ParameterValues &Values : Upcoming) {
    Measurement M = Backend.measure(Values);
    EXPECT_TRUE(M.Valid) << M.Reason << M.Log;
    EXPECT_GT(M.CompileSeconds, 0.0);
  }
  std::istringstream Log(test::fileContents(Out / "log"));
  std::vector<std::string> Events;
  for (std::string Word, Rest; Log >> Word >> Rest;) {
    Events.push_back(Word + " " + Rest);
    std::getline(Log, Rest);
  }
  ASSERT_EQ(Events.size(), 6u) << test::fileContents(Out / "log");
  // All three started before any ended: the compiles ran at once.
  for (int I = 0; I < 3; ++I)
    EXPECT_TRUE(Events[I].starts_with("start")) << test::fileContents(Out / "log");
  std::sort(Events.begin(), Events.end());
  EXPECT_EQ(Events,
            (std::vector<std::string>{"end 1", "end 2", "end 3", "start 1", "start 2", "start 3"}));
}

TEST_F(ProcessBackendTest, UnmeasuredPreparedConfigurationsAreCleanedUp) {
  auto Options = options("true");
  Options.CompileScript = "echo \"$N\" >> \"$OUT/compiled\"";
  {
    ProcessBackend Backend(Options);
    std::vector<ParameterValues> First{configuration(1), configuration(2)};
    Backend.prepare(First);
    EXPECT_TRUE(Backend.measure(configuration(1)).Valid);
    std::vector<ParameterValues> Second{configuration(3)};
    Backend.prepare(Second); // drops 2
    EXPECT_TRUE(Backend.measure(configuration(3)).Valid);
    Backend.prepare(First); // 1 again, and 2: prepared but never measured
  }
  EXPECT_TRUE(fs::is_empty(Work)) << "a configuration's directory outlived the backend";
}

TEST_F(ProcessBackendTest, InterruptEndsTheRunningMeasurement) {
  auto Options = options("touch \"$OUT/started\"; sleep 100");
  ProcessBackend Backend(Options);
  std::thread Interrupter([&] {
    while (!fs::exists(Out / "started"))
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    Backend.interrupt();
  });
  Measurement M = Backend.measure(configuration(1));
  Interrupter.join();
  EXPECT_FALSE(M.Valid);
  EXPECT_EQ(M.Reason, "interrupted");
  EXPECT_TRUE(Backend.interrupted());
  EXPECT_EQ(Backend.measure(configuration(2)).Reason, "interrupted");
}

TEST_F(ProcessBackendTest, UnusableWorkDirectoryMakesEveryConfigurationInvalid) {
  std::ofstream(Root / "file") << "not a directory";
  auto Options = options("true");
  Options.WorkDirectory = (Root / "file").string();
  ProcessBackend Backend(Options);
  Measurement M = Backend.measure(configuration(1));
  EXPECT_FALSE(M.Valid);
  EXPECT_NE(M.Reason.find("cannot make the work directory"), std::string::npos) << M.Reason;
  EXPECT_TRUE(failedOutsideConfiguration(M)) << M.Reason;
}

TEST_F(ProcessBackendTest, AConfigurationAtfcCouldNotSetUpIsNotItsFailure) {
  // The work directory removed under the run (a script did): atfc cannot
  // make the next configuration's directory. Recorded as a build failure,
  // it was reused by later runs after the cause was gone.
  auto Options = options("echo 1 > cost");
  Options.WorkDirectory = (Root / "work").string();
  ProcessBackend Backend(Options);
  ASSERT_TRUE(Backend.measure(configuration(1)).Valid);
  fs::remove_all(Root / "work");
  std::ofstream(Root / "work") << "not a directory";
  Measurement M = Backend.measure(configuration(2));
  EXPECT_FALSE(M.Valid);
  EXPECT_EQ(M.Reason.rfind("atfc could not set up the configuration: cannot make", 0), 0u)
      << M.Reason;
  EXPECT_TRUE(failedOutsideConfiguration(M)) << M.Reason;
}

TEST(RepetitionStatistic, SummarizesCosts) {
  const std::vector<double> Costs{16, 4, 9, 1};
  // The median of an even count is the lower middle: a measured cost.
  EXPECT_EQ(summarize(Costs, RepetitionStatistic::Median), 4);
  EXPECT_EQ(summarize(std::vector<double>{3, 1, 2}, RepetitionStatistic::Median), 2);
  EXPECT_EQ(summarize(Costs, RepetitionStatistic::Mean), 7.5);
  EXPECT_EQ(summarize(Costs, RepetitionStatistic::Min), 1);
  EXPECT_EQ(summarize(std::vector<double>{5}, RepetitionStatistic::Mean), 5);
  // A mean of kernel times prints without the division's float noise
  // (1.4206200000000001e-05 before).
  const std::vector<double> Times{14206e-9, 14206e-9, 14206e-9, 14206e-9, 14207e-9};
  EXPECT_EQ(shortestText(summarize(Times, RepetitionStatistic::Mean)), "1.42062e-05");
  EXPECT_EQ(shortestText(summarize(std::vector<double>{1, 2, 2}, RepetitionStatistic::Mean)),
            "1.66666666666667");
  for (RepetitionStatistic S :
       {RepetitionStatistic::Median, RepetitionStatistic::Mean, RepetitionStatistic::Min})
    EXPECT_EQ(statisticNamed(statisticName(S)), S);
  EXPECT_FALSE(statisticNamed("average"));
}

TEST(FailureKinds, OnlyCausesOutsideTheConfigurationAreMeasuredAgain) {
  auto Failed = [](FailureKind Kind, const char *Reason) {
    return failedOutsideConfiguration(Measurement::invalid(Kind, Reason));
  };
  EXPECT_STREQ(failureName(FailureKind::CheckFailed), "check failed");
  EXPECT_TRUE(Failed(FailureKind::CheckFailed, "ModuleNotFoundError: No module named 'numpy'"));
  EXPECT_TRUE(Failed(FailureKind::TimedOut, "timed out after 2 s"));
  EXPECT_TRUE(Failed(FailureKind::RunFailed, "exit status 127"));
  EXPECT_TRUE(Failed(FailureKind::BuildFailed, "exit status 126"));
  EXPECT_TRUE(Failed(FailureKind::BuildFailed, "cannot start the compile script: No such file"));
  EXPECT_TRUE(Failed(FailureKind::RunFailed, "the device worker failed to start"));
  EXPECT_TRUE(Failed(FailureKind::Crashed,
                     "rank 2's measuring process ended while measuring it (signal 9)"));
  // The configuration's own failures are reused.
  EXPECT_FALSE(Failed(FailureKind::RunFailed, "exit status 1"));
  EXPECT_FALSE(Failed(FailureKind::BuildFailed, "build failed"));
  EXPECT_FALSE(Failed(FailureKind::Crashed, "crashed"));
  EXPECT_FALSE(Failed(FailureKind::WrongResult, "y[3] differs"));
  EXPECT_FALSE(Failed(FailureKind::BadCost, "no number"));
  // A result check's failed reference says nothing of the configuration
  // (a rank records it; a later run measures it with a working reference).
  EXPECT_TRUE(Failed(FailureKind::RunFailed,
                     "the reference configuration of the result check is invalid "
                     "(CL_INVALID_WORK_GROUP_SIZE), so no configuration can be checked"));
  // Judged against whichever valid result came first: the order's verdict.
  EXPECT_TRUE(Failed(FailureKind::BadCost,
                     "2 costs, where the first valid result had 1 cost: several costs need"));
  EXPECT_FALSE(failedOutsideConfiguration(Measurement::valid({1})));
}

TEST_F(ProcessBackendTest, RepetitionsBecomeTheCostByTheirStatistic) {
  // Each run appends to a counter and writes two costs: its number and its
  // square. One warm-up (cost 1, 1), then 2, 3, 4 and 4, 9, 16.
  auto Options = options("n=$(cat \"$OUT/count\" 2>/dev/null || echo 0); n=$((n + 1)); "
                         "echo $n > \"$OUT/count\"; echo $n,$((n * n)) > cost");
  Options.CostFile = "cost";
  Options.Warmups = 1;
  Options.Repetitions = 3;
  Options.Statistic = RepetitionStatistic::Mean;
  Measurement M = ProcessBackend(Options).measure(configuration(1));
  ASSERT_TRUE(M.Valid) << M.Reason << M.Log;
  ASSERT_EQ(M.Costs.size(), 2u);
  EXPECT_EQ(M.Costs[0], 3);
  EXPECT_DOUBLE_EQ(M.Costs[1], 29.0 / 3);
  EXPECT_EQ(M.Log, "costs of 3 repetitions: 2, 3, 4 (mean 3); 4, 9, 16 (mean 9.66666666666667)");

  fs::remove(Out / "count");
  Options.Statistic = RepetitionStatistic::Min;
  M = ProcessBackend(Options).measure(configuration(1));
  ASSERT_TRUE(M.Valid) << M.Reason << M.Log;
  EXPECT_EQ(M.Costs, (std::vector<double>{2, 4}));
}
