//===- RankLaunchTest.cpp - atfc tune over MPI ranks ----------------------===//
//
// Which MPI job atfc is in, from the variables mpiexec (Open MPI, MPICH)
// and srun set; a process outside any job, or with inconsistent variables,
// is in none.
//
//===----------------------------------------------------------------------===//
#include "Driver/RankLaunch.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <unistd.h>

using namespace atfc;

namespace {

class RankLaunchTest : public ::testing::Test {
protected:
  void SetUp() override { clear(); }
  void TearDown() override { clear(); }
  static void clear() {
    for (const char *Name : {"OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE", "PMI_RANK", "PMI_SIZE",
                             "SLURM_PROCID", "SLURM_STEP_NUM_TASKS"})
      unsetenv(Name);
  }
};

TEST_F(RankLaunchTest, OutsideAJob) { EXPECT_FALSE(mpiJobOfEnvironment()); }

TEST_F(RankLaunchTest, EachLauncherIsRecognised) {
  setenv("SLURM_PROCID", "3", 1);
  setenv("SLURM_STEP_NUM_TASKS", "8", 1);
  ASSERT_TRUE(mpiJobOfEnvironment());
  EXPECT_EQ(mpiJobOfEnvironment()->Rank, 3u);
  EXPECT_EQ(mpiJobOfEnvironment()->Size, 8u);
  // Open MPI's variables come first where a launcher sets several.
  setenv("OMPI_COMM_WORLD_RANK", "1", 1);
  setenv("OMPI_COMM_WORLD_SIZE", "2", 1);
  EXPECT_EQ(mpiJobOfEnvironment()->Rank, 1u);
  EXPECT_EQ(mpiJobOfEnvironment()->Size, 2u);
  clear();
  setenv("PMI_RANK", "0", 1);
  setenv("PMI_SIZE", "4", 1);
  EXPECT_EQ(mpiJobOfEnvironment()->Size, 4u);
}

TEST_F(RankLaunchTest, InconsistentVariablesAreNoJob) {
  setenv("OMPI_COMM_WORLD_RANK", "4", 1);
  setenv("OMPI_COMM_WORLD_SIZE", "4", 1); // a rank must be below the size
  EXPECT_FALSE(mpiJobOfEnvironment());
  setenv("OMPI_COMM_WORLD_RANK", "x", 1);
  setenv("OMPI_COMM_WORLD_SIZE", "4", 1);
  EXPECT_FALSE(mpiJobOfEnvironment());
  setenv("OMPI_COMM_WORLD_RANK", "1", 1);
  unsetenv("OMPI_COMM_WORLD_SIZE");
  EXPECT_FALSE(mpiJobOfEnvironment());
}

TEST_F(RankLaunchTest, RanksAreBoundedByTheOnlineCpus) {
  // --ranks 100000 once started 410 processes before mpiexec gave up.
  unsetenv(kMaxRanksVariable);
  Expected<unsigned> Bound = rankBound();
  ASSERT_TRUE(Bound);
  EXPECT_EQ(*Bound, kRanksPerOnlineCpu * static_cast<unsigned>(sysconf(_SC_NPROCESSORS_ONLN)));
  setenv(kMaxRanksVariable, "100", 1);
  EXPECT_EQ(*rankBound(), 100u);
  for (const char *Bad : {"0", "-1", "x", "12x", "99999999999999999999"}) {
    setenv(kMaxRanksVariable, Bad, 1);
    EXPECT_FALSE(rankBound()) << Bad;
  }
  unsetenv(kMaxRanksVariable);
}

} // namespace
