//===- System/CapturedOutput.cpp - What a child writes, its tail kept ----===//
//
// The file is O_APPEND, so a child that goes on writing after a take
// writes at the new end, not at its old offset past a hole.
//
//===----------------------------------------------------------------------===//
#include "System/CapturedOutput.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace atfc {

CapturedOutput::CapturedOutput(const char *Name) : Fd(memfd_create(Name, MFD_CLOEXEC)) {
  if (Fd >= 0)
    fcntl(Fd, F_SETFL, O_APPEND);
}

CapturedOutput::~CapturedOutput() {
  if (Fd >= 0)
    close(Fd);
}

OutputTail CapturedOutput::take(std::size_t KeepBytes) {
  OutputTail Tail;
  struct stat Info;
  if (Fd < 0 || fstat(Fd, &Info) != 0 || Info.st_size <= 0)
    return Tail;
  const off_t Keep = static_cast<off_t>(KeepBytes);
  const off_t From = Info.st_size > Keep ? Info.st_size - Keep : 0;
  Tail.Text.resize(static_cast<std::size_t>(Info.st_size - From));
  const ssize_t Read = pread(Fd, Tail.Text.data(), Tail.Text.size(), From);
  if (ftruncate(Fd, 0) != 0 || Read <= 0)
    return OutputTail{};
  Tail.Text.resize(static_cast<std::size_t>(Read));
  Tail.Cut = From > 0;
  return Tail;
}

} // namespace atfc
