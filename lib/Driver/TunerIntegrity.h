//===- Driver/TunerIntegrity.h - A cached tuner is the one built -*- C++ -*-===//
//
// A cached tuner lives in the output directory (tuner-HASH), where others
// may write: one edited or swapped after atfc built it must not be run.
// When atfc builds a tuner it records the SHA-256 of the binary's bytes
// beside it (tuner-HASH.sha256); a cached tuner is used only if its bytes
// still have that digest, and is built again otherwise. (Someone who can
// replace both files can replace any program the user runs from there: the
// record protects against edits and stale or foreign binaries, and the
// output directory must be the user's and closed to others,
// System/OutputDirectory.h, which also refuses either file as a link or
// as another user's.)
//
// Tested by test/atfc/tune/output-directory.test.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DRIVER_TUNERINTEGRITY_H
#define ATFC_DRIVER_TUNERINTEGRITY_H

#include "Support/Error.h"

#include <optional>
#include <string>

namespace atfc {

/// The SHA-256 of the file's bytes in hexadecimal; nullopt when it cannot
/// be read or is no regular file.
std::optional<std::string> fileDigest(const std::string &Path);

/// Records Binary's digest in Binary.sha256, a file of its output
/// directory (System/OutputDirectory.h); the error when it cannot.
Expected<void> recordTunerDigest(const std::string &Binary);

/// Whether Binary is a regular file whose digest is the one recorded; an
/// error when Binary or its record is a link or another user's.
Expected<bool> tunerMatchesRecord(const std::string &Binary);

} // namespace atfc

#endif
