//===- System/OutputDirectory.h - The one way into an output directory -*- C++ -*-===//
//
// Everything atfc and its tuners open in an output directory goes through
// here: the lock, results.db, best.json, best.h, the tuned source, the
// report, the tuner and its digest, the selection files, the work
// directory. Three rules hold for every one of them:
//
//  - no link is followed: the directory is opened with O_NOFOLLOW, its
//    files with openat(O_NOFOLLOW) on it, and a link where a file should be
//    is refused (a planted `lock` or `results.db` link once sent atfc's
//    writes elsewhere);
//  - nothing belongs to someone else: the directory and every file atfc
//    reads or runs there must be owned by the effective user (or root),
//    not writable by others, and have one link (a hard link planted at
//    `lock` or at the record once had atfc truncate or append to the
//    user's file elsewhere); the directory must not be writable by a group
//    with other members (one swapped `work` for a link mid-run);
//  - nothing atfc did not create is overwritten: the names atfc created are
//    recorded in DIR/.atfc-created, and a file of any other name is refused
//    (`-o .` once overwrote the user's own best.h and its source).
//
// A directory atfc made in an output directory (claimed there, 0700, the
// user's) may be opened as atfc's own (openOwnDirectory): everything in it
// is atfc's, so it keeps no record, and its number of entries is not bound
// by one (CUDA's kernel cache holds one file per configuration). Links and
// other users' entries are refused there as everywhere.
//
// The record is trusted only as atfc writes it: its header, one bare name
// a line, one link, the user's.
//
// Once the directory is known to be the user's and closed to others, no
// one else can plant anything in it later; the checks at each open catch
// what was there before. Nor can anyone swap the directory itself: one
// below a directory that others (or a group with other members) may write
// and that is not sticky (a /tmp without its t bit) is refused, as anyone
// could rename it away and put their own in its place. Directories below
// it that atfc makes and removes during a run (`work` and the
// configurations' directories) are held by their descriptors
// (System/HeldDirectory.h).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SYSTEM_OUTPUTDIRECTORY_H
#define ATFC_SYSTEM_OUTPUTDIRECTORY_H

#include "Support/Error.h"

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace atfc {

/// The record of the names atfc created in an output directory.
inline constexpr const char *kCreatedRecordName = ".atfc-created";

class OutputDirectory {
public:
  /// Opens Path as an output directory, creating it (and its missing
  /// parents, 0700) when Create. Refuses a link, a directory not owned by
  /// the user or root, one that others may write, and one below a directory
  /// that others may write and that is not sticky, saying what to do.
  static Expected<OutputDirectory> open(const std::string &Path, bool Create);

  OutputDirectory(OutputDirectory &&Other) noexcept
      : Fd(std::exchange(Other.Fd, -1)), Path(std::move(Other.Path)),
        WhollyAtfcs(Other.WhollyAtfcs) {}
  OutputDirectory &operator=(OutputDirectory &&Other) noexcept {
    std::swap(Fd, Other.Fd);
    std::swap(Path, Other.Path);
    std::swap(WhollyAtfcs, Other.WhollyAtfcs);
    return *this;
  }
  OutputDirectory(const OutputDirectory &) = delete;
  OutputDirectory &operator=(const OutputDirectory &) = delete;
  ~OutputDirectory();

  const std::string &path() const { return Path; }
  int fd() const { return Fd; }
  /// Path/Name (one slash: `-o /` named "//work").
  std::string pathOf(const std::string &Name) const {
    return !Path.empty() && Path.back() == '/' ? Path + Name : Path + "/" + Name;
  }

  /// Makes Name atfc's: refuses it when something atfc did not create is
  /// there (naming it), else records it. Call it before anything runs for
  /// every name a step will write.
  Expected<void> claim(const std::string &Name);
  /// claim() for each of Names; when one is refused, none is recorded.
  Expected<void> claimAll(const std::vector<std::string> &Names);
  /// Whether Name is there; an error when it is a link, not a regular file
  /// (a directory when Directory), someone else's or writable by others.
  Expected<bool> check(const std::string &Name, bool Directory = false) const;
  /// Whether this directory holds File (a file of another name, or a link
  /// to it, counts: the same directory entry is compared).
  bool holds(const std::string &File) const;

  /// Claims Name and writes Text to it through a fresh temporary
  /// (O_EXCL | O_NOFOLLOW) renamed over it, so that a reader never sees half
  /// a file and no link is followed.
  Expected<void> writeFile(const std::string &Name, const std::string &Text, unsigned Mode = 0644);
  /// Renames the file From (a name in this directory) onto Name, claimed.
  Expected<void> renameOnto(const std::string &From, const std::string &Name);
  /// Opens Name with Flags (O_NOFOLLOW and O_CLOEXEC added unless
  /// Inheritable; claimed first when Flags create), checked as by check().
  Expected<int> openFile(const std::string &Name, int Flags, bool Inheritable = false);
  /// Reads Name, checked, of at most Limit bytes.
  Expected<std::string> readFile(const std::string &Name, std::size_t Limit) const;
  /// Claims and makes the directory Name (0700), or checks the one there.
  Expected<void> makeDirectory(const std::string &Name);
  /// Opens the directory Name, made first by makeDirectory() when Create,
  /// as atfc's own: every entry in it is atfc's, none is recorded. Only a
  /// directory atfc made here qualifies: one recorded here (or in a
  /// directory of atfc's own), no link, the user's, 0700; so the user's
  /// output directory, opened only by open(), is never one.
  Expected<OutputDirectory> openOwnDirectory(const std::string &Name, bool Create);
  /// Whether every entry is atfc's (openOwnDirectory()).
  bool isAtfcsOwn() const { return WhollyAtfcs; }

  /// The names recorded as atfc's; an error when the record is not atfc's,
  /// or in a directory of atfc's own, which keeps none.
  Expected<std::vector<std::string>> createdNames() const;

private:
  /// Checks Name as claim() does, recording nothing; whether it is
  /// recorded already (or needs no record, in a directory of atfc's own).
  Expected<bool> claimable(const std::string &Name) const;
  /// Appends Names, claimable and not recorded yet, to the record.
  Expected<void> record(const std::vector<std::string> &Names);

  OutputDirectory(int Fd, std::string Path, bool WhollyAtfcs = false)
      : Fd(Fd), Path(std::move(Path)), WhollyAtfcs(WhollyAtfcs) {}

  int Fd = -1;
  std::string Path;
  /// Made by atfc and private: whatever is in it is atfc's, no name is
  /// recorded (the record, read whole per claim, bounded its entries).
  bool WhollyAtfcs = false;
};

/// Writes Text to Path, a file in an output directory (which must exist),
/// by OutputDirectory::writeFile: the one function every writer of a file
/// in an output directory calls.
Expected<void> writeOutputFile(const std::string &Path, const std::string &Text);

/// Checks Path, a file in an output directory, before atfc reads or runs
/// it (the rules of check()); whether it is there.
Expected<bool> checkOutputFile(const std::string &Path, bool Directory = false);

} // namespace atfc

#endif
