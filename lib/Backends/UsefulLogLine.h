//===- Backends/UsefulLogLine.h - The line of a log that says why -*- C++ -*-===//
//
// A failed step leaves a log (a compiler's output, a script's stderr, an
// OpenCL build log) whose one telling line is rarely its first or last:
// pocl ends with "1 error generated.", a Python script with the
// exception under its traceback, an OpenCL log starts with the build
// options. This picks that line, so that a run's summary, `atfc results`
// and the report can say why in one line instead of "build failed".
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_BACKENDS_USEFULLOGLINE_H
#define ATFC_BACKENDS_USEFULLOGLINE_H

#include <cstddef>
#include <string>
#include <string_view>

namespace atfc {

/// The longest line usefulLogLine() returns, in bytes; a longer one is cut
/// at a character boundary and ends with "...".
inline constexpr std::size_t kUsefulLogLineBytes = 240;

/// The line of Log that says best why a step failed, trimmed:
///  1. the first compiler error with a position in a file: gcc's and
///     clang's "file:line[:col]: error: message" (also "fatal error"),
///     pocl's "error: file:line:col: message", nvrtc's and MSVC's
///     "file(line): error: message";
///  2. else the first line that says "error:" anywhere (a driver's
///     "error: unknown argument", "collect2: error: ld returned 1");
///  3. else the last line that is not a compiler's closing count
///     ("1 error generated."), a caret line or blank: a script's last
///     stderr line, a Python traceback's exception line;
///  4. else the last line that is not blank or a caret line.
/// "" for a log with no such line (empty, only blanks).
std::string usefulLogLine(std::string_view Log);

} // namespace atfc

#endif
