//===- ExecutableDigestTest.cpp - What a C++ program's code is ------------===//
//
// Python tester: results(DIR) answered an edited program from the costs
// its old code measured. A C++ program's results key covers its
// executable: a copy of this test binary tunes into a directory, and a
// copy with one more byte (a rebuilt program) measures every
// configuration anew, where the same copy again measures none.
//
//===----------------------------------------------------------------------===//
#include "Online/ExecutableDigest.h"

#include <atf.hpp>

#include "../ScopedTempDirectory.h"

#include "System/RegularFiles.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sys/wait.h>

namespace fs = std::filesystem;

namespace {

TEST(ExecutableDigestTest, IsTheDigestOfThisProgramsFile) {
  const std::string &Digest = atfc::online::executableDigest();
  EXPECT_EQ(Digest.size(), 32u);
  EXPECT_EQ(Digest, *atfc::hashRegularFile(fs::read_symlink("/proc/self/exe").string()));
}

// Run by the next test in copies of this binary: tunes X in 1..4 into
// $ATFC_PROGRAM_CODE_DIR and exits with how many it measured.
TEST(ExecutableDigestTest, TunesIntoTheGivenDirectory) {
  const char *Dir = std::getenv("ATFC_PROGRAM_CODE_DIR");
  if (!Dir)
    GTEST_SKIP() << "run by ARebuiltProgramIsMeasuredAnew";
  int Calls = 0;
  atf::tuner()
      .tuning_parameters(atf::tp("X", atf::interval<int>(1, 4)))
      .program_name("program")
      .results(Dir)
      .silent(true)
      .tune([&](atf::configuration &C) {
        ++Calls;
        return int(C["X"]);
      });
  std::_Exit(Calls);
}

TEST(ExecutableDigestTest, ARebuiltProgramIsMeasuredAnew) {
  atfc::test::ScopedTempDirectory Dir("program-code");
  const fs::path Copy = Dir.path() / "program";
  fs::copy_file("/proc/self/exe", Copy);
  auto Measured = [&] {
    const std::string Command = "ATFC_PROGRAM_CODE_DIR='" + (Dir.path() / "results").string() +
                                "' '" + Copy.string() +
                                "' --gtest_filter=ExecutableDigestTest.TunesIntoTheGivenDirectory "
                                "> /dev/null 2>&1";
    const int Status = std::system(Command.c_str());
    return WIFEXITED(Status) ? WEXITSTATUS(Status) : -1;
  };
  EXPECT_EQ(Measured(), 4);
  EXPECT_EQ(Measured(), 0); // the same program: answered from results.db
  std::ofstream(Copy, std::ios::app | std::ios::binary) << '\0'; // rebuilt
  EXPECT_EQ(Measured(), 4);
  EXPECT_EQ(Measured(), 0);
}

} // namespace
