//===- UsefulLogLineTest.cpp - The line of a log that says why ------------===//
#include "Backends/UsefulLogLine.h"

#include "Support/SplitMix64.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace atfc;

TEST(UsefulLogLine, PoclBuildLogGivesTheCompilerError) {
  // What an OpenCL build failure logs: the options, pocl's clang, its count.
  EXPECT_EQ(usefulLogLine("CL_BUILD_PROGRAM_FAILURE with options \"-D WPT=4 -D LS=2\"\n"
                          "conv2d.cl:58:19: error: too few elements in vector initialization "
                          "(expected 4 elements, have 2)\n"
                          "    float4 v = (float4)(a, b);\n"
                          "                  ^\n"
                          "1 error generated.\n"),
            "conv2d.cl:58:19: error: too few elements in vector initialization (expected 4 "
            "elements, have 2)");
}

TEST(UsefulLogLine, PoclPutsTheSeverityFirst) {
  // pocl 3.1's build log, as clGetProgramBuildInfo gives it.
  EXPECT_EQ(usefulLogLine("CL_BUILD_PROGRAM_FAILURE with options \"-D VEC=3 -D LS=1\"\n"
                          "error: /tmp/t/fill.cl:14:22: too few elements in vector initialization "
                          "(expected 4 elements, have 2)\n"
                          "Device pthread-skylake-avx512 failed to build the program\n"),
            "error: /tmp/t/fill.cl:14:22: too few elements in vector initialization (expected 4 "
            "elements, have 2)");
  // A located error wins over an earlier unlocated one.
  EXPECT_EQ(usefulLogLine("error: linking failed\nerror: k.cl:2:1: unknown type name 'flaot'\n"),
            "error: k.cl:2:1: unknown type name 'flaot'");
}

TEST(UsefulLogLine, GccGivesTheFirstErrorNotTheContextOrNotes) {
  EXPECT_EQ(usefulLogLine("kernel.c: In function 'main':\n"
                          "kernel.c:12:5: error: 'x' undeclared (first use in this function)\n"
                          "   12 |     x = 1;\n"
                          "      |     ^\n"
                          "kernel.c:12:5: note: each undeclared identifier is reported only once\n"
                          "kernel.c:14:1: error: expected ';' before '}' token\n"),
            "kernel.c:12:5: error: 'x' undeclared (first use in this function)");
  EXPECT_EQ(usefulLogLine("main.c:7: error: old gcc without columns\n"),
            "main.c:7: error: old gcc without columns");
}

TEST(UsefulLogLine, ClangSkipsWarningsBeforeTheError) {
  EXPECT_EQ(usefulLogLine("k.cpp:3:7: warning: unused variable 'y' [-Wunused-variable]\n"
                          "k.cpp:4:3: error: use of undeclared identifier 'x'\n"
                          "    x = 2;\n"
                          "    ^\n"
                          "1 warning and 1 error generated.\n"),
            "k.cpp:4:3: error: use of undeclared identifier 'x'");
  EXPECT_EQ(usefulLogLine("k.cpp:1:10: fatal error: 'missing.h' file not found\n"
                          "compilation terminated.\n"),
            "k.cpp:1:10: fatal error: 'missing.h' file not found");
}

TEST(UsefulLogLine, NvrtcPositionsInParentheses) {
  EXPECT_EQ(usefulLogLine("kernel.cu(58): warning #177-D: variable \"i\" was declared\n"
                          "kernel.cu(61): error: identifier \"TILE\" is undefined\n"
                          "\n"
                          "1 error detected in the compilation of \"kernel.cu\".\n"),
            "kernel.cu(61): error: identifier \"TILE\" is undefined");
}

TEST(UsefulLogLine, AnUnlocatedErrorWhenNoneHasAPosition) {
  EXPECT_EQ(usefulLogLine("/usr/bin/ld: cannot find -lmissing\n"
                          "collect2: error: ld returned 1 exit status\n"),
            "collect2: error: ld returned 1 exit status");
  EXPECT_EQ(usefulLogLine("clang: error: unknown argument: '-fbogus'\n"),
            "clang: error: unknown argument: '-fbogus'");
}

TEST(UsefulLogLine, PythonTracebackGivesTheException) {
  EXPECT_EQ(usefulLogLine("Traceback (most recent call last):\n"
                          "  File \"run.py\", line 3, in <module>\n"
                          "    raise ValueError(\"bad size\")\n"
                          "ValueError: bad size\n"),
            "ValueError: bad size");
  EXPECT_EQ(usefulLogLine("  File \"check.py\", line 2\n"
                          "    print(\n"
                          "         ^\n"
                          "SyntaxError: '(' was never closed\n\n"),
            "SyntaxError: '(' was never closed");
}

TEST(UsefulLogLine, ScriptGivesItsLastStderrLine) {
  EXPECT_EQ(usefulLogLine("compiling...\r\n"
                          "run.sh: line 3: ./bench: No such file or directory\r\n"),
            "run.sh: line 3: ./bench: No such file or directory");
  EXPECT_EQ(usefulLogLine("make: *** [Makefile:3: bench] Error 1"),
            "make: *** [Makefile:3: bench] Error 1");
  EXPECT_EQ(usefulLogLine("bench.c failed\nmake: *** [Makefile:3: bench] Error 1"),
            "bench.c failed");
}

TEST(UsefulLogLine, EmptyAndBlankLogsHaveNone) {
  EXPECT_EQ(usefulLogLine(""), "");
  EXPECT_EQ(usefulLogLine("\n\n   \n\t\n"), "");
  EXPECT_EQ(usefulLogLine("  ^~~\n\n"), "");
  // Nothing but a closing count: still more than nothing.
  EXPECT_EQ(usefulLogLine("1 error generated.\n"), "1 error generated.");
}

TEST(UsefulLogLine, LongLinesAreCutAtACharacter) {
  std::string Long;
  while (Long.size() < 1000)
    Long += "\xc3\xa9"; // é: two bytes
  const std::string Line = usefulLogLine("x.c:1:1: error: " + Long + "\n");
  ASSERT_LE(Line.size(), kUsefulLogLineBytes);
  EXPECT_TRUE(Line.ends_with("..."));
  // The cut leaves whole characters: the byte before "..." ends one.
  const std::string Kept = Line.substr(0, Line.size() - 3);
  EXPECT_EQ(static_cast<unsigned char>(Kept.back()), 0xa9);
}

// The class of bug: a closing count, a caret line, a warning or the build's
// options reported as why a build failed. Logs of those lines in random
// order around one error line give that error line, whatever surrounds it.
TEST(UsefulLogLine, RandomNoiseAroundOneErrorGivesTheError) {
  const std::vector<std::string> Noise = {
      "1 error generated.",
      "2 warnings generated.",
      "      ^~~~~",
      "",
      "   ",
      "compilation terminated.",
      "a.cl:3:1: warning: unused variable 'q'",
      "a.cl:9:2: note: declared here",
      "CL_BUILD_PROGRAM_FAILURE with options \"-D X=1\"",
      "    float x = y;",
      "kernel.cu(4): warning: something",
      "In file included from a.cl:1:",
      "error: linking failed",
      "Device pthread-skylake-avx512 failed to build the program"};
  const std::vector<std::string> Errors = {
      "a.cl:12:7: error: use of undeclared identifier 'y'", "b.c:4: error: expected ';'",
      "k.cu(3): error: identifier \"N\" is undefined",
      "k.cl:1:1: fatal error: 'x.h' file not found", "error: /tmp/k.cl:14:22: too few elements"};
  SplitMix64 Random{0x5eed};
  for (int Trial = 0; Trial < 2000; ++Trial) {
    const std::string &Error = Errors[Random.next() % Errors.size()];
    const std::size_t Before = Random.next() % 6, After = Random.next() % 6;
    std::string Log;
    for (std::size_t I = 0; I < Before; ++I)
      Log += Noise[Random.next() % Noise.size()] + (Random.next() % 2 ? "\n" : "\r\n");
    Log += Error + "\n";
    for (std::size_t I = 0; I < After; ++I)
      Log += Noise[Random.next() % Noise.size()] + "\n";
    ASSERT_EQ(usefulLogLine(Log), Error) << "log:\n" << Log;
  }
}
