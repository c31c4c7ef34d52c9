//===- Support/CStringLiteral.cpp - Text as a C string literal ------------===//
#include "Support/CStringLiteral.h"

namespace atfc {

std::string cStringLiteral(std::string_view Text) {
  std::string Out = "\"";
  Out.reserve(Text.size() + 2);
  char Previous = '\0';
  for (char Byte : Text) {
    const auto C = static_cast<unsigned char>(Byte);
    if (C == '"' || C == '\\') {
      Out += '\\';
      Out += Byte;
    } else if (C == '\n') {
      Out += "\\n";
    } else if (C == '?' && Previous == '?') {
      Out += "\\?";
    } else if ((C == '/' && Previous == '*') || (C == '*' && Previous == '/') || C < 0x20 ||
               C >= 0x7f) {
      Out += '\\';
      Out += static_cast<char>('0' + (C >> 6));
      Out += static_cast<char>('0' + ((C >> 3) & 7));
      Out += static_cast<char>('0' + (C & 7));
    } else {
      Out += Byte;
    }
    Previous = Byte;
  }
  return Out + "\"";
}

} // namespace atfc
