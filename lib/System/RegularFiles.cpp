//===- System/RegularFiles.cpp - Reading files others hand atfc ----------===//
#include "System/RegularFiles.h"

#include "Support/SplitMix64.h"

#include <array>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace atfc {

namespace {

/// What a file of mode Mode is, for a message.
const char *fileKind(mode_t Mode) {
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

Error cannotRead(const std::string &Path, const std::string &Why) {
  return Error("cannot read '" + Path + "': " + Why);
}

/// An open descriptor closed on every path out.
class OpenFile {
public:
  explicit OpenFile(int Fd) : Fd(Fd) {}
  OpenFile(const OpenFile &) = delete;
  OpenFile &operator=(const OpenFile &) = delete;
  ~OpenFile() {
    if (Fd >= 0)
      close(Fd);
  }
  int fd() const { return Fd; }

private:
  int Fd;
};

/// Path opened for reading, and its size, when it is a regular file.
/// O_NONBLOCK: opening a FIFO must not wait for a writer; fstat() on the
/// open descriptor then decides, with no window for a swap in between.
Expected<std::uint64_t> openRegular(const std::string &Path, int &Fd) {
  Fd = open(Path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (Fd < 0)
    return cannotRead(Path, std::strerror(errno));
  struct stat Status {};
  if (fstat(Fd, &Status) != 0)
    return cannotRead(Path, std::strerror(errno));
  if (!S_ISREG(Status.st_mode))
    return cannotRead(Path,
                      std::string("it is ") + fileKind(Status.st_mode) + ", not a regular file");
  return static_cast<std::uint64_t>(Status.st_size);
}

/// Calls Chunk with each piece of Fd's bytes until the end or until more
/// than MaxBytes came; false (errno set) when a read fails.
template <typename ChunkFn>
bool readChunks(int Fd, std::uint64_t MaxBytes, std::uint64_t &Total, ChunkFn Chunk) {
  std::array<char, 1 << 16> Buffer;
  Total = 0;
  while (Total <= MaxBytes) {
    const ssize_t N = read(Fd, Buffer.data(), Buffer.size());
    if (N < 0 && errno == EINTR)
      continue;
    if (N < 0)
      return false;
    if (N == 0)
      break;
    Total += static_cast<std::uint64_t>(N);
    Chunk(Buffer.data(), static_cast<std::size_t>(N));
  }
  return true;
}

std::string tooLarge(std::uint64_t Size, std::uint64_t MaxBytes) {
  return "it holds " + std::to_string(Size) + " bytes, more than the limit of " +
         std::to_string(MaxBytes);
}

} // namespace

Expected<std::string> readRegularFile(const std::string &Path, std::uint64_t MaxBytes) {
  int Fd = -1;
  Expected<std::uint64_t> Size = openRegular(Path, Fd);
  const OpenFile Closer(Fd);
  if (!Size)
    return Size.takeError();
  if (*Size > MaxBytes)
    return cannotRead(Path, tooLarge(*Size, MaxBytes));
  std::string Bytes;
  Bytes.reserve(static_cast<std::size_t>(*Size));
  std::uint64_t Total = 0;
  // The file may grow while it is read: the limit holds for what is read.
  if (!readChunks(Fd, MaxBytes, Total,
                  [&](const char *Data, std::size_t N) { Bytes.append(Data, N); }))
    return cannotRead(Path, std::strerror(errno));
  if (Total > MaxBytes)
    return cannotRead(Path, tooLarge(Total, MaxBytes));
  return Bytes;
}

Expected<std::string> readRegularFileHead(const std::string &Path, std::size_t Count) {
  int Fd = -1;
  Expected<std::uint64_t> Size = openRegular(Path, Fd);
  const OpenFile Closer(Fd);
  if (!Size)
    return Size.takeError();
  std::string Head(Count, '\0');
  std::size_t Done = 0;
  while (Done < Count) {
    const ssize_t N = read(Fd, Head.data() + Done, Count - Done);
    if (N < 0 && errno == EINTR)
      continue;
    if (N < 0)
      return cannotRead(Path, std::strerror(errno));
    if (N == 0)
      break;
    Done += static_cast<std::size_t>(N);
  }
  Head.resize(Done);
  return Head;
}

Expected<std::string> hashRegularFile(const std::string &Path) {
  int Fd = -1;
  Expected<std::uint64_t> Size = openRegular(Path, Fd);
  const OpenFile Closer(Fd);
  if (!Size)
    return Size.takeError();
  // Two 64-bit FNV-1a lanes with different offset bases, finished with the
  // length and an avalanche step each (SplitMix64's finaliser): 128 bits.
  std::uint64_t A = 0xcbf29ce484222325ULL, B = 0x6c62272e07bb0142ULL;
  std::uint64_t Total = 0;
  const bool Read = readChunks(Fd, UINT64_MAX - 1, Total, [&](const char *Data, std::size_t N) {
    for (std::size_t I = 0; I < N; ++I) {
      const auto C = static_cast<unsigned char>(Data[I]);
      A = (A ^ C) * 0x100000001b3ULL;
      B = (B ^ C) * 0x100000001b3ULL;
    }
  });
  if (!Read)
    return cannotRead(Path, std::strerror(errno));
  A = splitMix64Finalise(A ^ Total);
  B = splitMix64Finalise(B ^ A);
  static constexpr char Hex[] = "0123456789abcdef";
  std::string Digest(32, '0');
  for (int I = 0; I < 16; ++I) {
    Digest[15 - I] = Hex[(A >> (4 * I)) & 0xf];
    Digest[31 - I] = Hex[(B >> (4 * I)) & 0xf];
  }
  return Digest;
}

} // namespace atfc
