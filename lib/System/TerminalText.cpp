//===- System/TerminalText.cpp - Data made safe to print --------------===//
#include "System/TerminalText.h"

namespace atfc {

std::string escapeControlBytes(std::string_view Text) {
  static constexpr char Hex[] = "0123456789abcdef";
  std::string Out;
  Out.reserve(Text.size());
  for (char C : Text) {
    const auto U = static_cast<unsigned char>(C);
    if ((U < 0x20 && C != '\n' && C != '\t') || U == 0x7f) {
      Out += "\\x";
      Out += Hex[U >> 4];
      Out += Hex[U & 15];
    } else {
      Out += C;
    }
  }
  return Out;
}

} // namespace atfc
