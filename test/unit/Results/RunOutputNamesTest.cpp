//===- RunOutputNamesTest.cpp - The names a run writes ----------------------===//
//
// The tuned and kernel sources' names, and the list a run claims: every
// file the writer of a run's outputs writes is in it
// (Tuning/TuningOutputsTest.cpp checks that over a real directory).
//
//===----------------------------------------------------------------------===//
#include "Results/RunOutputNames.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

using namespace atfc;

namespace {

TEST(RunOutputNames, TunedAndKernelSourceNames) {
  EXPECT_EQ(tunedSourceName("dir/gemm.cl"), "gemm.tuned.cl");
  EXPECT_EQ(tunedSourceName("a.b/run"), "run.tuned");
  EXPECT_EQ(tunedSourceName("x.tar.gz"), "x.tar.tuned.gz");
  EXPECT_EQ(tunedSourceName(".hidden"), ".hidden.tuned");
  EXPECT_EQ(kernelSourceName("dir/gemm.cl"), "gemm.kernel.cl");
  EXPECT_EQ(kernelSourceName("a.b/run"), "run.kernel");
  EXPECT_EQ(kernelSourceName("x.tar.gz"), "x.tar.kernel.gz");
  EXPECT_EQ(kernelSourceName(".hidden"), ".hidden.kernel");
}

TEST(RunOutputNames, ASourceOfTheCFamilyAddsItsTunedAndKernelSources) {
  const std::vector<std::string> Script = runOutputNames("dir/run.sh", /*CFamily=*/false);
  const std::vector<std::string> Kernel = runOutputNames("dir/gemm.cl", /*CFamily=*/true);
  for (const char *Name : {"results.db", "results.db-wal", "results.db-shm", "results.db-journal",
                           "best.json", "best.h", "report.html", "work"}) {
    EXPECT_NE(std::find(Script.begin(), Script.end(), Name), Script.end()) << Name;
    EXPECT_NE(std::find(Kernel.begin(), Kernel.end(), Name), Kernel.end()) << Name;
  }
  EXPECT_EQ(std::find(Script.begin(), Script.end(), "run.tuned.sh"), Script.end());
  EXPECT_EQ(Kernel.size(), Script.size() + 2);
  EXPECT_NE(std::find(Kernel.begin(), Kernel.end(), "gemm.tuned.cl"), Kernel.end());
  EXPECT_NE(std::find(Kernel.begin(), Kernel.end(), "gemm.kernel.cl"), Kernel.end());
  // Bare names, each once: the record keeps one bare name a line.
  EXPECT_EQ(std::set<std::string>(Kernel.begin(), Kernel.end()).size(), Kernel.size());
  for (const std::string &Name : Kernel)
    EXPECT_EQ(Name.find('/'), std::string::npos) << Name;
}

} // namespace
