//===- KernelData/KernelArgument.cpp - A device kernel's arguments ----------===//
//
// Element sizes and names (one table), the deterministic random contents of
// scalars and buffers (splitmix64 from the seed and the argument's position),
// and fills: their literals are parsed exactly (a 64-bit integer never passes
// through a double) and checked against the element type before anything is
// measured.
//
//===----------------------------------------------------------------------===//
#include "KernelData/KernelArgument.h"

#include "KernelData/NumpyArray.h"
#include "Support/SplitMix64.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <new>
#include <stdexcept>
#include <unistd.h>

namespace atfc {

namespace {

/// One row of ATFC_ELEMENT_TYPES.
struct ElementTypeInfo {
  const char *Name;
  std::size_t Size;
  const char *Dtype;
};

constexpr ElementTypeInfo ElementTypes[] = {
#define ATFC_ELEMENT_INFO(Enumerator, Name, Size, Dtype) {Name, Size, Dtype},
    ATFC_ELEMENT_TYPES(ATFC_ELEMENT_INFO)
#undef ATFC_ELEMENT_INFO
};

const ElementTypeInfo &infoOf(ElementType Type) {
  return ElementTypes[static_cast<std::size_t>(Type)];
}

} // namespace

std::size_t elementSize(ElementType Type) { return infoOf(Type).Size; }

const char *elementTypeName(ElementType Type) { return infoOf(Type).Name; }

const char *elementTypeDtype(ElementType Type) { return infoOf(Type).Dtype; }

bool isFloatingPoint(ElementType Type) {
  return Type == ElementType::Half || Type == ElementType::Float || Type == ElementType::Double;
}

namespace {

template <class T> double loadAsDouble(const unsigned char *Bytes, std::size_t Index) {
  T V;
  std::memcpy(&V, Bytes + Index * sizeof(T), sizeof(T));
  return static_cast<double>(V);
}

template <> double loadAsDouble<half>(const unsigned char *Bytes, std::size_t Index) {
  std::uint16_t V;
  std::memcpy(&V, Bytes + Index * sizeof V, sizeof V);
  return halfBitsToDouble(V);
}

template <class T> void storeAt(std::vector<unsigned char> &Bytes, std::size_t Index, T V) {
  std::memcpy(Bytes.data() + Index * sizeof(T), &V, sizeof(T));
}

void fillRandom(std::vector<unsigned char> &Bytes, ElementType Type, std::uint64_t Count,
                SplitMix64 &Random) {
  visitElementType(Type, [&]<class T>(std::type_identity<T>) {
    for (std::uint64_t I = 0; I < Count; ++I) {
      const std::uint64_t R = Random.next();
      // Small non-negative integers fit every integer type and rarely
      // overflow a kernel's arithmetic; floating-point values in [0, 1)
      // likewise. A half takes 11 random bits: every multiple of 2^-11 in
      // [0, 1) is a half, so none rounds up to 1.
      if constexpr (std::is_same_v<T, half>)
        storeAt(Bytes, I, halfBitsFromDouble(static_cast<double>(R >> 53) * 0x1.0p-11));
      else if constexpr (std::is_floating_point_v<T>)
        storeAt(Bytes, I, static_cast<T>(static_cast<double>(R >> 11) * 0x1.0p-53));
      else
        storeAt(Bytes, I, static_cast<T>(R % 100));
    }
  });
}

/// Whether Type holds negative values (every floating-point type does).
bool isSigned(ElementType Type) {
  return visitElementType(Type, []<class T>(std::type_identity<T>) {
    return std::is_same_v<T, half> || std::is_signed_v<T>;
  });
}

/// A fill's number literal: an exact integer (sign and magnitude) or a real.
struct FillNumber {
  bool Valid = false;
  bool Integer = false;
  bool Negative = false;
  /// An integer literal beyond 64 bits.
  bool TooLarge = false;
  std::uint64_t Magnitude = 0;
  double Real = 0;

  /// The integer in two's complement, as the low bits of any integer type
  /// hold it.
  std::uint64_t bits() const { return Negative ? ~Magnitude + 1 : Magnitude; }
};

FillNumber parseFillNumber(const std::string &Text) {
  FillNumber N;
  std::size_t I = 0;
  if (I < Text.size() && (Text[I] == '-' || Text[I] == '+'))
    N.Negative = Text[I++] == '-';
  const bool Digits =
      I < Text.size() && Text.find_first_not_of("0123456789", I) == std::string::npos;
  if (Digits) {
    errno = 0;
    char *End = nullptr;
    N.Magnitude = std::strtoull(Text.c_str() + I, &End, 10);
    N.Integer = N.Valid = true;
    N.TooLarge = errno == ERANGE;
    N.Real = N.TooLarge ? std::strtod(Text.c_str(), &End)
                        : static_cast<double>(N.Magnitude) * (N.Negative ? -1 : 1);
    N.Negative &= N.Magnitude != 0;
    return N;
  }
  char *End = nullptr;
  N.Real = std::strtod(Text.c_str(), &End);
  N.Valid = !Text.empty() && End == Text.c_str() + Text.size() && std::isfinite(N.Real);
  return N;
}

/// The largest magnitude of Type's positive and negative values.
std::uint64_t maxOf(ElementType Type) {
  const unsigned Bits = static_cast<unsigned>(elementSize(Type) * 8);
  const std::uint64_t All = Bits == 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << Bits) - 1;
  return isSigned(Type) ? All >> 1 : All;
}
std::uint64_t minMagnitudeOf(ElementType Type) { return isSigned(Type) ? maxOf(Type) + 1 : 0; }

std::string limitsOf(ElementType Type) {
  if (Type == ElementType::Half)
    return "-65504 to 65504";
  if (Type == ElementType::Float)
    return "about -3.4e38 to 3.4e38";
  if (Type == ElementType::Double)
    return "about -1.8e308 to 1.8e308";
  return (minMagnitudeOf(Type) ? "-" + std::to_string(minMagnitudeOf(Type)) : std::string("0")) +
         " to " + std::to_string(maxOf(Type));
}

/// Real as a floating-point Type stores it.
double storedAs(double Real, ElementType Type) {
  if (Type == ElementType::Half)
    return halfBitsToDouble(halfBitsFromDouble(Real));
  if (Type == ElementType::Float)
    return static_cast<double>(static_cast<float>(Real));
  return Real;
}

/// The significant digits of a decimal literal's mantissa (leading and
/// trailing zeros aside); 0 for a hexadecimal one.
int significantDigits(const std::string &Text) {
  std::string Digits;
  for (char C : Text) {
    if (C == 'e' || C == 'E')
      break;
    if (C == 'x' || C == 'X')
      return 0;
    if (std::isdigit(static_cast<unsigned char>(C)))
      Digits += C;
  }
  const std::size_t First = Digits.find_first_not_of('0');
  if (First == std::string::npos)
    return 0;
  return static_cast<int>(Digits.find_last_not_of('0') - First + 1);
}

/// Why Text is not a value of Type exactly; empty when it is.
std::string whyNotValue(const std::string &Text, ElementType Type) {
  const FillNumber N = parseFillNumber(Text);
  const std::string Name = elementTypeName(Type);
  if (!N.Valid)
    return "'" + Text + "' is not a finite number";
  if (!isFloatingPoint(Type)) {
    if (!N.Integer)
      return Text + " is not an integer, and the buffer holds " + Name;
    if (N.TooLarge || N.Magnitude > (N.Negative ? minMagnitudeOf(Type) : maxOf(Type)))
      return Text + " does not fit " + Name + ", which holds " + limitsOf(Type);
    return "";
  }
  const double Limit = Type == ElementType::Half    ? 65504.0
                       : Type == ElementType::Float ? std::numeric_limits<float>::max()
                                                    : std::numeric_limits<double>::max();
  if (std::fabs(N.Real) > Limit)
    return Text + " does not fit " + Name + ", which holds " + limitsOf(Type);
  if (N.Integer && !N.TooLarge) {
    // An integer literal must be exact: 16777217 is no float.
    const double AsDouble = static_cast<double>(N.Magnitude);
    const double Stored = Type == ElementType::Half ? halfBitsToDouble(halfBitsFromDouble(AsDouble))
                          : Type == ElementType::Float
                              ? static_cast<double>(static_cast<float>(N.Magnitude))
                              : AsDouble;
    if (Stored >= 0x1p64 || static_cast<std::uint64_t>(Stored) != N.Magnitude)
      return Text + " is not exactly a " + Name + " (it would become " +
             std::to_string(static_cast<unsigned long long>(Stored)) + ")";
    return "";
  }
  // A real literal keeps its digits: one that rounds to 0 (1e-50 of
  // float) or to another number at its own precision (3.14159265 of
  // float) is not the value the file gives.
  const int Digits = significantDigits(Text);
  const double Stored = storedAs(N.Real, Type);
  if (Digits > 0 && Stored == 0)
    return Text + " rounds to 0 in " + Name + ", whose smallest positive value is about " +
           (Type == ElementType::Half    ? "6e-08"
            : Type == ElementType::Float ? "1.4e-45"
                                         : "4.9e-324");
  // Judged against the literal read in long double (a subnormal double
  // is a normal one there), at its digits: up to 15 for double (any
  // literal of more, M_PI's 21, is taken as the nearest double), up to
  // 18 for the others.
  const int Compared = std::min(Digits, Type == ElementType::Double ? 15 : 18);
  const long double Literal = std::strtold(Text.c_str(), nullptr);
  const long double HalfUnit =
      Literal == 0 ? 0
                   : 0.5L * std::pow(10.0L, std::floor(std::log10(std::fabs(Literal))) -
                                                static_cast<long double>(Compared) + 1);
  if (Compared > 0 && std::fabs(static_cast<long double>(Stored) - Literal) > HalfUnit) {
    char Shortest[64];
    std::snprintf(Shortest, sizeof Shortest, "%.9g", Stored);
    return Text + " is not a " + Name + " to its " + std::to_string(Digits) +
           " digits (it would become " + Shortest + ")";
  }
  return "";
}

/// Stores Bits (two's complement) in integer element I, or Real in
/// floating-point element I.
void storeNumber(std::vector<unsigned char> &Bytes, ElementType Type, std::size_t I,
                 std::uint64_t Bits, double Real) {
  visitElementType(Type, [&]<class T>(std::type_identity<T>) {
    if constexpr (std::is_same_v<T, half>)
      storeAt(Bytes, I, halfBitsFromDouble(Real));
    else if constexpr (std::is_floating_point_v<T>)
      storeAt(Bytes, I, static_cast<T>(Real));
    else
      storeAt(Bytes, I, static_cast<std::make_unsigned_t<T>>(Bits));
  });
}

/// The bits of the largest half below V rounded to half (V > -65504).
std::uint16_t halfBelow(double V) {
  const std::uint16_t Bits = halfBitsFromDouble(V);
  if ((Bits & 0x7fff) == 0)
    return 0x8001; // below +-0: the negative subnormal next to zero
  return (Bits & 0x8000) ? static_cast<std::uint16_t>(Bits + 1)
                         : static_cast<std::uint16_t>(Bits - 1);
}

void fillBuffer(std::vector<unsigned char> &Bytes, const KernelArgument &A, SplitMix64 &Random) {
  const FillNumber Low = parseFillNumber(A.FillLow);
  const FillNumber High = parseFillNumber(A.FillHigh);
  const bool Floating = isFloatingPoint(A.Type);
  for (std::uint64_t I = 0; I < A.Count; ++I) {
    switch (A.Contents) {
    case BufferContents::Constant:
      storeNumber(Bytes, A.Type, I, Low.bits(), Low.Real);
      break;
    case BufferContents::Index:
      storeNumber(Bytes, A.Type, I, I, static_cast<double>(I));
      break;
    case BufferContents::RandomRange: {
      const std::uint64_t R = Random.next();
      if (!Floating) {
        const std::uint64_t Span = High.bits() - Low.bits();
        storeNumber(Bytes, A.Type, I, Low.bits() + (Span ? R % Span : R), 0);
        break;
      }
      // A convex combination of the bounds: HI - LO may overflow (random(-1e308,
      // 1e308) once gave one value for every element), this cannot.
      const double T = static_cast<double>(R >> 11) * 0x1.0p-53;
      double V = (1 - T) * Low.Real + T * High.Real;
      // Rounding to the element type must not reach HI.
      if (A.Type == ElementType::Half && halfBitsToDouble(halfBitsFromDouble(V)) >=
                                             halfBitsToDouble(halfBitsFromDouble(High.Real)))
        V = halfBitsToDouble(halfBelow(High.Real));
      else if (A.Type == ElementType::Float &&
               static_cast<float>(V) >= static_cast<float>(High.Real))
        V = std::nextafter(static_cast<float>(High.Real), -INFINITY);
      else if (V >= High.Real)
        V = std::nextafter(High.Real, -INFINITY);
      storeNumber(Bytes, A.Type, I, 0, V);
      break;
    }
    default:
      return;
    }
  }
}

} // namespace

double elementAsDouble(ElementType Type, const unsigned char *Bytes, std::size_t Index) {
  return visitElementType(
      Type, [&]<class T>(std::type_identity<T>) { return loadAsDouble<T>(Bytes, Index); });
}

std::vector<unsigned char> initialContents(const KernelArgument &Argument, unsigned Position,
                                           std::uint64_t Seed) {
  std::vector<unsigned char> Bytes(Argument.byteSize());
  if (Argument.isLocal())
    return {};
  if (!Argument.isBuffer() && !Argument.Random) {
    std::memcpy(Bytes.data(), Argument.Value, Bytes.size());
    return Bytes;
  }
  SplitMix64 Random{Seed ^ (0xd1b54a32d192ed03ULL * (Position + 1))};
  if (Argument.isBuffer() && Argument.Contents == BufferContents::File)
    return Bytes;
  if (Argument.isBuffer() && Argument.Contents != BufferContents::Random)
    fillBuffer(Bytes, Argument, Random);
  else
    fillRandom(Bytes, Argument.Type, Argument.isBuffer() ? Argument.Count : 1, Random);
  return Bytes;
}

Expected<std::vector<unsigned char>> loadContents(const KernelArgument &Argument, unsigned Position,
                                                  std::uint64_t Seed) {
  // Sizes are checked before anything is allocated, and an allocation the
  // host refuses is named, never a crash of the device worker.
  if (Expected<void> Fits = checkBufferSize(Argument); !Fits)
    return Error("input " + std::to_string(Position + 1) + ": " + Fits.error().message());
  // More than the machine holds would be granted (overcommit) and end the
  // worker when the fill touches it.
  const long Pages = sysconf(_SC_PHYS_PAGES), PageSize = sysconf(_SC_PAGE_SIZE);
  const std::uint64_t Memory =
      Pages > 0 && PageSize > 0 ? static_cast<std::uint64_t>(Pages) * PageSize : 0;
  if (Memory > 0 && Argument.byteSize() > Memory)
    return Error("input " + std::to_string(Position + 1) + " (" + describe(Argument) +
                 "): it needs " + std::to_string(Argument.byteSize()) +
                 " bytes, more than this machine's memory (" + std::to_string(Memory) + " bytes)");
  try {
    if (!Argument.isBuffer() || Argument.Contents != BufferContents::File)
      return initialContents(Argument, Position, Seed);
    return readDataFile(Argument.DataFile, Argument.DataFile, Argument.Type, Argument.Count,
                        Argument.DataDigest);
  } catch (const std::bad_alloc &) {
    return Error("input " + std::to_string(Position + 1) + " (" + describe(Argument) +
                 "): cannot allocate its " + std::to_string(Argument.byteSize()) +
                 " bytes of host memory");
  } catch (const std::length_error &) {
    return Error("input " + std::to_string(Position + 1) + " (" + describe(Argument) +
                 "): cannot allocate its " + std::to_string(Argument.byteSize()) +
                 " bytes of host memory");
  }
}

KernelArgument KernelArgument::withData(std::string Path, unsigned AtLine,
                                        unsigned AtColumn) const {
  KernelArgument A = *this;
  A.Contents = BufferContents::File;
  A.DataFile = std::move(Path);
  A.Line = AtLine;
  A.Column = AtColumn;
  return A;
}

KernelArgument KernelArgument::withFill(BufferContents How, std::string Low, std::string High,
                                        unsigned AtLine, unsigned AtColumn) const {
  KernelArgument A = *this;
  A.Contents = How;
  A.FillLow = std::move(Low);
  A.FillHigh = std::move(High);
  A.Line = AtLine;
  A.Column = AtColumn;
  return A;
}

Expected<void> checkFill(const KernelArgument &A) {
  if (!A.isBuffer())
    return success();
  switch (A.Contents) {
  case BufferContents::Constant:
    if (std::string Why = whyNotValue(A.FillLow, A.Type); !Why.empty())
      return Error("fill " + Why);
    return success();
  case BufferContents::Index: {
    const std::uint64_t Largest = A.Count ? A.Count - 1 : 0;
    const std::uint64_t Exact = A.Type == ElementType::Half     ? std::uint64_t(1) << 11
                                : A.Type == ElementType::Float  ? std::uint64_t(1) << 24
                                : A.Type == ElementType::Double ? std::uint64_t(1) << 53
                                                                : maxOf(A.Type);
    if (Largest > Exact)
      return Error("fill index needs the values 0 to " + std::to_string(Largest) + ", but " +
                   elementTypeName(A.Type) +
                   (isFloatingPoint(A.Type)
                        ? " holds integers exactly only up to " + std::to_string(Exact)
                        : " holds " + limitsOf(A.Type)));
    return success();
  }
  case BufferContents::RandomRange: {
    for (const std::string *Bound : {&A.FillLow, &A.FillHigh})
      if (std::string Why = whyNotValue(*Bound, A.Type); !Why.empty())
        return Error("fill random(" + A.FillLow + ", " + A.FillHigh + "): " + Why);
    const FillNumber Low = parseFillNumber(A.FillLow), High = parseFillNumber(A.FillHigh);
    const bool Less =
        Low.Integer && High.Integer
            ? (Low.Negative != High.Negative ? Low.Negative
                                             : (Low.Negative ? Low.Magnitude > High.Magnitude
                                                             : Low.Magnitude < High.Magnitude))
            : Low.Real < High.Real;
    if (!Less)
      return Error("fill random(" + A.FillLow + ", " + A.FillHigh +
                   ") is empty: it draws from LO up to (not including) HI, so LO must be less "
                   "than HI");
    return success();
  }
  default:
    return success();
  }
}

Expected<void> checkBufferSize(const KernelArgument &A) {
  if (!A.isBuffer())
    return success();
  __extension__ typedef unsigned __int128 Wide;
  const Wide Bytes = static_cast<Wide>(A.Count) * static_cast<Wide>(elementSize(A.Type));
  if (Bytes <= kMaxBufferBytes)
    return success();
  // The true product, which 64 bits may not hold.
  std::string Digits;
  for (Wide Rest = Bytes; Rest; Rest /= 10)
    Digits.insert(Digits.begin(), static_cast<char>('0' + static_cast<int>(Rest % 10)));
  return Error(describe(A) + " needs " + Digits + " bytes, more than the " +
               std::to_string(kMaxBufferBytes) +
               " (1 TiB) atfc allocates for one buffer; a count from an input may be wrong (a "
               "negative one becomes a huge unsigned count)");
}

std::string describe(const KernelArgument &Argument) {
  std::string Text = Argument.isBuffer() ? "buffer<" : Argument.isLocal() ? "local<" : "scalar<";
  Text.append(elementTypeName(Argument.Type));
  if (!Argument.isBuffer())
    return Text.append(">");
  return Text.append(">(").append(std::to_string(Argument.Count)).append(")");
}

} // namespace atfc
