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

#include <atomic>

namespace atfc::online {

namespace {

/// Lookups before the rate of repeated keys decides whether the memo
/// stays on (a key's first lookups miss however often it repeats later),
/// and before a memo none of whose keys repeated so far goes off (each
/// of its lookups is a miss in a growing table: sgemm_atf 8's level
/// above its last spent 800 of them so).
constexpr std::uint64_t kTrialLookups = 1024;
constexpr std::uint64_t kFirstTrialLookups = 256;
/// A key seen once and not recorded: its subtree is recorded when it is
/// seen again. A key seen first is recorded at once only while keys repeat
/// at all here (or too few were seen to tell): the paths of the first
/// levels seldom repeat, and should cost a lookup, not a copy.
constexpr std::uint32_t kSeenOnce = ~std::uint32_t(0);
constexpr std::uint64_t kRecordingTrial = 8;
/// Keys up to this many are looked up in an array (16 KB).
constexpr std::uint64_t kDenseKeys = 4096;
/// The hash table's first size: most levels see hundreds of keys.
constexpr std::size_t kFirstHashSlots = 1024;
/// Keys, and words of recorded subtrees (2 MB), at most per level.
constexpr std::size_t kMaxEntries = std::size_t(1) << 16;
constexpr std::size_t kMaxTreeWords = std::size_t(1) << 18;

/// The stores of the thread's memos gone, for its next ones: at most this
/// many, of at most this many words (16 MB in all).
constexpr std::size_t kPooledStores = 16;
constexpr std::size_t kPooledWords = std::size_t(1) << 17;
thread_local std::vector<std::unique_ptr<SubtreeMemo::Store>> Pool;

std::atomic<std::uint64_t> Replayed{0};

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
  Lookups = Repeats = 0;
  if (Mem) {
    Mem->Dense.clear();
    Mem->Hash.clear();
    Mem->Offsets.clear();
    Mem->Trees.clear();
  }
  setKeys(RangeSizes);
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
    Mem->Hash.assign(kFirstHashSlots, Store::Slot{0, 0});
  }
}

std::uint64_t SubtreeMemo::replayedSoFar() { return Replayed.load(); }

SubtreeMemo::~SubtreeMemo() {
  Replayed.fetch_add(Replays, std::memory_order_relaxed);
  if (!Mem || Pool.size() >= kPooledStores ||
      Mem->Trees.capacity() + 2 * Mem->Hash.capacity() > kPooledWords)
    return;
  Mem->Dense.clear();
  Mem->Hash.clear();
  Mem->Offsets.clear();
  Mem->Trees.clear();
  Pool.push_back(std::move(Mem));
}

std::uint32_t *SubtreeMemo::entryOf(std::uint64_t K) {
  if (!Mem->Dense.empty())
    return &Mem->Dense[K];
  const std::size_t Mask = Mem->Hash.size() - 1;
  for (std::size_t S = mix(K) & Mask;; S = (S + 1) & Mask) {
    Store::Slot &At = Mem->Hash[S];
    if (At.Entry != 0 && At.Key == K)
      return &At.Entry;
    if (At.Entry != 0)
      continue;
    // A new key: the table grows at half full, up to its bound.
    if ((Keys + 1) * 2 > Mem->Hash.size()) {
      if (Mem->Hash.size() >= 2 * kMaxEntries)
        return nullptr;
      grow();
      return entryOf(K);
    }
    ++Keys;
    At.Key = K;
    return &At.Entry;
  }
}

bool SubtreeMemo::replay(std::uint64_t K, atfc::detail::ChunkLevels &Chunk, std::uint64_t &Leaves) {
  Recording = false;
  ++Lookups;
  // Few of the trial's keys repeated, or none of the first ones: the
  // paths seldom repeat here.
  if ((Lookups == kTrialLookups && Repeats * 4 < Lookups) ||
      (Lookups == kFirstTrialLookups && Repeats == 0)) {
    Off = true;
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
    Key = K;
    Recording = true;
    for (std::size_t J = 0; J < Depth; ++J) {
      StartNodes[J] = Chunk.Levels[First + J].Values.size();
      StartAccepted[J] = Chunk.Accepted[First + J];
    }
    return false;
  }
  // The subtree is where it was first generated, in this chunk's levels
  // (kept there: a subtree with leaves is never cut off): copied in again,
  // its first children moved to where the next level's copy begins.
  ++Replays;
  const std::uint64_t *T = &Mem->Trees[Mem->Offsets[*Entry - 1]];
  Leaves = T[0];
  const std::uint64_t *Level = T + 1;
  for (std::size_t J = 0; J < Depth; ++J, Level += 3) {
    TreeSegment &Nodes = Chunk.Levels[First + J];
    Chunk.Accepted[First + J] += Level[2];
    if (J + 1 < Depth)
      Nodes.FirstChild.appendCopy(Level[0], Level[1],
                                  Chunk.Levels[First + J + 1].Values.size() - Level[3]);
    Nodes.Values.appendCopy(Level[0], Level[1]);
  }
  return true;
}

void SubtreeMemo::grow() {
  std::vector<Store::Slot> Old(2 * Mem->Hash.size(), Store::Slot{0, 0});
  Old.swap(Mem->Hash);
  const std::size_t Mask = Mem->Hash.size() - 1;
  for (const Store::Slot &O : Old) {
    if (O.Entry == 0)
      continue;
    std::size_t S = mix(O.Key) & Mask;
    while (Mem->Hash[S].Entry != 0)
      S = (S + 1) & Mask;
    Mem->Hash[S] = O;
  }
}

void SubtreeMemo::remember(const atfc::detail::ChunkLevels &Chunk, std::uint64_t Leaves) {
  if (!Recording)
    return;
  Recording = false;
  if (Mem->Trees.size() + 1 + 3 * Depth > kMaxTreeWords)
    return; // (seen once it stays: generated on every sight)
  Mem->Offsets.push_back(Mem->Trees.size());
  Mem->Trees.push_back(Leaves);
  for (std::size_t J = 0; J < Depth; ++J) {
    Mem->Trees.push_back(StartNodes[J]);
    Mem->Trees.push_back(Chunk.Levels[First + J].Values.size() - StartNodes[J]);
    Mem->Trees.push_back(Chunk.Accepted[First + J] - StartAccepted[J]);
  }
  *entryOf(Key) = static_cast<std::uint32_t>(Mem->Offsets.size());
}

} // namespace atfc::online
