//===- System/CapturedOutput.h - What a child writes, its tail kept -*- C++ -*-===//
//
// A child that writes to a pipe nobody reads blocks once the pipe is full,
// and a kernel that prints in a loop would fill a log without end. A
// captured output is an anonymous file (memfd, O_APPEND) a child writes to
// as its stdout or stderr: it never blocks, and after each request the
// parent takes the tail (the end says why something failed) and empties it.
// The device workers' output and the line servers' stderr both go here.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SYSTEM_CAPTUREDOUTPUT_H
#define ATFC_SYSTEM_CAPTUREDOUTPUT_H

#include <cstddef>
#include <string>

namespace atfc {

/// What take() found: the last bytes written since the last take, and
/// whether earlier ones were dropped to keep it at the limit.
struct OutputTail {
  std::string Text;
  bool Cut = false;
};

class CapturedOutput {
public:
  /// Makes the file; fd() is -1 where none could be made (the child then
  /// writes where the caller's stream goes).
  explicit CapturedOutput(const char *Name);
  ~CapturedOutput();
  CapturedOutput(const CapturedOutput &) = delete;
  CapturedOutput &operator=(const CapturedOutput &) = delete;

  int fd() const { return Fd; }

  /// The last KeepBytes bytes written since the last take (all of them
  /// when fewer), and empties the file.
  OutputTail take(std::size_t KeepBytes);

private:
  int Fd = -1;
};

} // namespace atfc

#endif
