//===- Online/OnlinePath.cpp - The values a constraint reads --------------===//
//
// The slots of the live parameters (a free list under a lock: taken when a
// parameter is made, given back when its last copy goes), each thread's
// table of values, and the scopes that fill it.
//
//===----------------------------------------------------------------------===//
#include "Online/OnlinePath.h"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <new>
#include <vector>

namespace atfc::online {

const void *NoValues[kMaxSlots];

const void **makeThreadValues() {
  // Zeroed pages: only the pages of slots in use are ever touched. The
  // first thread to ask (a program's main thread, mostly) takes a table
  // in zeroed static storage, so that its first generation calls no
  // system function for it; the others' are made by calloc (mapped
  // pages), freed when they end.
  static const void *FirstTable[kMaxSlots];
  static std::atomic<bool> FirstTaken{false};
  struct Free {
    void operator()(const void **T) const { std::free(T); }
  };
  static thread_local std::unique_ptr<const void *[], Free> Table;
  // (Called once per thread: threadValues() calls it while the thread
  // reads NoValues, which this ends.)
  if (!FirstTaken.exchange(true)) {
    CurrentValues = FirstTable;
    return FirstTable;
  }
  Table.reset(static_cast<const void **>(std::calloc(kMaxSlots, sizeof(const void *))));
  if (!Table)
    throw std::bad_alloc();
  CurrentValues = Table.get();
  return Table.get();
}

namespace {

struct SlotRegistry {
  std::mutex Lock;
  /// Each slot's parameter's name (null: free).
  std::vector<const std::string *> Names;
  std::vector<SlotId> Free;
};

SlotRegistry &registry() {
  static SlotRegistry R;
  return R;
}

} // namespace

SlotId allocateSlot(const std::string *Name) {
  SlotRegistry &R = registry();
  std::lock_guard<std::mutex> Guard(R.Lock);
  if (!R.Free.empty()) {
    const SlotId S = R.Free.back();
    R.Free.pop_back();
    R.Names[S] = Name;
    return S;
  }
  if (R.Names.size() == kMaxSlots)
    return kNoSlot;
  R.Names.push_back(Name);
  return static_cast<SlotId>(R.Names.size() - 1);
}

void releaseSlot(SlotId Slot) {
  SlotRegistry &R = registry();
  std::lock_guard<std::mutex> Guard(R.Lock);
  R.Names[Slot] = nullptr;
  R.Free.push_back(Slot);
}

const std::string &slotName(SlotId Slot) {
  SlotRegistry &R = registry();
  std::lock_guard<std::mutex> Guard(R.Lock);
  return *R.Names[Slot];
}

PathScope::PathScope(const Path *P, const void *const *Values)
    : P(P), Table(threadValues()), SavedPath(CurrentPath), SavedReader(CurrentReader) {
  if (SavedPath != nullptr) {
    Saved.resize(P->Size);
    for (std::size_t I = 0; I < P->Size; ++I)
      if (const SlotId S = P->Slots[I]; S != kNoSlot) {
        Saved[I] = Table[S];
        Table[S] = nullptr;
      }
  }
  if (Values != nullptr)
    for (std::size_t I = 0; I < P->Size; ++I)
      if (const SlotId S = P->Slots[I]; S != kNoSlot)
        Table[S] = Values[I];
  CurrentPath = P;
}

PathScope::~PathScope() {
  const bool Nested = SavedPath != nullptr;
  for (std::size_t I = 0; I < P->Size; ++I)
    if (const SlotId S = P->Slots[I]; S != kNoSlot)
      Table[S] = Nested ? Saved[I] : nullptr;
  CurrentPath = SavedPath;
  CurrentReader = SavedReader;
}

namespace {

/// The slots of the hidden entries that the calling thread read while a
/// HiddenEntries existed (HiddenReads of them).
thread_local std::vector<SlotId> ReadSlots;

} // namespace

void HiddenEntries::forgetReads() {
  if (HiddenReads != 0) {
    ReadSlots.clear();
    HiddenReads = 0;
  }
}

std::vector<SlotId> HiddenEntries::reads() const {
  return {ReadSlots.begin() + static_cast<std::ptrdiff_t>(ReadsBegin), ReadSlots.end()};
}

const void *hiddenValue(SlotId Slot) {
  // Whether a scope inside the one that holds the value hid Slot too (its
  // saved value is null): it must go on hearing of reads.
  bool HiddenInside = false;
  for (HiddenEntries *H = InnermostHidden; H != nullptr; H = H->Outer)
    for (std::size_t I = 0; I < H->Slots.size(); ++I) {
      if (H->Slots[I] != Slot)
        continue;
      if (H->Saved[I] == nullptr) {
        HiddenInside = true;
        continue;
      }
      // Listed once per innermost scope: every scope that the read is in
      // began no later than it, so sees the first listing. A recording
      // that learns its key reads a hidden entry at every candidate, and
      // each listing was looked up again by the key's growth.
      const auto Begin =
          ReadSlots.begin() + static_cast<std::ptrdiff_t>(InnermostHidden->ReadsBegin);
      if (std::find(Begin, ReadSlots.end(), Slot) == ReadSlots.end()) {
        ReadSlots.push_back(Slot);
        HiddenReads = ReadSlots.size();
      }
      // The read spoils the recording of every scope that hid the entry;
      // where no inner one still hides it, the rest of it reads the entry
      // from the table (the MWG level's first recording of cltune_gemm
      // read MWG so at every VWM candidate of a quarter of the space).
      if (!HiddenInside)
        H->Table[Slot] = H->Saved[I];
      return H->Saved[I];
    }
  return nullptr;
}

} // namespace atfc::online
