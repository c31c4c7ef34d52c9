//===- SearchSpace/PackedIndexArray.h - Narrow unsigned arrays --*- C++ -*-===//
//
// A growable array of unsigned integers stored in 1, 2, 4 or 8 bytes each,
// the width fixed by the largest value it must hold. The search-space store
// keeps one per tree level for the nodes' value indices, so a bool or a
// small set costs one byte per node. push_back is on the hot path of
// generation: a capacity check and a store, the width switch being
// loop-invariant. Large arrays are mapped pages so that growing them never
// copies (mremap) and shrinking them frees the tail.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCHSPACE_PACKEDINDEXARRAY_H
#define ATFC_SEARCHSPACE_PACKEDINDEXARRAY_H

#include <sys/mman.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <utility>

namespace atfc {

class PackedIndexArray {
public:
  /// An array able to hold values up to MaxValue.
  explicit PackedIndexArray(std::uint64_t MaxValue = 0)
      : Width(MaxValue <= 0xff ? 1 : MaxValue <= 0xffff ? 2 : MaxValue <= 0xffffffff ? 4 : 8) {}
  PackedIndexArray(const PackedIndexArray &Other) : Width(Other.Width) {
    reserve(Other.Count);
    if (Other.Count)
      std::memcpy(Data, Other.Data, Other.Count * Width);
    Count = Other.Count;
  }
  PackedIndexArray(PackedIndexArray &&Other) noexcept
      : Data(std::exchange(Other.Data, nullptr)), Count(std::exchange(Other.Count, 0)),
        Capacity(std::exchange(Other.Capacity, 0)), Width(Other.Width) {}
  PackedIndexArray &operator=(PackedIndexArray Other) noexcept {
    std::swap(Data, Other.Data);
    std::swap(Count, Other.Count);
    std::swap(Capacity, Other.Capacity);
    std::swap(Width, Other.Width);
    return *this;
  }
  ~PackedIndexArray() { release(); }

  std::size_t size() const { return Count; }
  unsigned width() const { return Width; }

  void push_back(std::uint64_t V) {
    // Members are read once and Count written last: a store through an
    // unsigned char pointer could alias them and force reloads.
    const std::size_t N = Count;
    if (N == Capacity) [[unlikely]]
      reallocate(Capacity ? 2 * Capacity : 64);
    unsigned char *D = Data;
    switch (Width) {
    case 1:
      D[N] = static_cast<unsigned char>(V);
      break;
    case 2: {
      auto W = static_cast<std::uint16_t>(V);
      std::memcpy(D + 2 * N, &W, 2);
      break;
    }
    case 4: {
      auto W = static_cast<std::uint32_t>(V);
      std::memcpy(D + 4 * N, &W, 4);
      break;
    }
    default:
      std::memcpy(D + 8 * N, &V, 8);
    }
    Count = N + 1;
  }
  /// Keeps the first N elements.
  void truncate(std::size_t N) { Count = N; }

  std::uint64_t operator[](std::size_t I) const {
    const unsigned char *P = Data + I * Width;
    switch (Width) {
    case 1:
      return *P;
    case 2: {
      std::uint16_t V;
      std::memcpy(&V, P, 2);
      return V;
    }
    case 4: {
      std::uint32_t V;
      std::memcpy(&V, P, 4);
      return V;
    }
    default: {
      std::uint64_t V;
      std::memcpy(&V, P, 8);
      return V;
    }
    }
  }

  /// Appends all of Other (of the same width).
  void append(const PackedIndexArray &Other) {
    reserve(Count + Other.Count);
    if (Other.Count)
      std::memcpy(Data + Count * Width, Other.Data, Other.Count * Width);
    Count += Other.Count;
  }
  /// Sets the size to N; new elements are unspecified until written.
  void resizeForOverwrite(std::size_t N) {
    reserve(N);
    Count = N;
  }
  /// Copies all of Other (of the same width) to elements At, At+1, ...
  void copyAt(std::size_t At, const PackedIndexArray &Other) {
    if (Other.Count)
      std::memcpy(Data + At * Width, Other.Data, Other.Count * Width);
  }
  /// Makes room for N elements in total.
  void reserve(std::size_t N) {
    if (N > Capacity)
      reallocate(N);
  }
  /// Frees the slack left by growth.
  void shrinkToFit() {
    if (Count != Capacity)
      reallocate(Count);
  }
  /// Bytes held, slack included.
  std::size_t memoryBytes() const { return Capacity * Width; }

private:
  /// Arrays from this size on are mapped pages: they grow and shrink with
  /// mremap, without copying, and go back to the system when freed.
  static constexpr std::size_t kMappedBytes = std::size_t(1) << 20;

  static bool isMapped(std::size_t Bytes) { return Bytes >= kMappedBytes; }
  static std::size_t pageRound(std::size_t Bytes) { return (Bytes + 4095) & ~std::size_t(4095); }

  [[gnu::noinline]] void reallocate(std::size_t N) {
    const std::size_t Old = Capacity * Width, New = N * Width;
    void *P = nullptr;
    if (New == 0) {
      release();
    } else if (isMapped(New) && isMapped(Old)) {
      P = mremap(Data, pageRound(Old), pageRound(New), MREMAP_MAYMOVE);
    } else if (isMapped(New)) {
      P = mmap(nullptr, pageRound(New), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1,
               0);
      if (P != MAP_FAILED && Count)
        std::memcpy(P, Data, std::min(Count, N) * Width);
      if (P != MAP_FAILED)
        release();
    } else if (isMapped(Old)) {
      P = std::malloc(New);
      if (P) {
        std::memcpy(P, Data, std::min(Count, N) * Width);
        release();
      }
    } else {
      P = std::realloc(Data, New);
    }
    if (New != 0 && (P == nullptr || P == MAP_FAILED))
      throw std::bad_alloc();
    Data = static_cast<unsigned char *>(P);
    Capacity = N;
  }

  void release() {
    if (isMapped(Capacity * Width))
      munmap(Data, pageRound(Capacity * Width));
    else
      std::free(Data);
    Data = nullptr;
  }

  unsigned char *Data = nullptr;
  std::size_t Count = 0;
  std::size_t Capacity = 0;
  unsigned Width;
};

} // namespace atfc

#endif
