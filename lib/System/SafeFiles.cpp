//===- System/SafeFiles.cpp - Writes that stay in the output directory ---===//
#include "System/SafeFiles.h"
#include "System/RegularFiles.h"

#include "System/WriteAll.h"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

namespace atfc {

namespace {

/// A name no one else chose: the kernel's random bytes, in hex.
std::string randomSuffix() {
  unsigned char Bytes[8] = {};
  if (getrandom(Bytes, sizeof Bytes, 0) != static_cast<ssize_t>(sizeof Bytes)) {
    const auto Now = std::chrono::steady_clock::now().time_since_epoch().count();
    for (std::size_t I = 0; I < sizeof Bytes; ++I)
      Bytes[I] = static_cast<unsigned char>((Now >> (I * 8)) ^ (getpid() >> (I % 4 * 8)));
  }
  static constexpr char Hex[] = "0123456789abcdef";
  std::string Text;
  for (unsigned char B : Bytes) {
    Text += Hex[B >> 4];
    Text += Hex[B & 15];
  }
  return Text;
}

} // namespace

Expected<void> writeFileReplacing(const std::string &Path, const std::string &Text) {
  auto Fail = [&](const std::string &Name) {
    return Error("cannot write '" + Name + "': " + std::strerror(errno));
  };
  const std::size_t Slash = Path.find_last_of('/');
  const std::string Directory =
      Slash == std::string::npos ? "." : (Slash == 0 ? "/" : Path.substr(0, Slash));
  const std::string Name = Slash == std::string::npos ? Path : Path.substr(Slash + 1);
  if (Name.empty() || Name == "." || Name == "..")
    return Error("cannot write '" + Path + "': it names no file");
  const int DirFd = open(Directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (DirFd < 0)
    return Fail(Path);
  struct Closer {
    int Fd;
    ~Closer() { close(Fd); }
  } CloseDir{DirFd};
  // Only a regular file is replaced (or a link, itself, never what it
  // names): a FIFO, a device or a socket the user named is no file of
  // theirs to turn into one (as root, /dev/null once became a file).
  struct stat Status {};
  if (fstatat(DirFd, Name.c_str(), &Status, AT_SYMLINK_NOFOLLOW) == 0 && !S_ISREG(Status.st_mode) &&
      !S_ISLNK(Status.st_mode))
    return Error("cannot write '" + Path + "': it is " + fileKind(Status.st_mode) +
                 ", and atfc replaces only a regular file; name a file");
  // A temporary of its own, random and created exclusively: never a name
  // the user's own file may have (notes.txt.tmp), nor one another user
  // can hold in a sticky directory.
  std::string Temporary;
  int Fd = -1;
  for (unsigned Try = 0; Try < 100 && Fd < 0; ++Try) {
    Temporary = "." + Name.substr(0, 200) + ".atfc-" + randomSuffix();
    Fd = openat(DirFd, Temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                0644);
    if (Fd < 0 && errno != EEXIST)
      break;
  }
  if (Fd < 0)
    return Fail(Path);
  Expected<void> Written = writeAll(Fd, Text);
  if (close(Fd) != 0 && Written)
    Written = Error(std::strerror(errno));
  if (Written && renameat(DirFd, Temporary.c_str(), DirFd, Name.c_str()) != 0)
    Written = Error(std::strerror(errno));
  if (!Written) {
    unlinkat(DirFd, Temporary.c_str(), 0);
    return Error("cannot write '" + Path + "': " + Written.error().message());
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
