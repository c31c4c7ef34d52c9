//===- Directives/TunerIntegrity.cpp - A cached tuner is the one built ----===//
#include "Directives/TunerIntegrity.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SHA256.h"

#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace atfc {

std::optional<std::string> fileDigest(const std::string &Path) {
  struct stat Status {};
  if (lstat(Path.c_str(), &Status) != 0 || !S_ISREG(Status.st_mode))
    return std::nullopt;
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return std::nullopt;
  llvm::SHA256 Hash;
  Hash.update((*Buffer)->getBuffer());
  return llvm::toHex(Hash.result(), /*LowerCase=*/true);
}

bool recordTunerDigest(const std::string &Binary) {
  const std::optional<std::string> Digest = fileDigest(Binary);
  if (!Digest)
    return false;
  const std::string Record = Binary + ".sha256", Temporary = Record + ".tmp";
  unlink(Temporary.c_str());
  const int Fd =
      open(Temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (Fd < 0)
    return false;
  const std::string Text = *Digest + "\n";
  const bool Written = write(Fd, Text.data(), Text.size()) == static_cast<ssize_t>(Text.size());
  if (close(Fd) != 0 || !Written || std::rename(Temporary.c_str(), Record.c_str()) != 0) {
    unlink(Temporary.c_str());
    return false;
  }
  return true;
}

bool tunerMatchesRecord(const std::string &Binary) {
  auto Record = llvm::MemoryBuffer::getFile(Binary + ".sha256", /*IsText=*/true);
  if (!Record || (*Record)->getBufferSize() > 100)
    return false;
  const std::optional<std::string> Digest = fileDigest(Binary);
  return Digest && llvm::StringRef(*Digest) == (*Record)->getBuffer().trim();
}

} // namespace atfc
