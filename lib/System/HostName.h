//===- System/HostName.h - The machine a process runs on -------*- C++ -*-===//
//
// A run over ranks on several machines names them in its summary: each
// measuring rank reports its host name to rank 0.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SYSTEM_HOSTNAME_H
#define ATFC_SYSTEM_HOSTNAME_H

#include <string>

namespace atfc {

/// The host name of the machine (of the process's UTS namespace); empty
/// when it cannot be read.
std::string hostName();

} // namespace atfc

#endif
