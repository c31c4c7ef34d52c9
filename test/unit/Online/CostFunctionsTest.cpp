//===- CostFunctionsTest.cpp - Programs and C++ classes as costs ----------===//
//
// atf/cost_functions.hpp with real processes: a generic program whose
// compile command writes what the parameters say and whose run command
// reports a cost, failing and crashing commands recorded invalid while the
// run goes on, commands in the program's working directory, and
// atf::cpp<Class> constructed from each configuration.
//
//===----------------------------------------------------------------------===//
#include <atf.hpp>

#include "../ScopedTempDirectory.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace {

/// Runs the test in Dir for the scope (cppATF's commands run in the
/// program's working directory).
class WorkingDirectory {
public:
  explicit WorkingDirectory(const std::filesystem::path &Dir)
      : Saved(std::filesystem::current_path()) {
    std::filesystem::current_path(Dir);
  }
  ~WorkingDirectory() { std::filesystem::current_path(Saved); }

private:
  std::filesystem::path Saved;
};

TEST(CostFunctionsTest, GenericProgramWithCostFile) {
  atfc::test::ScopedTempDirectory Dir("atf-generic");
  WorkingDirectory Here(Dir.path());
  auto X = atf::tp("X", atf::interval<int>(1, 9));
  // The compile command writes a program of X; the run command reports
  // (X - 6)^2 to the cost file; X = 3 fails to build, X = 4 crashes.
  auto Cost = atf::generic::cost_function("sh ./prog.sh")
                  .compile_command("test $X -ne 3 && echo 'echo $(( ($X - 6) * ($X - 6) )) > "
                                   "cost.txt; test $X -ne 4 || kill -SEGV $$' > prog.sh")
                  .costfile("cost.txt");
  auto Result =
      atf::tuner().tuning_parameters(X).search_technique(atf::exhaustive()).silent(true).tune(Cost);
  EXPECT_EQ(Result.number_of_evaluated_configs(), 9u);
  EXPECT_EQ(Result.number_of_valid_evaluated_configs(), 7u);
  EXPECT_EQ(int(Result.best_configuration()["X"]), 6);
  EXPECT_EQ(Result.min_cost(), 0);
  // The commands ran here, not in a directory of their own.
  EXPECT_TRUE(std::filesystem::exists(Dir.path() / "prog.sh"));
}

TEST(CostFunctionsTest, GenericProgramTimedWithoutCostFile) {
  atfc::test::ScopedTempDirectory Dir("atf-generic-time");
  WorkingDirectory Here(Dir.path());
  auto S = atf::tp("S", {0, 1});
  auto Result = atf::tuner()
                    .tuning_parameters(S)
                    .search_technique(atf::exhaustive())
                    .silent(true)
                    .tune(atf::generic::cost_function("sleep $(( S * 1 ))").timeout(20));
  EXPECT_EQ(int(Result.best_configuration()["S"]), 0);
  EXPECT_LT(Result.min_cost(), 1.0);
}

class Squares {
public:
  explicit Squares(atf::configuration &C) : Block(C["BLOCK"].value()) {}
  void operator()(std::vector<int> &Data, int &Calls) const {
    ++Calls;
    for (std::size_t I = 0; I < Data.size(); I += Block)
      Data[I] = static_cast<int>(Block);
  }

private:
  std::size_t Block;
};

TEST(CostFunctionsTest, CppClassIsConstructedPerConfiguration) {
  auto Block = atf::tp("BLOCK", atf::interval<size_t>(1, 8), atf::divides(8));
  std::vector<int> Data(8, 0);
  int Calls = 0;
  auto Cost = atf::cpp<Squares>(Data, Calls);
  auto Result = atf::tuner()
                    .tuning_parameters(Block)
                    .search_technique(atf::exhaustive())
                    .silent(true)
                    .tune(Cost);
  EXPECT_EQ(Calls, 4); // 1, 2, 4, 8: the arguments are the program's own
  EXPECT_EQ(Result.number_of_valid_evaluated_configs(), 4u);
  EXPECT_GE(Result.min_cost(), 0);
}

} // namespace
