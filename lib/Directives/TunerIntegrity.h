//===- Directives/TunerIntegrity.h - A cached tuner is the one built -*- C++ -*-===//
//
// A cached tuner lives in the output directory (tuner-HASH), where others
// may write: one edited or swapped after atfc built it must not be run.
// When atfc builds a tuner it records the SHA-256 of the binary's bytes
// beside it (tuner-HASH.sha256); a cached tuner is used only if its bytes
// still have that digest, and is built again otherwise. (Someone who can
// replace both files can replace any program the user runs from there: the
// record protects against edits and stale or foreign binaries, and the
// output directory that atfc creates is private, SafeFiles.h.)
//
// Tested by test/atfc/tune/output-directory.test.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DIRECTIVES_TUNERINTEGRITY_H
#define ATFC_DIRECTIVES_TUNERINTEGRITY_H

#include <optional>
#include <string>

namespace atfc {

/// The SHA-256 of the file's bytes in hexadecimal; nullopt when it cannot
/// be read or is no regular file.
std::optional<std::string> fileDigest(const std::string &Path);

/// Records Binary's digest in Binary.sha256 (replacing a planted link
/// rather than following it); false when it cannot.
bool recordTunerDigest(const std::string &Binary);

/// Whether Binary is a regular file whose digest is the one recorded.
bool tunerMatchesRecord(const std::string &Binary);

} // namespace atfc

#endif
