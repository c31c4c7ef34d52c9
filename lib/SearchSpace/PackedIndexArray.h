//===- SearchSpace/PackedIndexArray.h - Narrow unsigned arrays --*- C++ -*-===//
//
// A growable array of unsigned integers stored in 1, 2, 4 or 8 bytes each,
// the width fixed by the largest value it must hold. The search-space store
// keeps its nodes' value indices and child offsets in these, so a bool or a
// small set costs one byte per node.
//
// push_back is the innermost store of generation: a capacity check and one
// unaligned 8-byte store, with no branch on the width (the buffer keeps
// eight bytes of slack). Large arrays are mapped pages, so growing them
// never copies (mremap) and shrinking them gives the tail back.
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

/// Bytes that the arrays a thread fills may still take. Generation sets one
/// (GroupGenerator.cpp) so that a space whose estimate was too low stops at
/// the memory limit with an error, not at the OOM killer: when a full array
/// grows, the bytes filled since its last growth are charged, and take()
/// throws to refuse them. Only growth pays for the check.
class GrowthBudget {
public:
  virtual ~GrowthBudget() = default;
  virtual void take(std::size_t Bytes) = 0;
};
inline thread_local GrowthBudget *ThreadGrowthBudget = nullptr;

class PackedIndexArray {
public:
  /// An array able to hold values up to MaxValue.
  explicit PackedIndexArray(std::uint64_t MaxValue = 0)
      : Shift(MaxValue <= 0xff         ? 0
              : MaxValue <= 0xffff     ? 1
              : MaxValue <= 0xffffffff ? 2
                                       : 3),
        Mask(Shift == 3 ? ~std::uint64_t(0) : (std::uint64_t(1) << (8 << Shift)) - 1) {}
  PackedIndexArray(const PackedIndexArray &Other) : Shift(Other.Shift), Mask(Other.Mask) {
    if (Other.Count) {
      reallocate(Other.Count);
      std::memcpy(Data, Other.Data, bytesFor(Other.Count));
    }
    Count = Other.Count;
  }
  PackedIndexArray(PackedIndexArray &&Other) noexcept
      : Data(std::exchange(Other.Data, nullptr)), Count(std::exchange(Other.Count, 0)),
        Capacity(std::exchange(Other.Capacity, 0)), Charged(std::exchange(Other.Charged, 0)),
        Shift(Other.Shift), Mask(Other.Mask) {}
  PackedIndexArray &operator=(PackedIndexArray Other) noexcept {
    std::swap(Data, Other.Data);
    std::swap(Count, Other.Count);
    std::swap(Capacity, Other.Capacity);
    std::swap(Charged, Other.Charged);
    std::swap(Shift, Other.Shift);
    std::swap(Mask, Other.Mask);
    return *this;
  }
  ~PackedIndexArray() { release(); }

  std::size_t size() const { return Count; }

  /// Appends V (which must fit the width). All eight bytes of V are stored:
  /// those past the width are zero or overwritten by the next element.
  [[gnu::always_inline]] void push_back(std::uint64_t V) {
    // Members are read once and Count written last: a store through an
    // unsigned char pointer could alias them and force reloads.
    const std::size_t N = Count;
    if (N == Capacity) [[unlikely]]
      grow();
    std::memcpy(Data + (N << Shift), &V, 8);
    Count = N + 1;
  }
  /// Appends a copy of elements Begin .. Begin + N - 1, each plus Add
  /// (modulo 2^64; each result must fit the width), with one check of the
  /// capacity: a subtree generated before, copied in again. Most runs are
  /// a few elements, so the copy goes by words of 8 bytes, inline (a call
  /// of memcpy and a vectorised loop's set-up cost more than the copy): the
  /// buffer's slack takes the last word's overshoot.
  void appendCopy(std::size_t Begin, std::size_t N, std::uint64_t Add = 0) {
    if (N == 0)
      return; // (Data may be null)
    const std::size_t C = Count;
    while (C + N > Capacity)
      grow();
    unsigned char *To = Data + (C << Shift);
    const unsigned char *From = Data + (Begin << Shift);
    // Add in every lane of a word, each lane's sum kept from carrying into
    // the next: its top bit added apart (a shift down may wrap a lane).
    const std::uint64_t Lanes = (Add & Mask) * kLaneOnes[Shift], Top = kLaneTops[Shift];
    const std::size_t Bytes = N << Shift;
    for (std::size_t I = 0; I < Bytes; I += 8) {
      std::uint64_t W;
      std::memcpy(&W, From + I, 8);
      W = ((W & ~Top) + (Lanes & ~Top)) ^ ((W ^ Lanes) & Top);
      std::memcpy(To + I, &W, 8);
    }
    Count = C + N;
  }
  /// Keeps the first N elements.
  void truncate(std::size_t N) { Count = N; }

  std::uint64_t operator[](std::size_t I) const {
    std::uint64_t V;
    std::memcpy(&V, Data + (I << Shift), 8);
    return V & Mask;
  }

  /// Frees the slack left by growth.
  void shrinkToFit() {
    if (Count != Capacity)
      reallocate(Count);
  }
  /// Bytes held.
  std::size_t memoryBytes() const { return Capacity ? bytesFor(Capacity) : 0; }

private:
  /// Arrays from this size on are mapped pages: they grow and shrink with
  /// mremap, without copying, and go back to the system when freed.
  static constexpr std::size_t kMappedBytes = std::size_t(1) << 20;

  /// A 1 in the lowest and in the highest bit of each lane of a word, by
  /// Shift.
  static constexpr std::uint64_t kLaneOnes[4] = {0x0101010101010101ULL, 0x0001000100010001ULL,
                                                 0x0000000100000001ULL, 1};
  static constexpr std::uint64_t kLaneTops[4] = {0x8080808080808080ULL, 0x8000800080008000ULL,
                                                 0x8000000080000000ULL, 0x8000000000000000ULL};

  static bool isMapped(std::size_t Bytes) { return Bytes >= kMappedBytes; }
  static std::size_t pageRound(std::size_t Bytes) { return (Bytes + 4095) & ~std::size_t(4095); }
  /// Bytes of a buffer for N elements, with the slack of the 8-byte stores.
  std::size_t bytesFor(std::size_t N) const { return (N << Shift) + 8; }

  /// Doubles the capacity, by at most kMaxGrowthBytes at a time: mapped
  /// pages grow without copying, and a GrowthBudget is charged at least
  /// that often (doubling alone let 16 GB be filled past a 12 GB limit).
  static constexpr std::size_t kMaxGrowthBytes = std::size_t(64) << 20;
  [[gnu::noinline]] void grow() {
    reallocate(Capacity ? Capacity + std::min(Capacity, kMaxGrowthBytes >> Shift) : 64);
  }

  [[gnu::noinline]] void reallocate(std::size_t N) {
    if (ThreadGrowthBudget && N > Capacity && Count > Charged) {
      ThreadGrowthBudget->take((Count - Charged) << Shift);
      Charged = Count;
    }
    const std::size_t Old = Capacity ? bytesFor(Capacity) : 0, New = N ? bytesFor(N) : 0;
    const std::size_t Kept = bytesFor(std::min(Count, N));
    void *P = nullptr;
    if (New == 0) {
      release();
    } else if (isMapped(New) && isMapped(Old)) {
      P = mremap(Data, pageRound(Old), pageRound(New), MREMAP_MAYMOVE);
    } else if (isMapped(New)) {
      P = mmap(nullptr, pageRound(New), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (P != MAP_FAILED) {
        if (Data)
          std::memcpy(P, Data, Kept);
        release();
      }
    } else if (isMapped(Old)) {
      P = std::malloc(New);
      if (P) {
        std::memcpy(P, Data, Kept);
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
    if (Data && isMapped(bytesFor(Capacity)))
      munmap(Data, pageRound(bytesFor(Capacity)));
    else
      std::free(Data);
    Data = nullptr;
  }

  unsigned char *Data = nullptr;
  std::size_t Count = 0;
  std::size_t Capacity = 0;
  /// Elements charged to a GrowthBudget.
  std::size_t Charged = 0;
  unsigned Shift;
  std::uint64_t Mask;
};

} // namespace atfc

#endif
