//===- TuningRunTest.cpp - The tuning loop --------------------------------===//
//
// Tuning/TuningRun with a measurer that computes the cost from the values:
// what the loop measures, in which order it stops, what a run writes, what
// it reuses from an earlier run, and how it fails.
//
//===----------------------------------------------------------------------===//
#include "Tuning/TuningRun.h"

#include "Results/ResultsDatabase.h"
#include "Tuning/CallableMeasurer.h"

#include "SearchSpace/SpaceGenerator.h"
#include "Support/Bug.h"

#include "../FileContents.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <csignal>
#include <deque>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>
#include <unistd.h>

using namespace atfc;

namespace {

/// Writes Lines to Path for the test (a death test's child has no other
/// way out); false when it could not.
bool writeLines(const std::filesystem::path &Path, const std::vector<std::string> &Lines) {
  std::ofstream Out(Path);
  for (const std::string &L : Lines)
    Out << L << '\n';
  Out.close();
  return static_cast<bool>(Out);
}

std::vector<std::string> readLines(const std::filesystem::path &Path) {
  std::ifstream In(Path);
  std::vector<std::string> Lines;
  for (std::string Line; std::getline(In, Line);)
    Lines.push_back(Line);
  return Lines;
}

/// A measurer that computes the cost from the values and counts calls.
class FormulaMeasurer : public ConfigurationMeasurer {
public:
  Measurement measure(const ParameterValues &, std::span<const Value> Values) override {
    if (BeforeMeasuring)
      BeforeMeasuring(Calls);
    ++Calls;
    const auto X = static_cast<double>(std::get<std::int64_t>(Values[0]));
    const auto Y = static_cast<double>(std::get<std::int64_t>(Values[1]));
    if (X == 2 && Y == 2)
      return Measurement::invalid(FailureKind::RunFailed, "exit status 1");
    return Measurement::valid({(X - 3) * (X - 3) + Y});
  }
  std::string costMeaning() const override { return "(X - 3)^2 + Y"; }
  int Calls = 0;
  /// Called with Calls before each measurement.
  std::function<void(int)> BeforeMeasuring;
};

class TuningRunTest : public ::testing::Test {
protected:
  void SetUp() override {
    Dir = std::filesystem::temp_directory_path() /
          ("atfc-tuning-run-" + std::to_string(::getpid()) + "-" +
           ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(Dir);
    Space = cantFail(generateSpace(GenerationOptions{1}, group(parameter("X", interval<int>(1, 4))),
                                   group(parameter("Y", interval<int>(1, 3)))));
    Setup.DefineLines = {2, 3};
    Options.FileName = "k.c";
    Options.OutputDirectory = Dir.string();
    Options.BlankedSource = "// k\n\n\nint main() { return X + Y; }\n";
    Options.TunerIdentity = "tuner-test";
    Options.Given.Technique = "exhaustive";
    Options.Given.Seed = 3;
  }
  void TearDown() override { std::filesystem::remove_all(Dir); }

  int run(FormulaMeasurer &M) {
    std::ostringstream Out, Err;
    const int Status = runTuning(Space, Setup, Options, M, Out, Err);
    Output = Out.str() + Err.str();
    return Status;
  }

  std::filesystem::path Dir;
  ChainOfTrees Space;
  LoopSetup Setup;
  TuningRunOptions Options;
  std::string Output;
};

TEST_F(TuningRunTest, WritesTheBestConfigurationEverywhere) {
  FormulaMeasurer M;
  ASSERT_EQ(run(M), 0) << Output;
  EXPECT_EQ(M.Calls, 12);
  EXPECT_NE(Output.find("done after 12 evaluations (11 valid)"), std::string::npos) << Output;
  EXPECT_NE(Output.find("best cost 1: X=3 Y=1"), std::string::npos) << Output;

  const auto Best = nlohmann::json::parse(test::fileContents(Dir / "best.json"));
  EXPECT_EQ(Best["configuration"]["X"], 3);
  EXPECT_EQ(Best["configuration"]["Y"], 1);
  EXPECT_EQ(Best["cost"], nlohmann::json::array({1.0}));
  EXPECT_EQ(Best["run"]["technique"], "exhaustive");
  EXPECT_EQ(Best["run"]["seed"], 3);
  EXPECT_EQ(Best["run"]["evaluations"], 12);
  EXPECT_EQ(test::fileContents(Dir / "k.tuned.c"),
            "// k\n#define X 3\n#define Y 1\nint main() { return X + Y; }\n");
  EXPECT_NE(test::fileContents(Dir / "best.h").find("#define X 3\n"), std::string::npos);
}

TEST_F(TuningRunTest, ResultsUnderTheSameKeyAreNotMeasuredAgain) {
  FormulaMeasurer First;
  ASSERT_EQ(run(First), 0) << Output;
  FormulaMeasurer Second;
  Options.Given.Seed = 9;
  Options.Given.Technique = "random";
  ASSERT_EQ(run(Second), 0) << Output;
  EXPECT_EQ(Second.Calls, 0);
  EXPECT_NE(Output.find("best cost 1: X=3 Y=1"), std::string::npos) << Output;

  FormulaMeasurer Third;
  Options.BlankedSource += "// changed\n";
  ASSERT_EQ(run(Third), 0) << Output;
  EXPECT_EQ(Third.Calls, 12);
}

TEST_F(TuningRunTest, BadTechniqueAndAbortConditionAreUsageErrors) {
  FormulaMeasurer M;
  Options.Given.Technique = "anneal";
  EXPECT_EQ(run(M), 2);
  EXPECT_NE(Output.find("atfc: error: unknown search technique 'anneal'"), std::string::npos)
      << Output;
  Options.Given.Technique.clear();
  Setup.AbortCondition = {"evaluations(3", 7, 24};
  EXPECT_EQ(run(M), 2);
  EXPECT_NE(Output.find("k.c:7:"), std::string::npos) << Output;
  EXPECT_EQ(M.Calls, 0);
}

TEST_F(TuningRunTest, NoValidConfigurationIsAFailure) {
  class AlwaysFails final : public FormulaMeasurer {
  public:
    Measurement measure(const ParameterValues &, std::span<const Value>) override {
      return Measurement::invalid(FailureKind::BuildFailed, "build failed");
    }
  } M;
  EXPECT_EQ(run(M), 1);
  EXPECT_NE(Output.find("no valid configuration found"), std::string::npos) << Output;
  EXPECT_FALSE(std::filesystem::exists(Dir / "best.json"));
}

TEST_F(TuningRunTest, TheAbortConditionEndsTheRunAndItsResultsStay) {
  FormulaMeasurer First;
  Options.Given.Technique = "random";
  Options.Given.AbortCondition = "evaluations(5)";
  ASSERT_EQ(run(First), 0) << Output;
  EXPECT_EQ(First.Calls, 5);
  // The whole space afterwards measures only the 7 configurations not yet
  // measured under the same key.
  FormulaMeasurer Rest;
  Options.Given.Technique = "exhaustive";
  Options.Given.AbortCondition.clear();
  ASSERT_EQ(run(Rest), 0) << Output;
  EXPECT_EQ(Rest.Calls, 7);
  EXPECT_NE(Output.find("best cost 1: X=3 Y=1"), std::string::npos) << Output;
}

/// FormulaMeasurer taking Batch configurations at once, as one that
/// compiles ahead does, and counting those it was asked to prepare.
class BatchedMeasurer : public FormulaMeasurer {
public:
  explicit BatchedMeasurer(std::size_t Batch) : Batch(Batch) {}
  std::size_t batchSize() const override { return Batch; }
  void prepare(std::span<const ParameterValues> Upcoming) override {
    Prepared += static_cast<int>(Upcoming.size());
  }
  std::size_t Batch;
  int Prepared = 0;
};

// The class of bugs: a batch measured past the abort condition. Whatever
// the batch size, a run measures exactly the configurations it would one
// at a time (exhaustive: the same order), no more.
TEST_F(TuningRunTest, AbortConditionsStopBatchesWhereOneAtATimeStops) {
  const std::vector<std::string> Conditions = {"evaluations(1)",
                                               "evaluations(5)",
                                               "valid_evaluations(3)",
                                               "cost(1e9)",
                                               "cost(2)",
                                               "fraction(0.5)",
                                               "evaluations(7) || cost(1.5)",
                                               "cost(0)",
                                               "!evaluations(0)",
                                               ""};
  for (const std::string &Condition : Conditions) {
    int OneAtATime = -1;
    for (std::size_t Batch = 1; Batch <= 5; ++Batch) {
      std::filesystem::remove_all(Dir);
      Options.Given.AbortCondition = Condition;
      BatchedMeasurer Measurer(Batch);
      ASSERT_EQ(run(Measurer), 0) << Condition << ": " << Output;
      if (Batch == 1)
        OneAtATime = Measurer.Calls;
      EXPECT_EQ(Measurer.Calls, OneAtATime) << Condition << ", batches of " << Batch;
      // Every evaluation the run reports was measured, and no more.
      EXPECT_NE(Output.find("done after " + std::to_string(Measurer.Calls) +
                            (Measurer.Calls == 1 ? " evaluation " : " evaluations ")),
                std::string::npos)
          << Condition << ", batches of " << Batch << ": " << Output;
      const int Discarded = Measurer.Prepared - Measurer.Calls;
      if (Discarded > 0) {
        EXPECT_NE(Output.find("; " + std::to_string(Discarded) +
                              " prepared ahead and discarded unmeasured"),
                  std::string::npos)
            << Condition << ", batches of " << Batch << ": " << Output;
      }
    }
  }
}

/// One tuning run driven step by step, as a program that tunes in-process
/// drives it: its exit status as a tuner's, and what it wrote on Output.
int tuneInProcess(const ChainOfTrees &Space, const LoopSetup &Setup,
                  const TuningRunOptions &Options, ConfigurationMeasurer &Measurer,
                  std::string &Output) {
  std::ostringstream Out, Err;
  TuningReporter Reporter(Out, Err, /*Progress=*/false, /*Verbose=*/false);
  auto Finish = [&](int Status) {
    Output = Out.str() + Err.str();
    return Status;
  };
  Expected<std::unique_ptr<TuningSession>> Session =
      TuningSession::open(Space, Setup, Options, Measurer, Reporter);
  if (!Session)
    return Finish(100);
  if (!(*Session)->chooseSearch() || !(*Session)->begin(Reporter))
    return Finish(101);
  Expected<TuningLoopEnd> End = runTuningLoop(**Session, Measurer, Reporter);
  if (!End)
    return Finish(102);
  Expected<TuningOutcome> Outcome = concludeTuning(**Session, *End, Reporter);
  if (!Outcome || *Outcome != TuningOutcome::BestWritten)
    return Finish(103);
  return Finish(End->Interrupted ? 128 + End->Signal : 0);
}

/// "X=1 Y=2": a configuration as the callable saw it.
std::string configurationText(const ParameterValues &Configuration) {
  std::string Text;
  for (const NamedValue &V : Configuration)
    Text +=
        (Text.empty() ? "" : " ") + V.Name + "=" + std::to_string(std::get<std::int64_t>(V.Val));
  return Text;
}

// The way in without a tuner: the loop in this process over a plain
// function. A run stopped by Ctrl-C after K evaluations (in a child
// process: a signal stays pending in the process it reached) keeps them in
// results.db; --resume measures exactly the others, each once.
TEST_F(TuningRunTest, ACallableTunesInProcessAndResumesWithoutMeasuringTwice) {
  constexpr int K = 5;
  Options.Given.Technique = "random";
  std::vector<std::string> Measured;
  bool InterruptAtK = true;
  auto Cost = [&](const ParameterValues &Configuration) {
    Measured.push_back(configurationText(Configuration));
    const auto X = static_cast<double>(std::get<std::int64_t>(Configuration[0].Val));
    const auto Y = static_cast<double>(std::get<std::int64_t>(Configuration[1].Val));
    if (InterruptAtK && Measured.size() == K)
      std::raise(SIGINT); // Ctrl-C during the K-th call
    return (X - 3) * (X - 3) + Y;
  };
  GTEST_FLAG_SET(death_test_style, "fast");
  EXPECT_EXIT(
      {
        CallableMeasurer Measurer = CallableMeasurer::ofCost(Cost, "(X - 3)^2 + Y");
        const int Status = tuneInProcess(Space, Setup, Options, Measurer, Output);
        std::_Exit(writeLines(Dir / "first-calls.txt", Measured) ? Status : 1);
      },
      ::testing::ExitedWithCode(128 + SIGINT), "");
  const std::vector<std::string> First = readLines(Dir / "first-calls.txt");
  ASSERT_EQ(First.size(), std::size_t(K));

  // results.db holds the interrupted run with the K evaluations, the one
  // measured as the signal came included.
  {
    auto Database = ResultsDatabase::open((Dir / "results.db").string());
    ASSERT_TRUE(Database) << Database.error().message();
    auto Runs = (*Database)->runs();
    ASSERT_TRUE(Runs && Runs->size() == 1u);
    EXPECT_EQ(Runs->front().Status, RunStatus::Interrupted);
    auto Evaluations = (*Database)->evaluationsOfRun(Runs->front().Id);
    ASSERT_TRUE(Evaluations);
    ASSERT_EQ(Evaluations->size(), std::size_t(K));
    for (std::size_t I = 0; I < Evaluations->size(); ++I)
      EXPECT_EQ(configurationText((*Evaluations)[I].Configuration), First[I]);
  }

  Options.Given.Resume = true;
  Measured.clear();
  InterruptAtK = false;
  CallableMeasurer Measurer = CallableMeasurer::ofCost(Cost, "(X - 3)^2 + Y");
  ASSERT_EQ(tuneInProcess(Space, Setup, Options, Measurer, Output), 0) << Output;
  EXPECT_NE(Output.find("resuming run 1"), std::string::npos) << Output;
  // Every configuration of the space measured once over both runs.
  EXPECT_EQ(Measured.size(), Space.size().get_ui() - K);
  std::set<std::string> All(First.begin(), First.end());
  for (const std::string &C : Measured)
    EXPECT_TRUE(All.insert(C).second) << C << " measured twice";
  EXPECT_EQ(All.size(), Space.size().get_ui());

  EXPECT_NE(Output.find("best cost 1: X=3 Y=1"), std::string::npos) << Output;
  const auto Best = nlohmann::json::parse(test::fileContents(Dir / "best.json"));
  EXPECT_EQ(Best["configuration"]["X"], 3);
  EXPECT_EQ(Best["configuration"]["Y"], 1);
  EXPECT_EQ(Best["run"]["id"], 1);
  EXPECT_EQ(Best["run"]["evaluations"], 12);
}

/// FormulaMeasurer measuring Concurrency configurations at once, as ranks
/// do, the last started finishing first. At its StopAt-th finished() call
/// Ctrl-C comes: it returns nothing, and the oldest in flight has finished
/// anyway (finishedAfterInterrupt). Finished: what it measured, in order.
class ConcurrentMeasurer : public FormulaMeasurer {
public:
  explicit ConcurrentMeasurer(std::size_t Concurrency, int StopAt = 0)
      : Concurrency(Concurrency), StopAt(StopAt) {}
  std::size_t concurrency() const override { return Concurrency; }
  void start(std::uint64_t Id, const BatchEntry &Entry) override {
    Flying.emplace_back(Id, Entry);
    ++Started;
  }
  std::optional<MeasuredOutcome> finished(bool Wait) override {
    if (!Wait)
      return std::nullopt; // none finishes while the loop records
    if (++Finishes == StopAt) {
      std::raise(SIGINT);
      return std::nullopt;
    }
    auto [Id, Entry] = Flying.back();
    Flying.pop_back();
    Finished.push_back(configurationText(Entry.Named));
    return MeasuredOutcome{Id, measure(Entry.Named, Entry.Values), 0};
  }
  std::optional<Measurement> finishedAfterInterrupt(const ParameterValues &C) override {
    if (HandedBack || Flying.empty() ||
        configurationText(Flying.front().second.Named) != configurationText(C))
      return std::nullopt;
    HandedBack = true;
    BatchEntry Entry = Flying.front().second;
    Flying.pop_front();
    Finished.push_back(configurationText(Entry.Named));
    return measure(Entry.Named, Entry.Values);
  }
  std::size_t Concurrency;
  int StopAt, Finishes = 0, Started = 0;
  bool HandedBack = false;
  std::deque<std::pair<std::uint64_t, BatchEntry>> Flying;
  std::vector<std::string> Finished;
};

/// The configurations of run Run's evaluations in results.db, in order.
std::vector<std::string> recorded(const std::filesystem::path &Dir, std::int64_t Run,
                                  RunStatus Status) {
  std::vector<std::string> Texts;
  auto Database = ResultsDatabase::open((Dir / "results.db").string());
  if (!Database) {
    ADD_FAILURE() << Database.error().message();
    return Texts;
  }
  auto Runs = (*Database)->runs();
  if (!Runs || Runs->size() < std::size_t(Run)) {
    ADD_FAILURE() << "no run " << Run;
    return Texts;
  }
  EXPECT_EQ((*Runs)[Run - 1].Status, Status);
  const Expected<std::vector<EvaluationRecord>> Evaluations = (*Database)->evaluationsOfRun(Run);
  if (!Evaluations) {
    ADD_FAILURE() << Evaluations.error().message();
    return Texts;
  }
  for (const EvaluationRecord &E : *Evaluations)
    Texts.push_back(configurationText(E.Configuration));
  return Texts;
}

// Asynchronous dispatch keeps the measurer busy and records each result as
// it comes: every configuration once, in the order they finished.
// --dispatch batch measures in batches instead.
TEST_F(TuningRunTest, AsynchronousDispatchRecordsEachResultAsItComes) {
  ConcurrentMeasurer Measurer(3);
  ASSERT_EQ(run(Measurer), 0) << Output;
  EXPECT_EQ(Measurer.Calls, 12);
  EXPECT_EQ(Measurer.Started, 12);
  EXPECT_EQ(std::set<std::string>(Measurer.Finished.begin(), Measurer.Finished.end()).size(), 12u);
  EXPECT_EQ(recorded(Dir, 1, RunStatus::Finished), Measurer.Finished);
  EXPECT_NE(Output.find("best cost 1: X=3 Y=1"), std::string::npos) << Output;

  std::filesystem::remove_all(Dir);
  Options.Given.Dispatch = "batch";
  ConcurrentMeasurer Batched(3);
  ASSERT_EQ(run(Batched), 0) << Output;
  EXPECT_EQ(Batched.Calls, 12);
  EXPECT_EQ(Batched.Started, 0);
}

// Ctrl-C during asynchronous dispatch: the run keeps every result recorded
// and the one in flight that finished anyway, not those cut short; --resume
// measures exactly the others.
TEST_F(TuningRunTest, AsynchronousDispatchInterruptedKeepsWhatFinishedInFlight) {
  constexpr int StopAt = 5;
  GTEST_FLAG_SET(death_test_style, "fast");
  EXPECT_EXIT(
      {
        ConcurrentMeasurer Measurer(3, StopAt);
        const int Status = tuneInProcess(Space, Setup, Options, Measurer, Output);
        std::_Exit(writeLines(Dir / "finished.txt", Measurer.Finished) ? Status : 1);
      },
      ::testing::ExitedWithCode(128 + SIGINT), "");
  const std::vector<std::string> First = readLines(Dir / "finished.txt");
  // Four results before Ctrl-C, and the oldest in flight after it.
  ASSERT_EQ(First.size(), std::size_t(StopAt));
  EXPECT_EQ(recorded(Dir, 1, RunStatus::Interrupted), First);

  Options.Given.Resume = true;
  ConcurrentMeasurer Rest(3);
  ASSERT_EQ(tuneInProcess(Space, Setup, Options, Rest, Output), 0) << Output;
  std::set<std::string> All(First.begin(), First.end());
  for (const std::string &C : Rest.Finished)
    EXPECT_TRUE(All.insert(C).second) << C << " measured twice";
  EXPECT_EQ(All.size(), 12u);
}

// CLI tester: a script edited during a run filed the results measured with
// its new contents under the key of its old ones. A watched file that
// changes stops the run: the evaluations before are kept (the run is
// interrupted), the one measured across the change is not recorded, the
// error names the file, and no "resume" is offered.
TEST_F(TuningRunTest, AFileTheKeyCoversChangedDuringTheRunStopsIt) {
  const std::filesystem::path Script = Dir.string() + "-run.sh";
  for (const bool Asynchronous : {false, true}) {
    std::filesystem::remove_all(Dir);
    std::ofstream(Script) << "echo 1\n";
    Options.Given.DependedFiles = {Script.string()};
    // The fourth measurement edits the script while it runs.
    ConcurrentMeasurer M(Asynchronous ? 3 : 0);
    M.BeforeMeasuring = [&](int Calls) {
      if (Calls == 3)
        std::ofstream(Script, std::ios::app) << "echo 2\n";
    };
    EXPECT_EQ(run(M), 1) << Output;
    EXPECT_GE(M.Calls, 4) << Asynchronous;
    EXPECT_EQ(recorded(Dir, 1, RunStatus::Interrupted).size(), 3u) << Asynchronous;
    EXPECT_NE(Output.find("error: '" + Script.string() +
                          "' changed during the run; the results measured before are kept"),
              std::string::npos)
        << Output;
    EXPECT_EQ(Output.find("resume"), std::string::npos) << Output;
    // Unchanged since, it stops nothing: the next run measures the rest.
    ConcurrentMeasurer Rest(Asynchronous ? 3 : 0);
    ASSERT_EQ(run(Rest), 0) << Output;
    EXPECT_EQ(Rest.Calls, 9) << Asynchronous;
  }
  std::filesystem::remove(Script);
}

// A measurer that can measure nothing more (a result check whose reference
// failed) stops the run at once with its error: the measurement that
// showed it is not recorded, and nothing after it is measured.
TEST_F(TuningRunTest, AMeasurerThatCannotGoOnStopsTheRunWithItsError) {
  class ReferenceFails final : public FormulaMeasurer {
  public:
    Measurement measure(const ParameterValues &C, std::span<const Value> Values) override {
      if (Calls == 2)
        Failed = true;
      return FormulaMeasurer::measure(C, Values);
    }
    std::optional<Error> cannotGoOn() const override {
      if (!Failed)
        return std::nullopt;
      return Error(SourceLocation{"k.c", 3, 1}, "the reference failed");
    }
    bool Failed = false;
  } M;
  EXPECT_EQ(run(M), 1) << Output;
  EXPECT_EQ(M.Calls, 3);
  EXPECT_EQ(recorded(Dir, 1, RunStatus::Interrupted).size(), 2u);
  EXPECT_NE(Output.find("k.c:3:1: error: the reference failed"), std::string::npos) << Output;
  EXPECT_EQ(Output.find("resume"), std::string::npos) << Output;
  // The cause gone, the next run measures the rest and nothing twice.
  FormulaMeasurer Rest;
  ASSERT_EQ(run(Rest), 0) << Output;
  EXPECT_EQ(Rest.Calls, 10);
}

// CLI tester: without `objective` directives, configurations writing
// different numbers of costs were compared silently (a decimal comma, `1,5`,
// is two costs, and {1, 5} beat {2}). Each must have as many as the first
// valid result; the others are bad costs that say why, in the summary too.
TEST_F(TuningRunTest, CostsOfAnotherLengthThanTheFirstAreBadCosts) {
  class CommaMeasurer : public FormulaMeasurer {
  public:
    Measurement measure(const ParameterValues &Named, std::span<const Value> Values) override {
      Measurement M = FormulaMeasurer::measure(Named, Values);
      if (M.Valid && std::get<std::int64_t>(Values[1]) == 3) // "1,5" written as 1.5
        M.Costs = {1, 5};
      return M;
    }
  } M;
  ASSERT_EQ(run(M), 0) << Output;
  EXPECT_EQ(M.Calls, 12);
  EXPECT_NE(Output.find("done after 12 evaluations (7 valid)"), std::string::npos) << Output;
  EXPECT_NE(Output.find("4 bad cost: 2 costs, where the first valid result had 1 cost: several "
                        "costs need an `objective` directive each, and a number a decimal point, "
                        "not a comma"),
            std::string::npos)
      << Output;
  EXPECT_NE(Output.find("best cost 1: X=3 Y=1"), std::string::npos) << Output;
  // With objectives declared, their number decides, as before.
  std::filesystem::remove_all(Dir);
  Setup.Objectives = {{"time", Direction::Minimise}, {"other", Direction::Minimise}};
  CommaMeasurer Declared;
  ASSERT_EQ(run(Declared), 0) << Output;
  EXPECT_NE(Output.find("(4 valid)"), std::string::npos) << Output;
  EXPECT_NE(Output.find("1 cost for 2 objectives (time, other)"), std::string::npos) << Output;
}

} // namespace
