//===- System/TerminalText.h - Data made safe to print ------*- C++ -*-===//
//
// Text read from a database, a recorded file or a script's output is data:
// a parameter's string value, a log or a cost file may hold ESC and other
// control bytes, which a terminal would obey (move the cursor, retitle the
// window, hide text). What atfc prints for people shows them as escapes
// instead: the one escaper of such text (C source literals are the
// emitters' own: they must read back as the same bytes).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SYSTEM_TERMINALTEXT_H
#define ATFC_SYSTEM_TERMINALTEXT_H

#include <cstddef>
#include <string>
#include <string_view>

namespace atfc {

/// Text with every control byte but newline and tab (bytes below 0x20, and
/// 0x7f) written as "\xHH": for the eye, not to be parsed back.
std::string escapeControlBytes(std::string_view Text);

/// Text in double quotes for a one-line message: its first Limit bytes
/// (then "..."), '"' and '\' after a backslash, newline as "\n" and every
/// other control byte, tab too, as "\xHH".
std::string quotedForMessage(std::string_view Text, std::size_t Limit);

} // namespace atfc

#endif
