//===- DisplayWidthTest.cpp - Places a character takes --------------------===//
//
// Widths of characters of each class, and UTF-8 decoding, valid or not.
//
//===----------------------------------------------------------------------===//
#include "Support/DisplayWidth.h"

#include <gtest/gtest.h>

#include <string>

using namespace atfc;

TEST(DisplayWidthTest, WideZeroAndNarrowCharacters) {
  for (char32_t C : {U'a', U'~', U'é', U'€', U'Ω', U'ж', U'\u00A0'})
    EXPECT_EQ(displayWidth(C), 1) << static_cast<unsigned>(C);
  for (char32_t C : {U'漢', U'字', U'한', U'あ', U'Ａ', U'\u3000', U'😀', U'🚀', U'\U00020000'})
    EXPECT_EQ(displayWidth(C), 2) << static_cast<unsigned>(C);
  for (char32_t C : {U'\u0301', U'\u200B', U'\u200D', U'\uFE0F', U'\uFEFF', U'\U000E0100'})
    EXPECT_EQ(displayWidth(C), 0) << static_cast<unsigned>(C);
}

TEST(DisplayWidthTest, DecodesValidSequencesAndRefusesOthers) {
  auto Decode = [](std::string Text) {
    std::size_t Length = 0;
    const char32_t C = decodeUtf8(Text, 0, Length);
    return std::make_pair(static_cast<unsigned>(C), static_cast<unsigned>(Length));
  };
  EXPECT_EQ(Decode("a"), std::make_pair(0x61u, 1u));
  EXPECT_EQ(Decode("\xC3\xA9"), std::make_pair(0xE9u, 2u));
  EXPECT_EQ(Decode("\xE6\xBC\xA2"), std::make_pair(0x6F22u, 3u));
  EXPECT_EQ(Decode("\xF0\x9F\x98\x80"), std::make_pair(0x1F600u, 4u));
  // Each invalid start is one character of its own.
  for (const char *Bad : {"\x80", "\xC3", "\xC3(", "\xC0\x80", "\xED\xA0\x80", "\xF4\x90\x80\x80",
                          "\xFF", "\xE6\xBC"})
    EXPECT_EQ(Decode(Bad), std::make_pair(0xFFFDu, 1u)) << Bad;
}
