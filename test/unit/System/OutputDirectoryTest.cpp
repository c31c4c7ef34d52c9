//===- OutputDirectoryTest.cpp - The one way into an output directory -----===//
//
// Links are refused, not followed; other users' directories and files are
// refused; a file atfc did not create is never overwritten; a directory of
// atfc's own takes any number of entries and records none. Real files,
// real links, real owners (chown needs root: those tests skip without it).
//
//===----------------------------------------------------------------------===//
#include "System/OutputDirectory.h"
#include "System/OutputLock.h"

#include "../FileContents.h"
#include "../ScopedTempDirectory.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

using namespace atfc;
namespace fs = std::filesystem;

namespace {

constexpr uid_t kOtherUser = 12345;

/// The directory Scratch/Name, made by atfc.
OutputDirectory made(const test::ScopedTempDirectory &Scratch, const std::string &Name = "out") {
  Expected<OutputDirectory> Dir = OutputDirectory::open((Scratch.path() / Name).string(), true);
  EXPECT_TRUE(Dir) << Dir.error().message();
  return Dir.take();
}

} // namespace

TEST(OutputDirectoryTest, CreatesAPrivateDirectoryAndRecordsWhatItWrites) {
  const test::ScopedTempDirectory Scratch("atfc-outdir-create");
  OutputDirectory Dir = made(Scratch);
  struct stat Status {};
  ASSERT_EQ(stat(Dir.path().c_str(), &Status), 0);
  EXPECT_EQ(Status.st_mode & 0777, 0700u);
  ASSERT_TRUE(Dir.writeFile("best.h", "one\n"));
  // atfc's own file is replaced; the record names it once.
  ASSERT_TRUE(Dir.writeFile("best.h", "two\n"));
  EXPECT_EQ(test::fileContents(Dir.pathOf("best.h")), "two\n");
  const std::string Record = test::fileContents(Dir.pathOf(kCreatedRecordName));
  EXPECT_NE(Record.find("\nbest.h\n"), std::string::npos) << Record;
  EXPECT_EQ(Record.find("best.h"), Record.rfind("best.h")) << Record;
  // No temporary is left behind.
  std::size_t Entries = 0;
  for ([[maybe_unused]] const auto &E : fs::directory_iterator(Dir.path()))
    ++Entries;
  EXPECT_EQ(Entries, 2u);
}

// `atfc tune f.sh -o /` reported '//work': a directory given with its
// trailing slash names its entries with one slash.
TEST(OutputDirectoryTest, AnEntryOfADirectoryGivenWithASlashHasOneSlash) {
  const test::ScopedTempDirectory Scratch("atfc-outdir-slash");
  Expected<OutputDirectory> Dir = OutputDirectory::open(Scratch.path().string() + "/", false);
  ASSERT_TRUE(Dir) << Dir.error().message();
  EXPECT_EQ(Dir->pathOf("best.h"), Scratch.path().string() + "/best.h");
  Expected<OutputDirectory> Root = OutputDirectory::open("/", false);
  ASSERT_TRUE(Root) << Root.error().message();
  EXPECT_EQ(Root->pathOf("work"), "/work");
}

TEST(OutputDirectoryTest, AUsersOwnFileIsNeverOverwritten) {
  const test::ScopedTempDirectory Scratch("atfc-outdir-user-file");
  std::ofstream(Scratch.path() / "best.h") << "mine\n";
  Expected<OutputDirectory> Dir = OutputDirectory::open(Scratch.path().string(), false);
  ASSERT_TRUE(Dir) << Dir.error().message();
  Expected<void> Written = Dir->writeFile("best.h", "atfc's\n");
  ASSERT_FALSE(Written);
  EXPECT_EQ(Written.error().message(),
            "'" + Dir->pathOf("best.h") +
                "' is not a file atfc created, and atfc does not overwrite it: move it away, or "
                "choose another -o");
  EXPECT_EQ(test::fileContents(Scratch.path() / "best.h"), "mine\n");
  // The lock too: a user's file named lock is neither truncated nor locked.
  std::ofstream(Scratch.path() / "lock") << "my notes\n";
  Expected<OutputLock> Lock = OutputLock::acquire(Scratch.path().string(), false, false);
  ASSERT_FALSE(Lock);
  EXPECT_NE(Lock.error().message().find("lock' is not a file atfc created"), std::string::npos);
  EXPECT_EQ(test::fileContents(Scratch.path() / "lock"), "my notes\n");
}

TEST(OutputDirectoryTest, ClaimingSeveralNamesRecordsNoneWhenOneIsRefused) {
  const test::ScopedTempDirectory Scratch("atfc-outdir-claim-all");
  std::ofstream(Scratch.path() / "best.h") << "mine\n";
  Expected<OutputDirectory> Dir = OutputDirectory::open(Scratch.path().string(), false);
  ASSERT_TRUE(Dir) << Dir.error().message();
  // The refused name comes last: the ones before it are not recorded
  // either, and nothing is made (a refused run once left its record).
  Expected<void> Claimed = Dir->claimAll({"lock", "best.json", "best.h"});
  ASSERT_FALSE(Claimed);
  EXPECT_NE(Claimed.error().message().find("best.h' is not a file atfc created"), std::string::npos)
      << Claimed.error().message();
  EXPECT_FALSE(fs::exists(Scratch.path() / kCreatedRecordName));
  EXPECT_EQ(test::fileContents(Scratch.path() / "best.h"), "mine\n");
  // Without it, all are recorded, in order.
  fs::rename(Scratch.path() / "best.h", Scratch.path() / "mine.h");
  ASSERT_TRUE(Dir->claimAll({"lock", "best.json", "best.h"}));
  Expected<std::vector<std::string>> Names = Dir->createdNames();
  ASSERT_TRUE(Names) << Names.error().message();
  EXPECT_EQ(*Names, (std::vector<std::string>{"lock", "best.json", "best.h"}));
}

TEST(OutputDirectoryTest, AnEmptyRecordIsAtfcsOwnBeforeItsFirstName) {
  const test::ScopedTempDirectory Scratch("atfc-outdir-empty-record");
  std::ofstream(Scratch.path() / kCreatedRecordName).flush();
  Expected<OutputDirectory> Dir = OutputDirectory::open(Scratch.path().string(), false);
  ASSERT_TRUE(Dir) << Dir.error().message();
  Expected<void> Written = Dir->writeFile("best.h", "atfc's\n");
  ASSERT_TRUE(Written) << Written.error().message();
  Expected<std::vector<std::string>> Names = Dir->createdNames();
  ASSERT_TRUE(Names) << Names.error().message();
  EXPECT_EQ(*Names, std::vector<std::string>{"best.h"});
}

TEST(OutputDirectoryTest, ARecordAtfcDidNotWriteIsRefused) {
  const test::ScopedTempDirectory Scratch("atfc-outdir-record");
  std::ofstream(Scratch.path() / kCreatedRecordName) << "best.h\n";
  std::ofstream(Scratch.path() / "best.h") << "mine\n";
  Expected<OutputDirectory> Dir = OutputDirectory::open(Scratch.path().string(), false);
  ASSERT_TRUE(Dir) << Dir.error().message();
  Expected<void> Written = Dir->writeFile("best.h", "atfc's\n");
  ASSERT_FALSE(Written);
  EXPECT_NE(Written.error().message().find("is not atfc's record"), std::string::npos);
  EXPECT_EQ(test::fileContents(Scratch.path() / "best.h"), "mine\n");
}

TEST(OutputDirectoryTest, LinksAreRefusedNotFollowed) {
  const test::ScopedTempDirectory Scratch("atfc-outdir-links");
  const fs::path Victim = Scratch.path() / "victim";
  std::ofstream(Victim) << "victim\n";
  OutputDirectory Dir = made(Scratch);
  for (const char *Name : {"lock", "best.h", "results.db", "work"}) {
    fs::create_symlink(Victim, Dir.pathOf(Name));
    Expected<void> Claimed = Dir.claim(Name);
    ASSERT_FALSE(Claimed) << Name;
    EXPECT_EQ(Claimed.error().message(),
              "'" + Dir.pathOf(Name) +
                  "' is a symbolic link: atfc follows no link in an output directory; remove it");
    EXPECT_FALSE(Dir.writeFile(Name, "x"));
    EXPECT_FALSE(Dir.openFile(Name, O_RDWR | O_CREAT));
    EXPECT_FALSE(Dir.readFile(Name, 100));
    EXPECT_FALSE(Dir.makeDirectory(Name));
  }
  EXPECT_FALSE(OutputLock::acquire(Dir.path(), false, false));
  EXPECT_EQ(test::fileContents(Victim), "victim\n");
  // The directory itself as a link.
  fs::create_symlink(Dir.path(), Scratch.path() / "link");
  for (const std::string &Given :
       {(Scratch.path() / "link").string(), (Scratch.path() / "link/").string()}) {
    Expected<OutputDirectory> Linked = OutputDirectory::open(Given, true);
    ASSERT_FALSE(Linked) << Given;
    EXPECT_NE(Linked.error().message().find("is a symbolic link"), std::string::npos);
    EXPECT_NE(Linked.error().message().find("choose another -o"), std::string::npos);
  }
}

TEST(OutputDirectoryTest, ADirectoryOthersMayWriteIsRefused) {
  const test::ScopedTempDirectory Scratch("atfc-outdir-others");
  const fs::path Out = Scratch.path() / "out";
  fs::create_directory(Out);
  chmod(Out.c_str(), 0777);
  Expected<OutputDirectory> Dir = OutputDirectory::open(Out.string(), true);
  ASSERT_FALSE(Dir);
  EXPECT_EQ(Dir.error().message(), "'" + Out.string() + "' is writable by others: 'chmod o-w " +
                                       Out.string() + "', or choose another -o");
  chmod(Out.c_str(), 0755);
  Dir = OutputDirectory::open(Out.string(), true);
  ASSERT_TRUE(Dir) << Dir.error().message();
  ASSERT_TRUE(Dir->writeFile("best.json", "{}"));
  chmod(Dir->pathOf("best.json").c_str(), 0666);
  EXPECT_FALSE(Dir->readFile("best.json", 100));
  EXPECT_FALSE(Dir->check("best.json"));
}

// Anyone may rename entries of a directory others may write (unless it is
// sticky, as /tmp is): the output directory below it could be swapped for
// theirs between two opens, at any depth above it.
TEST(OutputDirectoryTest, ADirectoryBelowOneOthersMayWriteIsRefusedUnlessSticky) {
  const test::ScopedTempDirectory Scratch("atfc-outdir-parent");
  const fs::path Shared = Scratch.path() / "shared";
  for (const fs::path &Out : {Shared / "out", Shared / "deeper" / "out"}) {
    fs::create_directories(Out);
    chmod(Shared.c_str(), 0777);
    for (bool Create : {true, false}) {
      Expected<OutputDirectory> Dir = OutputDirectory::open(Out.string(), Create);
      ASSERT_FALSE(Dir) << Out;
      EXPECT_EQ(
          Dir.error().message(),
          "'" + Shared.string() + "', a directory above the output directory '" + Out.string() +
              "', is writable by others and not sticky: another user could put their own "
              "directory in its place; 'chmod o-w " +
              Shared.string() + "' (or 'chmod +t " + Shared.string() + "'), or choose another -o");
    }
    // Sticky: only the owner may rename what is there.
    chmod(Shared.c_str(), 01777);
    EXPECT_TRUE(OutputDirectory::open(Out.string(), false));
    chmod(Shared.c_str(), 0755);
    EXPECT_TRUE(OutputDirectory::open(Out.string(), false));
  }
  // A relative path is judged by where it leads.
  const fs::path Before = fs::current_path();
  fs::current_path(Shared);
  chmod(Shared.c_str(), 0777);
  EXPECT_FALSE(OutputDirectory::open("out", false));
  chmod(Shared.c_str(), 0755);
  EXPECT_TRUE(OutputDirectory::open("out", false));
  fs::current_path(Before);
}

// Issue 44: a member of a group-writable output directory's group swapped
// `work` for a link mid-run. A directory its group may write is refused
// when the group has other members (nogroup: nobody, sync), as is one below
// such a directory; the user's own private group may write it.
TEST(OutputDirectoryTest, ADirectoryWritableByAGroupWithOthersIsRefused) {
  if (geteuid() != 0)
    GTEST_SKIP() << "chown to another group needs root";
  const test::ScopedTempDirectory Scratch("atfc-outdir-group");
  const fs::path Out = Scratch.path() / "out";
  fs::create_directory(Out);
  constexpr gid_t kNoGroup = 65534; // nobody's group: it has other members
  ASSERT_EQ(chown(Out.c_str(), static_cast<uid_t>(-1), kNoGroup), 0);
  chmod(Out.c_str(), 0770);
  Expected<OutputDirectory> Dir = OutputDirectory::open(Out.string(), true);
  ASSERT_FALSE(Dir);
  EXPECT_EQ(Dir.error().message(),
            "'" + Out.string() +
                "' is writable by its group (gid 65534), which has other members: they could "
                "swap what atfc makes there for links; 'chmod g-w " +
                Out.string() + "', or choose another -o");
  fs::create_directory(Out / "below");
  Expected<OutputDirectory> Below = OutputDirectory::open((Out / "below").string(), false);
  ASSERT_FALSE(Below);
  EXPECT_NE(Below.error().message().find("is writable by its group, which has other members, "
                                         "and not sticky"),
            std::string::npos)
      << Below.error().message();
  chmod(Out.c_str(), 01770); // sticky: only owners rename
  EXPECT_TRUE(OutputDirectory::open((Out / "below").string(), false));
  chmod(Out.c_str(), 0750);
  EXPECT_TRUE(OutputDirectory::open(Out.string(), false));
  // The user's own group, which no one else is in (root's here), may write.
  ASSERT_EQ(chown(Out.c_str(), static_cast<uid_t>(-1), getegid()), 0);
  chmod(Out.c_str(), 0770);
  EXPECT_TRUE(OutputDirectory::open(Out.string(), false));
}

// Issue 44: a record of created names that atfc did not write (a hard link
// to one elsewhere, paths in it) is not trusted; the user's best.h stays.
TEST(OutputDirectoryTest, ARecordThatIsNotAtfcsOwnIsNotTrusted) {
  const test::ScopedTempDirectory Scratch("atfc-outdir-forged");
  OutputDirectory Other = made(Scratch, "other");
  ASSERT_TRUE(Other.writeFile("best.h", "atfc's\n"));
  OutputDirectory Dir = made(Scratch);
  std::ofstream(Dir.pathOf("best.h")) << "mine\n";
  fs::create_hard_link(Other.pathOf(kCreatedRecordName), Dir.pathOf(kCreatedRecordName));
  Expected<void> Written = Dir.writeFile("best.h", "atfc's\n");
  ASSERT_FALSE(Written);
  EXPECT_NE(Written.error().message().find("has 2 hard links"), std::string::npos)
      << Written.error().message();
  fs::remove(Dir.pathOf(kCreatedRecordName));
  std::ofstream(Dir.pathOf(kCreatedRecordName))
      << test::fileContents(Other.pathOf(kCreatedRecordName)) << "../other/best.h\n";
  Written = Dir.writeFile("best.h", "atfc's\n");
  ASSERT_FALSE(Written);
  EXPECT_NE(Written.error().message().find("is not atfc's record of the files it created (it "
                                           "names '../other/best.h')"),
            std::string::npos)
      << Written.error().message();
  EXPECT_EQ(test::fileContents(Dir.pathOf("best.h")), "mine\n");
  // A hard link planted under a recorded name is not written either.
  std::ofstream(Scratch.path() / "notes") << "notes\n";
  fs::remove(Other.pathOf("best.h"));
  fs::create_hard_link(Scratch.path() / "notes", Other.pathOf("best.h"));
  EXPECT_FALSE(Other.openFile("best.h", O_RDWR | O_CREAT));
  EXPECT_EQ(test::fileContents(Scratch.path() / "notes"), "notes\n");
}

// MPI ranks make DIR/ranks at once: one that looked at the record before
// another recorded the name, and at the directory after it was made, took
// it for the user's and refused it (one run in ten under load). Many
// processes at once, many times (the old order failed two runs of this
// test in three): each one claims and makes it.
TEST(OutputDirectoryTest, ProcessesMakingOneDirectoryAtOnceAllSucceed) {
  const test::ScopedTempDirectory Scratch("atfc-outdir-race");
  constexpr int kProcesses = 16;
  for (int Round = 0; Round < 300; ++Round) {
    const fs::path Out = Scratch.path() / ("out" + std::to_string(Round));
    ASSERT_TRUE(OutputDirectory::open(Out.string(), true));
    ASSERT_TRUE(made(Scratch, Out.filename().string()).claim("lock")); // the record exists
    std::vector<pid_t> Children;
    for (int P = 0; P < kProcesses; ++P) {
      const pid_t Child = fork();
      ASSERT_GE(Child, 0);
      if (Child == 0) {
        Expected<OutputDirectory> Dir = OutputDirectory::open(Out.string(), false);
        _exit(Dir && Dir->makeDirectory("ranks") ? 0 : 1);
      }
      Children.push_back(Child);
    }
    for (pid_t Child : Children) {
      int Status = 0;
      ASSERT_EQ(waitpid(Child, &Status, 0), Child);
      EXPECT_TRUE(WIFEXITED(Status) && WEXITSTATUS(Status) == 0) << "round " << Round;
    }
  }
}

TEST(OutputDirectoryTest, AnotherUsersDirectoryAndFilesAreRefused) {
  if (geteuid() != 0)
    GTEST_SKIP() << "needs root to give files to another user (uid " << kOtherUser << ")";
  const test::ScopedTempDirectory Scratch("atfc-outdir-owner");
  const fs::path Out = Scratch.path() / "out";
  fs::create_directory(Out);
  ASSERT_EQ(chown(Out.c_str(), kOtherUser, kOtherUser), 0);
  Expected<OutputDirectory> Dir = OutputDirectory::open(Out.string(), true);
  ASSERT_FALSE(Dir);
  EXPECT_EQ(Dir.error().message(),
            "'" + Out.string() +
                "' belongs to another user (uid 12345): atfc writes, reads and runs only files "
                "of its own user there; choose another -o");
  ASSERT_EQ(chown(Out.c_str(), 0, 0), 0);
  Dir = OutputDirectory::open(Out.string(), true);
  ASSERT_TRUE(Dir) << Dir.error().message();
  ASSERT_TRUE(Dir->writeFile("tuner", "#!/bin/sh\n", 0755));
  ASSERT_EQ(chown(Dir->pathOf("tuner").c_str(), kOtherUser, kOtherUser), 0);
  Expected<bool> Checked = checkOutputFile(Dir->pathOf("tuner"));
  ASSERT_FALSE(Checked);
  EXPECT_NE(Checked.error().message().find("belongs to another user (uid 12345)"),
            std::string::npos);
  EXPECT_FALSE(Dir->openFile("tuner", O_RDONLY));
}

TEST(OutputDirectoryTest, HoldsFindsTheSourceByAnyName) {
  const test::ScopedTempDirectory Scratch("atfc-outdir-holds");
  std::ofstream(Scratch.path() / "f.cpp") << "int main() {}\n";
  Expected<OutputDirectory> Dir = OutputDirectory::open(Scratch.path().string(), false);
  ASSERT_TRUE(Dir) << Dir.error().message();
  EXPECT_TRUE(Dir->holds((Scratch.path() / "f.cpp").string()));
  fs::create_directory(Scratch.path() / "sub");
  EXPECT_TRUE(Dir->holds((Scratch.path() / "sub/../f.cpp").string()));
  fs::create_symlink(Scratch.path() / "f.cpp", Scratch.path() / "sub/link.cpp");
  EXPECT_TRUE(Dir->holds((Scratch.path() / "sub/link.cpp").string()));
  Expected<OutputDirectory> Sub = OutputDirectory::open((Scratch.path() / "sub").string(), false);
  ASSERT_TRUE(Sub) << Sub.error().message();
  EXPECT_FALSE(Sub->holds((Scratch.path() / "f.cpp").string()));
}

namespace {

/// Every entry of Directory.
std::vector<std::string> entriesOf(const fs::path &Directory) {
  std::vector<std::string> Names;
  for (const auto &Entry : fs::directory_iterator(Directory))
    Names.push_back(Entry.path().filename().string());
  std::sort(Names.begin(), Names.end());
  return Names;
}

/// Scratch/out/Name, made by atfc as a directory of its own.
OutputDirectory ownDirectory(const OutputDirectory &Out, const std::string &Name = "cache") {
  Expected<OutputDirectory> Parent = OutputDirectory::open(Out.path(), false);
  EXPECT_TRUE(Parent) << Parent.error().message();
  Expected<OutputDirectory> Own = Parent->openOwnDirectory(Name, true);
  EXPECT_TRUE(Own) << Own.error().message();
  return Own.take();
}

} // namespace

// The record is read whole per claim, up to 1 MiB: a directory that
// recorded each entry (CUDA's kernel cache) stopped storing past about
// 29,000. atfc's own directory records none, however many it holds.
TEST(OutputDirectoryTest, AnOwnDirectoryTakesManyNamesWithoutARecord) {
  const test::ScopedTempDirectory Scratch("atfc-outdir-own");
  OutputDirectory Out = made(Scratch);
  EXPECT_FALSE(Out.isAtfcsOwn()); // the user's output directory never is
  OutputDirectory Own = ownDirectory(Out);
  EXPECT_TRUE(Own.isAtfcsOwn());
  EXPECT_EQ(Own.path(), Out.pathOf("cache"));
  const std::string ParentRecord = test::fileContents(Out.pathOf(kCreatedRecordName));
  EXPECT_NE(ParentRecord.find("\ncache\n"), std::string::npos) << ParentRecord;
  constexpr int kNames = 3000;
  for (int N = 0; N < kNames; ++N)
    ASSERT_TRUE(Own.writeFile("entry-" + std::to_string(N), std::to_string(N), 0600)) << N;
  // Replaced, not refused: every entry is atfc's.
  ASSERT_TRUE(Own.writeFile("entry-7", "seven"));
  EXPECT_EQ(test::fileContents(Own.pathOf("entry-7")), "seven");
  EXPECT_FALSE(fs::exists(Own.pathOf(kCreatedRecordName)));
  EXPECT_EQ(entriesOf(Own.path()).size(), std::size_t(kNames)); // no temporary left
  EXPECT_EQ(test::fileContents(Out.pathOf(kCreatedRecordName)), ParentRecord);
  EXPECT_FALSE(Own.createdNames());
  // A stale record there (an older atfc's, or a huge one) is never read.
  std::ofstream(Own.pathOf(kCreatedRecordName)) << std::string((1 << 20) + 1, 'x');
  ASSERT_TRUE(Own.writeFile("entry-after", "x"));
  EXPECT_EQ(fs::file_size(Own.pathOf(kCreatedRecordName)), std::size_t(1 << 20) + 1);
  // Opened again, by another process, without making it; and one nested in it.
  Expected<OutputDirectory> Again = Out.openOwnDirectory("cache", false);
  ASSERT_TRUE(Again) << Again.error().message();
  EXPECT_EQ(test::fileContents(Again->pathOf("entry-7")), "seven");
  Expected<OutputDirectory> Nested = Own.openOwnDirectory("nested", true);
  ASSERT_TRUE(Nested) << Nested.error().message();
  EXPECT_TRUE(Nested->writeFile("a", "a"));
}

TEST(OutputDirectoryTest, ADirectoryAtfcDidNotMakeIsNotItsOwn) {
  const test::ScopedTempDirectory Scratch("atfc-outdir-own-not");
  OutputDirectory Out = made(Scratch);
  // The user's: made beside atfc's names, never recorded.
  fs::create_directory(Out.pathOf("mine"));
  chmod(Out.pathOf("mine").c_str(), 0700);
  std::ofstream(Out.pathOf("mine") + "/notes") << "mine\n";
  for (bool Create : {false, true}) {
    Expected<OutputDirectory> Own = Out.openOwnDirectory("mine", Create);
    ASSERT_FALSE(Own) << Create;
    EXPECT_NE(Own.error().message().find("'" + Out.pathOf("mine") + "' is not a"),
              std::string::npos)
        << Own.error().message();
  }
  EXPECT_EQ(test::fileContents(Out.pathOf("mine") + "/notes"), "mine\n");
  // The user's output directory itself: open() made it, nothing recorded it.
  Expected<OutputDirectory> Scratches = OutputDirectory::open(Scratch.path().string(), false);
  ASSERT_TRUE(Scratches) << Scratches.error().message();
  Expected<OutputDirectory> Output = Scratches->openOwnDirectory("out", false);
  ASSERT_FALSE(Output);
  EXPECT_EQ(Output.error().message(),
            "'" + Out.path() +
                "' is not a directory atfc created, and atfc keeps its own files only in one it "
                "made; move it away, or choose another -o");
  // One atfc made, but opened to others since, is not private any more.
  OutputDirectory Own = ownDirectory(Out);
  chmod(Own.path().c_str(), 0750);
  Expected<OutputDirectory> Opened = Out.openOwnDirectory("cache", false);
  ASSERT_FALSE(Opened);
  EXPECT_EQ(Opened.error().message(),
            "'" + Own.path() + "' is not private to this user (uid " + std::to_string(geteuid()) +
                ", mode 0750) as the directories atfc makes are (0700); remove it");
  // Not there, and not to be made.
  EXPECT_FALSE(Out.openOwnDirectory("missing", false));
  EXPECT_FALSE(fs::exists(Out.pathOf("missing")));
  EXPECT_FALSE(Out.openOwnDirectory("..", true));
}

TEST(OutputDirectoryTest, AnOwnDirectoryFollowsNoLink) {
  const test::ScopedTempDirectory Scratch("atfc-outdir-own-links");
  OutputDirectory Out = made(Scratch);
  const fs::path Elsewhere = Scratch.path() / "elsewhere";
  fs::create_directory(Elsewhere);
  chmod(Elsewhere.c_str(), 0700);
  // Recorded, then swapped for a link before it is opened.
  ASSERT_TRUE(Out.claim("cache"));
  fs::create_directory_symlink(Elsewhere, Out.pathOf("cache"));
  for (bool Create : {false, true}) {
    Expected<OutputDirectory> Own = Out.openOwnDirectory("cache", Create);
    ASSERT_FALSE(Own);
    EXPECT_NE(Own.error().message().find("is a symbolic link"), std::string::npos)
        << Own.error().message();
  }
  fs::remove(Out.pathOf("cache"));
  // A link to a file planted in it is neither written nor read through.
  OutputDirectory Own = ownDirectory(Out);
  const fs::path Victim = Elsewhere / "victim";
  std::ofstream(Victim) << "victim\n";
  fs::create_symlink(Victim, Own.pathOf("entry"));
  EXPECT_FALSE(Own.writeFile("entry", "x"));
  EXPECT_FALSE(Own.readFile("entry", 100));
  EXPECT_FALSE(Own.check("entry"));
  EXPECT_FALSE(Own.openFile("entry", O_RDWR | O_CREAT));
  EXPECT_FALSE(Own.openOwnDirectory("entry", true));
  EXPECT_EQ(test::fileContents(Victim), "victim\n");
}

TEST(OutputDirectoryTest, AnOwnDirectoryRefusesAForeignEntry) {
  const test::ScopedTempDirectory Scratch("atfc-outdir-own-foreign");
  OutputDirectory Out = made(Scratch);
  OutputDirectory Own = ownDirectory(Out);
  // Not a regular file: a pipe would block a reader.
  ASSERT_EQ(mkfifo(Own.pathOf("pipe").c_str(), 0600), 0);
  Expected<void> Written = Own.writeFile("pipe", "x");
  ASSERT_FALSE(Written);
  EXPECT_EQ(Written.error().message(),
            "'" + Own.pathOf("pipe") + "' is not a regular file; remove it");
  EXPECT_FALSE(Own.readFile("pipe", 100));
  // Writable by others.
  ASSERT_TRUE(Own.writeFile("open", "x"));
  chmod(Own.pathOf("open").c_str(), 0666);
  EXPECT_FALSE(Own.writeFile("open", "y"));
  EXPECT_FALSE(Own.readFile("open", 100));
  EXPECT_EQ(test::fileContents(Own.pathOf("open")), "x");
  if (geteuid() != 0)
    GTEST_SKIP() << "needs root to give files to another user (uid " << kOtherUser << ")";
  // Another user's entry, and the directory given to another user.
  ASSERT_TRUE(Own.writeFile("theirs", "x"));
  ASSERT_EQ(chown(Own.pathOf("theirs").c_str(), kOtherUser, kOtherUser), 0);
  Written = Own.writeFile("theirs", "y");
  ASSERT_FALSE(Written);
  EXPECT_NE(Written.error().message().find("belongs to another user (uid 12345)"),
            std::string::npos);
  EXPECT_FALSE(Own.readFile("theirs", 100));
  EXPECT_EQ(test::fileContents(Own.pathOf("theirs")), "x");
  ASSERT_EQ(chown(Own.path().c_str(), kOtherUser, kOtherUser), 0);
  Expected<OutputDirectory> Theirs = Out.openOwnDirectory("cache", false);
  ASSERT_FALSE(Theirs);
  EXPECT_NE(Theirs.error().message().find("belongs to another user (uid 12345)"),
            std::string::npos);
  ASSERT_EQ(chown(Own.path().c_str(), geteuid(), getegid()), 0);
  EXPECT_TRUE(Out.openOwnDirectory("cache", false));
}
