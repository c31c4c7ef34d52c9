//===- TerminalTextTest.cpp - Data made safe to print ---------------------===//
//
// Every control byte a terminal would obey comes out as a visible escape,
// everything else as it was; a quoted message stays one bounded line.
//
//===----------------------------------------------------------------------===//
#include "System/TerminalText.h"

#include <gtest/gtest.h>

using namespace atfc;

namespace {

TEST(TerminalTextTest, EscapesControlBytesButNewlineAndTab) {
  EXPECT_EQ(escapeControlBytes("a\x1b[2Jb"), "a\\x1b[2Jb");
  EXPECT_EQ(escapeControlBytes("line\nnext\tcell"), "line\nnext\tcell");
  EXPECT_EQ(escapeControlBytes("\r\x7f"), "\\x0d\\x7f");
  EXPECT_EQ(escapeControlBytes(std::string_view("\0", 1)), "\\x00");
}

TEST(TerminalTextTest, KeepsPrintableAndMultiByteText) {
  EXPECT_EQ(escapeControlBytes(""), "");
  EXPECT_EQ(escapeControlBytes("x = \"a\\b\" 50%"), "x = \"a\\b\" 50%");
  EXPECT_EQ(escapeControlBytes("größe µs"), "größe µs");
}

TEST(TerminalTextTest, EscapesEveryControlByte) {
  for (int B = 0; B < 256; ++B) {
    const std::string Out = escapeControlBytes(std::string(1, static_cast<char>(B)));
    const bool Control = (B < 0x20 && B != '\n' && B != '\t') || B == 0x7f;
    EXPECT_EQ(Out.size(), Control ? 4u : 1u) << B;
  }
}

TEST(TerminalTextTest, QuotesForAMessage) {
  EXPECT_EQ(quotedForMessage("fast!", 80), "\"fast!\"");
  EXPECT_EQ(quotedForMessage("say \"hi\"\\", 80), "\"say \\\"hi\\\"\\\\\"");
  EXPECT_EQ(quotedForMessage("1\n2\t3\x1b", 80), "\"1\\n2\\x093\\x1b\"");
}

TEST(TerminalTextTest, CutsAQuoteAtItsLimit) {
  EXPECT_EQ(quotedForMessage("abcdef", 3), "\"abc...\"");
  EXPECT_EQ(quotedForMessage("abc", 3), "\"abc\"");
  EXPECT_EQ(quotedForMessage("", 0), "\"\"");
}

} // namespace
