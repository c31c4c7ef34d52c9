//===- OnlineTuningTest.cpp - The tuning loop for a program ---------------===//
//
// Online/OnlineTuning through <atf.hpp>'s tuner: tune() with a callable
// finds the optimum and counts what it measured, a throwing cost function
// is an invalid configuration, results kept in a directory answer a second
// run without measuring, program-guided steps, several objectives, costs
// that are no number,
// parameter names that are no C identifiers, a value listed twice, calls
// back into a tuner from its own constraints and cost function, signals,
// and runs on many threads at once.
//
//===----------------------------------------------------------------------===//
#include <atf.hpp>

#include "../ScopedTempDirectory.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

TEST(OnlineTuningTest, ExhaustiveTuneFindsTheOptimum) {
  const std::size_t N = 64;
  auto WPT = atf::tuning_parameter("WPT", atf::interval<size_t>(1, N), atf::divides(N));
  auto LS = atf::tuning_parameter("LS", atf::interval<size_t>(1, N), atf::divides(N / WPT));
  int Calls = 0;
  auto Cost = [&](atf::configuration &C) {
    ++Calls;
    const std::size_t W = C["WPT"].value(), L = C["LS"];
    // The parameters have their values while the cost function runs.
    EXPECT_EQ(W, WPT.value());
    return std::abs(double(W) - 4) + std::abs(double(L) - 2);
  };
  atf::tuning_status Result = atf::tuner()
                                  .tuning_parameters(WPT, LS)
                                  .search_technique(atf::exhaustive())
                                  .silent(true)
                                  .tune(Cost);
  EXPECT_EQ(Result.number_of_evaluated_configs(), 28u); // sum of tau(64 / WPT)
  EXPECT_EQ(Calls, 28);
  EXPECT_EQ(Result.min_cost(), 0);
  EXPECT_EQ(static_cast<std::size_t>(Result.best_configuration()["WPT"]), 4u);
  EXPECT_EQ(static_cast<std::size_t>(Result.best_configuration()["LS"]), 2u);
  EXPECT_FALSE(Result.history().empty());
}

TEST(OnlineTuningTest, AThrowingCostFunctionMakesTheConfigurationInvalid) {
  auto X = atf::tp("X", atf::interval<int>(1, 10));
  auto Result = atf::tuner()
                    .tuning_parameters(X)
                    .search_technique(atf::exhaustive())
                    .silent(true)
                    .tune([](atf::configuration &C) {
                      const int V = C["X"];
                      if (V % 2 == 1)
                        throw std::runtime_error("odd");
                      return double(V);
                    });
  EXPECT_EQ(Result.number_of_evaluated_configs(), 10u);
  EXPECT_EQ(Result.number_of_valid_evaluated_configs(), 5u);
  EXPECT_EQ(Result.min_cost(), 2);
}

// A cost that is not a number or is infinite is no cost: the
// configuration is invalid, with the value, as the engine takes it from a
// cost file or script (-inf won the run, and NaN counted as valid); in
// tune(), make_step() and report_cost() alike.
TEST(OnlineTuningTest, ACostThatIsNoNumberMakesTheConfigurationInvalid) {
  auto X = atf::tp("X", atf::interval<int>(1, 10));
  auto Cost = [](atf::configuration &C) {
    const int V = C["X"];
    return V == 3   ? std::nan("")
           : V == 4 ? -std::numeric_limits<double>::infinity()
           : V == 5 ? std::numeric_limits<double>::infinity()
                    : double(V + 1);
  };
  atf::tuner T;
  T.tuning_parameters(X).search_technique(atf::exhaustive()).silent(true);
  atf::tuning_status Result = T.tune(Cost);
  EXPECT_EQ(Result.number_of_evaluated_configs(), 10u);
  EXPECT_EQ(Result.number_of_valid_evaluated_configs(), 7u);
  EXPECT_EQ(Result.min_cost(), 2);
  EXPECT_EQ(int(Result.best_configuration()["X"]), 1);

  atf::tuner Steps;
  Steps.tuning_parameters(X).search_technique(atf::exhaustive()).silent(true);
  for (int K = 0; K < 5; ++K)
    Steps.make_step(Cost); // X = 1 .. 5
  (void)Steps.get_configuration();
  Steps.report_cost(std::nan(""));
  atf::tuning_status Stepped = Steps.get_tuning_status();
  EXPECT_EQ(Stepped.number_of_evaluated_configs(), 6u);
  EXPECT_EQ(Stepped.number_of_valid_evaluated_configs(), 2u);
  EXPECT_EQ(Stepped.min_cost(), 2);
}

// A constraint or cost function that calls back into its own tuner gets
// an error that names the call: generating the space from one of its
// constraints recursed until the stack ran out, and changing the
// parameters from the cost function freed the space under the run. The
// tuner works as before afterwards.
TEST(OnlineTuningTest, ATunerRefusesCallsFromItsOwnConstraintsAndCostFunction) {
  atf::tuner T;
  bool CallBack = true;
  auto X = atf::tp("X", atf::interval<int>(1, 10),
                   [&](int V) { return !CallBack || V < 5 || T.search_space_size() > 0; });
  T.tuning_parameters(X).search_technique(atf::exhaustive()).silent(true);
  try {
    T.search_space_size();
    ADD_FAILURE() << "a constraint generated its own tuner's space";
  } catch (const atf::error &E) {
    EXPECT_NE(std::string(E.what()).find("space() was called while the tuner generates its space"),
              std::string::npos)
        << E.what();
  }
  CallBack = false;
  EXPECT_EQ(T.search_space_size(), 10u);

  std::vector<std::string> Refused;
  auto Refuses = [&](auto &&Call) {
    try {
      Call();
    } catch (const atf::error &E) {
      Refused.push_back(E.what());
    }
  };
  atf::tuning_status Result = T.tune([&](atf::configuration &C) {
    Refuses([&] { T.tuning_parameters(X); });
    Refuses([&] { T.tune([](atf::configuration &) { return 1.0; }, atf::evaluations(2)); });
    Refuses([&] { T.make_step([](atf::configuration &) { return 1.0; }); });
    EXPECT_EQ(T.search_space_size(), 10u); // (reading is no change)
    return double(int(C["X"]));
  });
  EXPECT_EQ(Result.number_of_evaluated_configs(), 10u);
  EXPECT_EQ(Result.number_of_valid_evaluated_configs(), 10u);
  EXPECT_EQ(Result.min_cost(), 1);
  ASSERT_EQ(Refused.size(), 30u);
  EXPECT_NE(Refused[0].find("tuning_parameters() was called while the tuner tunes"),
            std::string::npos)
      << Refused[0];
  EXPECT_NE(Refused[1].find("tune() was called"), std::string::npos) << Refused[1];
  EXPECT_NE(Refused[2].find("get_configuration() was called"), std::string::npos) << Refused[2];

  // Program-guided: the parameters stay while a step is under way.
  atf::configuration C = T.get_configuration();
  EXPECT_THROW(T.tuning_parameters(X), atf::error);
  T.report_cost(double(int(C["X"])));
  EXPECT_EQ(T.get_tuning_status().number_of_evaluated_configs(), 1u);
}

TEST(OnlineTuningTest, KeptResultsAnswerASecondRun) {
  atfc::test::ScopedTempDirectory Dir("online-results");
  auto X = atf::tp("X", atf::interval<int>(1, 20));
  int Calls = 0;
  auto Cost = [&](atf::configuration &C) {
    ++Calls;
    return std::abs(int(C["X"]) - 7);
  };
  auto Run = [&] {
    return atf::tuner()
        .tuning_parameters(X)
        .search_technique(atf::random_search())
        .seed(5)
        .results((Dir.path() / "tuning").string())
        .silent(true)
        .tune(Cost, atf::evaluations(8));
  };
  atf::tuning_status First = Run();
  EXPECT_EQ(Calls, 8);
  EXPECT_TRUE(std::filesystem::exists(Dir.path() / "tuning" / "results.db"));
  atf::tuning_status Second = Run();
  EXPECT_EQ(Calls, 8) << "a configuration was measured twice";
  EXPECT_EQ(Second.min_cost(), First.min_cost());
  EXPECT_EQ(Second.best_configuration(), First.best_configuration());
}

// history() listed every improvement's time and cost but only the last
// one's configuration; the others were empty. Each entry now has the
// configuration that had its cost, in a run that measures and in one
// that its kept results answer.
TEST(OnlineTuningTest, EveryImprovementInTheHistoryHasItsConfiguration) {
  atfc::test::ScopedTempDirectory Dir("online-history");
  auto X = atf::tp("X", atf::interval<int>(1, 40));
  auto Y = atf::tp("Y", {1, 2, 3});
  auto CostOf = [](int XV, int YV) { return double(std::abs(XV - 29) * 3 + YV); };
  auto Run = [&] {
    return atf::tuner()
        .tuning_parameters(X, Y)
        .search_technique(atf::random_search())
        .seed(11)
        .results((Dir.path() / "tuning").string())
        .silent(true)
        .tune([&](atf::configuration &C) { return CostOf(C["X"], C["Y"]); }, atf::evaluations(60));
  };
  for (const atf::tuning_status &Status : std::vector<atf::tuning_status>{Run(), Run()}) {
    const auto &History = Status.history();
    ASSERT_GE(History.size(), 3u) << "too few improvements to tell";
    double Previous = std::numeric_limits<double>::infinity();
    for (const atf::history_entry &Entry : History) {
      ASSERT_EQ(Entry.config.size(), 2u);
      EXPECT_EQ(CostOf(Entry.config["X"], Entry.config["Y"]), Entry.cost);
      EXPECT_LT(Entry.cost, Previous);
      Previous = Entry.cost;
    }
    EXPECT_EQ(History.back().config, Status.best_configuration());
  }
}

// A program names its parameters freely; best.h needs C identifiers.
// results(DIR) with such names measured every configuration and then
// threw ("best.h not written: ..."), so that no run could end: now DIR
// keeps results.db and best.json, without best.h, and a second run
// measures nothing again.
TEST(OnlineTuningTest, NamesThatAreNoIdentifiersKeepTheirResults) {
  atfc::test::ScopedTempDirectory Dir("online-names");
  auto X = atf::tp("block size", atf::interval<int>(1, 4));
  auto Y = atf::tp("Y; DROP TABLE configs;--", {1, 2});
  int Calls = 0;
  auto Run = [&] {
    return atf::tuner()
        .tuning_parameters(X, Y)
        .search_technique(atf::exhaustive())
        .results((Dir.path() / "tuning").string())
        .silent(true)
        .tune([&](atf::configuration &C) {
          ++Calls;
          return double(int(C["block size"]) * int(C["Y; DROP TABLE configs;--"]));
        });
  };
  atf::tuning_status First = Run();
  EXPECT_EQ(Calls, 8);
  EXPECT_EQ(First.min_cost(), 1);
  std::ifstream Best(Dir.path() / "tuning" / "best.json");
  std::string Json((std::istreambuf_iterator<char>(Best)), std::istreambuf_iterator<char>());
  EXPECT_NE(Json.find("\"block size\": 1"), std::string::npos) << Json;
  EXPECT_FALSE(std::filesystem::exists(Dir.path() / "tuning" / "best.h"));
  atf::tuning_status Second = Run();
  EXPECT_EQ(Calls, 8);
  EXPECT_EQ(Second.min_cost(), 1);
}

TEST(OnlineTuningTest, ProgramGuidedSteps) {
  auto B = atf::tp("B", atf::interval<int>(1, 6));
  atf::tuner T;
  T.tuning_parameters(B).search_technique(atf::exhaustive()).silent(true);
  std::set<int> Seen;
  for (int I = 0; I < 6; ++I)
    T.make_step([&](atf::configuration &C) {
      Seen.insert(int(C["B"]));
      return 10.0 - int(B);
    });
  EXPECT_EQ(Seen.size(), 6u);
  atf::tuning_status S = T.get_tuning_status();
  EXPECT_EQ(S.number_of_evaluated_configs(), 6u);
  EXPECT_EQ(S.min_cost(), 4);
  EXPECT_THROW(T.get_configuration(), atf::error); // the space is done
}

// A set that lists a value twice gives two configurations of one meaning:
// measured once, the other answered from its result, in tune() and in
// program-guided steps alike (Tuning/SameValuesTest hunts the class).
TEST(OnlineTuningTest, AValueListedTwiceIsMeasuredOnce) {
  auto X = atf::tp("X", {1, 2, 1, 3, 2});
  std::map<int, int> Calls;
  auto Cost = [&](atf::configuration &C) {
    ++Calls[int(C["X"])];
    return double(int(C["X"]));
  };
  atf::tuning_status Result =
      atf::tuner().tuning_parameters(X).search_technique(atf::exhaustive()).silent(true).tune(Cost);
  EXPECT_EQ(Calls, (std::map<int, int>{{1, 1}, {2, 1}, {3, 1}}));
  EXPECT_EQ(Result.number_of_evaluated_configs(), 5u);
  EXPECT_EQ(Result.min_cost(), 1);

  auto Y = atf::tp("Y", {4, 4, 5});
  atf::tuner T;
  T.tuning_parameters(Y).search_technique(atf::exhaustive()).silent(true);
  std::vector<int> Stepped;
  for (int I = 0; I < 2; ++I)
    T.make_step([&](atf::configuration &C) {
      Stepped.push_back(int(C["Y"]));
      return 1.0;
    });
  EXPECT_EQ(Stepped, (std::vector<int>{4, 5}));
  EXPECT_EQ(T.get_tuning_status().number_of_evaluated_configs(), 3u);
  EXPECT_THROW(T.get_configuration(), atf::error); // the space is done
}

TEST(OnlineTuningTest, SeveralObjectives) {
  auto X = atf::tp("X", atf::interval<int>(1, 5));
  auto Result = atf::tuner()
                    .tuning_parameters(X)
                    .search_technique(atf::exhaustive())
                    .silent(true)
                    .tune([](atf::configuration &C) {
                      const int V = C["X"];
                      return std::make_tuple(V < 3 ? 1.0 : 2.0, double(-V));
                    });
  EXPECT_EQ(int(Result.best_configuration()["X"]), 2);
  ASSERT_EQ(Result.min_costs().size(), 2u);
  EXPECT_EQ(Result.min_costs()[1], -2);
}

TEST(OnlineTuningTest, ARunWithoutKeptResultsNamesNoFiles) {
  auto X = atf::tp("X", atf::interval<int>(1, 4));
  testing::internal::CaptureStdout();
  atf::tuner()
      .tuning_parameters(X)
      .search_technique(atf::exhaustive())
      .program_name("demo")
      .tune([](atf::configuration &C) { return double(int(C["X"])); });
  const std::string Out = testing::internal::GetCapturedStdout();
  EXPECT_NE(Out.find("demo: done after 4 evaluations (4 valid)"), std::string::npos) << Out;
  EXPECT_NE(Out.find("best cost 1: X=1"), std::string::npos) << Out;
  // Its results directory is gone: the run names nothing it wrote there.
  EXPECT_EQ(Out.find("written"), std::string::npos) << Out;
}

TEST(OnlineTuningTest, LogFileHasALinePerEvaluation) {
  atfc::test::ScopedTempDirectory Dir("online-log");
  const std::string Log = (Dir.path() / "log.csv").string();
  auto X = atf::tp("X", atf::interval<int>(1, 4));
  atf::tuner()
      .tuning_parameters(X)
      .search_technique(atf::exhaustive())
      .silent(true)
      .log_file(Log)
      .tune([](atf::configuration &C) {
        if (int(C["X"]) == 2)
          throw std::runtime_error("two");
        return double(int(C["X"]));
      });
  std::ifstream In(Log);
  std::vector<std::string> Lines;
  for (std::string Line; std::getline(In, Line);)
    Lines.push_back(Line);
  ASSERT_EQ(Lines.size(), 5u);
  EXPECT_EQ(Lines[0], "timestamp;cost;X");
  EXPECT_NE(Lines[1].find(";1;1"), std::string::npos) << Lines[1];
  EXPECT_NE(Lines[2].find(";invalid;2"), std::string::npos) << Lines[2];
}

TEST(OnlineTuningTest, AnUnwritableLogFileIsRefusedBeforeMeasuring) {
  // Written only as tune() ended, it failed after every measurement, and a
  // run without results() lost them all.
  atfc::test::ScopedTempDirectory Dir("online-log-refused");
  const std::string Log = (Dir.path() / "no-such-directory" / "log.csv").string();
  auto X = atf::tp("X", atf::interval<int>(1, 4));
  int Calls = 0;
  try {
    atf::tuner().tuning_parameters(X).silent(true).log_file(Log).tune(
        [&](atf::configuration &) { return double(++Calls); });
    ADD_FAILURE() << "no error";
  } catch (const atf::error &E) {
    EXPECT_NE(std::string(E.what()).find("cannot write the log file " + Log), std::string::npos)
        << E.what();
  }
  EXPECT_EQ(Calls, 0);
}

/// The names in Directory, sorted.
std::vector<std::string> namesIn(const std::filesystem::path &Directory) {
  std::vector<std::string> Names;
  for (const auto &Entry : std::filesystem::directory_iterator(Directory))
    Names.push_back(Entry.path().filename().string());
  std::sort(Names.begin(), Names.end());
  return Names;
}

/// Marks Directory as reached by a death test's child: what the parent
/// finds there is the child's, not a directory of the child's own.
void markReached(const std::filesystem::path &Directory) {
  std::ofstream(Directory / "reached") << "reached\n";
}

TEST(OnlineTuningTest, ExitDuringARunLeavesNoTemporaryDirectory) {
  // A program that called std::exit from its cost function left its run's
  // atfc-online-* directory in $TMPDIR.
  atfc::test::DeathTestTempDirectory Dir("online-exit");
  GTEST_FLAG_SET(death_test_style, "threadsafe"); // (the child's $TMPDIR is Dir)
  EXPECT_EXIT(
      {
        ::setenv("TMPDIR", Dir.path().c_str(), 1);
        auto X = atf::tp("X", atf::interval<int>(1, 4));
        atf::tuner().tuning_parameters(X).silent(true).tune([&Dir](atf::configuration &C) {
          markReached(Dir.path());
          if (int(C["X"]) == 2)
            std::exit(7);
          return 1.0;
        });
        std::_Exit(0);
      },
      testing::ExitedWithCode(7), "");
  EXPECT_EQ(namesIn(Dir.path()), std::vector<std::string>{"reached"});
}

TEST(OnlineTuningTest, ASecondCtrlCLeavesNoTemporaryDirectory) {
  // The second signal ends the program by its default action, which runs
  // no destructor: the run's atfc-online-* directory stayed in $TMPDIR.
  atfc::test::DeathTestTempDirectory Dir("online-second-signal");
  GTEST_FLAG_SET(death_test_style, "threadsafe"); // (the child's $TMPDIR is Dir)
  EXPECT_EXIT(
      {
        ::setenv("TMPDIR", Dir.path().c_str(), 1);
        auto X = atf::tp("X", atf::interval<int>(1, 4));
        atf::tuner().tuning_parameters(X).silent(true).tune([&Dir](atf::configuration &) {
          markReached(Dir.path());
          std::raise(SIGINT);
          std::this_thread::sleep_for(
              std::chrono::duration<double>(atfc::kRepeatedSignalSeconds + 0.2));
          std::raise(SIGINT);
          return 1.0;
        });
        std::_Exit(0);
      },
      testing::KilledBySignal(SIGINT), "");
  EXPECT_EQ(namesIn(Dir.path()), std::vector<std::string>{"reached"});
}

TEST(OnlineTuningTest, AnEmptyListOfCostsIsNoCost) {
  // It was a valid configuration, and the best of the run.
  auto X = atf::tp("X", atf::interval<int>(1, 4));
  auto Result = atf::tuner()
                    .tuning_parameters(X)
                    .search_technique(atf::exhaustive())
                    .silent(true)
                    .tune([](atf::configuration &C) {
                      return int(C["X"]) == 2 ? std::vector<double>{}
                                              : std::vector<double>{double(int(C["X"]))};
                    });
  EXPECT_EQ(Result.number_of_valid_evaluated_configs(), 3u);
  EXPECT_EQ(static_cast<int>(Result.best_configuration()["X"]), 1);
}

TEST(OnlineTuningTest, ADivisionByZeroInAConstraintIsAnErrorNamingTheParameter) {
  // WPT = 0 made N / WPT end the program with SIGFPE.
  auto WPT = atf::tp("WPT", atf::interval<int>(0, 4));
  auto LS = atf::tp("LS", atf::interval<int>(1, 8), atf::divides(8 / WPT));
  auto D = atf::tp("D", atf::interval<long long>(-1, 1));
  auto Q = atf::tp("Q", atf::interval<long long>(1, 2),
                   atf::divides(std::numeric_limits<long long>::min() / D));
  auto Tune = [](auto &...Ps) {
    try {
      atf::tuner().tuning_parameters(Ps...).silent(true).tune(
          [](atf::configuration &) { return 1.0; });
    } catch (const atf::error &E) {
      return std::string(E.what());
    }
    return std::string();
  };
  const std::string Zero = Tune(WPT, LS);
  EXPECT_NE(Zero.find("tuning parameter LS"), std::string::npos) << Zero;
  EXPECT_NE(Zero.find("divides by zero"), std::string::npos) << Zero;
  const std::string Overflow = Tune(D, Q);
  EXPECT_NE(Overflow.find("tuning parameter Q"), std::string::npos) << Overflow;
  EXPECT_NE(Overflow.find("overflows"), std::string::npos) << Overflow;
}

// Signals in a program that tunes (System/Interruption.h). Each case runs
// in a child (a death test's), whose signal state is its own.

std::atomic<int> ProgramSaw{0};
extern "C" void programsHandler(int Signal) { ProgramSaw += Signal; }

atf::tuning_status tuneX(int Size, std::function<double(int)> Cost,
                         const std::string &Log = std::string()) {
  auto X = atf::tp("X", atf::interval<int>(1, Size));
  atf::tuner T;
  T.tuning_parameters(X).search_technique(atf::exhaustive()).silent(true);
  if (!Log.empty())
    T.log_file(Log);
  return T.tune([Cost](atf::configuration &C) { return Cost(int(C["X"])); });
}

TEST(OnlineTuningTest, CtrlCReturnsTheBestSoFarAndTheNextRunStartsAfresh) {
  // Once, one Ctrl-C made every later tune() return after 0 evaluations,
  // and the program never saw SIGINT or SIGTERM again.
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        ::alarm(60);
        std::signal(SIGINT, programsHandler);
        atf::tuning_status First = tuneX(1000, [](int X) {
          if (X == 3)
            std::raise(SIGINT);
          return double(X);
        });
        // The evaluation under way when Ctrl-C came is whole, and kept.
        if (!First.interrupted() || First.number_of_evaluated_configs() != 3 ||
            First.min_cost() != 1 || ProgramSaw != 0)
          std::_Exit(2);
        atf::tuning_status Second = tuneX(5, [](int X) { return double(X); });
        if (Second.interrupted() || Second.number_of_evaluated_configs() != 5)
          std::_Exit(3);
        std::raise(SIGINT);
        std::_Exit(ProgramSaw == SIGINT ? 0 : 4);
      },
      testing::ExitedWithCode(0), "");
}

TEST(OnlineTuningTest, SigtermEndsTheProgramOnceTheLogIsWritten) {
  atfc::test::DeathTestTempDirectory Dir("online-sigterm");
  const std::string Log = (Dir.path() / "log.csv").string();
  GTEST_FLAG_SET(death_test_style, "threadsafe"); // (the child writes the parent's Log)
  EXPECT_EXIT(
      {
        tuneX(
            1000,
            [](int X) {
              if (X == 4)
                std::raise(SIGTERM);
              return double(X);
            },
            Log);
        std::_Exit(0);
      },
      testing::KilledBySignal(SIGTERM), "");
  std::ifstream In(Log);
  std::vector<std::string> Lines;
  for (std::string Line; std::getline(In, Line);)
    Lines.push_back(Line);
  ASSERT_EQ(Lines.size(), 5u); // the heading and X = 1..4
  EXPECT_NE(Lines[4].find(";4;4"), std::string::npos) << Lines[4];
}

TEST(OnlineTuningTest, RunsOnManyThreadsAtOnceEnd) {
  // Two threads each tuning with their own tuner, or a cost function that
  // tunes, hung in up to half the runs: each run's signal watcher could
  // take another's wake-up.
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        ::alarm(120);
        std::atomic<int> Right{0};
        std::vector<std::thread> Threads;
        for (int T = 0; T < 4; ++T)
          Threads.emplace_back([&Right] {
            for (int I = 0; I < 5; ++I) {
              Right += tuneX(20, [](int X) { return double(X); }).min_cost() == 1;
              Right += tuneX(3, [](int X) {
                         return tuneX(3, [](int Y) { return double(Y); }).min_cost() + X;
                       }).min_cost() == 2;
            }
          });
        for (std::thread &T : Threads)
          T.join();
        std::_Exit(Right == 40 ? 0 : 1);
      },
      testing::ExitedWithCode(0), "");
}

} // namespace
