//===- System/HostName.cpp - The machine a process runs on ----------------===//
#include "System/HostName.h"

#include <sys/utsname.h>

namespace atfc {

std::string hostName() {
  utsname Name{};
  if (::uname(&Name) != 0)
    return "";
  return Name.nodename;
}

} // namespace atfc
