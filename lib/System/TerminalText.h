//===- System/TerminalText.h - Data made safe to print ------*- C++ -*-===//
//
// Text read from a database, a recorded file or a script's output is data:
// a parameter's string value, a log or a cost file may hold ESC and other
// control bytes, which a terminal would obey (move the cursor, retitle the
// window, hide text). What atfc prints for people shows them as escapes
// instead: the one escaper of such text (C source literals are
// Support/CStringLiteral.h's: they must read back as the same bytes).
//
// Control bytes are C0 (below 0x20), DEL and C1: the code points U+0080 to
// U+009F in UTF-8 (0xC2 0x80-0x9F; 0x9B is CSI, 0x9D OSC) and the bytes
// 0x80-0x9F outside a UTF-8 sequence. Every other byte that is part of no
// valid UTF-8 sequence (a cost file's Latin-1, a cut sequence, an overlong
// form) is escaped the same way, so that what atfc prints is valid UTF-8;
// other UTF-8 text passes.
//
// Every program of atfc (atfc, its tuners, atfc-ranks) puts a
// TerminalSafeBuffer in front of std::cout and std::cerr at its start
// (makeStandardOutputTerminalSafe), so that whatever it prints, a file
// name in a diagnostic, a value in the summary, a --verbose line, goes
// through this escaper in one place.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SYSTEM_TERMINALTEXT_H
#define ATFC_SYSTEM_TERMINALTEXT_H

#include <cstddef>
#include <streambuf>
#include <string>
#include <string_view>

namespace atfc {

/// Text with every control byte but newline and tab (C0, DEL and C1, as
/// above), and every byte that is no UTF-8, written as "\xHH": for the
/// eye, not to be parsed back.
std::string escapeControlBytes(std::string_view Text);

/// Escapes text that arrives in pieces: an unfinished UTF-8 sequence is
/// held until its next piece shows whether it is a C1 control.
class ControlByteEscaper {
public:
  /// KeepCarriageReturn: let '\r' through (a terminal's progress line).
  explicit ControlByteEscaper(bool KeepCarriageReturn = false)
      : KeepCarriageReturn(KeepCarriageReturn) {}
  /// Appends Piece to Out with its control bytes escaped.
  void escape(std::string_view Piece, std::string &Out);
  /// Appends what is held (an unfinished sequence: no UTF-8), escaped, to
  /// Out.
  void finish(std::string &Out);

private:
  /// Appends the held bytes, each escaped, to Out and forgets them.
  void escapeHeld(std::string &Out);

  bool KeepCarriageReturn;
  std::string Held;
};

/// A stream buffer that writes to Next what it is given, escaped as by
/// escapeControlBytes; newline and tab pass, and '\r' where
/// KeepCarriageReturn. Flushing flushes Next.
class TerminalSafeBuffer final : public std::streambuf {
public:
  TerminalSafeBuffer(std::streambuf *Next, bool KeepCarriageReturn)
      : Next(Next), Escaper(KeepCarriageReturn) {}
  ~TerminalSafeBuffer() override;
  TerminalSafeBuffer(const TerminalSafeBuffer &) = delete;
  TerminalSafeBuffer &operator=(const TerminalSafeBuffer &) = delete;

protected:
  int_type overflow(int_type C) override;
  std::streamsize xsputn(const char *Text, std::streamsize Count) override;
  int sync() override;

private:
  std::streambuf *Next;
  ControlByteEscaper Escaper;
  /// The escaped text of the last write (kept to reuse its memory).
  std::string Escaped;
};

/// Puts a TerminalSafeBuffer in front of the buffers of std::cout and
/// std::cerr (after makeStandardOutputLineAtomic, where that is called);
/// '\r' passes only to a terminal. Once per process.
void makeStandardOutputTerminalSafe();

/// Text in double quotes for a one-line message: its first Limit bytes
/// (then "..."), '"' and '\' after a backslash, newline as "\n" and every
/// other control byte, tab too, as "\xHH".
std::string quotedForMessage(std::string_view Text, std::size_t Limit);

} // namespace atfc

#endif
