//===- OnlineSearchTest.cpp - The search of a program's tuning ------------===//
//
// The search of <atf.hpp>'s tuner: the program's own technique (one stuck
// on a known configuration too) and abort condition, techniques refused (OpenTuner, one the engine
// refuses as the tuning opens, proposals of the wrong dimension, of nothing, or outside the space),
// round_robin, and abort conditions outside their domain.
//
//===----------------------------------------------------------------------===//
#include <atf.hpp>

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace {

/// A technique of the program's own: walks the first coordinate upwards.
class Sweep : public atf::search_technique {
public:
  void initialize(std::size_t D) override { Dimensions = D; }
  std::set<atf::coordinates> get_next_coordinates() override {
    Step = Step % 10 + 1;
    return {atf::coordinates(Dimensions, Step / 10.0)};
  }
  void report_costs(const std::map<atf::coordinates, atf::cost_t> &Costs) override {
    Reported += Costs.size();
  }
  std::string name() const override { return "sweep"; }
  static inline std::size_t Reported = 0;

private:
  std::size_t Dimensions = 0;
  int Step = 0;
};

/// An abort condition of the program's own: three valid evaluations.
class ThreeValid : public atf::abort_condition {
public:
  bool stop(const atf::search_status &S) override { return S.ValidEvaluations >= 3; }
};

TEST(OnlineSearchTest, ProgramsOwnTechniqueAndAbortCondition) {
  auto X = atf::tp("X", atf::interval<int>(1, 10));
  Sweep::Reported = 0;
  auto Result = atf::tuner().tuning_parameters(X).search_technique(Sweep()).silent(true).tune(
      [](atf::configuration &C) { return double(int(C["X"])); },
      ThreeValid() || atf::evaluations(100));
  EXPECT_EQ(Result.number_of_evaluated_configs(), 3u);
  EXPECT_EQ(Sweep::Reported, 3u);
  EXPECT_EQ(Result.min_cost(), 1);
}

// Each run drives its own copy of the technique given, so copies of a
// tuner (tuning on two threads, "each with its own atf::tuner") never
// share one technique's state: they did, and a copy's run went on from
// where the other's had stopped (or, on two threads, raced in it).
TEST(OnlineSearchTest, EachRunDrivesItsOwnCopyOfTheProgramsTechnique) {
  auto X = atf::tp("X", atf::interval<int>(1, 10));
  atf::tuner First;
  First.tuning_parameters(X).search_technique(Sweep()).silent(true);
  atf::tuner Copy = First;
  std::vector<int> Measured;
  auto Cost = [&Measured](atf::configuration &C) {
    Measured.push_back(int(C["X"]));
    return double(Measured.back());
  };
  First.tune(Cost, atf::evaluations(3));
  Copy.tune(Cost, atf::evaluations(3));
  First.tune(Cost, atf::evaluations(3));
  EXPECT_EQ(Measured, (std::vector<int>{1, 2, 3, 1, 2, 3, 1, 2, 3}));
}

// A program's technique owns its search, as in cppATF: initialised and
// finalised once, only its own proposals measured; one stuck on a known
// configuration ends the run (it was restarted, and after ten restarts
// the engine measured configurations it never proposed).
class Stuck : public atf::search_technique_1d {
public:
  void initialize(std::uint64_t) override { ++Initialized; }
  std::set<atf::index_t> get_next_indices() override { return {0}; }
  void report_costs(const std::map<atf::index_t, atf::cost_t> &) override {}
  void finalize() override { ++Finalized; }
  static inline int Initialized = 0, Finalized = 0;
};

TEST(OnlineSearchTest, AProgramsTechniqueStuckOnAKnownConfigurationEndsTheRun) {
  auto X = atf::tp("X", atf::interval<int>(1, 20));
  std::set<int> Measured;
  auto Result = atf::tuner().tuning_parameters(X).search_technique(Stuck()).silent(true).tune(
      [&](atf::configuration &C) {
        Measured.insert(int(C["X"]));
        return double(int(C["X"]));
      },
      atf::evaluations(4));
  EXPECT_EQ(Measured, std::set<int>{1});
  EXPECT_EQ(Result.number_of_evaluated_configs(), 1u);
  EXPECT_EQ(Stuck::Initialized, 1);
  EXPECT_EQ(Stuck::Finalized, 1);
}

// A technique the engine refuses when the tuning opens (a bandit's
// exploration constant below 0): an atf::error naming it, nothing
// measured, and the tuner usable again. The half-opened tuning was
// concluded as if it had run, which crashed (through Python's AUCBandit).
TEST(OnlineSearchTest, ATechniqueRefusedAtOpenIsAnErrorNotACrash) {
  auto X = atf::tp("X", atf::interval<int>(1, 10));
  atf::tuner Tuner;
  Tuner.tuning_parameters(X).silent(true);
  int Calls = 0;
  auto Cost = [&](atf::configuration &C) {
    ++Calls;
    return double(int(C["X"]));
  };
  for (const char *Text : {"auc_bandit(-1, 500, random)", "auc_bandit(0.05, 0, random)"}) {
    Tuner.search_technique(atf::search(Text));
    try {
      Tuner.tune(Cost, atf::evaluations(3));
      ADD_FAILURE() << Text << " was accepted";
    } catch (const atf::error &E) {
      EXPECT_NE(std::string(E.what()).find("auc_bandit"), std::string::npos) << E.what();
    }
  }
  EXPECT_EQ(Calls, 0);
  Tuner.search_technique(atf::exhaustive());
  EXPECT_EQ(Tuner.tune(Cost, atf::evaluations(3)).min_cost(), 1);
}

// A program's technique that proposes a point of the wrong dimension, or
// nothing: an atf::error that says so (the wrong dimension reached the
// engine's check of its own calls, which aborted the program).
TEST(OnlineSearchTest, AProgramsTechniqueProposingNonsenseIsAnError) {
  struct Odd final : atf::search_technique {
    std::size_t Extra;
    explicit Odd(std::size_t Extra) : Extra(Extra) {}
    std::size_t Dimensions = 0;
    void initialize(std::size_t D) override { Dimensions = D; }
    std::set<atf::coordinates> get_next_coordinates() override {
      if (Extra == 2)
        return {};
      return {atf::coordinates(Dimensions + 1 - Extra, 0.5)};
    }
    void report_costs(const std::map<atf::coordinates, atf::cost_t> &) override {}
    std::string name() const override { return "odd technique"; }
  };
  auto X = atf::tp("X", atf::interval<int>(1, 10));
  auto Y = atf::tp("Y", atf::interval<int>(1, 3));
  for (std::size_t Extra : {0, 2}) {
    atf::tuner Tuner;
    Tuner.tuning_parameters(X, Y).silent(true).search_technique(Odd(Extra));
    try {
      Tuner.tune([](atf::configuration &) { return 1.0; }, atf::evaluations(3));
      ADD_FAILURE() << "the odd technique's proposal was accepted";
    } catch (const atf::error &E) {
      EXPECT_NE(std::string(E.what()).find("odd technique proposed"), std::string::npos)
          << E.what();
    }
  }
}

// A point outside (0,1], or an index past the space's end, is an error
// naming the technique and its proposal (as pyATF refuses it); it was
// clamped, or taken modulo the size, and another configuration measured
// in its name.
TEST(OnlineSearchTest, AProgramsTechniqueProposingOutsideTheSpaceIsAnError) {
  struct Point final : atf::search_technique {
    double At;
    explicit Point(double At) : At(At) {}
    std::size_t Dimensions = 0;
    void initialize(std::size_t D) override { Dimensions = D; }
    std::set<atf::coordinates> get_next_coordinates() override {
      return {atf::coordinates(Dimensions, At)};
    }
    void report_costs(const std::map<atf::coordinates, atf::cost_t> &) override {}
    std::string name() const override { return "point"; }
  };
  struct Index final : atf::search_technique_1d {
    atf::index_t At;
    explicit Index(atf::index_t At) : At(At) {}
    void initialize(std::uint64_t) override {}
    std::set<atf::index_t> get_next_indices() override { return {At}; }
    void report_costs(const std::map<atf::index_t, atf::cost_t> &) override {}
    std::string name() const override { return "index"; }
  };
  auto X = atf::tp("X", atf::interval<int>(1, 10));
  auto Y = atf::tp("Y", atf::interval<int>(1, 3));
  auto Refused = [&](auto Technique, const std::string &Says) {
    atf::tuner Tuner;
    Tuner.tuning_parameters(X, Y).silent(true).search_technique(Technique);
    try {
      Tuner.tune([](atf::configuration &) { return 1.0; }, atf::evaluations(3));
      ADD_FAILURE() << "accepted; expected: " << Says;
    } catch (const atf::error &E) {
      EXPECT_NE(std::string(E.what()).find(Says), std::string::npos) << E.what();
    }
  };
  for (double At : {0.0, -0.5, 1.5, std::numeric_limits<double>::quiet_NaN()})
    Refused(Point(At), ": each coordinate is in (0, 1]");
  Refused(Point(0.0), "point proposed the point (0, 0)");
  Refused(Index(30), "index proposed the index 30 in a space of 30 configurations");
  Refused(Index(~atf::index_t{0}), "in a space of 30 configurations");
  // The edges are in: 1.0 and the last index.
  auto Evaluated = [&](auto Technique) {
    return atf::tuner()
        .tuning_parameters(X, Y)
        .silent(true)
        .search_technique(Technique)
        .tune([](atf::configuration &) { return 1.0; }, atf::evaluations(1))
        .number_of_evaluated_configs();
  };
  EXPECT_EQ(Evaluated(Point(1.0)), 1u);
  EXPECT_EQ(Evaluated(Index(29)), 1u);
}

// As `atfc tune --abort-condition` and Python refuse them; NaN passed
// every comparison, so fraction(NaN) and cost(NaN) ran unnoticed.
TEST(OnlineSearchTest, AbortConditionsOutsideTheirDomainAreRefused) {
  const double NaN = std::numeric_limits<double>::quiet_NaN();
  auto Refused = [](auto Make, const std::string &Says) {
    try {
      (void)Make();
      ADD_FAILURE() << "accepted; expected: " << Says;
    } catch (const atf::error &E) {
      EXPECT_NE(std::string(E.what()).find(Says), std::string::npos) << E.what();
    }
  };
  Refused([&] { return atf::fraction(NaN); }, "fraction takes a number in [0, 1]");
  Refused([&] { return atf::fraction(1.5); }, "fraction takes a number in [0, 1]");
  Refused([&] { return atf::cost(NaN); }, "cost takes a number, not NaN");
  Refused([&] { return atf::duration<std::chrono::seconds>(-1); }, "duration takes a time >= 0");
  Refused([&] { return atf::speedup(0.5, 10); }, "speedup takes a factor >= 1");
  Refused([&] { return atf::speedup<std::chrono::seconds>(NaN, 10); }, "speedup takes a factor");
  Refused([&] { return atf::speedup<std::chrono::seconds>(1.1, -2); }, "speedup takes a time >= 0");
  // A window in which the best cost cannot improve stopped the run at its
  // first valid result.
  Refused([&] { return atf::speedup(1.5, 0); }, "speedup takes a window of at least one");
  Refused([&] { return atf::speedup<std::chrono::seconds>(1.5, 0); },
          "speedup takes a window of more than no time");
  // Their domains' edges are conditions.
  auto X = atf::tp("X", atf::interval<int>(1, 10));
  auto Tune = [&](const atf::abort &A) {
    return atf::tuner()
        .tuning_parameters(X)
        .silent(true)
        .search_technique(atf::exhaustive())
        .tune([](atf::configuration &C) { return double(int(C["X"])); }, A)
        .number_of_evaluated_configs();
  };
  EXPECT_EQ(Tune(atf::fraction(1) || atf::speedup(1, 3)), 4u);
  EXPECT_EQ(Tune(atf::fraction(0.5) && atf::duration<std::chrono::seconds>(0)), 5u);
}

TEST(OnlineSearchTest, OpenTunerIsRefusedClearly) {
  try {
    atf::tuner().search_technique(atf::open_tuner());
    FAIL() << "open_tuner was accepted";
  } catch (const atf::error &E) {
    EXPECT_NE(std::string(E.what()).find("does not run OpenTuner"), std::string::npos);
  }
}

TEST(OnlineSearchTest, RoundRobinRunsWithItsDefaultsOrTheTechniquesGiven) {
  // atf::round_robin() wrote "round_robin", which atfc refuses: every run
  // with it failed.
  auto X = atf::tp("X", atf::interval<int>(1, 100));
  for (const atf::technique &T :
       {atf::round_robin(), atf::round_robin(atf::exhaustive(), atf::random_search())}) {
    auto Result = atf::tuner().tuning_parameters(X).search_technique(T).silent(true).tune(
        [](atf::configuration &C) { return double(int(C["X"])); }, atf::evaluations(6));
    EXPECT_EQ(Result.number_of_evaluated_configs(), 6u) << T.text;
  }
  EXPECT_EQ(atf::round_robin(atf::exhaustive(), atf::random_search()).text,
            "round_robin(exhaustive, random)");
  EXPECT_FALSE(atf::round_robin(atf::torczon(), atf::open_tuner()).refused.empty());
}

} // namespace
