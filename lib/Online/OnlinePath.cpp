//===- Online/OnlinePath.cpp - The values a constraint reads --------------===//
//
// The slots of the live parameters (a free list under a lock: taken when a
// parameter is made, given back when its last copy goes), each thread's
// table of values, and the scopes that fill it.
//
//===----------------------------------------------------------------------===//
#include "Online/OnlinePath.h"

#include <cstddef>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <new>
#include <utility>
#include <vector>

namespace atfc::online {

const void *const NoValues[kMaxSlots] = {};

const void **threadValues() {
  // Zeroed pages from the system: only the pages of slots in use are ever
  // touched.
  struct Free {
    void operator()(const void **T) const { std::free(T); }
  };
  static thread_local std::unique_ptr<const void *[], Free> Table;
  if (!Table) {
    Table.reset(static_cast<const void **>(std::calloc(kMaxSlots, sizeof(const void *))));
    if (!Table)
      throw std::bad_alloc();
  }
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

/// The calling thread's hidden entries (innermost last), and the slots of
/// those read.
thread_local std::vector<std::pair<SlotId, const void *>> Hidden;
thread_local std::vector<SlotId> HiddenReads;
thread_local std::size_t Scopes = 0;

} // namespace

HiddenEntries::HiddenEntries(const void **Table, const std::vector<SlotId> &Slots)
    : Table(Table), Begin(Hidden.size()), ReadsBegin(HiddenReads.size()) {
  ++Scopes;
  for (const SlotId S : Slots)
    if (Table[S] != nullptr) { // (an outer scope's already hidden)
      Hidden.emplace_back(S, Table[S]);
      Table[S] = nullptr;
    }
}

HiddenEntries::~HiddenEntries() {
  for (std::size_t I = Hidden.size(); I-- > Begin;)
    Table[Hidden[I].first] = Hidden[I].second;
  Hidden.resize(Begin);
  // The outer scopes still see the reads made inside this one.
  if (--Scopes == 0)
    HiddenReads.clear();
}

std::vector<SlotId> HiddenEntries::reads() const {
  return {HiddenReads.begin() + static_cast<std::ptrdiff_t>(ReadsBegin), HiddenReads.end()};
}

const void *hiddenValue(SlotId Slot) {
  for (std::size_t I = Hidden.size(); I-- > 0;)
    if (Hidden[I].first == Slot) {
      HiddenReads.push_back(Slot);
      return Hidden[I].second;
    }
  return nullptr;
}

} // namespace atfc::online
