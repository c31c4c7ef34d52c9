//===- HexTextTest.cpp - Bytes as hexadecimal digits ----------------------===//
#include "Support/HexText.h"

#include <gtest/gtest.h>

#include <string>

using namespace atfc;

namespace {

TEST(HexTextTest, WritesTwoLowercaseDigitsPerByteInOrder) {
  EXPECT_EQ(hexText(""), "");
  EXPECT_EQ(hexText(std::string("\x01\xab\x00\xff", 4)), "01ab00ff");
  EXPECT_EQ(hexText("A z"), "41207a");
}

TEST(HexTextTest, EveryByteReadsBack) {
  std::string All;
  for (int B = 0; B < 256; ++B)
    All += static_cast<char>(B);
  const std::string Text = hexText(All);
  ASSERT_EQ(Text.size(), 512u);
  for (int B = 0; B < 256; ++B)
    EXPECT_EQ(std::stoi(Text.substr(2 * static_cast<std::size_t>(B), 2), nullptr, 16), B);
}

} // namespace
