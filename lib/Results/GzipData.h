//===- Results/GzipData.h - Bounded gzip decompression ----------*- C++ -*-===//
//
// Recorded data may come gzip-compressed, and deflate reaches a ratio of
// about 1000: a 3 MB file can inflate to 3 GB and end the reader with
// std::bad_alloc. Inflation therefore stops at a stated limit, with an
// error that names it, before it holds more.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_RESULTS_GZIPDATA_H
#define ATFC_RESULTS_GZIPDATA_H

#include "Support/Error.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace atfc {

/// The most bytes gzip data may inflate to (1 GiB), whatever its size.
inline constexpr std::uint64_t kMaxInflatedBytes = std::uint64_t(1) << 30;

/// Whether Bytes start with gzip's magic bytes.
bool isGzip(std::string_view Bytes);

/// The bytes the gzip data Compressed holds (concatenated members
/// continue it); the error when it is corrupt or truncated, or would
/// inflate to more than MaxBytes ("gzip data that inflates to more than
/// 1073741824 bytes, the limit ...").
Expected<std::string> inflateGzip(std::string_view Compressed,
                                  std::uint64_t MaxBytes = kMaxInflatedBytes);

} // namespace atfc

#endif
