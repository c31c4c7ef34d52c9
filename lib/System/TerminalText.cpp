//===- System/TerminalText.cpp - Data made safe to print --------------===//
#include "System/TerminalText.h"

namespace atfc {

namespace {

bool isControlByte(unsigned char U) { return U < 0x20 || U == 0x7f; }

void appendHexEscape(std::string &Out, unsigned char U) {
  static constexpr char Hex[] = "0123456789abcdef";
  Out += "\\x";
  Out += Hex[U >> 4];
  Out += Hex[U & 15];
}

} // namespace

std::string escapeControlBytes(std::string_view Text) {
  std::string Out;
  Out.reserve(Text.size());
  for (char C : Text) {
    const auto U = static_cast<unsigned char>(C);
    if (isControlByte(U) && C != '\n' && C != '\t')
      appendHexEscape(Out, U);
    else
      Out += C;
  }
  return Out;
}

std::string quotedForMessage(std::string_view Text, std::size_t Limit) {
  std::string Quoted = "\"";
  for (char C : Text.substr(0, Limit)) {
    const auto U = static_cast<unsigned char>(C);
    if (C == '\n')
      Quoted += "\\n";
    else if (C == '"' || C == '\\')
      (Quoted += '\\') += C;
    else if (isControlByte(U))
      appendHexEscape(Quoted, U);
    else
      Quoted += C;
  }
  if (Text.size() > Limit)
    Quoted += "...";
  return Quoted + "\"";
}

} // namespace atfc
