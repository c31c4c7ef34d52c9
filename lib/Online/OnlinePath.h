//===- Online/OnlinePath.h - The values a constraint reads -----*- C++ -*-===//
//
// Where a parameter read in a constraint or cost function finds its value:
// the program's callables take only the candidate value, and read the
// other parameters by name. Each live tuning parameter of <atf.hpp> has a
// slot, a number of its own among all parameters of the process; each
// thread has a table of values by slot (a pointer to the value, of the
// parameter's own type, or null where it has none). Generation fills its
// thread's table level by level; a measurement fills it with the
// configuration. A read is then three loads and a test: the slot from the
// parameter, the entry from the thread's table, the value; a null entry
// (cold) is a read the tuner must hear of (MissingValue) or an error.
//
// Slots instead of positions in a tuner's path: a parameter may be given
// to several tuners, each on threads of its own, and a read needs neither
// the path nor a bounds check. A thread outside any scope reads a table of
// nulls (NoValues): every read there is the error of reading off a path.
//
// Tested through OnlineSpaceTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_ONLINE_ONLINEPATH_H
#define ATFC_ONLINE_ONLINEPATH_H

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace atfc::online {

inline constexpr std::size_t kNoIndex = std::numeric_limits<std::size_t>::max();

/// A parameter's number among the live parameters of the process (as wide
/// as an index: a read needs no zero extension).
using SlotId = std::size_t;
/// Every slot is below this: a thread's table has this many entries
/// (reserved, not touched, until a slot is used).
inline constexpr std::size_t kMaxSlots = std::size_t(1) << 16;
inline constexpr SlotId kNoSlot = std::numeric_limits<SlotId>::max();

/// A table of nulls: what a thread reads before it first enters a scope.
/// Never written, yet not const: zeroed static storage (.bss) costs a
/// program nothing until read, where a const table of 512 KB lay in the
/// file of every program that includes <atf.hpp>.
extern const void *NoValues[kMaxSlots];
/// The calling thread's values by slot.
constinit inline thread_local const void *const *CurrentValues = NoValues;
/// Makes the calling thread's own table, which becomes its CurrentValues.
const void **makeThreadValues();
/// The calling thread's own table (made on first use), which becomes its
/// CurrentValues (which is nothing else: NoValues until then).
inline const void **threadValues() {
  if (CurrentValues != NoValues) [[likely]]
    return const_cast<const void **>(CurrentValues);
  return makeThreadValues();
}

/// A free slot for a parameter named *Name (which must outlive the slot),
/// or kNoSlot when kMaxSlots parameters live.
SlotId allocateSlot(const std::string *Name);
void releaseSlot(SlotId Slot);
/// The name of the parameter whose slot is Slot.
const std::string &slotName(SlotId Slot);

/// A tuner's parameters, by their index in it: their slots (kNoSlot for
/// one that reads no table: Python's).
struct Path {
  const SlotId *Slots = nullptr;
  std::size_t Size = 0;
  /// The index of the parameter of slot S, or kNoIndex.
  std::size_t indexOf(SlotId S) const {
    for (std::size_t I = 0; I < Size; ++I)
      if (Slots[I] == S)
        return I;
    return kNoIndex;
  }
};

/// The calling thread's scope: the tuner whose space it generates or whose
/// configuration it measures (null outside), and the parameter whose
/// constraint it evaluates.
constinit inline thread_local const Path *CurrentPath = nullptr;
constinit inline thread_local std::size_t CurrentReader = kNoIndex;

/// Makes P the calling thread's scope, with Values[I] the value of P's
/// parameter I (none where Values or it is null), for the object's life;
/// what the thread's table held for P's parameters comes back at its end.
/// Outside any scope the table holds nulls, so the outermost scope saves
/// nothing (generation makes one per prefix).
class PathScope {
public:
  PathScope(const Path *P, const void *const *Values = nullptr);
  ~PathScope();
  PathScope(const PathScope &) = delete;
  PathScope &operator=(const PathScope &) = delete;

private:
  const Path *P;
  const void **Table;
  const Path *SavedPath;
  std::size_t SavedReader;
  std::vector<const void *> Saved;
};

/// Hides the entries Slots of Table (nulls them) for the object's life,
/// while a level records the subtree below a node for its memo
/// (Online/SubtreeMemo.h), keyed by what the levels below are known to
/// read. A read of a hidden entry (a callable that reads more than it
/// did so far, behind `?:` say) still gets its value, from the cold path
/// of a read (hiddenValue), and is listed: the recording then says
/// nothing and the key grows; the entry is back in the table from then
/// on, where no inner scope hides it too. Scopes nest (on a thread's
/// stack, the innermost found first); the values are kept in the caller's
/// Saved, one per slot (a level's recordings never nest), so that hiding
/// costs a load and two stores per entry.
class HiddenEntries;
/// The calling thread's innermost HiddenEntries, and how many reads of
/// hidden entries it made while one existed.
constinit inline thread_local HiddenEntries *InnermostHidden = nullptr;
constinit inline thread_local std::size_t HiddenReads = 0;

class HiddenEntries {
public:
  HiddenEntries(const void **Table, const std::vector<SlotId> &Slots, const void **Saved)
      : Table(Table), Slots(Slots), Saved(Saved), Outer(InnermostHidden), ReadsBegin(HiddenReads) {
    for (std::size_t I = 0; I < Slots.size(); ++I) {
      Saved[I] = Table[Slots[I]]; // (null where an outer scope hid it)
      Table[Slots[I]] = nullptr;
    }
    InnermostHidden = this;
  }
  ~HiddenEntries() {
    for (std::size_t I = 0; I < Slots.size(); ++I)
      Table[Slots[I]] = Saved[I];
    InnermostHidden = Outer;
    if (Outer == nullptr)
      forgetReads();
  }
  HiddenEntries(const HiddenEntries &) = delete;
  HiddenEntries &operator=(const HiddenEntries &) = delete;

  /// Whether a hidden entry was read since this scope began (in inner
  /// scopes too).
  bool read() const { return HiddenReads != ReadsBegin; }
  /// The slots of those reads, each once (per scope that began since).
  std::vector<SlotId> reads() const;

private:
  friend const void *hiddenValue(SlotId Slot);
  static void forgetReads();

  const void **Table;
  const std::vector<SlotId> &Slots;
  const void **Saved;
  HiddenEntries *Outer;
  std::size_t ReadsBegin;
};

/// The value of Slot's entry if a HiddenEntries of the calling thread hid
/// it (the read is listed, and the entry is put back where no inner scope
/// hides it), else null.
const void *hiddenValue(SlotId Slot);

} // namespace atfc::online

#endif
