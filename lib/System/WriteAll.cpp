//===- System/WriteAll.cpp - Every byte to a file descriptor --------------===//
#include "System/WriteAll.h"

#include <cerrno>
#include <cstring>
#include <unistd.h>

namespace atfc {

Expected<void> writeAll(int Fd, std::string_view Bytes) {
  std::size_t Done = 0;
  while (Done < Bytes.size()) {
    const ssize_t N = write(Fd, Bytes.data() + Done, Bytes.size() - Done);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0) {
      const int Failure = N == 0 ? ENOSPC : errno;
      Error Reason(std::strerror(Failure));
      errno = Failure; // for callers that report it their way
      return Reason;
    }
    Done += static_cast<std::size_t>(N);
  }
  return success();
}

} // namespace atfc
