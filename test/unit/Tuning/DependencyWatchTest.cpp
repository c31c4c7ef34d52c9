//===- DependencyWatchTest.cpp - Files that must not change mid-run -------===//
//
// Each way a file changes under a run is seen (written in place with the
// same size, appended to, replaced by a rename, removed, created), and
// reading or an unchanged file is not.
//
//===----------------------------------------------------------------------===//
#include "Tuning/DependencyWatch.h"

#include "../ScopedTempDirectory.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sys/stat.h>

using namespace atfc;
namespace fs = std::filesystem;

namespace {

class DependencyWatchTest : public ::testing::Test {
protected:
  void SetUp() override { fresh(); }
  /// A new directory holding run.sh and other.h.
  void fresh() {
    Dir = std::make_unique<test::ScopedTempDirectory>("atfc-watch");
    std::ofstream(path("run.sh")) << "echo 1 > cost\n";
    std::ofstream(path("other.h")) << "#define A 1\n";
  }
  std::string path(const char *Name) const { return (Dir->path() / Name).string(); }
  /// Sets Path's modification time to Seconds past the epoch, as an editor
  /// writing within the clock's resolution could leave it.
  void setTime(const std::string &Path, long Seconds) {
    const struct timespec Times[2] = {{Seconds, 0}, {Seconds, 0}};
    ASSERT_EQ(::utimensat(AT_FDCWD, Path.c_str(), Times, 0), 0);
  }
  std::unique_ptr<test::ScopedTempDirectory> Dir;
};

TEST_F(DependencyWatchTest, ReadingOrNothingIsNoChange) {
  const DependencyWatch Watch({path("run.sh"), path("other.h")});
  EXPECT_EQ(Watch.changed(), std::nullopt);
  std::string Text;
  std::getline(std::ifstream(path("run.sh")), Text);
  EXPECT_EQ(Watch.changed(), std::nullopt);
  EXPECT_EQ(DependencyWatch({}).changed(), std::nullopt);
}

TEST_F(DependencyWatchTest, EachWayAFileChangesIsSeen) {
  auto Sees = [&](const char *Name, auto Change) {
    fresh();
    if (fs::exists(path(Name)))
      setTime(path(Name), 1000);
    const DependencyWatch Watch({path("other.h"), path(Name)});
    Change(path(Name));
    EXPECT_EQ(Watch.changed(), path(Name)) << Name;
  };
  // The same size and, but for its time, the same status.
  Sees("run.sh", [&](const std::string &P) {
    std::ofstream(P) << "echo 2 > cost\n";
    setTime(P, 1001);
  });
  Sees("run.sh", [](const std::string &P) { std::ofstream(P, std::ios::app) << "# more\n"; });
  Sees("run.sh", [&](const std::string &P) {
    std::ofstream(path("new.sh")) << "echo 1 > cost\n";
    setTime(path("new.sh"), 1000); // the same size and time, another file
    fs::rename(path("new.sh"), P);
  });
  Sees("run.sh", [](const std::string &P) { fs::remove(P); });
  Sees("absent.h", [](const std::string &P) { std::ofstream(P) << "\n"; });
}

} // namespace
