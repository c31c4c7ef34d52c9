//===- Driver/TunerIntegrity.cpp - A cached tuner is the one built ----===//
#include "Driver/TunerIntegrity.h"

#include "System/OutputDirectory.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SHA256.h"

#include <sys/stat.h>

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

Expected<void> recordTunerDigest(const std::string &Binary) {
  const std::optional<std::string> Digest = fileDigest(Binary);
  if (!Digest)
    return Error("cannot read '" + Binary + "' to record its digest");
  return writeOutputFile(Binary + ".sha256", *Digest + "\n");
}

Expected<bool> tunerMatchesRecord(const std::string &Binary) {
  // Neither is read or run when it is a link or someone else's.
  Expected<bool> There = checkOutputFile(Binary);
  if (!There || !*There)
    return There;
  const std::string Record = Binary + ".sha256";
  Expected<bool> Recorded = checkOutputFile(Record);
  if (!Recorded || !*Recorded)
    return Recorded;
  const std::size_t Slash = Record.find_last_of('/');
  Expected<OutputDirectory> Dir = OutputDirectory::open(
      Slash == std::string::npos ? "." : Record.substr(0, Slash), /*Create=*/false);
  if (!Dir)
    return Dir.takeError();
  Expected<std::string> Text = Dir->readFile(Record.substr(Slash + 1), 100);
  if (!Text)
    return false; // a record of more bytes is no digest atfc wrote
  const std::optional<std::string> Digest = fileDigest(Binary);
  return Digest && llvm::StringRef(*Digest) == llvm::StringRef(*Text).trim();
}

} // namespace atfc
