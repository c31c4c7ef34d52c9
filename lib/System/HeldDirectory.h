//===- System/HeldDirectory.h - A directory held by its descriptor -*- C++ -*-===//
//
// A path is looked up again at every use: a directory named by one
// (`DIR/work`) can be renamed away between two uses and a link put in its
// place, and atfc then makes, writes and removes below whatever the link
// names. A member of a group-writable output directory's group once swapped
// `work` for a link to the victim's `~/experiments` mid-run, and atfc, as
// the victim, removed `~/experiments/1` with remove_all. A HeldDirectory is
// opened once (O_DIRECTORY | O_NOFOLLOW, checked on the descriptor: the
// user's, not writable by others) and every entry below it is made,
// opened and removed relative to its descriptor with no link followed
// (mkdirat, openat with O_NOFOLLOW, unlinkat): a swap of its path after the
// open changes nothing atfc does. Scripts run in one by its descriptor
// (ProcessSpec::DirectoryFd).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SYSTEM_HELDDIRECTORY_H
#define ATFC_SYSTEM_HELDDIRECTORY_H

#include "Support/Error.h"

#include <string>
#include <utility>

namespace atfc {

class HeldDirectory {
public:
  HeldDirectory() = default;
  /// Opens the directory Path, made first (0700, its missing parents too)
  /// when Create; refuses a link, another user's directory (root's
  /// passes), and one that others may write.
  static Expected<HeldDirectory> open(const std::string &Path, bool Create);

  HeldDirectory(HeldDirectory &&Other) noexcept
      : Fd(std::exchange(Other.Fd, -1)), Path(std::move(Other.Path)) {}
  HeldDirectory &operator=(HeldDirectory &&Other) noexcept {
    std::swap(Fd, Other.Fd);
    std::swap(Path, Other.Path);
    return *this;
  }
  HeldDirectory(const HeldDirectory &) = delete;
  HeldDirectory &operator=(const HeldDirectory &) = delete;
  ~HeldDirectory();

  bool isOpen() const { return Fd >= 0; }
  int fd() const { return Fd; }
  /// The path it was opened by (for messages and for scripts, which take
  /// paths); never used to reach it again.
  const std::string &path() const { return Path; }

  /// Makes the directory Name in it (0700) and holds it; Exists is set,
  /// and nothing made, when Name is already there.
  Expected<HeldDirectory> makeDirectory(const std::string &Name, bool &Exists) const;
  /// Creates the file Name in it afresh (O_CREAT | O_EXCL | O_NOFOLLOW)
  /// and writes Text to it.
  Expected<void> writeNewFile(const std::string &Name, const std::string &Text) const;
  /// Removes Name from it, and when Name is a directory everything below,
  /// each entry relative to a descriptor and no link followed (a link is
  /// removed, never what it names); nothing when Name is not there.
  Expected<void> remove(const std::string &Name) const;
  /// remove() for every entry in it.
  Expected<void> removeEntries() const;

private:
  HeldDirectory(int Fd, std::string Path) : Fd(Fd), Path(std::move(Path)) {}
  int Fd = -1;
  std::string Path;
};

/// Removes Name in the directory open as DirFd as HeldDirectory::remove()
/// does; Shown names the directory in a message.
Expected<void> removeTreeAt(int DirFd, const std::string &Name, const std::string &Shown);

} // namespace atfc

#endif
