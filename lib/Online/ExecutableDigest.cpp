//===- Online/ExecutableDigest.cpp - What a C++ program's code is ---------===//
#include "Online/ExecutableDigest.h"

#include "System/RegularFiles.h"

namespace atfc::online {

const std::string &executableDigest() {
  static const std::string Digest = [] {
    Expected<std::string> Hashed = hashRegularFile("/proc/self/exe");
    return Hashed ? *Hashed : std::string();
  }();
  return Digest;
}

} // namespace atfc::online
