//===- System/TerminalText.cpp - Data made safe to print --------------===//
#include "System/TerminalText.h"

#include "Support/DisplayWidth.h"
#include "Support/HexText.h"

#include <iostream>
#include <unistd.h>

namespace atfc {

namespace {

bool isControlByte(unsigned char U) { return U < 0x20 || U == 0x7f; }

void appendHexEscape(std::string &Out, unsigned char U) {
  Out += "\\x";
  Out += hexText(std::string_view(reinterpret_cast<const char *>(&U), 1));
}

} // namespace

/// The length of the UTF-8 sequence Lead starts; 1 for any other byte.
std::size_t sequenceLength(unsigned char Lead) {
  return Lead >= 0xc2 && Lead <= 0xdf   ? 2
         : Lead >= 0xe0 && Lead <= 0xef ? 3
         : Lead >= 0xf0 && Lead <= 0xf4 ? 4
                                        : 1;
}

void ControlByteEscaper::escapeHeld(std::string &Out) {
  for (char H : Held)
    appendHexEscape(Out, static_cast<unsigned char>(H));
  Held.clear();
}

void ControlByteEscaper::escape(std::string_view Piece, std::string &Out) {
  for (char C : Piece) {
    const auto U = static_cast<unsigned char>(C);
    if (!Held.empty()) {
      if (U >= 0x80 && U <= 0xbf) {
        Held += C;
        if (Held.size() < sequenceLength(static_cast<unsigned char>(Held[0])))
          continue;
        std::size_t Length = 0;
        const char32_t Code = decodeUtf8(Held, 0, Length);
        // A C1 control (U+0080..U+009F), an overlong form or a surrogate:
        // escaped like the bytes of no sequence.
        if (Length != Held.size() || (Code >= 0x80 && Code <= 0x9f)) {
          escapeHeld(Out);
        } else {
          Out += Held;
          Held.clear();
        }
        continue;
      }
      escapeHeld(Out); // a sequence cut short: no UTF-8
    }
    if (isControlByte(U) || U >= 0x80) {
      if (C == '\n' || C == '\t' || (C == '\r' && KeepCarriageReturn))
        Out += C;
      else if (sequenceLength(U) > 1)
        Held += C;
      else
        appendHexEscape(Out, U);
    } else {
      Out += C;
    }
  }
}

void ControlByteEscaper::finish(std::string &Out) { escapeHeld(Out); }

std::string escapeControlBytes(std::string_view Text) {
  std::string Out;
  Out.reserve(Text.size());
  ControlByteEscaper Escaper;
  Escaper.escape(Text, Out);
  Escaper.finish(Out);
  return Out;
}

TerminalSafeBuffer::~TerminalSafeBuffer() {
  std::string Rest;
  Escaper.finish(Rest);
  Next->sputn(Rest.data(), static_cast<std::streamsize>(Rest.size()));
  Next->pubsync();
}

TerminalSafeBuffer::int_type TerminalSafeBuffer::overflow(int_type C) {
  if (traits_type::eq_int_type(C, traits_type::eof()))
    return traits_type::not_eof(C);
  const char Byte = traits_type::to_char_type(C);
  return xsputn(&Byte, 1) == 1 ? C : traits_type::eof();
}

std::streamsize TerminalSafeBuffer::xsputn(const char *Text, std::streamsize Count) {
  Escaped.clear();
  Escaper.escape(std::string_view(Text, static_cast<std::size_t>(Count)), Escaped);
  const auto Size = static_cast<std::streamsize>(Escaped.size());
  return Next->sputn(Escaped.data(), Size) == Size ? Count : 0;
}

int TerminalSafeBuffer::sync() { return Next->pubsync(); }

void makeStandardOutputTerminalSafe() {
  static bool Done = false;
  if (Done)
    return;
  Done = true;
  std::cout.flush();
  std::cerr.flush();
  // Never freed: static objects' destructors may still print.
  std::cout.rdbuf(new TerminalSafeBuffer(std::cout.rdbuf(), isatty(STDOUT_FILENO) != 0));
  std::cerr.rdbuf(new TerminalSafeBuffer(std::cerr.rdbuf(), isatty(STDERR_FILENO) != 0));
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
