//===- DeviceBackends/KernelImageCache.cpp - NVRTC's results, shared ------===//
//
// An entry: a magic line, then length-framed fields (the whole key, the
// outcome, the lowered name, the log, the error, the image), then a
// 32-hex-digit checksum of all before it. Any deviation reads as a miss.
//
//===----------------------------------------------------------------------===//
#include "DeviceBackends/KernelImageCache.h"

#include "Support/Digest128.h"

#include <cstdint>
#include <string_view>

namespace atfc {

namespace {

constexpr std::string_view kEntryMagic = "atfc CUDA kernel image 2\n";
constexpr std::size_t kChecksumDigits = 32;
/// More than any cubin, less than a planted huge file could make atfc read.
constexpr std::size_t kEntryLimit = std::size_t(256) << 20;

/// The shared digest (Support/Digest128.h), salted with the length. Not
/// cryptographic: it names and checks entries of the user's own directory.
std::string hashText(std::string_view Text) {
  Digest128 Digest;
  Digest.add(Text);
  return Digest.hex(Text.size());
}

/// Appends Field framed by its length (8 bytes, little-endian), so that
/// {"ab", "c"} and {"a", "bc"} differ.
void putField(std::string &Out, std::string_view Field) {
  std::uint64_t Size = Field.size();
  for (int Byte = 0; Byte < 8; ++Byte, Size >>= 8)
    Out += static_cast<char>(Size & 0xff);
  Out += Field;
}

/// Takes the next framed field from In; false when In is too short.
bool takeField(std::string_view &In, std::string &Field) {
  if (In.size() < 8)
    return false;
  std::uint64_t Size = 0;
  for (int Byte = 7; Byte >= 0; --Byte)
    Size = Size << 8 | static_cast<unsigned char>(In[static_cast<std::size_t>(Byte)]);
  In.remove_prefix(8);
  if (Size > In.size())
    return false;
  Field.assign(In.substr(0, static_cast<std::size_t>(Size)));
  In.remove_prefix(static_cast<std::size_t>(Size));
  return true;
}

/// Every part of Key, framed: what an entry must hold to be Key's.
std::string keyText(const KernelImageKey &Key) {
  std::string Text;
  putField(Text, Key.Source);
  putField(Text, Key.FileName);
  putField(Text, Key.KernelName);
  putField(Text, std::to_string(Key.Definitions.size()));
  for (const std::string &Definition : Key.Definitions)
    putField(Text, Definition);
  putField(Text, std::to_string(Key.ComputeCapability));
  putField(Text, Key.CompilerVersion);
  putField(Text, Key.IncludeDirectory);
  putField(Text, Key.DependenciesKey);
  return Text;
}

} // namespace

KernelImageKey nvrtcImageKey(const DeviceKernelSetup &Setup,
                             const std::vector<std::string> &Definitions, int ComputeCapability) {
  const NvrtcStatus Nvrtc = nvrtcStatus();
  return {Setup.Source,      Setup.FileName, Setup.KernelName,       Definitions,
          ComputeCapability, Nvrtc.Version,  Nvrtc.IncludeDirectory, Setup.DependenciesKey};
}

Expected<KernelImageCache> KernelImageCache::open(const std::string &Path) {
  // A directory of atfc's own: a store claims no name in a record (read
  // whole per claim, it once stopped storing past about 29,000 entries).
  std::string Trimmed = Path;
  while (Trimmed.size() > 1 && Trimmed.back() == '/')
    Trimmed.pop_back();
  const std::size_t Slash = Trimmed.find_last_of('/');
  const std::string Parent = Slash == std::string::npos ? "."
                             : Slash == 0               ? "/"
                                                        : Trimmed.substr(0, Slash);
  const std::string Name = Slash == std::string::npos ? Trimmed : Trimmed.substr(Slash + 1);
  Expected<OutputDirectory> Directory = OutputDirectory::open(Parent, /*Create=*/true);
  if (Directory)
    Directory = Directory->openOwnDirectory(Name, /*Create=*/true);
  if (!Directory)
    return Error("cannot use the CUDA kernel cache: " + Directory.error().message());
  return KernelImageCache(Directory.take());
}

std::string KernelImageCache::entryName(const KernelImageKey &Key) {
  return hashText(keyText(Key)) + ".kernel";
}

std::optional<CudaCompilation> KernelImageCache::find(const KernelImageKey &Key) const {
  const std::string Name = entryName(Key);
  Expected<bool> There = Directory.check(Name);
  if (!There || !*There)
    return std::nullopt;
  Expected<std::string> Entry = Directory.readFile(Name, kEntryLimit);
  if (!Entry || Entry->size() < kEntryMagic.size() + kChecksumDigits)
    return std::nullopt;
  std::string_view Body(*Entry);
  const std::string_view Checksum = Body.substr(Body.size() - kChecksumDigits);
  Body.remove_suffix(kChecksumDigits);
  if (hashText(Body) != Checksum || Body.substr(0, kEntryMagic.size()) != kEntryMagic)
    return std::nullopt;
  Body.remove_prefix(kEntryMagic.size());
  std::string StoredKey, Outcome;
  CudaCompilation Compiled;
  if (!takeField(Body, StoredKey) || StoredKey != keyText(Key) || !takeField(Body, Outcome) ||
      !takeField(Body, Compiled.LoweredName) || !takeField(Body, Compiled.Log) ||
      !takeField(Body, Compiled.Error) || !takeField(Body, Compiled.Image) || !Body.empty())
    return std::nullopt;
  if (Outcome == "cubin")
    Compiled.IsCubin = true;
  else if (Outcome != "ptx" && Outcome != "failed")
    return std::nullopt;
  // An entry says both how it ended and why: the two must agree.
  if ((Outcome == "failed") != !Compiled.ok())
    return std::nullopt;
  return Compiled;
}

Expected<void> KernelImageCache::store(const KernelImageKey &Key, const CudaCompilation &Compiled) {
  std::string Entry(kEntryMagic);
  putField(Entry, keyText(Key));
  putField(Entry, !Compiled.ok() ? "failed" : Compiled.IsCubin ? "cubin" : "ptx");
  putField(Entry, Compiled.LoweredName);
  putField(Entry, Compiled.Log);
  putField(Entry, Compiled.Error);
  putField(Entry, Compiled.Image);
  Entry += hashText(Entry);
  return Directory.writeFile(entryName(Key), Entry, 0600);
}

} // namespace atfc
