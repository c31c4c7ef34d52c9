//===- Online/SubtreeMemo.cpp - Subtrees remembered ----------------------===//
//
// The memo's table and its copies. A path's key is one number (its reads'
// range indices in mixed radix), so a lookup is a few multiplications and
// one probe: an array indexed by the key where the keys are few, else open
// addressing. Lookups are counted so that a level whose paths seldom repeat
// stops paying for them; memory is bounded, beyond which the memo only
// answers.
//
//===----------------------------------------------------------------------===//
#include "Online/SubtreeMemo.h"

#include <algorithm>
#include <atomic>
#include <new>

#include <sys/mman.h>

namespace atfc::online {

namespace {

/// A key seen first is recorded at once only while keys repeat at all
/// here (or too few were seen to tell): the paths of the first levels
/// seldom repeat, and should cost a lookup, not a copy.
constexpr std::uint64_t kRecordingTrial = 8;
/// Keys up to this many are looked up in an array (16 KB).
constexpr std::uint64_t kDenseKeys = 4096;
/// The hash table's first size: most levels see hundreds of keys.
constexpr std::size_t kFirstHashSlots = 1024;
/// Keys, and words of recorded subtrees (2 MB), at most per level.
constexpr std::size_t kMaxEntries = std::size_t(1) << 16;
constexpr std::size_t kMaxTreeWords = std::size_t(1) << 19;
/// The words a memo's entries are first given (64 KB of address space:
/// most memos keep far fewer; a program's limit on its address space
/// counts what is mapped, touched or not).
constexpr std::size_t kFirstTreeWords = std::size_t(1) << 14;

/// The stores of the thread's memos gone, for its next ones: at most this
/// many, of at most this many bytes (16 MB in all).
constexpr std::size_t kPooledStores = 16;
constexpr std::size_t kPooledBytes = std::size_t(1) << 20;
thread_local std::vector<std::unique_ptr<SubtreeMemo::Store>> Pool;

std::atomic<std::uint64_t> Replayed{0}, SiblingsOnlyMemos{0}, Dropped{0};

/// MurmurHash3's finalizer: the slot is the key's low bits, and the keys
/// of neighbouring paths differ in few.
std::uint64_t mix(std::uint64_t H) {
  H ^= H >> 33;
  H *= 0xFF51AFD7ED558CCDULL;
  H ^= H >> 33;
  H *= 0xC4CEB9FE1A85EC53ULL;
  return H ^ (H >> 33);
}

} // namespace

SubtreeMemo::SubtreeMemo(bool Remembers, std::size_t First, std::size_t Depth,
                         std::vector<std::size_t> R, const std::vector<std::uint64_t> &RangeSizes)
    : First(First), Depth(Depth), Reads(std::move(R)), StartNodes(Depth), StartAccepted(Depth) {
  Off = !Remembers || Depth == 0;
  setKeys(RangeSizes);
}

void SubtreeMemo::rekey(std::vector<std::size_t> R, const std::vector<std::uint64_t> &RangeSizes) {
  Reads = std::move(R);
  Recording = false;
  Keys = 0;
  Lookups = Repeats = SiblingRepeats = 0;
  LastEntry = 0;
  SiblingsOnly = false;
  if (Mem)
    Mem->clear();
  setKeys(RangeSizes);
}

SubtreeMemo::Words::~Words() {
  if (Data != nullptr)
    munmap(Data, Capacity * sizeof(std::uint32_t));
}

std::uint32_t *SubtreeMemo::Words::append(std::size_t N) {
  if (Size + N > Capacity) {
    if (Size + N > kMaxTreeWords)
      throw std::bad_alloc(); // (remember() stops short of it)
    // Mapped pages, grown by mremap: the words move without a copy.
    std::size_t Want = Capacity == 0 ? kFirstTreeWords : Capacity;
    while (Want < Size + N)
      Want *= 2;
    void *P = Data == nullptr ? mmap(nullptr, Want * sizeof(std::uint32_t), PROT_READ | PROT_WRITE,
                                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
                              : mremap(Data, Capacity * sizeof(std::uint32_t),
                                       Want * sizeof(std::uint32_t), MREMAP_MAYMOVE);
    if (P == MAP_FAILED)
      throw std::bad_alloc();
    Data = static_cast<std::uint32_t *>(P);
    Capacity = Want;
  }
  std::uint32_t *At = Data + Size;
  Size += N;
  Touched = std::max(Touched, Size);
  return At;
}

void SubtreeMemo::Store::clear() {
  Dense.clear();
  Hash.clear();
  Trees.truncate(0);
}

void SubtreeMemo::setKeys(const std::vector<std::uint64_t> &RangeSizes) {
  std::uint64_t KeySpace = 1;
  Strides.clear();
  for (const std::uint64_t Size : RangeSizes) {
    Strides.push_back(KeySpace);
    if (Size == 0 || __builtin_mul_overflow(KeySpace, Size, &KeySpace))
      Off = true;
  }
  if (Off)
    return;
  if (!Mem && !Pool.empty()) {
    Mem = std::move(Pool.back());
    Pool.pop_back();
  } else if (!Mem) {
    Mem = std::make_unique<Store>();
  }
  if (KeySpace <= kDenseKeys) {
    Mem->Dense.assign(KeySpace, 0);
  } else {
    SlotWords = KeySpace - 1 > 0xffffffff ? 3 : 2;
    Mem->Hash.assign(kFirstHashSlots * SlotWords, 0);
  }
}

std::uint64_t SubtreeMemo::replayedSoFar() { return Replayed.load(); }
std::uint64_t SubtreeMemo::siblingsOnlySoFar() { return SiblingsOnlyMemos.load(); }
std::uint64_t SubtreeMemo::droppedSoFar() { return Dropped.load(); }

SubtreeMemo::~SubtreeMemo() {
  Replayed.fetch_add(Replays, std::memory_order_relaxed);
  SiblingsOnlyMemos.fetch_add(SiblingsOnly, std::memory_order_relaxed);
  Dropped.fetch_add(Drops, std::memory_order_relaxed);
  if (!Mem || Pool.size() >= kPooledStores ||
      Mem->Trees.memoryBytes() + Mem->Hash.capacity() * sizeof(std::uint32_t) > kPooledBytes)
    return;
  Mem->clear();
  Pool.push_back(std::move(Mem));
}

std::uint32_t *SubtreeMemo::entryOf(std::uint64_t K) {
  if (!Mem->Dense.empty())
    return &Mem->Dense[K];
  return SlotWords == 2 ? slotOf<2>(K) : slotOf<3>(K);
}

template <std::size_t Width> std::uint32_t *SubtreeMemo::slotOf(std::uint64_t K) {
  const std::uint32_t Low = static_cast<std::uint32_t>(K),
                      High = static_cast<std::uint32_t>(K >> 32);
  const std::size_t Slots = Mem->Hash.size() / Width, Mask = Slots - 1;
  for (std::size_t S = mix(K) & Mask;; S = (S + 1) & Mask) {
    std::uint32_t *At = &Mem->Hash[S * Width];
    if (At[0] != 0) {
      if (At[1] == Low && (Width == 2 || At[2] == High))
        return At;
      continue;
    }
    // A new key: the table grows at three quarters full (most lookups
    // find their key), up to its bound.
    if ((Keys + 1) * 4 > Slots * 3) {
      if (Slots >= 2 * kMaxEntries)
        return nullptr;
      grow();
      return slotOf<Width>(K);
    }
    ++Keys;
    At[1] = Low;
    if constexpr (Width == 3)
      At[2] = High;
    return At;
  }
}

bool SubtreeMemo::endTrial() {
  // Few of the trial's keys repeated, or none of the first ones: the
  // paths seldom repeat here.
  if ((Lookups == kTrialLookups && Repeats * 4 < Lookups) ||
      (Lookups == kFirstTrialLookups && Repeats == 0)) {
    Off = true;
    return true;
  }
  // Every repeat of the trial a sibling's (below are levels that do not
  // read this one): the table would hold keys that never come back, so
  // only the last key's subtree is kept from here on.
  if (Lookups == kTrialLookups && SiblingRepeats == Repeats) {
    SiblingsOnly = true;
    Mem->clear();
    Keys = 0;
  }
  return false;
}

bool SubtreeMemo::lookUp(std::uint64_t K, atfc::detail::ChunkLevels &Chunk, std::uint64_t &Leaves) {
  if (SiblingsOnly) {
    record(K, Chunk);
    return false;
  }
  std::uint32_t *Entry = entryOf(K);
  if (!Entry)
    return false; // (the table is full)
  const bool New = *Entry == 0;
  if (New) {
    *Entry = kSeenOnce;
    if (Lookups > kRecordingTrial && Repeats * kRecordingTrial < Lookups)
      return false;
  } else {
    ++Repeats;
  }
  if (*Entry == kSeenOnce) {
    record(K, Chunk);
    return false;
  }
  LastKey = K;
  LastEntry = *Entry;
  copy(*Entry - 1, Chunk, Leaves);
  return true;
}

void SubtreeMemo::record(std::uint64_t K, const atfc::detail::ChunkLevels &Chunk) {
  LastKey = K;
  LastEntry = kSeenOnce;
  Recording = true;
  for (std::size_t J = 0; J < Depth; ++J) {
    StartNodes[J] = Chunk.Levels[First + J].Values.size();
    StartAccepted[J] = Chunk.Accepted[First + J];
  }
}

void SubtreeMemo::grow() {
  std::vector<std::uint32_t> Old(2 * Mem->Hash.size(), 0);
  Old.swap(Mem->Hash);
  const std::size_t Mask = Mem->Hash.size() / SlotWords - 1;
  for (std::size_t O = 0; O < Old.size(); O += SlotWords) {
    if (Old[O] == 0)
      continue;
    const std::uint64_t K = Old[O + 1] | (SlotWords == 3 ? std::uint64_t(Old[O + 2]) << 32 : 0);
    std::size_t S = mix(K) & Mask;
    while (Mem->Hash[S * SlotWords] != 0)
      S = (S + 1) & Mask;
    std::copy_n(&Old[O], SlotWords, &Mem->Hash[S * SlotWords]);
  }
}

void SubtreeMemo::remember(const atfc::detail::ChunkLevels &Chunk, std::uint64_t Leaves) {
  if (!Recording)
    return;
  Recording = false;
  if (SiblingsOnly)
    Mem->Trees.truncate(0);
  const std::size_t At = Mem->Trees.size();
  if (At + 1 + 3 * Depth > kMaxTreeWords)
    return; // (seen once it stays: generated on every sight)
  // Every number in four bytes, or the memo stops: a chunk's level of 2^32
  // nodes is past any memory the memo could save.
  std::uint32_t *E = Mem->Trees.append(1 + 3 * Depth);
  std::uint64_t Any = Leaves;
  E[0] = static_cast<std::uint32_t>(Leaves);
  for (std::size_t J = 0; J < Depth; ++J) {
    const std::uint64_t Nodes = Chunk.Levels[First + J].Values.size() - StartNodes[J],
                        Accepted = Chunk.Accepted[First + J] - StartAccepted[J];
    Any |= StartNodes[J] | Nodes | Accepted;
    E[1 + 3 * J] = static_cast<std::uint32_t>(StartNodes[J]);
    E[2 + 3 * J] = static_cast<std::uint32_t>(Nodes);
    E[3 + 3 * J] = static_cast<std::uint32_t>(Accepted);
  }
  if (Any > 0xffffffff) {
    Mem->Trees.truncate(At);
    Off = true;
    return;
  }
  LastEntry = static_cast<std::uint32_t>(At + 1);
  if (!SiblingsOnly)
    *entryOf(LastKey) = LastEntry;
}

} // namespace atfc::online
