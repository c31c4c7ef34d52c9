//===- KernelData/NumpyArray.h - NumPy .npy files and raw data --*- C++ -*-===//
//
// The one reader and writer of NumPy's .npy format (versions 1.0, 2.0 and
// 3.0), and of the raw native-binary files a kernel argument may read its
// contents from (`#atf::ocl::input buffer<float>(N) data "x.npy"`). Its main
// tasks: parse and validate a header (magic, version, the dict of `descr`,
// `fortran_order` and `shape`) without trusting any length it states; check
// a file against an argument's element type and count (dtype, byte order, C
// order, size); read the data into a buffer in chunks; and write a .npy from
// typed bytes (the checked buffers a `check script` reads). Both the tuner
// (which checks the files before anything is measured) and the device worker
// (which reads them) use it.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_KERNELDATA_NUMPYARRAY_H
#define ATFC_KERNELDATA_NUMPYARRAY_H

#include "KernelData/KernelArgument.h"
#include "Support/Error.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace atfc {

/// What a .npy header says.
struct NumpyHeader {
  /// The dtype as written, e.g. "<f4", "|u1".
  std::string Descr;
  /// '<' little-endian, '>' big-endian, '|' not applicable, '=' native.
  char ByteOrder = '|';
  /// NumPy's kind letter: 'i' signed, 'u' unsigned, 'f' floating, 'b' bool,
  /// 'c' complex, ...
  char Kind = '?';
  /// Bytes per element.
  std::uint64_t ItemSize = 0;
  /// Whether the data is in Fortran (column-major) order.
  bool FortranOrder = false;
  /// The array's shape; empty for a scalar (one element).
  std::vector<std::uint64_t> Shape;
  /// The number of elements: the product of Shape.
  std::uint64_t Count = 1;
  /// Where the data begins: the magic, version, length and header dict.
  std::uint64_t DataOffset = 0;
};

/// The longest header dict accepted: NumPy writes a few hundred bytes, and a
/// corrupt 4-byte length must not allocate gigabytes.
constexpr std::uint64_t kMaxNumpyHeaderBytes = 1 << 20;

/// Parses the header at the start of Bytes (the file's first bytes; more
/// than the header is fine). An Error says what is malformed.
Expected<NumpyHeader> parseNumpyHeader(std::string_view Bytes);

/// NumPy's name of a dtype: "float32", "uint8", "float16"; or the descr.
std::string numpyTypeName(const NumpyHeader &Header);

/// The descr NumPy writes for Type on this (little-endian) machine: "<f4",
/// "|u1", "<i8".
std::string numpyDescrOf(ElementType Type);

/// Whether Path names a .npy file (by its extension); any other file is
/// raw native binary.
bool isNumpyPath(std::string_view Path);

/// Where the elements of a data file are: the byte offset of the first.
struct DataFileLayout {
  std::uint64_t DataOffset = 0;
  /// The digest of the whole file as inspected (System/RegularFiles.h's
  /// hashRegularFile), for readDataFile() to verify it is read unchanged.
  std::string Digest = {};
};

/// Checks that Path is a regular file holding exactly Count elements of Type:
/// a .npy of that dtype in native byte order and C order (any shape of Count
/// elements), or a raw file of Count * elementSize(Type) bytes. Messages
/// name the file as Shown and say how to fix it. The file is opened as
/// System/RegularFiles.h opens one: a FIFO or a device is refused unread.
/// The layout holds the digest of the file it inspected, read from the
/// same open file.
Expected<DataFileLayout> inspectDataFile(const std::string &Path, const std::string &Shown,
                                         ElementType Type, std::uint64_t Count);

/// Reads the Count elements of Type that inspectDataFile accepts into a
/// buffer of their native binary form, from the one open file it checked.
/// With a Digest (inspectDataFile's, when the run began), the whole file
/// is read and must have it: a file changed since is refused, never read
/// under the results key of its old contents.
Expected<std::vector<unsigned char>> readDataFile(const std::string &Path, const std::string &Shown,
                                                  ElementType Type, std::uint64_t Count,
                                                  const std::string &Digest = {});

/// The bytes of a version 1.0 .npy file of Count elements of Type, shape
/// (Count,), whose data is Data (Count * elementSize(Type) bytes).
std::string numpyFileBytes(ElementType Type, std::uint64_t Count, const unsigned char *Data);

/// Writes numpyFileBytes to Path; an Error names the file and the reason.
Expected<void> writeNumpyFile(const std::string &Path, ElementType Type, std::uint64_t Count,
                              const unsigned char *Data);
/// writeNumpyFile for the file Name in the directory open as DirFd (Shown
/// in messages), created afresh there and never through a link.
Expected<void> writeNumpyFileAt(int DirFd, const std::string &Name, const std::string &Shown,
                                ElementType Type, std::uint64_t Count, const unsigned char *Data);

} // namespace atfc

#endif
