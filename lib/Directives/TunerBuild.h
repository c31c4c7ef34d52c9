//===- Directives/TunerBuild.h - Compiling the tuner program ----*- C++ -*-===//
//
// Compiles a generated tuner with the system C++ compiler against the
// runtime libraries atfc was built with, and caches the binary by a hash of
// the program, the compiler command and the libraries it links, so that an
// unchanged file is not compiled again.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DIRECTIVES_TUNERBUILD_H
#define ATFC_DIRECTIVES_TUNERBUILD_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>

namespace atfc {

/// The outcome of building a tuner.
struct TunerBuild {
  /// Whether Binary exists and is runnable.
  bool Succeeded = false;
  /// The tuner executable.
  std::string Binary;
  /// Whether Binary came from the cache.
  bool Cached = false;
  /// Wall time of the build (or of the cache look-up).
  double Seconds = 0;
  /// What went wrong: the compiler's output, or a message.
  std::string Log;
};

/// The name of the tuner binary whose build key hashes to Hash:
/// "tuner-" and 16 hex digits, leading zeros included, so that every name
/// has one length (tools and tests match it by pattern).
std::string tunerFileName(std::uint64_t Hash);

/// The file name (tunerFileName) the tuner of program Source has when
/// built, without building it: what identifies it in results keys.
std::string tunerNameOf(llvm::StringRef Source);

/// Builds the tuner whose program is Source into CacheDir (created if
/// needed), or finds it there.
TunerBuild buildTuner(llvm::StringRef Source, llvm::StringRef CacheDir);

} // namespace atfc

#endif
