//===- Support/HexText.cpp - Bytes as hexadecimal digits ------------------===//
#include "Support/HexText.h"

namespace atfc {

std::string hexText(std::string_view Bytes) {
  static constexpr char Digits[] = "0123456789abcdef";
  std::string Text;
  Text.reserve(2 * Bytes.size());
  for (unsigned char Byte : Bytes) {
    Text += Digits[Byte >> 4];
    Text += Digits[Byte & 15];
  }
  return Text;
}

} // namespace atfc
