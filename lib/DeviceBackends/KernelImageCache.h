//===- DeviceBackends/KernelImageCache.h - NVRTC's results, shared -*- C++ -*-===//
//
// NVRTC keeps no cache, so for CUDA compile-ahead atfc keeps its own: what
// compileCudaKernel gave (the image, or the failed build and its log) is
// stored in a directory that every worker of one backend shares (under the
// run's work directory), one file per key. A builder stores what it
// compiled; the measuring worker finds it there and only loads the module.
//
// An entry's name is a hash of everything that changes the image (the
// files the kernel includes among it: NVRTC reports no dependencies, so
// the hash of the files the results depend on, which atfc's Clang found
// for the results key (Driver/MeasuredFiles.h), joins it); the
// entry holds that whole key and a checksum, so that a truncated, corrupt
// or foreign file (another key's, another program's) reads as a miss and
// is compiled again, never trusted. Entries are written through
// OutputDirectory (a fresh temporary renamed over the name, no link
// followed), so several processes storing one key leave one whole entry.
// The directory is one of atfc's own (OutputDirectory::openOwnDirectory):
// no entry's name is recorded, so a store costs the same at any size.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DEVICEBACKENDS_KERNELIMAGECACHE_H
#define ATFC_DEVICEBACKENDS_KERNELIMAGECACHE_H

#include "DeviceBackends/CudaCompiler.h"
#include "DeviceBackends/DeviceBackend.h"
#include "Support/Error.h"
#include "System/OutputDirectory.h"

#include <optional>
#include <string>
#include <vector>

namespace atfc {

/// Everything that changes what NVRTC makes of a kernel.
struct KernelImageKey {
  std::string Source;
  std::string FileName;
  std::string KernelName;
  /// "NAME=VALUE", in the order they are passed.
  std::vector<std::string> Definitions;
  /// major * 10 + minor; 0 for PTX.
  int ComputeCapability = 0;
  /// NVRTC's version ("13.0") and the CUDA headers it includes.
  std::string CompilerVersion;
  std::string IncludeDirectory;
  /// The hash of the headers the source includes (and of the other files
  /// its results depend on), as the results key has it; empty: none known.
  std::string DependenciesKey;
};

/// The key of compiling Setup's kernel with Definitions with the NVRTC
/// nvrtcStatus() found: its source, names and dependencies' hash.
KernelImageKey nvrtcImageKey(const DeviceKernelSetup &Setup,
                             const std::vector<std::string> &Definitions, int ComputeCapability);

/// One directory of compiled kernels. Not thread-safe; processes may share
/// the directory.
class KernelImageCache {
public:
  /// Opens Directory as a directory of atfc's own in its parent, an output
  /// directory (made, with its missing parents, 0700, when missing);
  /// refuses a link, one atfc did not make there and one not private.
  static Expected<KernelImageCache> open(const std::string &Directory);

  /// What was stored under Key; none when nothing whole and valid was.
  std::optional<CudaCompilation> find(const KernelImageKey &Key) const;
  /// Stores Compiled, a success or a failed build, under Key, replacing
  /// what was there.
  Expected<void> store(const KernelImageKey &Key, const CudaCompilation &Compiled);

  /// The file name of Key's entry in the directory.
  static std::string entryName(const KernelImageKey &Key);
  const std::string &path() const { return Directory.path(); }

private:
  explicit KernelImageCache(OutputDirectory Directory) : Directory(std::move(Directory)) {}
  OutputDirectory Directory;
};

} // namespace atfc

#endif
