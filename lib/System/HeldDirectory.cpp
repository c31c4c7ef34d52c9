//===- System/HeldDirectory.cpp - A directory held by its descriptor -----===//
#include "System/HeldDirectory.h"

#include "System/SafeFiles.h"
#include "System/WriteAll.h"

#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <optional>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace atfc {
namespace {

/// Levels below a removed directory that remove() descends (each holds a
/// descriptor while the level below is removed).
constexpr unsigned kMaxRemoveDepth = 256;

Error systemError(const std::string &What, const std::string &Path) {
  return Error("cannot " + What + " '" + Path + "': " + std::strerror(errno));
}

/// Why the directory of Status (at Path) is not atfc's to use, if it is not.
std::optional<Error> refusal(const struct stat &Status, const std::string &Path) {
  if (!S_ISDIR(Status.st_mode))
    return Error("'" + Path + "' is not a directory");
  if (Status.st_uid != geteuid() && Status.st_uid != 0)
    return Error("'" + Path + "' belongs to another user (uid " + std::to_string(Status.st_uid) +
                 "): atfc makes and removes files only in its own user's directories");
  if (Status.st_mode & S_IWOTH)
    return Error("'" + Path + "' is writable by others: 'chmod o-w " + Path + "'");
  return std::nullopt;
}

Expected<void> removeAt(int DirFd, const std::string &Name, const std::string &Shown,
                        unsigned Depth);

/// Removes everything in the directory open as Fd (Shown in messages).
Expected<void> removeEntries(int Fd, const std::string &Shown, unsigned Depth) {
  if (Depth > kMaxRemoveDepth)
    return Error("cannot remove '" + Shown + "': it is nested more than " +
                 std::to_string(kMaxRemoveDepth) + " levels deep");
  // The names first, then the removals: no readdir over a changing directory.
  std::vector<std::string> Names;
  {
    const int Copy = fcntl(Fd, F_DUPFD_CLOEXEC, 0);
    if (Copy < 0)
      return systemError("remove", Shown);
    DIR *Listing = fdopendir(Copy);
    if (!Listing) {
      close(Copy);
      return systemError("remove", Shown);
    }
    rewinddir(Listing);
    while (const dirent *Entry = readdir(Listing)) {
      const std::string Name = Entry->d_name;
      if (Name != "." && Name != "..")
        Names.push_back(Name);
    }
    closedir(Listing);
  }
  for (const std::string &Name : Names)
    if (Expected<void> Removed = removeAt(Fd, Name, Shown, Depth); !Removed)
      return Removed;
  return success();
}

Expected<void> removeAt(int DirFd, const std::string &Name, const std::string &Shown,
                        unsigned Depth) {
  const std::string Path = Shown + "/" + Name;
  // A file, a link (itself, never what it names), a FIFO: one unlink.
  if (unlinkat(DirFd, Name.c_str(), 0) == 0 || errno == ENOENT)
    return success();
  if (errno != EISDIR && errno != EPERM)
    return systemError("remove", Path);
  const int Below = openat(DirFd, Name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (Below < 0)
    return systemError("remove", Path);
  Expected<void> Emptied = removeEntries(Below, Path, Depth + 1);
  close(Below);
  if (!Emptied)
    return Emptied;
  if (unlinkat(DirFd, Name.c_str(), AT_REMOVEDIR) != 0 && errno != ENOENT)
    return systemError("remove", Path);
  return success();
}

} // namespace

Expected<void> removeTreeAt(int DirFd, const std::string &Name, const std::string &Shown) {
  if (Name.empty() || Name == "." || Name == ".." || Name.find('/') != std::string::npos)
    return Error("cannot remove '" + Name + "' in '" + Shown + "': not one name in it");
  return removeAt(DirFd, Name, Shown, 0);
}

Expected<HeldDirectory> HeldDirectory::open(const std::string &Given, bool Create) {
  std::string Path = Given;
  // "dir/" would follow a link named dir.
  while (Path.size() > 1 && Path.back() == '/')
    Path.pop_back();
  if (Path.empty())
    return Error("a directory needs a name");
  if (Create)
    if (Expected<void> Made = createPrivateDirectories(Path); !Made)
      return Made.takeError();
  const int Fd = ::open(Path.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (Fd < 0) {
    struct stat Status {};
    if (errno == ELOOP || (lstat(Path.c_str(), &Status) == 0 && S_ISLNK(Status.st_mode)))
      return Error("'" + Path + "' is a symbolic link: atfc follows no link to its directories");
    return systemError("open", Path);
  }
  HeldDirectory Held(Fd, Path);
  struct stat Status {};
  if (fstat(Fd, &Status) != 0)
    return systemError("inspect", Path);
  if (std::optional<Error> Refused = refusal(Status, Path))
    return std::move(*Refused);
  return Held;
}

HeldDirectory::~HeldDirectory() {
  if (Fd >= 0)
    close(Fd);
}

Expected<HeldDirectory> HeldDirectory::makeDirectory(const std::string &Name, bool &Exists) const {
  Exists = false;
  const std::string Shown = Path + "/" + Name;
  if (Name.empty() || Name == "." || Name == ".." || Name.find('/') != std::string::npos)
    return Error("cannot make '" + Shown + "': not one name");
  if (mkdirat(Fd, Name.c_str(), 0700) != 0) {
    if (errno == EEXIST)
      Exists = true;
    return systemError("make", Shown);
  }
  const int Made = openat(Fd, Name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (Made < 0)
    return systemError("open", Shown);
  HeldDirectory Held(Made, Shown);
  struct stat Status {};
  if (fstat(Made, &Status) != 0)
    return systemError("inspect", Shown);
  if (std::optional<Error> Refused = refusal(Status, Shown))
    return std::move(*Refused);
  return Held;
}

Expected<void> HeldDirectory::writeNewFile(const std::string &Name, const std::string &Text) const {
  const std::string Shown = Path + "/" + Name;
  const int File =
      openat(Fd, Name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (File < 0)
    return systemError("write", Shown);
  Expected<void> Written = writeAll(File, Text);
  if (close(File) != 0 && Written)
    return systemError("write", Shown);
  if (!Written)
    return Error("cannot write '" + Shown + "': " + Written.error().message());
  return success();
}

Expected<void> HeldDirectory::remove(const std::string &Name) const {
  return removeTreeAt(Fd, Name, Path);
}

Expected<void> HeldDirectory::removeEntries() const { return atfc::removeEntries(Fd, Path, 0); }

} // namespace atfc
