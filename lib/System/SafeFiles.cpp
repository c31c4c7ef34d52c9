//===- System/SafeFiles.cpp - Writes that stay in the output directory ---===//
#include "System/SafeFiles.h"

#include "System/WriteAll.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace atfc {

Expected<void> writeFileReplacing(const std::string &Path, const std::string &Text) {
  const std::string Temporary = Path + ".tmp";
  auto Fail = [&](const std::string &Name) {
    return Error("cannot write '" + Name + "': " + std::strerror(errno));
  };
  // A leftover (or planted) temporary goes first: unlink removes a link
  // itself, and O_EXCL | O_NOFOLLOW then refuses whatever is there.
  if (unlink(Temporary.c_str()) != 0 && errno != ENOENT)
    return Fail(Temporary);
  const int Fd =
      open(Temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (Fd < 0) // a missing directory is the final name's problem
    return Fail(errno == ENOENT ? Path : Temporary);
  if (!writeAll(Fd, Text)) {
    const int Saved = errno;
    close(Fd);
    unlink(Temporary.c_str());
    errno = Saved;
    return Fail(Temporary);
  }
  if (close(Fd) != 0) {
    const int Saved = errno;
    unlink(Temporary.c_str());
    errno = Saved;
    return Fail(Temporary);
  }
  if (std::rename(Temporary.c_str(), Path.c_str()) != 0) {
    const int Saved = errno;
    unlink(Temporary.c_str());
    errno = Saved;
    return Fail(Path);
  }
  return success();
}

Expected<void> createPrivateDirectories(const std::string &Directory) {
  if (Directory.empty())
    return Error("cannot create a directory with an empty name");
  // Each prefix that ends before a '/' (and the whole path), in order.
  for (std::size_t End = Directory.find('/', 1);; End = Directory.find('/', End + 1)) {
    const std::string Prefix = Directory.substr(0, End);
    if (mkdir(Prefix.c_str(), 0700) != 0 && errno != EEXIST)
      return Error("cannot create '" + Prefix + "': " + std::strerror(errno));
    if (End == std::string::npos)
      break;
  }
  struct stat Status {};
  if (stat(Directory.c_str(), &Status) != 0)
    return Error("cannot create '" + Directory + "': " + std::strerror(errno));
  if (!S_ISDIR(Status.st_mode))
    return Error("cannot create '" + Directory + "': a file that is no directory is in the way");
  return success();
}

} // namespace atfc
