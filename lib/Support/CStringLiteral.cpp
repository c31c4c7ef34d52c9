//===- Support/CStringLiteral.cpp - Text as a C string literal ------------===//
#include "Support/CStringLiteral.h"

namespace atfc {

namespace {

/// ForCode: also escape what only a comment or an old compiler minds.
std::string stringLiteral(std::string_view Text, bool ForCode) {
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
    } else if (ForCode && C == '?' && Previous == '?') {
      Out += "\\?";
    } else if ((ForCode && ((C == '/' && Previous == '*') || (C == '*' && Previous == '/'))) ||
               C < 0x20 || C >= 0x7f) {
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

} // namespace

std::string cStringLiteral(std::string_view Text) { return stringLiteral(Text, true); }

std::string readableStringLiteral(std::string_view Text) { return stringLiteral(Text, false); }

} // namespace atfc
