//===- GeneratedNameTest.cpp - Names atfc writes into C and C++ -----------===//
//
// The validator refuses each class of hostile name (not an identifier, a
// keyword, reserved, a macro, atfc's own, the writer's own, duplicates),
// says why, and passes ordinary names. Every name it passes compiles as a
// `#define`, a struct member and a function parameter in C and C++ with
// the standard headers a program including best.h is likely to include:
// the real compiler checks a table of candidates (GeneratedHeadersTest
// feeds hostile names through the writers themselves).
//
//===----------------------------------------------------------------------===//
#include "Support/GeneratedName.h"

#include "../ScopedTempDirectory.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <vector>

using namespace atfc;

namespace {

bool refused(std::string_view Name, std::string_view Fragment) {
  const std::string Why = generatedNameProblem(Name);
  if (Why.find(Fragment) == std::string::npos) {
    ADD_FAILURE() << "'" << Name << "': '" << Why << "' lacks '" << Fragment << "'";
    return false;
  }
  return true;
}

const char *const kCandidates[] = {
    "WPT",        "wpt",      "Wpt",     "N",     "k",         "device",    "best",
    "tile_size",  "x1",       "_x",      "_",     "M_TILE",    "EPS",       "ELEMS",
    "SIGMA",      "total",    "stride",  "index", "value",     "config",    "in_N",
    "layout",     "unix",     "linux",   "NULL",  "EOF",       "errno",     "assert",
    "stdin",      "INFINITY", "NAN",     "M_PI",  "INT32_MAX", "PRId64",    "SIZE_MAX",
    "EINVAL",     "SIGINT",   "FLT_MAX", "isnan", "offsetof",  "strcmp",    "size_t",
    "int64_t",    "FILE",     "main",    "true",  "and",       "restrict",  "typeof",
    "local",      "__LINE__", "_Pragma", "__x",   "a__b",      "atfc_tier", "ATFC_BEST_H",
    "atf_setup_", "Atf_x",    "atf",     "I",     "complex",   "wchar_t",   "char8_t",
    "co_await",   "kernel"};

} // namespace

TEST(GeneratedNameTest, RefusesEachClassAndSaysWhy) {
  EXPECT_TRUE(refused("", "empty"));
  EXPECT_TRUE(refused("1WPT", "not a C identifier"));
  EXPECT_TRUE(refused("a-b", "not a C identifier"));
  EXPECT_TRUE(refused("caf\xc3\xa9", "not a C identifier"));
  EXPECT_TRUE(refused("a\nb", "not a C identifier"));
  EXPECT_TRUE(refused(std::string(300, 'x'), "longer than 255"));
  EXPECT_TRUE(refused("int", "keyword"));
  EXPECT_TRUE(refused("typeof", "keyword"));  // C23
  EXPECT_TRUE(refused("char8_t", "keyword")); // C++20
  EXPECT_TRUE(refused("bitand", "keyword"));  // an alternative token
  EXPECT_TRUE(refused("global", "keyword"));  // OpenCL C
  EXPECT_TRUE(refused("__LINE__", "reserved to the compiler"));
  EXPECT_TRUE(refused("_Bool", "reserved to the compiler"));
  EXPECT_TRUE(refused("a__b", "reserved to the compiler"));
  EXPECT_TRUE(refused("unix", "macro"));
  EXPECT_TRUE(refused("errno", "macro"));
  EXPECT_TRUE(refused("EOF", "macro"));
  EXPECT_TRUE(refused("assert", "macro"));
  EXPECT_TRUE(refused("stdin", "macro"));
  EXPECT_TRUE(refused("UINT_LEAST16_MAX", "macro"));
  EXPECT_TRUE(refused("PRIxPTR", "macro"));
  EXPECT_TRUE(refused("M_SQRT1_2l", "macro"));
  EXPECT_TRUE(refused("strcmp", "C library"));
  EXPECT_TRUE(refused("atfc_tier", "atfc's own"));
  EXPECT_TRUE(refused("ATFC_BEST_H", "atfc's own"));
  EXPECT_TRUE(refused("atf_setup_", "atfc's own"));
  EXPECT_TRUE(refused("Atf_Path_", "atfc's own"));
  EXPECT_EQ(generatedNameProblem("gemm_select", "gemm_"),
            "names beginning with 'gemm_' are the generated file's own");
  for (const char *Fine : {"WPT", "N", "_x", "_", "tile_size", "M_TILE", "ELEMS", "SIGMA", "total",
                           "index", "gemm", "atfcx", "x_atfc_"})
    EXPECT_EQ(generatedNameProblem(Fine), "") << Fine;
}

TEST(GeneratedNameTest, DuplicatesAndMessagesNameTheName) {
  const std::vector<std::string> Names = {"WPT", "wpt", "WPT"};
  EXPECT_EQ(generatedNamesProblem(Names, "tuning parameter"),
            "the tuning parameter name 'WPT' appears twice");
  const std::vector<std::string> Hostile = {"ok", "x;system(\"rm -rf ~\")\x1b]0;"};
  EXPECT_EQ(generatedNamesProblem(Hostile, "input"),
            "the input name 'x;system(\"rm -rf ~\")\\x1b]0;' cannot be written into generated "
            "code: it is not a C identifier (ASCII letters, digits and '_', not starting with a "
            "digit)");
  EXPECT_EQ(nameForMessage(std::string(100, 'a')), std::string(64, 'a') + "...");
}

TEST(GeneratedNameTest, EveryPassedNameCompilesInCAndCxx) {
  test::ScopedTempDirectory Dir("generated-name");
  std::string Defines, Members, Parameters = "int atfc_unused";
  for (const char *Name : kCandidates) {
    if (!generatedNameProblem(Name).empty())
      continue;
    Defines += std::string("#define ") + Name + " 1\n#undef " + Name + "\n";
    Members += std::string("  long long ") + Name + ";\n";
    Parameters += std::string(", double ") + Name;
  }
  const std::string Headers = "#include <assert.h>\n#include <errno.h>\n#include <float.h>\n"
                              "#include <limits.h>\n#include <math.h>\n#include <signal.h>\n"
                              "#include <stddef.h>\n#include <stdint.h>\n#include <inttypes.h>\n"
                              "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n";
  // Each name as a macro before the headers (best.h first), as a member and
  // as a parameter of a function that uses the library names.
  std::ofstream(Dir.path() / "names.c")
      << Defines << Headers << "typedef struct {\n"
      << Members << "} config;\n"
      << "static size_t f(" << Parameters << ") {\n  (void)atfc_unused;\n"
      << "  return (size_t)strcmp(\"a\", \"b\") + sizeof(config);\n}\n";
  std::string Arguments;
  for (const char *Name : kCandidates)
    if (generatedNameProblem(Name).empty())
      Arguments += ", 0";
  std::ofstream(Dir.path() / "main.c")
      << "#include \"names.c\"\nint main(void) { return (int)f(0" << Arguments << "); }\n";
  for (const char *Mode : {"-x c -std=c99", "-x c -std=gnu17", "-x c++ -std=c++20"}) {
    const std::string Command =
        std::string(ATF_CXX_COMPILER) + " " + Mode +
        " -fsyntax-only -Wall -Wextra -Werror -Wno-unused-function -Wno-unused-parameter " +
        (Dir.path() / "main.c").string() + " 2>&1";
    EXPECT_EQ(std::system(Command.c_str()), 0) << Command;
  }
}
