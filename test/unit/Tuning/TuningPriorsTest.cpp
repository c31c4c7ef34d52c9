//===- TuningPriorsTest.cpp - A tuning run's warm start -------------------===//
//
// priorConfigurations over real prior files (Kernel Tuner caches): the
// priors' best configurations taken in turn, duplicates once, at most
// Count; an unreadable or unfitting prior is an error that names it.
//
//===----------------------------------------------------------------------===//
#include "Tuning/TuningPriors.h"

#include "Replay/RecordedSpace.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

using namespace atfc;

namespace {

RecordedData space() {
  RecordedData D;
  D.Parameters = {"a", "b"};
  D.Objectives = {"time"};
  for (int A : {1, 2, 4})
    for (int B : {8, 16}) {
      EvaluationRecord E;
      E.Configuration = {{"a", std::int64_t(A)}, {"b", std::int64_t(B)}};
      E.Result = Measurement::valid({1});
      D.Entries.push_back(E);
    }
  return D;
}

/// A Kernel Tuner cache with entries (a, b, time).
std::string cache(const std::string &Dir, const std::string &Name,
                  std::vector<std::tuple<int, int, double>> Entries) {
  std::string Text = R"({"tune_params_keys": ["a", "b"], "tune_params": {}, "cache": {)";
  for (std::size_t I = 0; I < Entries.size(); ++I) {
    auto [A, B, T] = Entries[I];
    Text += (I ? ", " : "") + std::string("\"") + std::to_string(A) + "," + std::to_string(B) +
            "\": {\"a\": " + std::to_string(A) + ", \"b\": " + std::to_string(B) +
            ", \"time\": " + std::to_string(T) + "}";
  }
  const std::string Path = Dir + "/" + Name;
  std::ofstream(Path) << Text << "}}";
  return Path;
}

} // namespace

TEST(TuningPriorsTest, BestOfEachPriorInTurn) {
  const std::string Dir = ::testing::TempDir() + "/priors-" + std::to_string(getpid());
  std::filesystem::create_directories(Dir);
  const RecordedSpace Space = buildRecordedSpace(space()).take();
  std::ostringstream Notes;
  DiagnosticSink Diags(Notes);
  const std::string First = cache(Dir, "first.json", {{1, 8, 3}, {2, 8, 1}, {4, 16, 2}});
  const std::string Second = cache(Dir, "second.json", {{2, 8, 9}, {1, 16, 5}, {4, 8, 7}});
  Expected<PriorStart> W = priorConfigurations(Space.Space, {{First, 0}, {Second, 0}}, Diags, 4);
  ASSERT_TRUE(W.ok()) << W.error().message();
  std::vector<std::vector<std::uint64_t>> Got;
  for (const Configuration &C : W->Configurations)
    Got.push_back(Space.Space.valueIndices(C));
  // first: (2,8) (4,16) (1,8); second: (1,16) (4,8) (2,8); in turn, (2,8) once.
  EXPECT_EQ(Got, (std::vector<std::vector<std::uint64_t>>{{1, 0}, {0, 1}, {2, 1}, {2, 0}}));
  // The costs for a model are the first prior's, every entry of it, best
  // first: its costs and another's are not comparable.
  std::vector<std::pair<std::vector<std::uint64_t>, double>> Measured;
  for (const auto &[C, Cost] : W->Measured)
    Measured.emplace_back(Space.Space.valueIndices(C), Cost);
  EXPECT_EQ(Measured, (std::vector<std::pair<std::vector<std::uint64_t>, double>>{
                          {{1, 0}, 1.0}, {{2, 1}, 2.0}, {{0, 0}, 3.0}}));
  EXPECT_EQ(priorConfigurations(Space.Space, {{First, 0}}, Diags, 2)->Configurations.size(), 2u);
  EXPECT_EQ(priorConfigurations(Space.Space, {{First, 0}}, Diags, 2)->Measured.size(), 3u);
  EXPECT_TRUE(priorConfigurations(Space.Space, {}, Diags, 4)->Configurations.empty());

  const Expected<PriorStart> Missing =
      priorConfigurations(Space.Space, {{Dir + "/none.json", 0}}, Diags);
  EXPECT_NE(Missing.error().message().find("cannot read the prior: " + Dir + "/none.json"),
            std::string::npos)
      << Missing.error().message();
  EXPECT_EQ(Notes.str(), "");
  // A prior without b: its configurations with b's values in turn, and a
  // note that names the prior.
  std::ofstream(Dir + "/older.json") << R"({"tune_params_keys": ["a"], "tune_params": {},
      "cache": {"1": {"a": 1, "time": 1}, "4": {"a": 4, "time": 2}}})";
  Expected<PriorStart> Older = priorConfigurations(Space.Space, {{Dir + "/older.json", 0}}, Diags);
  ASSERT_TRUE(Older.ok()) << Older.error().message();
  EXPECT_TRUE(Older->Measured.empty()) << "a cost of a, not of a configuration";
  std::vector<std::vector<std::uint64_t>> Completed;
  for (const Configuration &C : Older->Configurations)
    Completed.push_back(Space.Space.valueIndices(C));
  EXPECT_EQ(Completed, (std::vector<std::vector<std::uint64_t>>{{0, 0}, {2, 1}}));
  EXPECT_NE(Notes.str().find(Dir + "/older.json: note: the prior data has no parameter 'b'"),
            std::string::npos)
      << Notes.str();
  std::ofstream(Dir + "/other.json")
      << R"({"tune_params_keys": ["c"], "tune_params": {}, "cache": {"1": {"c": 1, "time": 1}}})";
  EXPECT_EQ(priorConfigurations(Space.Space, {{Dir + "/other.json", 0}}, Diags).error().message(),
            Dir + "/other.json: the prior data has none of the space's parameters");
  std::filesystem::remove_all(Dir);
}
