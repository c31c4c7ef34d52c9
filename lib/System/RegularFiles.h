//===- System/RegularFiles.h - Reading files others hand atfc ---*- C++ -*-===//
//
// A path atfc is told to read may name anything: a FIFO (an open blocks
// until a writer comes, a read for ever), /dev/zero (grows without end), a
// directory, or a regular file of many gigabytes. Every file atfc reads
// whole, hashes or reads in parts (a .npy file's header, then its data)
// goes through here: it is opened with O_NONBLOCK (a FIFO opens at once)
// and refused unless fstat() says it is a regular file; it is read whole
// only up to a stated limit, a hash reads in chunks and never holds the
// file, and a RegularFile's size is known before any part is read. A
// caller that words each failure its own way (a run script's cost file
// "was not written") is told which one it was by a RegularFileProblem,
// never by matching the message.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SYSTEM_REGULARFILES_H
#define ATFC_SYSTEM_REGULARFILES_H

#include "Support/Error.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

namespace atfc {

/// The most a file read whole may hold unless its reader says otherwise
/// (1 GiB): a source file, a wisdom file, a recorded-data file.
inline constexpr std::uint64_t kMaxReadFileBytes = std::uint64_t(1) << 30;

/// Which way reading a file failed.
enum class RegularFileFailure {
  DoesNotExist, ///< nothing at the path (ENOENT)
  NotRegular,   ///< a FIFO, a device, a directory, ...
  TooLarge,     ///< more bytes than the reader's limit
  CannotRead,   ///< any other failure of the open or of a read
};

/// Why a file was refused, typed, beside the Error that says it in words.
struct RegularFileProblem {
  RegularFileFailure Kind = RegularFileFailure::CannotRead;
  /// The error's words after "cannot read 'PATH': " ("No such file or
  /// directory", "it is a FIFO, not a regular file").
  std::string Reason;
  /// The bytes the file held, where Kind is TooLarge.
  std::uint64_t Size = 0;
};

/// A regular file open for reading, with its size when it was opened;
/// closed with the object.
class RegularFile {
public:
  /// Path opened when it is a regular file, or the error ("cannot read
  /// 'SHOWN': it is a FIFO, not a regular file") naming it as Shown (Path
  /// when Shown is empty), without reading anything; Problem, when given,
  /// is set to why.
  static Expected<RegularFile> open(const std::string &Path, const std::string &Shown = "",
                                    RegularFileProblem *Problem = nullptr);
  RegularFile(RegularFile &&Other) noexcept;
  RegularFile &operator=(RegularFile &&Other) noexcept;
  RegularFile(const RegularFile &) = delete;
  RegularFile &operator=(const RegularFile &) = delete;
  ~RegularFile();

  std::uint64_t size() const { return Size; }
  /// hashRegularFile()'s digest of the open file's contents, read from its
  /// start in chunks.
  Expected<std::string> digest() const;
  /// Reads up to Count bytes from Offset into Into: how many there were
  /// (fewer only at the end of the file), or the error of a failed read
  /// (and Problem, when given, set to it).
  Expected<std::size_t> readAt(std::uint64_t Offset, char *Into, std::size_t Count,
                               RegularFileProblem *Problem = nullptr) const;

private:
  RegularFile(int Fd, std::string Shown) : Fd(Fd), Shown(std::move(Shown)) {}
  int Fd = -1;
  std::uint64_t Size = 0;
  std::string Shown;
};

/// The bytes of the regular file Path, or the error ("cannot read 'PATH':
/// it is a FIFO, not a regular file", "... it holds N bytes, more than the
/// limit of M") without reading anything of what is not a regular file;
/// Problem, when given, is set to why.
Expected<std::string> readRegularFile(const std::string &Path,
                                      std::uint64_t MaxBytes = kMaxReadFileBytes,
                                      RegularFileProblem *Problem = nullptr);

/// The first Count bytes of the regular file Path (fewer when it is
/// shorter); the error as readRegularFile()'s for what is not a regular
/// file. For a format's magic bytes.
Expected<std::string> readRegularFileHead(const std::string &Path, std::size_t Count);

/// A 32-hex-digit digest of the regular file Path's contents, read in
/// chunks (any size, constant memory); the error as readRegularFile()'s
/// for what is not a regular file or cannot be read. Not cryptographic: it
/// tells contents apart for the results key, it protects nothing.
Expected<std::string> hashRegularFile(const std::string &Path);

/// What a file of mode Mode is, for a message ("a FIFO", "a directory",
/// ...; "not a regular file" for any other kind).
const char *fileKind(unsigned Mode);

} // namespace atfc

#endif
