//===- System/WriteAll.h - Every byte to a file descriptor ------*- C++ -*-===//
//
// write() may take fewer bytes than it is given (a pipe, a signal in
// between) or fail with EINTR when a signal handler runs before any byte
// went: a writer that calls it once loses the rest, and one that loops on
// a 0 it never ends. Every file atfc writes through a descriptor goes
// through here.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SYSTEM_WRITEALL_H
#define ATFC_SYSTEM_WRITEALL_H

#include "Support/Error.h"

#include <string_view>

namespace atfc {

/// Writes all of Bytes to Fd, again after a short write or EINTR; the
/// error, the reason as strerror() says it (ENOSPC's for a write that
/// takes nothing), when a write fails. errno is that failure's then.
Expected<void> writeAll(int Fd, std::string_view Bytes);

} // namespace atfc

#endif
