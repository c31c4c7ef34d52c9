//===- KernelData/KernelArgument.h - A device kernel's arguments --*- C++ -*-===//
//
// The arguments a device backend passes to the kernel it tunes, one per
// `#atf::ocl::input` / `#atf::cuda::input`: scalars (a given value or a random
// one), buffers (of random contents by default, filled (`fill 0`, `fill
// index`, `fill random(LO, HI)`) or read from a file (`data "x.npy"`,
// NumpyArray.h)) and OpenCL `__local` arguments (sized per configuration).
// Random values come from a seed and the argument's position only, so that
// every configuration, the reference configuration and a restarted worker
// all see the same inputs.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_KERNELDATA_KERNELARGUMENT_H
#define ATFC_KERNELDATA_KERNELARGUMENT_H

#include "KernelData/Half.h"
#include "Support/Error.h"

#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

namespace atfc {

/// The element types of kernel arguments, once: X(Enumerator, C++ name,
/// size in bytes, NumPy dtype). Everything that names, sizes or reads an
/// element type expands this list.
#define ATFC_ELEMENT_TYPES(X)                                                                      \
  X(Int8, "int8_t", 1, "|i1")                                                                      \
  X(UInt8, "uint8_t", 1, "|u1")                                                                    \
  X(Int16, "int16_t", 2, "<i2")                                                                    \
  X(UInt16, "uint16_t", 2, "<u2")                                                                  \
  X(Int32, "int32_t", 4, "<i4")                                                                    \
  X(UInt32, "uint32_t", 4, "<u4")                                                                  \
  X(Int64, "int64_t", 8, "<i8")                                                                    \
  X(UInt64, "uint64_t", 8, "<u8")                                                                  \
  X(Half, "half", 2, "<f2")                                                                        \
  X(Float, "float", 4, "<f4")                                                                      \
  X(Double, "double", 8, "<f8")

/// The element types a scalar or buffer argument may have.
enum class ElementType {
#define ATFC_ELEMENT_ENUMERATOR(Enumerator, Name, Size, Dtype) Enumerator,
  ATFC_ELEMENT_TYPES(ATFC_ELEMENT_ENUMERATOR)
#undef ATFC_ELEMENT_ENUMERATOR
};

/// The element type of C++ type T (a fixed-width integer, half, float or
/// double).
template <class T> constexpr ElementType elementTypeOf() {
  if constexpr (std::is_same_v<T, half>) {
    return ElementType::Half;
  } else {
    static_assert(std::is_arithmetic_v<T> && !std::is_same_v<T, bool>,
                  "kernel arguments are integers, half, float or double");
    if constexpr (std::is_same_v<T, float>)
      return ElementType::Float;
    else if constexpr (std::is_floating_point_v<T>)
      return ElementType::Double;
    else if constexpr (sizeof(T) == 1)
      return std::is_signed_v<T> ? ElementType::Int8 : ElementType::UInt8;
    else if constexpr (sizeof(T) == 2)
      return std::is_signed_v<T> ? ElementType::Int16 : ElementType::UInt16;
    else if constexpr (sizeof(T) == 4)
      return std::is_signed_v<T> ? ElementType::Int32 : ElementType::UInt32;
    else
      return std::is_signed_v<T> ? ElementType::Int64 : ElementType::UInt64;
  }
}

/// F(std::type_identity<T>{}) for T the C++ type of Type's elements (half
/// for Half): the one switch over the element types, so that code per type
/// is a template and a new type is added here and in ATFC_ELEMENT_TYPES.
template <class Fn> decltype(auto) visitElementType(ElementType Type, Fn &&F) {
  switch (Type) {
  case ElementType::Int8:
    return F(std::type_identity<std::int8_t>{});
  case ElementType::UInt8:
    return F(std::type_identity<std::uint8_t>{});
  case ElementType::Int16:
    return F(std::type_identity<std::int16_t>{});
  case ElementType::UInt16:
    return F(std::type_identity<std::uint16_t>{});
  case ElementType::Int32:
    return F(std::type_identity<std::int32_t>{});
  case ElementType::UInt32:
    return F(std::type_identity<std::uint32_t>{});
  case ElementType::Int64:
    return F(std::type_identity<std::int64_t>{});
  case ElementType::UInt64:
    return F(std::type_identity<std::uint64_t>{});
  case ElementType::Half:
    return F(std::type_identity<half>{});
  case ElementType::Float:
    return F(std::type_identity<float>{});
  case ElementType::Double:
    break;
  }
  return F(std::type_identity<double>{});
}

/// The size in bytes of one element of type Type.
std::size_t elementSize(ElementType Type);

/// The C++ name of Type, for messages: "int32_t", "float", "half".
const char *elementTypeName(ElementType Type);

/// The NumPy dtype of Type in little-endian byte order: "<f4", "|u1", "<f2".
const char *elementTypeDtype(ElementType Type);

/// Whether Type is half, float or double.
bool isFloatingPoint(ElementType Type);

/// The element at Index of Bytes (elements of type Type) as a double, for
/// comparing and printing.
double elementAsDouble(ElementType Type, const unsigned char *Bytes, std::size_t Index);

/// How a buffer's initial contents are made.
enum class BufferContents : std::uint8_t {
  /// Random: integers in [0, 100), floating-point values in [0, 1).
  Random,
  /// `fill C`: every element C.
  Constant,
  /// `fill index`: element i holds i.
  Index,
  /// `fill random(LO, HI)`: uniform in [LO, HI) (integers LO to HI - 1).
  RandomRange,
  /// `data "FILE"`: a .npy or raw native-binary file.
  File,
};

/// One kernel argument: a scalar, a buffer or an OpenCL local array.
struct KernelArgument {
  /// Scalar (passed by value), buffer (device memory) or local (OpenCL
  /// `__local T*`: work-group memory the kernel gets no contents for, its
  /// size set at each configuration's launch).
  enum class ArgumentKind { Scalar, Buffer, Local };

  /// Scalar, buffer or local.
  ArgumentKind Kind = ArgumentKind::Scalar;
  /// The scalar's type, or the buffer's element type.
  ElementType Type = ElementType::Int32;
  /// Scalar: whether its value is drawn from the seed (Value is ignored).
  bool Random = false;
  /// Scalar: its value in the type's native binary form (the first
  /// elementSize(Type) bytes).
  unsigned char Value[8] = {};
  /// Buffer: the number of elements. Local: 0 (each configuration's
  /// count travels with its launch sizes, LaunchSizes::LocalCounts).
  std::uint64_t Count = 0;
  /// Buffer: how its initial contents are made.
  BufferContents Contents = BufferContents::Random;
  /// Constant: the value; RandomRange: LO and HI; number literals as
  /// written (exact for every 64-bit integer).
  std::string FillLow, FillHigh;
  /// File: the data file's path (relative to the annotated file until the
  /// tuner makes it absolute).
  std::string DataFile;
  /// File: the digest of its contents when the tuner checked it at the
  /// run's start (NumpyArray.h); a worker refuses the file when it no
  /// longer has it. Empty: not verified.
  std::string DataDigest;
  /// The 1-based line and column of the `data` or `fill` clause, for
  /// messages; 0 when there is none.
  unsigned Line = 0, Column = 0;

  /// A scalar argument of the given value.
  template <class T> static KernelArgument scalar(T V) {
    KernelArgument A;
    A.Type = elementTypeOf<T>();
    std::memcpy(A.Value, &V, sizeof(T));
    return A;
  }
  /// A scalar argument of type T whose value is drawn from the seed.
  template <class T> static KernelArgument randomScalar() {
    KernelArgument A;
    A.Type = elementTypeOf<T>();
    A.Random = true;
    return A;
  }
  /// A buffer of Count elements of type T with random contents.
  template <class T> static KernelArgument buffer(std::uint64_t Count) {
    KernelArgument A;
    A.Kind = ArgumentKind::Buffer;
    A.Type = elementTypeOf<T>();
    A.Count = Count;
    return A;
  }

  /// A local array of element type T; its count is a configuration's.
  template <class T> static KernelArgument local() {
    KernelArgument A;
    A.Kind = ArgumentKind::Local;
    A.Type = elementTypeOf<T>();
    return A;
  }

  /// This buffer with its contents read from Path (`data "x.npy"`, the
  /// clause at Line:Column).
  KernelArgument withData(std::string Path, unsigned Line, unsigned Column) const;
  /// This buffer filled (`fill 0`, `fill index`, `fill random(LO, HI)`).
  KernelArgument withFill(BufferContents How, std::string Low, std::string High, unsigned Line,
                          unsigned Column) const;

  /// Whether this is a buffer.
  bool isBuffer() const { return Kind == ArgumentKind::Buffer; }
  /// Whether this is a local array.
  bool isLocal() const { return Kind == ArgumentKind::Local; }
  /// The size in bytes of the scalar, or of the whole buffer; 0 for a
  /// local array (its size is a configuration's).
  /// Saturates at UINT64_MAX: `buffer<float>(2^62)` once wrapped to 0
  /// bytes and passed the size checks (checkBufferSize refuses it).
  std::uint64_t byteSize() const {
    if (isLocal())
      return 0;
    const std::uint64_t Element = elementSize(Type);
    if (isBuffer() && Count > UINT64_MAX / Element)
      return UINT64_MAX;
    return Element * (isBuffer() ? Count : std::uint64_t(1));
  }
};

/// The initial contents of argument number Position (0-based) for Seed: a
/// scalar's value (its own for a given scalar) or a buffer's contents, in
/// native binary form (nothing for a local array). Random integers are
/// uniform in [0, 100), random floating-point values uniform in [0, 1)
/// (half: multiples of 2^-11, each exact); fills as the argument says (a
/// File argument's buffer is left zero: loadContents reads it); the same
/// (Seed, Position, type,
/// size) always gives the same bytes.
std::vector<unsigned char> initialContents(const KernelArgument &Argument, unsigned Position,
                                           std::uint64_t Seed);

/// The most bytes atfc allocates for one buffer (1 TiB).
inline constexpr std::uint64_t kMaxBufferBytes = std::uint64_t(1) << 40;

/// Checks that a buffer's bytes, computed without overflow, are at most
/// kMaxBufferBytes ("buffer<float>(4611686018427387904) needs
/// 18446744073709551616 bytes, more than ..."); nothing for other arguments.
Expected<void> checkBufferSize(const KernelArgument &Argument);

/// Checks that a fill's values fit the buffer's element type exactly (no
/// value converts silently): `fill 300` of uint8_t, `fill -1` of uint32_t,
/// `fill 1.5` of int32_t, `fill 16777217` of float, `fill index` of more
/// elements than the type counts, `random(LO, HI)` with LO >= HI, a real
/// that rounds to 0 (`fill 1e-50` of float) or loses digits of its literal
/// (`fill 3.14159265` of float). Nothing to check for other arguments.
Expected<void> checkFill(const KernelArgument &Argument);

/// initialContents, or a data file's contents (NumpyArray.h), checked
/// against the argument; an Error names the file as Shown.
Expected<std::vector<unsigned char>> loadContents(const KernelArgument &Argument, unsigned Position,
                                                  std::uint64_t Seed);

/// A description for messages: "buffer<float>(1024)", "scalar<int32_t>",
/// "local<float>".
std::string describe(const KernelArgument &Argument);

} // namespace atfc

#endif
