//===- DeviceBackends/KernelArgument.cpp - A device kernel's arguments ----------===//
//
// Element sizes and names (one table), and the deterministic random contents of scalars
// and buffers (splitmix64 from the seed and the argument's position).
//
//===----------------------------------------------------------------------===//
#include "DeviceBackends/KernelArgument.h"

#include "Support/SplitMix64.h"

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
  for (std::uint64_t I = 0; I < Count; ++I) {
    std::uint64_t R = Random.next();
    // Small non-negative integers fit every integer type and rarely overflow
    // a kernel's arithmetic; floating-point values in [0, 1) likewise.
    auto Small = static_cast<std::int64_t>(R % 100);
    double Unit = static_cast<double>(R >> 11) * 0x1.0p-53;
    switch (Type) {
    case ElementType::Int8:
      storeAt(Bytes, I, static_cast<std::int8_t>(Small));
      break;
    case ElementType::UInt8:
      storeAt(Bytes, I, static_cast<std::uint8_t>(Small));
      break;
    case ElementType::Int16:
      storeAt(Bytes, I, static_cast<std::int16_t>(Small));
      break;
    case ElementType::UInt16:
      storeAt(Bytes, I, static_cast<std::uint16_t>(Small));
      break;
    case ElementType::Int32:
      storeAt(Bytes, I, static_cast<std::int32_t>(Small));
      break;
    case ElementType::UInt32:
      storeAt(Bytes, I, static_cast<std::uint32_t>(Small));
      break;
    case ElementType::Int64:
      storeAt(Bytes, I, static_cast<std::int64_t>(Small));
      break;
    case ElementType::UInt64:
      storeAt(Bytes, I, static_cast<std::uint64_t>(Small));
      break;
    case ElementType::Half:
      // 11 random bits: every multiple of 2^-11 in [0, 1) is a half, so
      // none rounds up to 1.
      storeAt(Bytes, I, halfBitsFromDouble(static_cast<double>(R >> 53) * 0x1.0p-11));
      break;
    case ElementType::Float:
      storeAt(Bytes, I, static_cast<float>(Unit));
      break;
    case ElementType::Double:
      storeAt(Bytes, I, Unit);
      break;
    }
  }
}

} // namespace

double elementAsDouble(ElementType Type, const unsigned char *Bytes, std::size_t Index) {
  switch (Type) {
  case ElementType::Int8:
    return loadAsDouble<std::int8_t>(Bytes, Index);
  case ElementType::UInt8:
    return loadAsDouble<std::uint8_t>(Bytes, Index);
  case ElementType::Int16:
    return loadAsDouble<std::int16_t>(Bytes, Index);
  case ElementType::UInt16:
    return loadAsDouble<std::uint16_t>(Bytes, Index);
  case ElementType::Int32:
    return loadAsDouble<std::int32_t>(Bytes, Index);
  case ElementType::UInt32:
    return loadAsDouble<std::uint32_t>(Bytes, Index);
  case ElementType::Int64:
    return loadAsDouble<std::int64_t>(Bytes, Index);
  case ElementType::UInt64:
    return loadAsDouble<std::uint64_t>(Bytes, Index);
  case ElementType::Half:
    return loadAsDouble<half>(Bytes, Index);
  case ElementType::Float:
    return loadAsDouble<float>(Bytes, Index);
  case ElementType::Double:
    return loadAsDouble<double>(Bytes, Index);
  }
  return 0;
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
  fillRandom(Bytes, Argument.Type, Argument.isBuffer() ? Argument.Count : 1, Random);
  return Bytes;
}

std::string describe(const KernelArgument &Argument) {
  std::string Text = Argument.isBuffer() ? "buffer<" : Argument.isLocal() ? "local<" : "scalar<";
  Text.append(elementTypeName(Argument.Type));
  if (!Argument.isBuffer())
    return Text.append(">");
  return Text.append(">(").append(std::to_string(Argument.Count)).append(")");
}

} // namespace atfc
