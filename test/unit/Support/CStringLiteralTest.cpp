//===- CStringLiteralTest.cpp - Text as a C string literal ----------------===//
//
// Hostile texts (quotes, backslashes, newlines, CR, ESC, `??/` trigraphs,
// `*/`, invalid UTF-8, every byte) and random byte strings are written as
// literals, compiled by the real compiler as C with trigraphs and as C++,
// and printed back: the bytes must be the same. A literal also sits in a
// `//` and a `/* */` comment, which it must not end or extend.
//
//===----------------------------------------------------------------------===//
#include "Support/CStringLiteral.h"

#include "../CommandOutput.h"
#include "../ScopedTempDirectory.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>
#include <vector>

using namespace atfc;

namespace {

std::vector<std::string> hostileTexts() {
  std::vector<std::string> Texts = {"",
                                    "plain",
                                    "say \"hi\"\\",
                                    "line\nnext\r\n",
                                    "?\?/",
                                    "?\?\?/x?\?=?\?(?\?)?\?'",
                                    "*/ #error out",
                                    "a?\?b",
                                    "\x1b]0;title\x07\x1b[2J",
                                    "caf\xc3\xa9 \xff\xfe\x80",
                                    "\\",
                                    "\x7f\x01\t",
                                    "12\0018"};
  std::string Every;
  for (int C = 1; C < 256; ++C)
    Every += static_cast<char>(C);
  Texts.push_back(Every);
  std::mt19937_64 Random(std::random_device{}());
  std::uniform_int_distribution<int> Byte(1, 255), Length(0, 40), Pick(0, 9);
  const char Hot[] = "?/*\\\"\n\r";
  for (int K = 0; K < 200; ++K) {
    std::string T;
    for (int I = Length(Random); I > 0; --I)
      T += Pick(Random) < 6 ? Hot[Pick(Random) % 7] : static_cast<char>(Byte(Random));
    Texts.push_back(T);
  }
  return Texts;
}

} // namespace

TEST(CStringLiteralTest, EscapesWhatACompilerOrACommentWouldMisread) {
  EXPECT_EQ(cStringLiteral("say \"hi\"\\\n"), "\"say \\\"hi\\\"\\\\\\n\"");
  EXPECT_EQ(cStringLiteral("?\?/"), "\"?\\?/\"");
  EXPECT_EQ(cStringLiteral("?\?\?"), "\"?\\?\\?\"");
  EXPECT_EQ(cStringLiteral("*/"), "\"*\\057\"");
  EXPECT_EQ(cStringLiteral("/*"), "\"/\\052\"");
  EXPECT_EQ(cStringLiteral("\r\x1b"
                           "1"),
            "\"\\015\\0331\"");
  EXPECT_EQ(cStringLiteral("\xc3\xa9"), "\"\\303\\251\"");
}

TEST(CStringLiteralTest, CompiledLiteralsReadBackTheSameBytes) {
  test::ScopedTempDirectory Dir("c-string-literal");
  const std::vector<std::string> Texts = hostileTexts();
  std::ostringstream Program;
  Program << "#include <stdio.h>\n";
  for (const std::string &T : Texts)
    Program << "// " << cStringLiteral(T) << "\n/* " << cStringLiteral(T) << " */\n";
  Program << "static const char *const texts[] = {\n";
  for (const std::string &T : Texts)
    Program << "  " << cStringLiteral(T) << ",\n";
  Program << "};\nstatic const unsigned long sizes[] = {\n";
  for (const std::string &T : Texts)
    Program << "  sizeof " << cStringLiteral(T) << " - 1,\n";
  Program << "};\nint main(void) {\n  unsigned long i;\n"
             "  for (i = 0; i < sizeof texts / sizeof texts[0]; ++i) {\n"
             "    fwrite(texts[i], 1, sizes[i], stdout);\n    fputc(0, stdout);\n  }\n"
             "  return 0;\n}\n";
  std::ofstream(Dir.path() / "literals.c") << Program.str();
  std::string Expected;
  for (const std::string &T : Texts)
    Expected += T + '\0';
  for (const char *Mode : {"-x c -std=gnu89 -trigraphs", "-x c -std=gnu17", "-x c++ -std=c++03",
                           "-x c++ -std=c++20"}) {
    const std::string Binary = (Dir.path() / "literals").string();
    const std::string Build = std::string(ATF_CXX_COMPILER) + " " + Mode +
                              " -Wall -Wextra -Werror -o " + Binary + " " +
                              (Dir.path() / "literals.c").string() + " 2>&1";
    ASSERT_EQ(test::commandOutput(Build), "") << Mode;
    EXPECT_EQ(test::commandOutput(Binary), Expected) << Mode;
  }
}
