//===- TuningSessionTest.cpp - A run in the results database --------------===//
//
// Tuning/TuningSession against a real results.db in a temporary
// directory: how a run is started and recorded, which mistakes are the
// user's, how --resume finds and checks its run, and which best the
// outputs get.
//
//===----------------------------------------------------------------------===//
#include "Tuning/TuningSession.h"

#include "SearchSpace/SpaceGenerator.h"
#include "Support/Bug.h"
#include "Tuning/KnownConfigurations.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <filesystem>
#include <sstream>
#include <thread>
#include <unistd.h>

using namespace atfc;

namespace {

/// A measurer that computes the cost from the values.
class ParabolaMeasurer : public ConfigurationMeasurer {
public:
  Measurement measure(const ParameterValues &, std::span<const Value> Values) override {
    const auto X = static_cast<double>(std::get<std::int64_t>(Values[0]));
    return Measurement::valid({(X - 3) * (X - 3) + 1});
  }
  std::string costMeaning() const override { return "(X - 3)^2 + 1"; }
};

class TuningSessionTest : public ::testing::Test {
protected:
  void SetUp() override {
    Dir = std::filesystem::temp_directory_path() /
          ("atfc-tuning-session-" + std::to_string(::getpid()) + "-" +
           ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(Dir);
    Space =
        cantFail(generateSpace(GenerationOptions{1}, group(parameter("X", interval<int>(1, 4)))));
    Options.FileName = "k.c";
    Options.OutputDirectory = Dir.string();
    Options.BlankedSource = "int main() { return X; }\n";
    Options.TunerIdentity = "tuner-test";
    Options.Given.Technique = "exhaustive";
    Options.Given.Seed = 3;
  }
  void TearDown() override { std::filesystem::remove_all(Dir); }

  /// Opens, chooses and begins a session; fails the test when one fails.
  std::unique_ptr<TuningSession> started() {
    Expected<std::unique_ptr<TuningSession>> Session =
        TuningSession::open(Space, Setup, Options, M, Reporter);
    EXPECT_TRUE(Session) << Session.error().message();
    Expected<void> Chosen = (*Session)->chooseSearch();
    EXPECT_TRUE(Chosen) << Chosen.error().message();
    Expected<void> Begun = (*Session)->begin(Reporter);
    EXPECT_TRUE(Begun) << Begun.error().message();
    return Session.take();
  }

  /// Measures the first N proposals of the session and records them.
  void measure(TuningSession &Session, int N) {
    for (int I = 0; I < N && !Session.exploration().done(); ++I) {
      const Configuration C = Session.exploration().next().front();
      const std::vector<Value> Values = Space.values(C);
      const ParameterValues Named = namedValuesOf(Space, C);
      ASSERT_TRUE(Session.record(C, Named, M.measure(Named, Values), 0.0));
    }
  }

  /// A run that measured one configuration and was interrupted: its id.
  std::int64_t interruptedRun() {
    std::unique_ptr<TuningSession> Session = started();
    measure(*Session, 1);
    EXPECT_TRUE(Session->finish(/*Interrupted=*/true));
    return Session->runId();
  }

  std::filesystem::path Dir;
  ChainOfTrees Space;
  LoopSetup Setup;
  TuningRunOptions Options;
  ParabolaMeasurer M;
  std::ostringstream Out, Err;
  TuningReporter Reporter{Out, Err, /*Progress=*/false, /*Verbose=*/false};
};

TEST_F(TuningSessionTest, RecordsANewRunAndItsEvaluations) {
  std::unique_ptr<TuningSession> Started = started();
  TuningSession &Session = *Started;
  EXPECT_GT(Session.runId(), 0);
  measure(Session, 2);
  ASSERT_TRUE(Session.finish(/*Interrupted=*/false));

  Expected<std::optional<RunInfo>> Run = Session.database().run(Session.runId());
  ASSERT_TRUE(Run && *Run);
  EXPECT_EQ((*Run)->Technique, "exhaustive");
  EXPECT_EQ((*Run)->Seed, 3u);
  EXPECT_EQ((*Run)->File, "k.c");
  const nlohmann::ordered_json Json = Session.runJson();
  EXPECT_EQ(Json["evaluations"], 2);
  EXPECT_EQ(Json["abort_condition"], "the whole space");
  EXPECT_TRUE(std::filesystem::exists(Dir / "results.db"));
}

TEST_F(TuningSessionTest, AnEmptySpaceIsAnError) {
  Space = ChainOfTrees();
  Expected<std::unique_ptr<TuningSession>> Session =
      TuningSession::open(Space, Setup, Options, M, Reporter);
  ASSERT_FALSE(Session);
  EXPECT_EQ(Session.error().location().File, "k.c");
  EXPECT_NE(Session.error().message().find("the search space is empty"), std::string::npos);
}

TEST_F(TuningSessionTest, ATechniqueThatDoesNotParseIsAnErrorAtItsText) {
  Options.Given.Technique.clear();
  Setup.Technique = {"anneal", 4, 10};
  Expected<std::unique_ptr<TuningSession>> Session =
      TuningSession::open(Space, Setup, Options, M, Reporter);
  ASSERT_TRUE(Session);
  Expected<void> Chosen = (*Session)->chooseSearch();
  ASSERT_FALSE(Chosen);
  EXPECT_EQ(Chosen.error().location(), (SourceLocation{"k.c", 4, 10}));
  EXPECT_NE(Chosen.error().message().find("unknown search technique 'anneal'"), std::string::npos)
      << Chosen.error().message();
}

// The run's time is read again at its end: an interrupted run's left out
// the measurement in flight (its time stopped at the last result).
TEST_F(TuningSessionTest, ARunsTimeIncludesWhatCameAfterItsLastResult) {
  std::unique_ptr<TuningSession> Started = started();
  TuningSession &Session = *Started;
  measure(Session, 1);
  const double AtLastResult = Session.exploration().status().ElapsedSeconds;
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  ASSERT_TRUE(Session.finish(/*Interrupted=*/true));
  EXPECT_GE(Session.exploration().status().ElapsedSeconds, AtLastResult + 0.2);
}

TEST_F(TuningSessionTest, ResumeContinuesTheInterruptedRunAndRefusesOtherOptions) {
  const std::int64_t First = interruptedRun();
  Options.Given.Resume = true;
  Options.Given.Technique = "random";
  {
    Expected<std::unique_ptr<TuningSession>> Session =
        TuningSession::open(Space, Setup, Options, M, Reporter);
    ASSERT_TRUE(Session);
    Expected<void> Chosen = (*Session)->chooseSearch();
    ASSERT_FALSE(Chosen);
    EXPECT_NE(Chosen.error().message().find("--resume continues run " + std::to_string(First) +
                                            " with its technique 'exhaustive'"),
              std::string::npos)
        << Chosen.error().message();
  }
  Options.Given.Technique.clear();
  std::unique_ptr<TuningSession> Started = started();
  TuningSession &Session = *Started;
  EXPECT_EQ(Session.runId(), First);
  EXPECT_NE(Err.str().find("k.c: resuming run " + std::to_string(First) + " (seed 3)\n"),
            std::string::npos)
      << Err.str();
}

TEST_F(TuningSessionTest, ResumeWithoutAnInterruptedRunStartsANewOne) {
  Options.Given.Resume = true;
  std::unique_ptr<TuningSession> Started = started();
  TuningSession &Session = *Started;
  EXPECT_GT(Session.runId(), 0);
  EXPECT_NE(Err.str().find("k.c: note: no interrupted run of this file"), std::string::npos)
      << Err.str();
}

// An interrupted run of the file whose source changed since cannot be
// resumed (its key differs): the note said "no interrupted run of this
// file with these inputs", though there was one; it now names it and why.
TEST_F(TuningSessionTest, ResumeAfterTheFileChangedNamesTheInterruptedRun) {
  const std::int64_t First = interruptedRun();
  Options.Given.Resume = true;
  Options.BlankedSource = "int main() { return X + 1; }\n";
  std::unique_ptr<TuningSession> Started = started();
  EXPECT_GT(Started->runId(), First);
  EXPECT_NE(Err.str().find("k.c: note: run " + std::to_string(First) +
                           " of this file with these inputs was interrupted, but what its "
                           "results depend on has changed since"),
            std::string::npos)
      << Err.str();
}

TEST_F(TuningSessionTest, TheBestUnderTheKeyMayBeAnEarlierRuns) {
  std::int64_t First = 0;
  {
    std::unique_ptr<TuningSession> Started = started();
    TuningSession &Session = *Started;
    First = Session.runId();
    measure(Session, 4); // X = 3 has cost 1
    ASSERT_TRUE(Session.finish(false));
  }
  Options.Given.Fresh = true;
  std::unique_ptr<TuningSession> Started = started();
  TuningSession &Session = *Started;
  EXPECT_NE(Err.str().find("k.c: fresh run:"), std::string::npos) << Err.str();
  measure(Session, 1); // X = 1 has cost 5
  const BestConfiguration RunBest{namedValuesOf(Space, Space.at(0)), {5.0}, "0"};
  Expected<WrittenBest> Best = Session.bestUnderKey(RunBest);
  ASSERT_TRUE(Best) << Best.error().message();
  EXPECT_EQ(Best->MeasuredByRun, First);
  EXPECT_EQ(Best->Best.Costs, Cost({1.0}));
  EXPECT_EQ(Best->Best.Index, "2");
  ASSERT_TRUE(Best->RunBest);
  EXPECT_EQ(Best->RunBest->Costs, Cost({5.0}));
}

TEST_F(TuningSessionTest, EarlierResultsAnswerAndAreRecordedAsReused) {
  {
    std::unique_ptr<TuningSession> Started = started();
    measure(*Started, 4);
    ASSERT_TRUE(Started->finish(false));
  }
  Options.Given.Seed = 8;
  std::unique_ptr<TuningSession> Started = started();
  TuningSession &Session = *Started;
  // Every proposal is known: nothing is left to measure.
  EXPECT_TRUE(Session.exploration().next().empty());
  ASSERT_TRUE(Session.reusedRecorded());
  EXPECT_EQ(Session.reused(), 4u);
  EXPECT_EQ(Session.exploration().status().Evaluations, 4u);
  EXPECT_EQ(Session.runJson()["reused_evaluations"], 4);
}

} // namespace
