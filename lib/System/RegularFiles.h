//===- System/RegularFiles.h - Reading files others hand atfc ---*- C++ -*-===//
//
// A path atfc is told to read may name anything: a FIFO (an open blocks
// until a writer comes, a read for ever), /dev/zero (grows without end), a
// directory, or a regular file of many gigabytes. Every file atfc reads
// whole or hashes goes through here: it is opened with O_NONBLOCK (a FIFO
// opens at once), refused unless fstat() says it is a regular file, and
// read whole only up to a stated limit; a hash reads in chunks and never
// holds the file.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SYSTEM_REGULARFILES_H
#define ATFC_SYSTEM_REGULARFILES_H

#include "Support/Error.h"

#include <cstdint>
#include <string>

namespace atfc {

/// The most a file read whole may hold unless its reader says otherwise
/// (1 GiB): a source file, a wisdom file, a recorded-data file.
inline constexpr std::uint64_t kMaxReadFileBytes = std::uint64_t(1) << 30;

/// The bytes of the regular file Path, or the error ("cannot read 'PATH':
/// it is a FIFO, not a regular file", "... it holds N bytes, more than the
/// limit of M") without reading anything of what is not a regular file.
Expected<std::string> readRegularFile(const std::string &Path,
                                      std::uint64_t MaxBytes = kMaxReadFileBytes);

/// The first Count bytes of the regular file Path (fewer when it is
/// shorter); the error as readRegularFile()'s for what is not a regular
/// file. For a format's magic bytes.
Expected<std::string> readRegularFileHead(const std::string &Path, std::size_t Count);

/// A 32-hex-digit digest of the regular file Path's contents, read in
/// chunks (any size, constant memory); the error as readRegularFile()'s
/// for what is not a regular file or cannot be read. Not cryptographic: it
/// tells contents apart for the results key, it protects nothing.
Expected<std::string> hashRegularFile(const std::string &Path);

} // namespace atfc

#endif
