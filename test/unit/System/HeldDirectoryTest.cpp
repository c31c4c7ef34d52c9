//===- HeldDirectoryTest.cpp - A directory held by its descriptor ---------===//
//
// Everything below a held directory is made and removed relative to its
// descriptor: a link swapped in for its path, or planted inside it, leads
// nowhere (issue 44: `work` swapped for a link mid-run sent remove_all into
// the victim's directory). Real directories, real links, real renames.
//
//===----------------------------------------------------------------------===//
#include "System/HeldDirectory.h"

#include "../FileContents.h"
#include "../ScopedTempDirectory.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace atfc;
namespace fs = std::filesystem;

namespace {

/// A victim directory: 1/ and 2/ with a file each, a file at the top.
void plantVictim(const fs::path &Victim) {
  fs::create_directories(Victim / "1");
  fs::create_directories(Victim / "2");
  std::ofstream(Victim / "1" / "source") << "victim 1\n";
  std::ofstream(Victim / "2" / "source") << "victim 2\n";
  std::ofstream(Victim / "top") << "victim\n";
}

void expectVictimIntact(const fs::path &Victim) {
  EXPECT_EQ(test::fileContents(Victim / "1" / "source"), "victim 1\n");
  EXPECT_EQ(test::fileContents(Victim / "2" / "source"), "victim 2\n");
  EXPECT_EQ(test::fileContents(Victim / "top"), "victim\n");
}

} // namespace

TEST(HeldDirectoryTest, ASwapOfItsPathChangesNothingAtfcDoes) {
  const test::ScopedTempDirectory Scratch("atfc-held-swap");
  const fs::path Victim = Scratch.path() / "victim", Work = Scratch.path() / "work";
  plantVictim(Victim);
  Expected<HeldDirectory> Held = HeldDirectory::open(Work.string(), /*Create=*/true);
  ASSERT_TRUE(Held) << Held.error().message();
  bool Exists = false;
  Expected<HeldDirectory> One = Held->makeDirectory("1", Exists);
  ASSERT_TRUE(One) << One.error().message();
  ASSERT_TRUE(One->writeNewFile("source", "atfc's\n"));
  // The second process: `work` renamed away, a link to the victim in its place.
  fs::rename(Work, Scratch.path() / "moved");
  fs::create_directory_symlink(Victim, Work);
  Expected<HeldDirectory> Three = Held->makeDirectory("3", Exists);
  ASSERT_TRUE(Three) << Three.error().message();
  EXPECT_FALSE(fs::exists(Victim / "3"));
  EXPECT_TRUE(fs::is_directory(Scratch.path() / "moved" / "3"));
  // The victim's own "2" is not there for atfc: its own number is free.
  Expected<HeldDirectory> Two = Held->makeDirectory("2", Exists);
  ASSERT_TRUE(Two) << Two.error().message();
  EXPECT_TRUE(Held->remove("1"));
  EXPECT_TRUE(Held->remove("2"));
  EXPECT_TRUE(Held->removeEntries());
  expectVictimIntact(Victim);
  EXPECT_TRUE(fs::is_empty(Scratch.path() / "moved"));
}

TEST(HeldDirectoryTest, RemovalFollowsNoLinkInside) {
  const test::ScopedTempDirectory Scratch("atfc-held-links");
  const fs::path Victim = Scratch.path() / "victim";
  plantVictim(Victim);
  Expected<HeldDirectory> Held = HeldDirectory::open((Scratch.path() / "work").string(), true);
  ASSERT_TRUE(Held) << Held.error().message();
  bool Exists = false;
  Expected<HeldDirectory> One = Held->makeDirectory("1", Exists);
  ASSERT_TRUE(One);
  // What a script may leave: links to directories and files outside, a
  // nested tree, a FIFO, an unreadable directory.
  const fs::path Inside = Scratch.path() / "work" / "1";
  fs::create_directory_symlink(Victim, Inside / "to-victim");
  fs::create_symlink(Victim / "top", Inside / "to-top");
  fs::create_directories(Inside / "a" / "b" / "c");
  fs::create_directory_symlink(Victim / "1", Inside / "a" / "b" / "c" / "deep-link");
  ASSERT_EQ(mkfifo((Inside / "a" / "fifo").c_str(), 0600), 0);
  fs::create_directory(Inside / "closed");
  chmod((Inside / "closed").c_str(), 0);
  Expected<void> Removed = Held->remove("1");
  ASSERT_TRUE(Removed) << Removed.error().message();
  EXPECT_FALSE(fs::exists(Inside));
  expectVictimIntact(Victim);
  // A name that is not there is no error; a path is refused.
  EXPECT_TRUE(Held->remove("1"));
  EXPECT_FALSE(Held->remove("../victim"));
  expectVictimIntact(Victim);
}

TEST(HeldDirectoryTest, ALinkOrAnOpenDirectoryIsRefused) {
  const test::ScopedTempDirectory Scratch("atfc-held-refused");
  fs::create_directory(Scratch.path() / "real");
  fs::create_directory_symlink(Scratch.path() / "real", Scratch.path() / "link");
  for (const std::string &Given :
       {(Scratch.path() / "link").string(), (Scratch.path() / "link/").string()}) {
    Expected<HeldDirectory> Held = HeldDirectory::open(Given, false);
    ASSERT_FALSE(Held) << Given;
    EXPECT_EQ(Held.error().message(), "'" + (Scratch.path() / "link").string() +
                                          "' is a symbolic link: atfc follows no link to its "
                                          "directories");
  }
  chmod((Scratch.path() / "real").c_str(), 0777);
  Expected<HeldDirectory> Open = HeldDirectory::open((Scratch.path() / "real").string(), false);
  ASSERT_FALSE(Open);
  EXPECT_NE(Open.error().message().find("is writable by others"), std::string::npos);
  // makeDirectory says when a name is taken.
  chmod((Scratch.path() / "real").c_str(), 0700);
  Expected<HeldDirectory> Real = HeldDirectory::open((Scratch.path() / "real").string(), false);
  ASSERT_TRUE(Real);
  bool Exists = false;
  ASSERT_TRUE(Real->makeDirectory("7", Exists));
  EXPECT_FALSE(Exists);
  EXPECT_FALSE(Real->makeDirectory("7", Exists));
  EXPECT_TRUE(Exists);
}

TEST(HeldDirectoryTest, ATreeTooDeepIsRefusedNotOverflowed) {
  const test::ScopedTempDirectory Scratch("atfc-held-deep");
  Expected<HeldDirectory> Held = HeldDirectory::open((Scratch.path() / "work").string(), true);
  ASSERT_TRUE(Held);
  fs::path Deep = Scratch.path() / "work" / "1";
  fs::create_directory(Deep);
  // 300 levels, each holding a descriptor while the one below is removed.
  int Fd = open(Deep.c_str(), O_RDONLY | O_DIRECTORY);
  for (int Level = 0; Level < 300 && Fd >= 0; ++Level) {
    ASSERT_EQ(mkdirat(Fd, "d", 0700), 0);
    const int Below = openat(Fd, "d", O_RDONLY | O_DIRECTORY);
    close(Fd);
    Fd = Below;
  }
  close(Fd);
  Expected<void> Removed = Held->remove("1");
  ASSERT_FALSE(Removed);
  EXPECT_NE(Removed.error().message().find("nested more than 256 levels deep"), std::string::npos);
}
