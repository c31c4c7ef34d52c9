//===- TunerBuildTest.cpp - The cache of tuner binaries -------------------===//
//
// The cache keeps the tuners used last. Every cached tuner is "tuner-" and
// 16 hex digits: a key hashing below 2^60 once gave a shorter name, which a
// fresh machine's run of the lit tests (matching tuner-???????????????? )
// found.
//
//===----------------------------------------------------------------------===//
#include "Driver/TunerBuild.h"
#include "System/ExecutableInUse.h"
#include "System/OutputDirectory.h"

#include "../ScopedTempDirectory.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <random>
#include <sys/file.h>
#include <sys/stat.h>
#include <thread>

namespace atfc {
namespace {

TEST(TunerBuild, NamesHaveSixteenHexDigitsWithLeadingZeros) {
  EXPECT_EQ(tunerFileName(0), "tuner-0000000000000000");
  EXPECT_EQ(tunerFileName(0xabc), "tuner-0000000000000abc");
  EXPECT_EQ(tunerFileName(0x0ac23105eeacdeaa), "tuner-0ac23105eeacdeaa");
  EXPECT_EQ(tunerFileName(~std::uint64_t(0)), "tuner-ffffffffffffffff");
  std::mt19937_64 Random(3);
  for (int I = 0; I < 1000; ++I) {
    const std::uint64_t Hash = Random() >> (Random() % 64);
    const std::string Name = tunerFileName(Hash);
    ASSERT_EQ(Name.size(), 22u) << Name;
    EXPECT_EQ(std::stoull(Name.substr(6), nullptr, 16), Hash);
  }
}

// The cache keeps the tuners used last and removes the others with the
// files beside them; files that are no tuner of its naming stay.
TEST(TunerBuild, EvictsTheTunersUsedLongestAgo) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("atfc-tuner-cache", Dir));
  // Written as atfc writes them, recorded as its own (OutputDirectory.h).
  Expected<OutputDirectory> Cache = OutputDirectory::open(std::string(Dir), false);
  ASSERT_TRUE(Cache) << Cache.error().message();
  auto Write = [&](const std::string &Name, int SecondsAgo, bool Atfcs = true) {
    const std::string Path = std::string(Dir) + "/" + Name;
    if (Atfcs)
      ASSERT_TRUE(Cache->writeFile(Name, "x"));
    else
      std::ofstream(Path) << "x";
    const auto When = std::chrono::system_clock::now() - std::chrono::seconds(SecondsAgo);
    const std::int64_t Seconds =
        std::chrono::duration_cast<std::chrono::seconds>(When.time_since_epoch()).count();
    const struct timespec Times[2] = {{Seconds, 0}, {Seconds, 0}};
    ASSERT_EQ(::utimensat(AT_FDCWD, Path.c_str(), Times, 0), 0);
  };
  for (int I = 0; I < 6; ++I) {
    Write(tunerFileName(I), 100 * I); // tuner 0 used last, tuner 5 longest ago
    Write(tunerFileName(I) + ".cpp", 0);
    Write(tunerFileName(I) + ".command", 0);
  }
  Write("results.db", 1000);
  Write("tuner-notahexnumber!!", 1000);
  // A user's file of a tuner's name, used longest ago: not atfc's to remove.
  Write(tunerFileName(99), 2000, /*Atfcs=*/false);
  EXPECT_EQ(evictOldTuners(Dir, 3), 3u);
  EXPECT_TRUE(llvm::sys::fs::exists(std::string(Dir) + "/" + tunerFileName(99)));
  for (int I = 0; I < 6; ++I) {
    const std::string Path = std::string(Dir) + "/" + tunerFileName(I);
    EXPECT_EQ(llvm::sys::fs::exists(Path), I < 3) << Path;
    EXPECT_EQ(llvm::sys::fs::exists(Path + ".cpp"), I < 3) << Path;
    EXPECT_EQ(llvm::sys::fs::exists(Path + ".command"), I < 3) << Path;
  }
  EXPECT_TRUE(llvm::sys::fs::exists(std::string(Dir) + "/results.db"));
  EXPECT_TRUE(llvm::sys::fs::exists(std::string(Dir) + "/tuner-notahexnumber!!"));
  EXPECT_EQ(evictOldTuners(Dir, 3), 0u);
  llvm::sys::fs::remove_directories(Dir);
}

// A tuner that a process runs (marked in use: System/ExecutableInUse.h) is
// never evicted, however long ago it was used: an `atfc tune` of a file
// before its edit once lost its tuner to the `atfc space` after the edit.
// A link put where a tuner was is no tuner: neither it nor its target goes.
TEST(TunerBuild, KeepsTheTunersInUseAndNeverFollowsALink) {
  test::ScopedTempDirectory Cache("atfc-tuner-in-use");
  const std::string Dir = Cache.path().string();
  Expected<OutputDirectory> Out = OutputDirectory::open(Dir, false);
  ASSERT_TRUE(Out) << Out.error().message();
  const auto Now = std::chrono::system_clock::now();
  for (int I = 0; I < 5; ++I) {
    ASSERT_TRUE(Out->writeFile(tunerFileName(I), "x", 0755));
    ASSERT_TRUE(Out->writeFile(tunerFileName(I) + ".cpp", "x"));
    const std::int64_t Seconds = std::chrono::duration_cast<std::chrono::seconds>(
                                     (Now - std::chrono::seconds(100 * I)).time_since_epoch())
                                     .count();
    const struct timespec Times[2] = {{Seconds, 0}, {Seconds, 0}};
    ASSERT_EQ(::utimensat(Out->fd(), tunerFileName(I).c_str(), Times, 0), 0);
  }
  // Tuner 4, used longest ago, runs: a shared lock as its process holds.
  const int Running = ::open((Dir + "/" + tunerFileName(4)).c_str(), O_RDONLY | O_CLOEXEC);
  ASSERT_GE(Running, 0);
  ASSERT_EQ(::flock(Running, LOCK_SH), 0);
  EXPECT_TRUE(executableInUse(Out->fd(), tunerFileName(4)));
  EXPECT_FALSE(executableInUse(Out->fd(), tunerFileName(3)));
  // Tuner 3 became a link to a file of the user's.
  std::ofstream(Dir + "/users-file") << "keep";
  ASSERT_EQ(::unlink((Dir + "/" + tunerFileName(3)).c_str()), 0);
  ASSERT_EQ(::symlink((Dir + "/users-file").c_str(), (Dir + "/" + tunerFileName(3)).c_str()), 0);
  EXPECT_EQ(evictOldTuners(Dir, 1), 2u); // tuners 1 and 2
  for (int I = 0; I < 5; ++I)
    EXPECT_EQ(std::filesystem::is_symlink(Dir + "/" + tunerFileName(I)) ||
                  std::filesystem::exists(Dir + "/" + tunerFileName(I)),
              I == 0 || I >= 3)
        << I;
  EXPECT_TRUE(std::filesystem::exists(Dir + "/" + tunerFileName(4) + ".cpp"));
  EXPECT_FALSE(std::filesystem::exists(Dir + "/" + tunerFileName(2) + ".cpp"));
  EXPECT_TRUE(std::filesystem::exists(Dir + "/users-file"));
  // Once it ends, it goes like the others.
  ::close(Running);
  EXPECT_EQ(evictOldTuners(Dir, 1), 1u);
  EXPECT_FALSE(std::filesystem::exists(Dir + "/" + tunerFileName(4)));
}

// Rank 0 of a run over ranks, stopped as it began to build its tuner, met
// the default action of SIGTERM (no handler was installed until the
// compiler ran) and left the build's program and log in the output
// directory, and the compiler, running on, its partial binary
// (ranks/stop-points.test: 2 stops in 50 beside three busy loops). A
// signal the moment the build's first file exists now stops the build,
// which leaves none of its files.
TEST(TunerBuild, ASignalAsTheBuildBeginsLeavesNothingOfIt) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  test::ScopedTempDirectory Cache("atfc-build-signal");
  const std::filesystem::path Dir = Cache.path();
  auto Temporaries = [&] {
    std::vector<std::string> Found;
    for (const auto &Entry : std::filesystem::directory_iterator(Dir)) {
      const std::string Name = Entry.path().filename().string();
      if (Name.rfind("tuner-", 0) == 0 && Name.size() > 22 && Name[22] == '-')
        Found.push_back(Name);
    }
    return Found;
  };
  EXPECT_EXIT(
      {
        std::thread Stopper([&] {
          // (A build that refused before its files would leave it waiting.)
          const auto Deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
          while (Temporaries().empty() && std::chrono::steady_clock::now() < Deadline)
            std::this_thread::sleep_for(std::chrono::microseconds(100));
          std::raise(SIGTERM);
        });
        const TunerBuild Build = buildTuner("int main() { return 0; }\n", Dir.string());
        Stopper.join();
        const bool Clean = Build.Interrupted && !Build.Succeeded && Temporaries().empty();
        std::error_code Ignored; // (the child's own directory: _Exit skips its destructor)
        std::filesystem::remove_all(Dir, Ignored);
        std::_Exit(Clean ? 0 : 1);
      },
      testing::ExitedWithCode(0), "");
}

} // namespace
} // namespace atfc
