//===- test/unit/Runtime/SafeFilesTest.cpp - Writes that stay put ---------===//
#include "System/SafeFiles.h"

#include "../ScopedTempDirectory.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace atfc;
namespace fs = std::filesystem;

namespace {

std::string contents(const fs::path &Path) {
  std::ifstream In(Path, std::ios::binary);
  std::ostringstream Out;
  Out << In.rdbuf();
  return Out.str();
}

} // namespace

TEST(SafeFilesTest, PlantedLinksDoNotRedirectWrites) {
  const test::ScopedTempDirectory Scratch("atfc-safefiles-links");
  const fs::path &Dir = Scratch.path();
  std::ofstream(Dir / "victim") << "victim\n";
  // A link at the temporary name, and one at the final name.
  fs::create_symlink(Dir / "victim", Dir / "best.json.tmp");
  fs::create_symlink(Dir / "victim", Dir / "best.h");
  Expected<void> W = writeFileReplacing((Dir / "best.json").string(), "{}\n");
  ASSERT_TRUE(W) << W.error().message();
  W = writeFileReplacing((Dir / "best.h").string(), "#define X 1\n");
  ASSERT_TRUE(W) << W.error().message();
  EXPECT_EQ(contents(Dir / "victim"), "victim\n");
  EXPECT_EQ(contents(Dir / "best.json"), "{}\n");
  EXPECT_FALSE(fs::is_symlink(Dir / "best.h"));
  EXPECT_EQ(contents(Dir / "best.h"), "#define X 1\n");
  EXPECT_FALSE(fs::exists(Dir / "best.json.tmp"));
  // A link to a directory that does not exist yet, too.
  fs::create_symlink(Dir / "elsewhere" / "x", Dir / "report.html.tmp");
  W = writeFileReplacing((Dir / "report.html").string(), "<p>");
  ASSERT_TRUE(W) << W.error().message();
  EXPECT_FALSE(fs::exists(Dir / "elsewhere"));
}

TEST(SafeFilesTest, AnUnwritablePlaceIsAnError) {
  const test::ScopedTempDirectory Scratch("atfc-safefiles-error");
  const fs::path &Dir = Scratch.path();
  fs::create_directories(Dir / "best.json.tmp" / "full"); // cannot be unlinked
  Expected<void> W = writeFileReplacing((Dir / "best.json").string(), "{}");
  ASSERT_FALSE(W);
  const std::string Error = W.error().message();
  EXPECT_NE(Error.find("cannot write '" + (Dir / "best.json.tmp").string() + "'"),
            std::string::npos)
      << Error;
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
