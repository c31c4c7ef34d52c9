//===- TerminalTextTest.cpp - Data made safe to print ---------------------===//
//
// Every control byte a terminal would obey comes out as a visible escape,
// everything else as it was; a quoted message stays one bounded line.
//
//===----------------------------------------------------------------------===//
#include "System/TerminalText.h"

#include <gtest/gtest.h>

#include <ostream>
#include <sstream>

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
    const bool Control = (B < 0x20 && B != '\n' && B != '\t') || (B >= 0x7f && B <= 0x9f);
    EXPECT_EQ(Out.size(), Control ? 4u : 1u) << B;
  }
}

TEST(TerminalTextTest, EscapesC1ControlsButNotOtherUtf8) {
  EXPECT_EQ(escapeControlBytes("a\xc2\x9b"
                               "31mred\xc2\x9d"
                               "0;t"),
            "a\\xc2\\x9b31mred\\xc2\\x9d0;t");
  EXPECT_EQ(escapeControlBytes("\x9b"
                               "2J"),
            "\\x9b2J");
  EXPECT_EQ(escapeControlBytes("\xc2\xa0 \xe2\x82\xac \xf0\x9f\x98\x80"),
            "\xc2\xa0 \xe2\x82\xac \xf0\x9f\x98\x80");
  EXPECT_EQ(escapeControlBytes("caf\xe9\x1b"), "caf\xe9\\x1b");
  EXPECT_EQ(escapeControlBytes("end\xc2"), "end\xc2");
}

TEST(TerminalTextTest, SafeBufferEscapesWhatIsPrintedInAnyPieces) {
  // A sequence split between two writes is judged as a whole.
  std::stringbuf Sink;
  {
    TerminalSafeBuffer Safe(&Sink, /*KeepCarriageReturn=*/false);
    std::ostream Out(&Safe);
    Out << "file\x1b]0;title\x07.cl: ok\r\n"
        << "x\xc2";
    Out << "\x9b"
           "2J \xe2\x82"
        << "\xac\t" << '\x1b' << std::flush;
  }
  EXPECT_EQ(Sink.str(), "file\\x1b]0;title\\x07.cl: ok\\x0d\nx\\xc2\\x9b2J \xe2\x82\xac\t\\x1b");
  std::stringbuf Terminal;
  {
    TerminalSafeBuffer Safe(&Terminal, /*KeepCarriageReturn=*/true);
    std::ostream(&Safe) << "\r50%\x1b";
  }
  EXPECT_EQ(Terminal.str(), "\r50%\\x1b");
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
