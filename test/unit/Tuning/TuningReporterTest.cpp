//===- TuningReporterTest.cpp - What a tuning run tells its user ----------===//
//
// Tuning/TuningReporter over string streams: which stream each line goes
// to and its exact text, as the lit tests of atfc tune read it.
//
//===----------------------------------------------------------------------===//
#include "Tuning/TuningReporter.h"

#include <gtest/gtest.h>

#include <sstream>

using namespace atfc;

namespace {

const ObjectiveList TwoObjectives = {{"time", Direction::Minimise},
                                     {"energy", Direction::Minimise}};

TEST(TuningReporter, TheRunsAccountGoesToStandardOutput) {
  std::ostringstream Out, Err;
  TuningReporter Reporter(Out, Err, /*Progress=*/false, /*Verbose=*/false);
  Reporter.costMeaning("k.c", "the run's time", TwoObjectives);
  Reporter.finished("k.c",
                    {.Evaluations = 12, .ValidEvaluations = 11, .ElapsedSeconds = 65, .Reused = 3});
  Reporter.nothingEvaluated("k.c", "evaluations(0)");
  Reporter.noValidConfiguration("k.c", "X=1", "out");
  EXPECT_EQ(Out.str(),
            "k.c: cost = the run's time; objectives time (min), energy (min), compared in that "
            "order\n"
            "k.c: done after 12 evaluations (11 valid) in 1:05; 3 answered from earlier runs' "
            "results\n"
            "k.c: the abort condition 'evaluations(0)' held before the first evaluation, so "
            "nothing was evaluated\n"
            "k.c: no valid configuration found in the sub-space of --fix X=1; see `atfc results "
            "out/results.db` for the reasons\n");
  EXPECT_EQ(Err.str(), "");
  // A program's temporary results are gone when this is read: no pointer.
  Out.str("");
  Reporter.noValidConfiguration("prog", "", "");
  EXPECT_EQ(Out.str(), "prog: no valid configuration found\n");
}

TEST(TuningReporter, TheSummarySaysWhyConfigurationsFailed) {
  // "done after 25 evaluations (2 valid)" and nothing else left the user
  // to guess; each kind of failure gets its count and its first reason.
  std::ostringstream Out, Err;
  TuningReporter Reporter(Out, Err, false, false);
  const std::string BuildLog = "CL_BUILD_PROGRAM_FAILURE with options \"-D V=3\"\n"
                               "error: conv2d.cl:58:19: too few elements in vector "
                               "initialization\n"
                               "1 error generated.\n";
  Reporter.evaluated(ProgressState{}, {}, Measurement::valid({0.5}));
  for (int I = 0; I < 12; ++I)
    Reporter.evaluated(ProgressState{}, {},
                       Measurement::invalid(FailureKind::BuildFailed, "build failed", BuildLog));
  Reporter.evaluated(ProgressState{}, {},
                     Measurement::invalid(FailureKind::TimedOut, "timed out after 2 s"));
  Reporter.evaluated(ProgressState{}, {},
                     Measurement::invalid(FailureKind::WrongResult, "y[3] differs"));
  Reporter.evaluated(ProgressState{}, {},
                     Measurement::invalid(FailureKind::WrongResult, "y[9] differs"));
  Reporter.loopEnded();
  Reporter.finished("k.cl", {.Evaluations = 16, .ValidEvaluations = 1, .ElapsedSeconds = 3});
  EXPECT_EQ(Out.str(), "k.cl: done after 16 evaluations (1 valid) in 0:03\n"
                       "  12 build failed: error: conv2d.cl:58:19: too few elements in vector "
                       "initialization\n"
                       "   2 wrong result: y[3] differs\n"
                       "   1 timed out after 2 s\n");
  EXPECT_EQ(Err.str(), "");
}

TEST(TuningReporter, ARunThatReusedResultsSaysWhyTheyFailed) {
  // Every configuration answered from an earlier run: "0 valid" alone did
  // not say why; and failures of a cause outside the configuration were
  // not reused.
  std::ostringstream Out, Err;
  TuningReporter Reporter(Out, Err, false, false);
  Reporter.reused(1, {}, Measurement::valid({0.5}), {}, "run 1");
  Reporter.reused(2, {}, Measurement::invalid(FailureKind::WrongResult, "y[3] differs"), {},
                  "run 1");
  Reporter.reused(3, {}, Measurement::invalid(FailureKind::WrongResult, "y[9] differs"), {},
                  "run 1");
  Reporter.loopEnded();
  Reporter.finished(
      "k.cl",
      {.Evaluations = 5, .ValidEvaluations = 1, .ElapsedSeconds = 3, .Reused = 3, .Remeasured = 2});
  EXPECT_EQ(Out.str(), "k.cl: done after 5 evaluations (1 valid) in 0:03; 3 answered from "
                       "earlier runs' results; 2 earlier failures not reused, as their cause "
                       "lay outside the configuration (a failed check, a timeout, a missing "
                       "tool)\n"
                       "  2 wrong result: y[3] differs\n");
  EXPECT_EQ(Err.str(), "");
}

TEST(TuningReporter, ARunSaysWhatValuesListedTwiceSaved) {
  std::ostringstream Out, Err;
  TuningReporter Reporter(Out, Err, false, false);
  Reporter.finished("k.cl", {.Evaluations = 3, .ValidEvaluations = 3, .SameValues = 1});
  EXPECT_EQ(Out.str(), "k.cl: done after 3 evaluations (3 valid) in 0:00; 1 answered from a "
                       "configuration of the same values\n");
  Out.str("");
  Reporter.finished("k.cl", {.Evaluations = 4, .ValidEvaluations = 4, .SameValues = 2});
  EXPECT_EQ(Out.str(), "k.cl: done after 4 evaluations (4 valid) in 0:00; 2 answered from "
                       "configurations of the same values\n");
}

TEST(TuningReporter, TheBestAndWhereItCameFrom) {
  std::ostringstream Out, Err;
  TuningReporter Reporter(Out, Err, false, false);
  const BestConfiguration Earlier{{{"X", Value(std::int64_t{3})}}, {1.0}, "2"};
  const BestConfiguration Own{{{"X", Value(std::int64_t{1})}}, {5.0}, "0"};
  Reporter.bestWritten({Own, 7, std::nullopt}, 7, {}, "", {"out/best.json", "best.h"},
                       /*ResumeHint=*/"");
  EXPECT_EQ(Out.str(), "best cost 5: X=1\nwritten: out/best.json, best.h\n");
  Out.str("");
  Reporter.bestWritten({Earlier, 4, Own}, 7, {}, "Y=2", {"out/best.json", "best.h", "k.tuned.c"},
                       "resume with --resume");
  EXPECT_EQ(Out.str(), "best cost 1: X=3\n"
                       "  (measured by run 4 of the same key; this run's best in the sub-space "
                       "of --fix Y=2 is 5)\n"
                       "written: out/best.json, best.h, k.tuned.c\n"
                       "resume with --resume\n");
}

TEST(TuningReporter, NoticesAndVerboseLinesGoToStandardError) {
  std::ostringstream Out, Err;
  TuningReporter Reporter(Out, Err, /*Progress=*/false, /*Verbose=*/true);
  Reporter.freshRun("k.c");
  Reporter.resuming("k.c", 4, 9);
  Reporter.warmStart("k.c", 3);
  // One is one configuration: a warm start of evaluations(4) said "1
  // configurations".
  Reporter.warmStart("k.c", 1);
  ProgressState State;
  State.Evaluations = 2;
  Reporter.evaluated(State, {{"X", Value(std::int64_t{1})}}, Measurement::valid({0.5}));
  Reporter.evaluated(State, {{"X", Value(std::int64_t{2})}},
                     Measurement::invalid(FailureKind::RunFailed, "exit status 1"));
  // Answered, not measured: a line too, saying from what (there was none).
  Reporter.reused(3, {{"X", Value(std::int64_t{1})}}, Measurement::valid({0.5}), {}, "run 2");
  Reporter.reused(4, {{"X", Value(std::int64_t{3})}},
                  Measurement::invalid(FailureKind::RunFailed, "exit status 1"), {},
                  "a configuration of the same values");
  Reporter.diagnostics().warning(SourceLocation{"k.c"}, "the report was not written");
  Reporter.loopEnded();
  EXPECT_EQ(Out.str(), "");
  EXPECT_EQ(Err.str(),
            "k.c: fresh run: measuring every configuration again, reusing no earlier result\n"
            "k.c: resuming run 4 (seed 9)\n"
            "k.c: warm start: 3 configurations of earlier data first\n"
            "k.c: warm start: 1 configuration of earlier data first\n"
            "#2 X=1 -> 0.5\n"
            "#2 X=2 -> invalid (exit status 1)\n"
            "#3 X=1 -> 0.5 (answered from run 2)\n"
            "#4 X=3 -> invalid (exit status 1) (answered from a configuration of the same "
            "values)\n"
            "k.c: warning: the report was not written\n");
}

TEST(TuningReporter, WithoutVerboseOrATerminalEvaluationsAreSilent) {
  std::ostringstream Out, Err;
  TuningReporter Reporter(Out, Err, false, false);
  Reporter.evaluated(ProgressState{}, {}, Measurement::valid({0.5}));
  Reporter.reused(2, {}, Measurement::valid({0.5}), {}, "run 1");
  Reporter.loopEnded();
  EXPECT_EQ(Out.str() + Err.str(), "");
}

} // namespace
