//===- MeasuredFilesTest.cpp - Files a run's results depend on ------------===//
//
// The files a script names join the results key: those it reads, found
// relative to the tuned file or through $ATF_FILE_DIR; never what it
// writes, the system's files, variables or words that name no file.
//
//===----------------------------------------------------------------------===//
#include "Driver/MeasuredFiles.h"
#include "Frontend/IncludedFiles.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace atfc;
namespace fs = std::filesystem;

namespace {

class MeasuredFilesTest : public ::testing::Test {
protected:
  // A project in /tmp/atfc-...: its files were taken for the system's
  // (as atfc's own temporary directories once were), so that none joined
  // the key; make check's $TMPDIR, /tmp/atfc-check-..., found it.
  void SetUp() override {
    Dir = fs::temp_directory_path() / ("atfc-measured-" + std::to_string(::getpid()));
    fs::remove_all(Dir);
    fs::create_directories(Dir / "sub");
    for (const char *Name : {"run.sh", "input.dat", "log.txt", "sub/helper.py"})
      std::ofstream(Dir / Name) << "x\n";
  }
  void TearDown() override { fs::remove_all(Dir); }

  std::vector<std::string> named(const std::string &Script) {
    std::vector<std::string> Files = namesInScript(Script, Dir.string()).Read;
    std::sort(Files.begin(), Files.end());
    return Files;
  }
  std::string path(const char *Name) const { return (Dir / Name).string(); }

  fs::path Dir;
};

TEST_F(MeasuredFilesTest, ReadFilesAreNamedAbsolutely) {
  EXPECT_EQ(named("bash run.sh input.dat"),
            (std::vector<std::string>{path("input.dat"), path("run.sh")}));
  EXPECT_EQ(named("python3 $ATF_FILE_DIR/sub/helper.py"),
            std::vector<std::string>{path("sub/helper.py")});
  EXPECT_EQ(named("python3 \"${ATF_FILE_DIR}/sub/helper.py\""),
            std::vector<std::string>{path("sub/helper.py")});
}

// A file one script writes and another reads changes with every run: it
// is output, not something the results depend on (it would stop every run
// as a covered file changed during it, TuningRun.cpp).
TEST_F(MeasuredFilesTest, WhatAScriptWritesIsNamedAsWritten) {
  EXPECT_EQ(
      namesInScript("./run.sh > log.txt 2>>\"$ATF_FILE_DIR/sub/out\" >$X", Dir.string()).Written,
      (std::vector<std::string>{path("log.txt"), path("sub/out")}));
}

TEST_F(MeasuredFilesTest, OutputsSystemFilesAndOtherWordsAreNot) {
  // log.txt exists, but the script writes it.
  EXPECT_EQ(named("./run.sh > log.txt 2>>log.txt"), std::vector<std::string>{path("run.sh")});
  EXPECT_TRUE(named("/bin/sh -c true; cat /etc/hostname").empty());
  EXPECT_TRUE(named("X=input.dat $HOME/run.sh missing.dat").empty());
}

// CLI tester: `sh "$ATF_FILE_DIR/my run.sh"` was split inside its quotes,
// so the script was not in the key and a fixed script's old failures were
// reused. Words are split as a shell splits them.
TEST_F(MeasuredFilesTest, QuotedAndEscapedBlanksStayInTheirWord) {
  std::ofstream(Dir / "my run.sh") << "x\n";
  std::ofstream(Dir / "it's.dat") << "x\n";
  for (const char *Script :
       {"sh \"$ATF_FILE_DIR/my run.sh\"", "sh \"$ATF_FILE_DIR\"/'my run.sh'", "sh my\\ run.sh",
        "sh \"${ATF_FILE_DIR}\"/my\" \"run.sh && true", "cd x;sh 'my run.sh'|cat"})
    EXPECT_EQ(named(Script), std::vector<std::string>{path("my run.sh")}) << Script;
  EXPECT_EQ(named("cat \"it's.dat\" it\\'s.dat"),
            (std::vector<std::string>{path("it's.dat"), path("it's.dat")}));
  // Unquoted, a blank ends a word; single quotes expand nothing.
  EXPECT_EQ(named("sh my run.sh"), std::vector<std::string>{path("run.sh")});
  EXPECT_TRUE(named("sh '$ATF_FILE_DIR/my run.sh'").empty());
  EXPECT_TRUE(named("sh \"$HOME/my run.sh\" # run.sh").empty());
  EXPECT_EQ(named("sh \"my run.sh\" > \"my run.sh\""), std::vector<std::string>{path("my run.sh")});
}

// CLI tester: `$CC` in a compile script was not in the key, and nothing
// said so. The variables a script expands are; $ATF_FILE_DIR, single
// quotes and escapes expand nothing; the files it calls are not read.
TEST_F(MeasuredFilesTest, TheVariablesAScriptExpandsAreNamed) {
  std::ofstream(Dir / "build.sh") << "#!/bin/sh\n$KNOB\n";
  auto Variables = [&](const std::string &Script) {
    return namesInScript(Script, Dir.string()).Variables;
  };
  EXPECT_EQ(Variables("$CC -o x \"$ATF_FILE_DIR/a.c\" ${FLAGS} '$QUOTED' \\$ESCAPED $1 $(date)"),
            (std::vector<std::string>{"CC", "FLAGS"}));
  EXPECT_EQ(Variables("sh build.sh -O${LEVEL:-2} \"$ATF_SOURCE\" # $NOTE"),
            (std::vector<std::string>{"ATF_SOURCE", "LEVEL"}));
  EXPECT_EQ(Variables("x=\"${CC}\"$(echo \"$FLAGS\")`$TOOL`"),
            (std::vector<std::string>{"CC", "FLAGS", "TOOL"}));
}

// Issue 44: an #include naming a FIFO hung `atfc tune` in the open. It is
// listed, unopened, at once (an alarm ends the test if it blocks), beside
// a regular header; /dev/zero the same.
TEST_F(MeasuredFilesTest, AnIncludeThatIsNoRegularFileIsListedUnopened) {
  ASSERT_EQ(mkfifo(path("fifo.h").c_str(), 0600), 0);
  std::ofstream(Dir / "plain.h") << "#define PLAIN 1\n";
  const std::string Source = "#include \"plain.h\"\n#include \"fifo.h\"\n#include "
                             "\"/dev/zero\"\nint main() { return PLAIN; }\n";
  alarm(60);
  const std::vector<std::string> Files = includedFilesOf(path("main.cpp"), Source);
  alarm(0);
  for (const char *Name : {"plain.h", "fifo.h"})
    EXPECT_NE(std::find(Files.begin(), Files.end(), path(Name)), Files.end()) << Name;
  EXPECT_NE(std::find(Files.begin(), Files.end(), "/dev/zero"), Files.end());
}

} // namespace
