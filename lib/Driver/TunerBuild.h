//===- Driver/TunerBuild.h - Compiling the tuner program ----*- C++ -*-===//
//
// Compiles a generated tuner with the system C++ compiler against the
// runtime libraries atfc was built with, and caches the binary by a hash of
// the program, the compiler command and the libraries it links, so that an
// unchanged file is not compiled again. The cache keeps the tuners used
// last (kTunersKept) and removes older ones that no process is running;
// concurrent builds of one tuner each compile into files of their own and
// the last rename wins.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DRIVER_TUNERBUILD_H
#define ATFC_DRIVER_TUNERBUILD_H

#include "llvm/ADT/StringRef.h"

#include <cstddef>
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
  /// Whether SIGINT, SIGTERM or SIGHUP stopped the compiler
  /// (System/Interruption.h); nothing of the build is left then.
  bool Interrupted = false;
  /// Why the output directory refused the build before the compiler ran
  /// (a link, another user's file, a file atfc did not create); else empty.
  std::string Refused;
};

/// The name of the tuner binary whose build key hashes to Hash:
/// "tuner-" and 16 hex digits, leading zeros included, so that every name
/// has one length (tools and tests match it by pattern).
std::string tunerFileName(std::uint64_t Hash);

/// The file name (tunerFileName) the tuner of program Source has when
/// built, without building it: what identifies it in results keys.
std::string tunerNameOf(llvm::StringRef Source);

/// How many tuners a cache directory keeps (the last used); a tuner is
/// 1-2 MB, and an output directory usually serves one file.
constexpr std::size_t kTunersKept = 3;

/// How many tuners the per-user cache keeps (the last used): at some 5 MB
/// each (a script tuner of this build), it stays under about 80 MB.
constexpr std::size_t kUserTunersKept = 16;

/// The per-user tuner cache: ATFC_TUNER_CACHE when set (empty: none), else
/// $XDG_CACHE_HOME/atfc/tuners, else $HOME/.cache/atfc/tuners; empty when
/// there is none.
std::string userTunerCache();

/// Builds the tuner whose program is Source into CacheDir (created if
/// needed), or finds it there; then evicts the cache's older tuners. With
/// UserCache (userTunerCache()), a tuner CacheDir lacks is first looked for
/// there, as a tuner built for another output directory: checked as
/// CacheDir's are (the user's own directory, 0700, no link, the digest
/// recorded beside it) and copied, its copy's digest checked again; and a
/// tuner built is kept there too (kUserTunersKept).
TunerBuild buildTuner(llvm::StringRef Source, llvm::StringRef CacheDir,
                      llvm::StringRef UserCache = "");

/// Removes every tuner of CacheDir (and the files beside it) but the Keep
/// used last (by modification time, which a cache hit renews), and but
/// those a process is running (System/ExecutableInUse.h): the tuner of a
/// file before its edit, which an `atfc tune` started then may still run.
/// Only regular files atfc created there of a tuner's name are removed, no
/// link followed. Returns how many it removed.
std::size_t evictOldTuners(llvm::StringRef CacheDir, std::size_t Keep);

} // namespace atfc

#endif
