//===- System/TerminalText.h - Data made safe to print ------*- C++ -*-===//
//
// Text read from a database or a recorded file is data: a parameter's
// string value or a script's log may hold ESC and other control bytes,
// which a terminal would obey (move the cursor, retitle the window, hide
// text). What atfc prints for people shows them as escapes instead.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SYSTEM_TERMINALTEXT_H
#define ATFC_SYSTEM_TERMINALTEXT_H

#include <string>
#include <string_view>

namespace atfc {

/// Text with every control byte but newline and tab (bytes below 0x20, and
/// 0x7f) written as "\xHH": for the eye, not to be parsed back.
std::string escapeControlBytes(std::string_view Text);

} // namespace atfc

#endif
