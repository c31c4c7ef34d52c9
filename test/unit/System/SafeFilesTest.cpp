//===- test/unit/Runtime/SafeFilesTest.cpp - Writes that stay put ---------===//
#include "System/SafeFiles.h"

#include "../FileContents.h"
#include "../ScopedTempDirectory.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>
#include <vector>

using namespace atfc;
namespace fs = std::filesystem;

namespace {} // namespace

TEST(SafeFilesTest, PlantedLinksDoNotRedirectWrites) {
  const test::ScopedTempDirectory Scratch("atfc-safefiles-links");
  const fs::path &Dir = Scratch.path();
  std::ofstream(Dir / "victim") << "victim\n";
  // A link at the old fixed temporary name, and one at the final name.
  fs::create_symlink(Dir / "victim", Dir / "best.json.tmp");
  fs::create_symlink(Dir / "victim", Dir / "best.h");
  Expected<void> W = writeFileReplacing((Dir / "best.json").string(), "{}\n");
  ASSERT_TRUE(W) << W.error().message();
  W = writeFileReplacing((Dir / "best.h").string(), "#define X 1\n");
  ASSERT_TRUE(W) << W.error().message();
  EXPECT_EQ(test::fileContents(Dir / "victim"), "victim\n");
  EXPECT_EQ(test::fileContents(Dir / "best.json"), "{}\n");
  EXPECT_FALSE(fs::is_symlink(Dir / "best.h"));
  EXPECT_EQ(test::fileContents(Dir / "best.h"), "#define X 1\n");
  // The temporary is atfc's own: the link of that old name is not touched.
  EXPECT_TRUE(fs::is_symlink(Dir / "best.json.tmp"));
}

TEST(SafeFilesTest, AnUnwritablePlaceIsAnError) {
  const test::ScopedTempDirectory Scratch("atfc-safefiles-error");
  const fs::path &Dir = Scratch.path();
  Expected<void> W = writeFileReplacing((Dir / "missing" / "best.json").string(), "{}");
  ASSERT_FALSE(W);
  EXPECT_EQ(W.error().message(), "cannot write '" + (Dir / "missing" / "best.json").string() +
                                     "': No such file or directory");
}

// Issue 44: the fixed temporary PATH.tmp deleted the user's own
// notes.txt.tmp, and another user's X.tmp in a sticky directory blocked
// the write.
TEST(SafeFilesTest, TheUsersOwnTmpFileIsLeftAlone) {
  const test::ScopedTempDirectory Scratch("atfc-safefiles-tmp");
  const fs::path &Dir = Scratch.path();
  std::ofstream(Dir / "notes.txt.tmp") << "the user's notes\n";
  fs::create_directories(Dir / "report.html.tmp" / "full"); // cannot be unlinked
  ASSERT_TRUE(writeFileReplacing((Dir / "notes.txt").string(), "new\n"));
  ASSERT_TRUE(writeFileReplacing((Dir / "report.html").string(), "<p>"));
  EXPECT_EQ(test::fileContents(Dir / "notes.txt.tmp"), "the user's notes\n");
  EXPECT_EQ(test::fileContents(Dir / "notes.txt"), "new\n");
  EXPECT_TRUE(fs::is_directory(Dir / "report.html.tmp" / "full"));
}

// Issue 44: `-o` onto a FIFO or a device replaced it (as root, /dev/null
// became a file). Only a regular file (or a link) is replaced.
TEST(SafeFilesTest, ANonRegularTargetIsRefusedWithWhatItIs) {
  const test::ScopedTempDirectory Scratch("atfc-safefiles-kinds");
  const fs::path &Dir = Scratch.path();
  ASSERT_EQ(mkfifo((Dir / "fifo").c_str(), 0600), 0);
  fs::create_directory(Dir / "directory");
  Expected<void> W = writeFileReplacing((Dir / "fifo").string(), "x");
  ASSERT_FALSE(W);
  EXPECT_EQ(W.error().message(), "cannot write '" + (Dir / "fifo").string() +
                                     "': it is a FIFO, and atfc replaces only a regular file; "
                                     "name a file");
  EXPECT_TRUE(fs::is_fifo(Dir / "fifo"));
  W = writeFileReplacing((Dir / "directory").string(), "x");
  ASSERT_FALSE(W);
  EXPECT_NE(W.error().message().find("it is a directory"), std::string::npos);
  W = writeFileReplacing("/dev/null", "x");
  ASSERT_FALSE(W);
  EXPECT_EQ(W.error().message(),
            "cannot write '/dev/null': it is a character device, and atfc replaces only a "
            "regular file; name a file");
  struct stat Null {};
  ASSERT_EQ(stat("/dev/null", &Null), 0);
  EXPECT_TRUE(S_ISCHR(Null.st_mode));
}

// The hunter: every kind of entry at the target, beside every kind of
// entry at names a temporary could have had; each write either replaces
// a regular file or a link (and nothing else in the directory changes, no
// temporary is left) or is refused, the target as it was.
TEST(SafeFilesTest, EveryKindOfTargetIsReplacedOrRefusedAndNothingElseChanges) {
  const test::ScopedTempDirectory Scratch("atfc-safefiles-hunt");
  const std::vector<std::string> Kinds = {"missing", "regular",      "link-to-file", "dangling",
                                          "fifo",    "link-to-fifo", "directory",    "socket"};
  auto Listing = [](const fs::path &Dir) {
    std::map<std::string, std::string> Entries;
    for (const auto &Entry : fs::directory_iterator(Dir)) {
      const fs::path &P = Entry.path();
      std::string What = fs::is_symlink(P)        ? "link " + fs::read_symlink(P).string()
                         : fs::is_regular_file(P) ? "file " + test::fileContents(P)
                                                  : "other";
      Entries[P.filename().string()] = What;
    }
    return Entries;
  };
  unsigned Case = 0;
  for (const std::string &Kind : Kinds)
    for (const std::string &Beside : Kinds) {
      const fs::path Dir = Scratch.path() / std::to_string(Case++);
      fs::create_directory(Dir);
      std::ofstream(Dir / "canary") << "canary\n";
      auto Plant = [&](const fs::path &At, const std::string &What) {
        if (What == "regular")
          std::ofstream(At) << "user\n";
        else if (What == "link-to-file")
          fs::create_symlink(Dir / "canary", At);
        else if (What == "dangling")
          fs::create_symlink(Dir / "nowhere", At);
        else if (What == "fifo")
          ASSERT_EQ(mkfifo(At.c_str(), 0600), 0);
        else if (What == "link-to-fifo") {
          ASSERT_EQ(mkfifo((At.string() + ".fifo").c_str(), 0600), 0);
          fs::create_symlink(At.string() + ".fifo", At);
        } else if (What == "directory")
          fs::create_directory(At);
        else if (What == "socket") {
          const int Socket = socket(AF_UNIX, SOCK_STREAM, 0);
          sockaddr_un Address{};
          Address.sun_family = AF_UNIX;
          std::snprintf(Address.sun_path, sizeof Address.sun_path, "%s", At.c_str());
          ASSERT_EQ(bind(Socket, reinterpret_cast<sockaddr *>(&Address), sizeof Address), 0);
          close(Socket);
        }
      };
      Plant(Dir / "out.txt", Kind);
      Plant(Dir / "out.txt.tmp", Beside);
      Plant(Dir / ".out.txt.tmp", Beside == "missing" ? "regular" : Beside);
      std::map<std::string, std::string> Before = Listing(Dir);
      Expected<void> W = writeFileReplacing((Dir / "out.txt").string(), "written\n");
      std::map<std::string, std::string> After = Listing(Dir);
      const bool Replaceable = Kind == "missing" || Kind == "regular" || Kind == "link-to-file" ||
                               Kind == "dangling" || Kind == "link-to-fifo";
      EXPECT_EQ(static_cast<bool>(W), Replaceable) << Kind << " beside " << Beside;
      if (W) {
        EXPECT_EQ(After["out.txt"], "file written\n") << Kind << " beside " << Beside;
        Before.erase("out.txt");
        After.erase("out.txt");
      }
      EXPECT_EQ(Before, After) << Kind << " beside " << Beside;
    }
}

TEST(SafeFilesTest, CreatedDirectoriesArePrivate) {
  const test::ScopedTempDirectory Scratch("atfc-safefiles-dirs");
  const fs::path &Dir = Scratch.path();
  const fs::path Deep = Dir / "a" / "b" / "c";
  Expected<void> C = createPrivateDirectories(Deep.string());
  ASSERT_TRUE(C) << C.error().message();
  for (const fs::path &P : {Dir / "a", Dir / "a" / "b", Deep}) {
    struct stat Status {};
    ASSERT_EQ(stat(P.c_str(), &Status), 0);
    EXPECT_EQ(Status.st_mode & 0777, 0700u) << P;
  }
  // Existing directories are left as they are; a file in the way is an error.
  C = createPrivateDirectories(Deep.string());
  ASSERT_TRUE(C) << C.error().message();
  std::ofstream(Dir / "file") << "x";
  C = createPrivateDirectories((Dir / "file").string());
  ASSERT_FALSE(C);
  EXPECT_NE(C.error().message().find("no directory"), std::string::npos) << C.error().message();
  EXPECT_FALSE(createPrivateDirectories((Dir / "file" / "below").string()));
  C = createPrivateDirectories("");
  ASSERT_FALSE(C);
  EXPECT_EQ(C.error().message(), "cannot create a directory with an empty name");
}
