//===- System/RegularFiles.cpp - Reading files others hand atfc ----------===//
#include "System/RegularFiles.h"

#include "Support/Digest128.h"

#include <array>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace atfc {

namespace {

Error cannotRead(const std::string &Path, const std::string &Why) {
  return Error("cannot read '" + Path + "': " + Why);
}

/// cannotRead(Path, Why), with Problem (when given) set to it.
Error refused(RegularFileProblem *Problem, RegularFileFailure Kind, const std::string &Path,
              const std::string &Why, std::uint64_t Size = 0) {
  if (Problem)
    *Problem = RegularFileProblem{Kind, Why, Size};
  return cannotRead(Path, Why);
}

/// The failure an errno of open() or read() is.
RegularFileFailure failureOf(int Errno) {
  return Errno == ENOENT ? RegularFileFailure::DoesNotExist : RegularFileFailure::CannotRead;
}

/// Reads File in chunks from its start, calling Chunk with each, until
/// its end or until more than MaxBytes came; Total is what came.
template <typename ChunkFn>
Expected<void> readChunks(const RegularFile &File, std::uint64_t MaxBytes, std::uint64_t &Total,
                          ChunkFn Chunk, RegularFileProblem *Problem = nullptr) {
  std::array<char, 1 << 16> Buffer;
  Total = 0;
  while (Total <= MaxBytes) {
    Expected<std::size_t> N = File.readAt(Total, Buffer.data(), Buffer.size(), Problem);
    if (!N)
      return N.takeError();
    if (*N == 0)
      break;
    Total += *N;
    Chunk(Buffer.data(), *N);
  }
  return success();
}

std::string tooLarge(std::uint64_t Size, std::uint64_t MaxBytes) {
  return "it holds " + std::to_string(Size) + " bytes, more than the limit of " +
         std::to_string(MaxBytes);
}

} // namespace

Expected<RegularFile> RegularFile::open(const std::string &Path, const std::string &Shown,
                                        RegularFileProblem *Problem) {
  const std::string &Name = Shown.empty() ? Path : Shown;
  // O_NONBLOCK: opening a FIFO must not wait for a writer; fstat() on the
  // open descriptor then decides, with no window for a swap in between.
  const int Fd = ::open(Path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (Fd < 0) {
    const int Errno = errno;
    return refused(Problem, failureOf(Errno), Name, std::strerror(Errno));
  }
  RegularFile File(Fd, Name);
  struct stat Status {};
  if (fstat(File.Fd, &Status) != 0) {
    const int Errno = errno;
    return refused(Problem, RegularFileFailure::CannotRead, Name, std::strerror(Errno));
  }
  if (!S_ISREG(Status.st_mode))
    return refused(Problem, RegularFileFailure::NotRegular, Name,
                   std::string("it is ") + fileKind(Status.st_mode) + ", not a regular file");
  File.Size = static_cast<std::uint64_t>(Status.st_size);
  return File;
}

RegularFile::RegularFile(RegularFile &&Other) noexcept
    : Fd(std::exchange(Other.Fd, -1)), Size(Other.Size), Shown(std::move(Other.Shown)) {}

RegularFile &RegularFile::operator=(RegularFile &&Other) noexcept {
  if (this != &Other) {
    if (Fd >= 0)
      close(Fd);
    Fd = std::exchange(Other.Fd, -1);
    Size = Other.Size;
    Shown = std::move(Other.Shown);
  }
  return *this;
}

RegularFile::~RegularFile() {
  if (Fd >= 0)
    close(Fd);
}

Expected<std::size_t> RegularFile::readAt(std::uint64_t Offset, char *Into, std::size_t Count,
                                          RegularFileProblem *Problem) const {
  std::size_t Done = 0;
  while (Done < Count) {
    const ssize_t N = pread(Fd, Into + Done, Count - Done, static_cast<off_t>(Offset + Done));
    if (N < 0 && errno == EINTR)
      continue;
    if (N < 0) {
      const int Errno = errno;
      return refused(Problem, RegularFileFailure::CannotRead, Shown, std::strerror(Errno));
    }
    if (N == 0)
      break;
    Done += static_cast<std::size_t>(N);
  }
  return Done;
}

Expected<std::string> readRegularFile(const std::string &Path, std::uint64_t MaxBytes,
                                      RegularFileProblem *Problem) {
  Expected<RegularFile> File = RegularFile::open(Path, "", Problem);
  if (!File)
    return File.takeError();
  if (File->size() > MaxBytes)
    return refused(Problem, RegularFileFailure::TooLarge, Path, tooLarge(File->size(), MaxBytes),
                   File->size());
  std::string Bytes;
  Bytes.reserve(static_cast<std::size_t>(File->size()));
  std::uint64_t Total = 0;
  // The file may grow while it is read: the limit holds for what is read.
  if (Expected<void> Read = readChunks(
          *File, MaxBytes, Total, [&](const char *Data, std::size_t N) { Bytes.append(Data, N); },
          Problem);
      !Read)
    return Read.takeError();
  if (Total > MaxBytes)
    return refused(Problem, RegularFileFailure::TooLarge, Path, tooLarge(Total, MaxBytes), Total);
  return Bytes;
}

Expected<std::string> readRegularFileHead(const std::string &Path, std::size_t Count) {
  Expected<RegularFile> File = RegularFile::open(Path);
  if (!File)
    return File.takeError();
  std::string Head(Count, '\0');
  Expected<std::size_t> Read = File->readAt(0, Head.data(), Count);
  if (!Read)
    return Read.takeError();
  Head.resize(*Read);
  return Head;
}

Expected<std::string> RegularFile::digest() const {
  Digest128 Digest;
  std::uint64_t Total = 0;
  Expected<void> Read =
      readChunks(*this, UINT64_MAX - 1, Total,
                 [&](const char *Data, std::size_t N) { Digest.add(std::string_view(Data, N)); });
  if (!Read)
    return Read.takeError();
  return Digest.hex(Total); // the length joins the digest
}

Expected<std::string> hashRegularFile(const std::string &Path) {
  Expected<RegularFile> File = RegularFile::open(Path);
  if (!File)
    return File.takeError();
  return File->digest();
}

const char *fileKind(unsigned Mode) {
  if (S_ISDIR(Mode))
    return "a directory";
  if (S_ISFIFO(Mode))
    return "a FIFO";
  if (S_ISCHR(Mode))
    return "a character device";
  if (S_ISBLK(Mode))
    return "a block device";
  if (S_ISSOCK(Mode))
    return "a socket";
  return "not a regular file";
}

} // namespace atfc
