//===- TerminalTextTest.cpp - Data made safe to print ---------------------===//
//
// Every control byte a terminal would obey comes out as a visible escape,
// everything else as it was; a quoted message stays one bounded line.
//
//===----------------------------------------------------------------------===//
#include "System/TerminalText.h"

#include "Support/DisplayWidth.h"
#include "Support/HexText.h"
#include "Support/SplitMix64.h"

#include <gtest/gtest.h>

#include <cstdint>
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

TEST(TerminalTextTest, EscapesEveryControlByteAndEveryByteOfNoUtf8) {
  for (int B = 0; B < 256; ++B) {
    const std::string Out = escapeControlBytes(std::string(1, static_cast<char>(B)));
    // A byte from 0x80 up alone is part of no UTF-8 sequence.
    const bool Escaped = (B < 0x20 && B != '\n' && B != '\t') || B >= 0x7f;
    EXPECT_EQ(Out.size(), Escaped ? 4u : 1u) << B;
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
}

TEST(TerminalTextTest, EscapesBytesOfNoUtf8) {
  // Latin-1, a cut sequence, an overlong form, a surrogate, past U+10FFFF:
  // printed raw they made the output invalid UTF-8.
  EXPECT_EQ(escapeControlBytes("caf\xe9\x1b"), "caf\\xe9\\x1b");
  EXPECT_EQ(escapeControlBytes("end\xc2"), "end\\xc2");
  EXPECT_EQ(escapeControlBytes("\xe2\x82x"), "\\xe2\\x82x");
  EXPECT_EQ(escapeControlBytes("\xc0\xaf \xe0\x80\xaf"), "\\xc0\\xaf \\xe0\\x80\\xaf");
  EXPECT_EQ(escapeControlBytes("\xed\xa0\x80"), "\\xed\\xa0\\x80");
  EXPECT_EQ(escapeControlBytes("\xf4\x90\x80\x80\xff"), "\\xf4\\x90\\x80\\x80\\xff");
  EXPECT_EQ(escapeControlBytes("\xc3\xe2\x82\xac"), "\\xc3\xe2\x82\xac");
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

/// Whether Text is valid UTF-8 with no control byte but newline and tab.
bool printable(std::string_view Text) {
  for (std::size_t At = 0, Length = 1; At < Text.size(); At += Length) {
    if (!validUtf8At(Text, At, Length))
      return false;
    const char32_t C = decodeUtf8(Text, At, Length);
    if ((C < 0x20 && C != '\n' && C != '\t') || (C >= 0x7f && C <= 0x9f))
      return false;
  }
  return true;
}

TEST(TerminalTextTest, AnyBytesInAnyPiecesComeOutPrintableUtf8) {
  // Random bytes, most of them from 0x80 up and from UTF-8's lead and
  // continuation ranges, written in random pieces: what comes out is valid
  // UTF-8 without controls, and the valid UTF-8 text among them passes.
  SplitMix64 Random{20261202};
  for (int Round = 0; Round < 3000; ++Round) {
    std::string Bytes(Random.next() % 24, '\0');
    for (char &B : Bytes) {
      const std::uint64_t R = Random.next();
      B = static_cast<char>(R % 4 == 0 ? R >> 8 : 0x80 + (R >> 8) % 0x78);
    }
    std::stringbuf Sink;
    {
      TerminalSafeBuffer Safe(&Sink, /*KeepCarriageReturn=*/false);
      std::ostream Out(&Safe);
      for (std::size_t At = 0; At < Bytes.size();) {
        const std::size_t Piece = 1 + Random.next() % 4;
        Out.write(Bytes.data() + At,
                  static_cast<std::streamsize>(std::min(Piece, Bytes.size() - At)));
        At += Piece;
      }
    }
    EXPECT_TRUE(printable(Sink.str())) << hexText(Bytes);
    EXPECT_EQ(Sink.str(), escapeControlBytes(Bytes)) << hexText(Bytes);
    if (printable(Bytes)) {
      EXPECT_EQ(escapeControlBytes(Bytes), Bytes);
    }
  }
}

} // namespace
