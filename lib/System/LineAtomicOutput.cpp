//===- System/LineAtomicOutput.cpp - Whole lines per write(2) ------------===//
#include "System/LineAtomicOutput.h"

#include <cerrno>
#include <cstdlib>
#include <iostream>
#include <unistd.h>

namespace atfc {

bool LineAtomicBuffer::writeHeld(std::size_t Count) {
  std::size_t Done = 0;
  while (Done < Count) {
    const ssize_t N = ::write(Fd, Held.data() + Done, Count - Done);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0) {
      Held.erase(0, Done);
      return false;
    }
    Done += static_cast<std::size_t>(N);
  }
  Held.erase(0, Count);
  return true;
}

bool LineAtomicBuffer::writeLines() {
  // '\r' ends a line too: a progress line is overwritten, never continued.
  const std::size_t End = Held.find_last_of("\n\r");
  if (End != std::string::npos)
    return writeHeld(End + 1);
  return Held.size() < kMostHeld || writeHeld(Held.size());
}

LineAtomicBuffer::int_type LineAtomicBuffer::overflow(int_type C) {
  if (traits_type::eq_int_type(C, traits_type::eof()))
    return traits_type::not_eof(C);
  const char Char = traits_type::to_char_type(C);
  return xsputn(&Char, 1) == 1 ? C : traits_type::eof();
}

std::streamsize LineAtomicBuffer::xsputn(const char *Text, std::streamsize Count) {
  std::lock_guard Lock(Mutex);
  Held.append(Text, static_cast<std::size_t>(Count));
  if (Held.size() >= kMostHeld && !writeLines())
    return 0;
  return Count;
}

int LineAtomicBuffer::sync() {
  std::lock_guard Lock(Mutex);
  return writeLines() ? 0 : -1;
}

void LineAtomicBuffer::writeAll() {
  std::lock_guard Lock(Mutex);
  writeHeld(Held.size());
}

namespace {

// Never destroyed: the streams are flushed after static destructors run.
LineAtomicBuffer *StandardOutput = nullptr;
LineAtomicBuffer *StandardError = nullptr;

void writeAllAtExit() {
  std::cout.flush();
  if (StandardOutput)
    StandardOutput->writeAll();
  if (StandardError)
    StandardError->writeAll();
}

} // namespace

void makeStandardOutputLineAtomic() {
  if (StandardOutput || StandardError)
    return;
  if (!isatty(STDOUT_FILENO)) {
    std::cout.flush();
    StandardOutput = new LineAtomicBuffer(STDOUT_FILENO);
    std::cout.rdbuf(StandardOutput);
  }
  if (!isatty(STDERR_FILENO)) {
    StandardError = new LineAtomicBuffer(STDERR_FILENO);
    std::cerr.rdbuf(StandardError);
  }
  std::atexit(writeAllAtExit);
}

} // namespace atfc
