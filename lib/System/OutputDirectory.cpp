//===- System/OutputDirectory.cpp - The one way into an output directory -===//
#include "System/OutputDirectory.h"

#include "System/SafeFiles.h"
#include "System/WriteAll.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <grp.h>
#include <optional>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

namespace atfc {
namespace {

/// The first line of the record: a file of that name without it is not
/// atfc's, and then nothing in the directory is taken for atfc's.
constexpr const char *kRecordHeader =
    "# atfc: the files atfc created here; it overwrites no other file\n";
constexpr std::size_t kRecordLimit = 1 << 20;

std::string quotedPath(const std::string &Path) { return "'" + Path + "'"; }

Error systemError(const std::string &What, const std::string &Path) {
  return Error("cannot " + What + " " + quotedPath(Path) + ": " + std::strerror(errno));
}

/// Whether users other than this one belong to the group Gid (as members,
/// or by their own group): a directory it may write is then open to them.
bool groupHasOthers(gid_t Gid) {
  const uid_t Self = geteuid();
  std::string SelfName;
  if (const passwd *Me = getpwuid(Self))
    SelfName = Me->pw_name;
  if (const group *Group = getgrgid(Gid))
    for (char **Member = Group->gr_mem; Member && *Member; ++Member)
      if (SelfName != *Member)
        return true;
  bool Others = false;
  setpwent();
  while (const passwd *User = getpwent())
    if (User->pw_gid == Gid && User->pw_uid != Self) {
      Others = true;
      break;
    }
  endpwent();
  return Others;
}

/// Whether a directory of Status lets someone else rename its entries: it
/// is not sticky, and others, or its group with other members, may write it.
bool othersMayRename(const struct stat &Status) {
  if (Status.st_mode & S_ISVTX)
    return false;
  return (Status.st_mode & S_IWOTH) ||
         ((Status.st_mode & S_IWGRP) && groupHasOthers(Status.st_gid));
}

/// Why Status, of Path, is not atfc's to use, if it is not.
std::optional<Error> foreignStatus(const struct stat &Status, const std::string &Path,
                                   bool Directory, bool IsOutputDirectory) {
  const std::string What = IsOutputDirectory ? "choose another -o" : "remove it";
  if (S_ISLNK(Status.st_mode))
    return Error(quotedPath(Path) +
                 " is a symbolic link: atfc follows no link in an output directory; " + What);
  if (Directory && !S_ISDIR(Status.st_mode))
    return Error(quotedPath(Path) + " is not a directory; " + What);
  if (!Directory && !S_ISREG(Status.st_mode))
    return Error(quotedPath(Path) + " is not a regular file; " + What);
  // A hard link planted under a name of atfc's is the user's file by
  // another name: truncating or appending to it (the lock, the record)
  // once lost its contents.
  if (!Directory && Status.st_nlink != 1)
    return Error(quotedPath(Path) + " has " + std::to_string(Status.st_nlink) +
                 " hard links: it is also a file elsewhere, which atfc does not write; " + What);
  if (Status.st_uid != geteuid() && Status.st_uid != 0)
    return Error(quotedPath(Path) + " belongs to another user (uid " +
                 std::to_string(Status.st_uid) +
                 "): atfc writes, reads and runs only files of its own user there; " + What);
  if (Status.st_mode & S_IWOTH)
    return Error(quotedPath(Path) + " is writable by others: 'chmod o-w " + Path + "', or " + What);
  // A group-writable output directory lets the group's other members
  // rename what atfc made there (`work`, results.db) and put a link in its
  // place between two uses by name.
  if (IsOutputDirectory && S_ISDIR(Status.st_mode) && othersMayRename(Status))
    return Error(quotedPath(Path) + " is writable by its group (gid " +
                 std::to_string(Status.st_gid) +
                 "), which has other members: they could swap what atfc makes there for links; "
                 "'chmod g-w " +
                 Path + "', or " + What);
  return std::nullopt;
}

/// Mode's permission bits as chmod takes them ("0755").
std::string octalMode(mode_t Mode) {
  std::string Digits;
  for (int Shift = 9; Shift >= 0; Shift -= 3)
    Digits += static_cast<char>('0' + ((Mode >> Shift) & 7));
  return Digits;
}

/// Path's directory and last name ("." for a bare name).
std::pair<std::string, std::string> splitPath(const std::string &Path) {
  const std::size_t Slash = Path.find_last_of('/');
  if (Slash == std::string::npos)
    return {".", Path};
  return {Slash == 0 ? "/" : Path.substr(0, Slash), Path.substr(Slash + 1)};
}

/// Why the directory open as Fd (given as Path) could be swapped by
/// another user, if it could: a directory above it that others may write
/// and that is not sticky (/tmp without its t bit) lets anyone rename it
/// away and put their own (or a link) in its place, and every path into it
/// (the database, the tuner's outputs, a rank's work directory) would then
/// lead into theirs. Sticky ones (/tmp) allow renaming only to the owner.
std::optional<Error> swappableAncestor(int Fd, const std::string &Path) {
  char Real[PATH_MAX];
  const std::string Link = "/proc/self/fd/" + std::to_string(Fd);
  const ssize_t Size = readlink(Link.c_str(), Real, sizeof Real - 1);
  if (Size <= 0 || Real[0] != '/')
    return std::nullopt; // no /proc: the directory's own checks stand
  std::string Ancestor(Real, static_cast<std::size_t>(Size));
  while (Ancestor.size() > 1) {
    const std::size_t Slash = Ancestor.find_last_of('/');
    Ancestor = Slash == 0 ? "/" : Ancestor.substr(0, Slash);
    struct stat Status {};
    if (stat(Ancestor.c_str(), &Status) != 0)
      continue;
    if (othersMayRename(Status)) {
      const bool ByOthers = Status.st_mode & S_IWOTH;
      return Error(quotedPath(Ancestor) + ", a directory above the output directory " +
                   quotedPath(Path) + ", is writable by " +
                   (ByOthers ? "others" : "its group, which has other members,") +
                   " and not sticky: another user could put their own directory in its place; "
                   "'chmod " +
                   (ByOthers ? "o" : "g") + "-w " + Ancestor + "' (or 'chmod +t " + Ancestor +
                   "'), or choose another -o");
    }
  }
  return std::nullopt;
}

} // namespace

Expected<OutputDirectory> OutputDirectory::open(const std::string &Given, bool Create) {
  std::string Path = Given;
  // "dir/" would follow a link named dir.
  while (Path.size() > 1 && Path.back() == '/')
    Path.pop_back();
  if (Path.empty())
    return Error("an output directory needs a name");
  if (Create)
    if (Expected<void> Made = createPrivateDirectories(Path); !Made)
      return Made.takeError();
  const int Fd = ::open(Path.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  struct stat Status {};
  if (Fd < 0) {
    const int Saved = errno;
    if (lstat(Path.c_str(), &Status) == 0)
      if (std::optional<Error> Foreign = foreignStatus(Status, Path, true, true))
        return std::move(*Foreign);
    errno = Saved;
    return systemError("open the output directory", Path);
  }
  OutputDirectory Dir(Fd, Path);
  if (fstat(Fd, &Status) != 0)
    return systemError("open the output directory", Path);
  if (std::optional<Error> Foreign = foreignStatus(Status, Path, true, true))
    return std::move(*Foreign);
  if (std::optional<Error> Swappable = swappableAncestor(Fd, Path))
    return std::move(*Swappable);
  return Dir;
}

OutputDirectory::~OutputDirectory() {
  if (Fd >= 0)
    close(Fd);
}

Expected<bool> OutputDirectory::check(const std::string &Name, bool Directory) const {
  struct stat Status {};
  if (fstatat(Fd, Name.c_str(), &Status, AT_SYMLINK_NOFOLLOW) != 0) {
    if (errno == ENOENT)
      return false;
    return systemError("inspect", pathOf(Name));
  }
  if (std::optional<Error> Foreign = foreignStatus(Status, pathOf(Name), Directory, false))
    return std::move(*Foreign);
  return true;
}

bool OutputDirectory::holds(const std::string &File) const {
  struct stat Here {};
  if (fstat(Fd, &Here) != 0)
    return false;
  auto InHere = [&](const std::string &Path) {
    struct stat There {};
    return stat(splitPath(Path).first.c_str(), &There) == 0 && There.st_dev == Here.st_dev &&
           There.st_ino == Here.st_ino;
  };
  if (InHere(File))
    return true;
  char Resolved[PATH_MAX];
  return realpath(File.c_str(), Resolved) && InHere(Resolved);
}

Expected<std::vector<std::string>> OutputDirectory::createdNames() const {
  if (WhollyAtfcs)
    return Error(quotedPath(Path) + " is atfc's own and keeps no record of names");
  Expected<bool> There = check(kCreatedRecordName);
  if (!There)
    return There.takeError();
  if (!*There)
    return std::vector<std::string>{};
  Expected<std::string> Text = readFile(kCreatedRecordName, kRecordLimit);
  if (!Text)
    return Text.takeError();
  const std::string Header = kRecordHeader;
  if (Text->empty()) // made, but its first write never came (a crash)
    return std::vector<std::string>{};
  if (Text->compare(0, Header.size(), Header) != 0)
    return Error(quotedPath(pathOf(kCreatedRecordName)) +
                 " is not atfc's record of the files it created; remove it, or choose another -o");
  std::vector<std::string> Names;
  for (std::size_t Start = Header.size(); Start < Text->size();) {
    std::size_t End = Text->find('\n', Start);
    if (End == std::string::npos)
      End = Text->size();
    std::string Name = Text->substr(Start, End - Start);
    // atfc writes whole names, each on its line: anything else (a path, a
    // blank line) was written by someone else, and nothing in it is trusted.
    if (Name.empty() || Name == "." || Name == ".." || Name.find('/') != std::string::npos)
      return Error(quotedPath(pathOf(kCreatedRecordName)) +
                   " is not atfc's record of the files it created (it names '" +
                   Name.substr(0, 80) + "'); remove it, or choose another -o");
    Names.push_back(std::move(Name));
    Start = End + 1;
  }
  return Names;
}

Expected<bool> OutputDirectory::claimable(const std::string &Name) const {
  if (Name.empty() || Name.find_first_of("/\n") != std::string::npos || Name == "." ||
      Name == ".." || Name == kCreatedRecordName)
    return Error("atfc cannot create " + quotedPath(pathOf(Name)) +
                 ": the name holds a '/' or a line break, or is its own");
  // What is there is looked at before the record is read: atfc records a
  // name before it creates it, so an entry another atfc process (another
  // rank) just made is in the record read after it (read first, the entry
  // once looked like the user's, and a rank refused DIR/ranks).
  struct stat Status {};
  const bool There = fstatat(Fd, Name.c_str(), &Status, AT_SYMLINK_NOFOLLOW) == 0;
  if (WhollyAtfcs) {
    // Every entry is atfc's; still no link and nothing of someone else's.
    if (There)
      if (std::optional<Error> Foreign =
              foreignStatus(Status, pathOf(Name), S_ISDIR(Status.st_mode), false))
        return std::move(*Foreign);
    return true;
  }
  Expected<std::vector<std::string>> Names = createdNames();
  if (!Names)
    return Names.takeError();
  const bool Recorded = std::find(Names->begin(), Names->end(), Name) != Names->end();
  // Whatever is there is checked as a file or a directory: a link or
  // someone else's entry stops atfc even under a name it created.
  if (There)
    if (std::optional<Error> Foreign =
            foreignStatus(Status, pathOf(Name), S_ISDIR(Status.st_mode), false))
      return std::move(*Foreign);
  if (There && !Recorded)
    return Error(quotedPath(pathOf(Name)) +
                 " is not a file atfc created, and atfc does not overwrite it: move it away, or "
                 "choose another -o");
  return Recorded;
}

Expected<void> OutputDirectory::claim(const std::string &Name) {
  Expected<bool> Recorded = claimable(Name);
  if (!Recorded)
    return Recorded.takeError();
  return *Recorded ? success() : record({Name});
}

Expected<void> OutputDirectory::record(const std::vector<std::string> &Names) {
  // Appended whole in one write: two atfc claiming at once lose no name.
  int RecordFd = openat(Fd, kCreatedRecordName, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC);
  if (RecordFd < 0 && errno == ENOENT)
    RecordFd = openat(Fd, kCreatedRecordName,
                      O_WRONLY | O_APPEND | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (RecordFd < 0 && errno == EEXIST) // another process made it meanwhile (MPI ranks)
    RecordFd = openat(Fd, kCreatedRecordName, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC);
  if (RecordFd < 0)
    return systemError("record a file in", pathOf(kCreatedRecordName));
  struct stat RecordStatus {};
  if (fstat(RecordFd, &RecordStatus) != 0) {
    close(RecordFd);
    return systemError("record a file in", pathOf(kCreatedRecordName));
  }
  // Checked on the descriptor appended to: a hard link swapped in since it
  // was read would append to a file elsewhere.
  if (std::optional<Error> Foreign =
          foreignStatus(RecordStatus, pathOf(kCreatedRecordName), false, false)) {
    close(RecordFd);
    return std::move(*Foreign);
  }
  std::string Lines = RecordStatus.st_size == 0 ? kRecordHeader : "";
  for (const std::string &Name : Names)
    Lines += Name + "\n";
  Expected<void> Written = writeAll(RecordFd, Lines);
  close(RecordFd);
  if (!Written)
    return Error("cannot record a file in " + quotedPath(pathOf(kCreatedRecordName)) + ": " +
                 Written.error().message());
  return success();
}

Expected<void> OutputDirectory::claimAll(const std::vector<std::string> &Names) {
  // Every name is looked at before one is recorded: a refusal leaves the
  // directory as it was (a refused run once left its record behind).
  std::vector<std::string> New;
  for (const std::string &Name : Names) {
    Expected<bool> Recorded = claimable(Name);
    if (!Recorded)
      return Recorded.takeError();
    if (!*Recorded && std::find(New.begin(), New.end(), Name) == New.end())
      New.push_back(Name);
  }
  return New.empty() ? success() : record(New);
}

Expected<void> OutputDirectory::writeFile(const std::string &Name, const std::string &Text,
                                          unsigned Mode) {
  if (Expected<void> Claimed = claim(Name); !Claimed)
    return Claimed;
  // A temporary of its own, never a name someone else may have put there.
  std::string Temporary;
  int TempFd = -1;
  const auto Seed =
      static_cast<unsigned long long>(std::chrono::steady_clock::now().time_since_epoch().count()) ^
      (static_cast<unsigned long long>(getpid()) << 20);
  for (unsigned Try = 0; Try < 100 && TempFd < 0; ++Try) {
    Temporary = "." + Name + ".atfc-" + std::to_string((Seed + Try * 7919) % 1000000007);
    TempFd = openat(Fd, Temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                    static_cast<mode_t>(Mode));
    if (TempFd < 0 && errno != EEXIST)
      break;
  }
  if (TempFd < 0)
    return systemError("write", pathOf(Name));
  Expected<void> Written = writeAll(TempFd, Text);
  if (close(TempFd) != 0 && Written)
    Written = Error(std::strerror(errno));
  if (Written && renameat(Fd, Temporary.c_str(), Fd, Name.c_str()) != 0)
    Written = Error(std::strerror(errno));
  if (!Written) {
    unlinkat(Fd, Temporary.c_str(), 0);
    return Error("cannot write " + quotedPath(pathOf(Name)) + ": " + Written.error().message());
  }
  return success();
}

Expected<void> OutputDirectory::renameOnto(const std::string &From, const std::string &Name) {
  if (Expected<void> Claimed = claim(Name); !Claimed)
    return Claimed;
  if (renameat(Fd, From.c_str(), Fd, Name.c_str()) != 0)
    return systemError("rename " + quotedPath(pathOf(From)) + " to", pathOf(Name));
  return success();
}

Expected<int> OutputDirectory::openFile(const std::string &Name, int Flags, bool Inheritable) {
  if (Flags & O_CREAT) {
    if (Expected<void> Claimed = claim(Name); !Claimed)
      return Claimed.takeError();
  }
  if (Expected<bool> There = check(Name); !There)
    return There.takeError();
  const int File =
      openat(Fd, Name.c_str(), Flags | O_NOFOLLOW | (Inheritable ? 0 : O_CLOEXEC), 0644);
  if (File < 0)
    return systemError("open", pathOf(Name));
  struct stat Status {};
  std::optional<Error> Foreign;
  if (fstat(File, &Status) != 0)
    Foreign = systemError("inspect", pathOf(Name));
  else
    Foreign = foreignStatus(Status, pathOf(Name), false, false);
  if (Foreign) {
    close(File);
    return std::move(*Foreign);
  }
  return File;
}

Expected<std::string> OutputDirectory::readFile(const std::string &Name, std::size_t Limit) const {
  Expected<bool> There = check(Name);
  if (!There)
    return There.takeError();
  const int File = openat(Fd, Name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (File < 0)
    return systemError("read", pathOf(Name));
  struct stat Status {};
  std::optional<Error> Foreign;
  if (fstat(File, &Status) != 0)
    Foreign = systemError("inspect", pathOf(Name));
  else
    Foreign = foreignStatus(Status, pathOf(Name), false, false);
  std::string Text;
  char Buffer[65536];
  while (!Foreign) {
    const ssize_t N = read(File, Buffer, sizeof(Buffer));
    if (N < 0 && errno == EINTR)
      continue;
    if (N < 0)
      Foreign = systemError("read", pathOf(Name));
    if (N <= 0)
      break;
    Text.append(Buffer, static_cast<std::size_t>(N));
    if (Text.size() > Limit)
      Foreign = Error(quotedPath(pathOf(Name)) + " holds more than " + std::to_string(Limit) +
                      " bytes, more than atfc reads of it");
  }
  close(File);
  if (Foreign)
    return std::move(*Foreign);
  return Text;
}

Expected<void> OutputDirectory::makeDirectory(const std::string &Name) {
  if (Expected<bool> There = check(Name, /*Directory=*/true); !There)
    return There.takeError();
  if (Expected<void> Claimed = claim(Name); !Claimed)
    return Claimed;
  if (mkdirat(Fd, Name.c_str(), 0700) != 0 && errno != EEXIST)
    return systemError("create", pathOf(Name));
  if (Expected<bool> There = check(Name, /*Directory=*/true); !There)
    return There.takeError();
  return success();
}

Expected<OutputDirectory> OutputDirectory::openOwnDirectory(const std::string &Name, bool Create) {
  if (Create)
    if (Expected<void> Made = makeDirectory(Name); !Made)
      return Made.takeError();
  const std::string Given = pathOf(Name);
  // The name is recorded before the directory is made (claim()), so a
  // directory that is there but not recorded is not atfc's.
  if (!WhollyAtfcs) {
    Expected<std::vector<std::string>> Names = createdNames();
    if (!Names)
      return Names.takeError();
    if (std::find(Names->begin(), Names->end(), Name) == Names->end())
      return Error(quotedPath(Given) +
                   " is not a directory atfc created, and atfc keeps its own files only in one it "
                   "made; move it away, or choose another -o");
  }
  const int OwnFd = openat(Fd, Name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (OwnFd < 0) {
    struct stat Status {};
    const int Saved = errno;
    if (fstatat(Fd, Name.c_str(), &Status, AT_SYMLINK_NOFOLLOW) == 0)
      if (std::optional<Error> Foreign = foreignStatus(Status, Given, true, false))
        return std::move(*Foreign);
    errno = Saved;
    return systemError("open", Given);
  }
  OutputDirectory Own(OwnFd, Given, /*WhollyAtfcs=*/true);
  struct stat Status {};
  if (fstat(OwnFd, &Status) != 0)
    return systemError("inspect", Given);
  if (std::optional<Error> Foreign = foreignStatus(Status, Given, true, false))
    return std::move(*Foreign);
  // Root's own entries pass foreignStatus(); atfc's own directory must be
  // the user's, and closed to everyone else as makeDirectory() made it.
  if (Status.st_uid != geteuid() || (Status.st_mode & 077) != 0)
    return Error(quotedPath(Given) + " is not private to this user (uid " +
                 std::to_string(Status.st_uid) + ", mode " + octalMode(Status.st_mode) +
                 ") as the directories atfc makes are (0700); remove it");
  return Own;
}

Expected<void> writeOutputFile(const std::string &Path, const std::string &Text) {
  const auto [Directory, Name] = splitPath(Path);
  Expected<OutputDirectory> Dir = OutputDirectory::open(Directory, /*Create=*/false);
  if (!Dir)
    return Dir.takeError();
  return Dir->writeFile(Name, Text);
}

Expected<bool> checkOutputFile(const std::string &Path, bool Directory) {
  const auto [Parent, Name] = splitPath(Path);
  Expected<OutputDirectory> Dir = OutputDirectory::open(Parent, /*Create=*/false);
  if (!Dir)
    return Dir.takeError();
  return Dir->check(Name, Directory);
}

} // namespace atfc
