//===- Online/SubtreeMemo.h - Subtrees remembered ---------------*- C++ -*-===//
//
// A constraint that is a function of the values it reads makes the subtree
// below a node a function of the values that the levels below read from
// the node's path: in pyATF's SGEMM example the 24,268 nodes of SA see 800
// combinations of what SB reads (SA, KWG, MWG, VWM, NWG and VWN), and the
// levels above repeat theirs as often. A level that remembers the subtrees
// below its nodes by those values appends a remembered one instead of
// generating it again: a copy of its nodes, their children's offsets
// moved, and the counts of accepted values added.
//
// Kept per chunk (one thread's), in the chunk's state of the level; turned
// off where lookups mostly miss, and bounded in memory. Where the levels
// below do not read the level's own value, its siblings share a key: the
// last lookup's entry serves them without the table, and a memo whose
// repeats are all such keeps no table at all. Python's levels
// know what their translated constraints read and never remember above a
// Python callable (it may count its calls or raise at random);
// <atf.hpp>'s learn what their callables read while they record
// (OnlineLevels::subtree).
//
// Tested by test/python/test_space.py and unit/Online/OnlineSpaceTest.cpp
// (spaces with and without it against their configurations by brute
// force).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_ONLINE_SUBTREEMEMO_H
#define ATFC_ONLINE_SUBTREEMEMO_H

#include "SearchSpace/GroupGenerator.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace atfc::online {

class SubtreeMemo final : public atfc::detail::LevelState {
public:
  /// Four-byte words in mapped pages, grown by mremap: growing copies
  /// nothing and faults each page in once (a realloc's copies faulted
  /// theirs again: 7 of the 38 pages that the memos added to sgemm_atf 8's
  /// first generation).
  class Words {
  public:
    Words() = default;
    Words(const Words &) = delete;
    Words &operator=(const Words &) = delete;
    ~Words();
    std::size_t size() const { return Size; }
    /// The bytes touched so far.
    std::size_t memoryBytes() const { return Touched * sizeof(std::uint32_t); }
    std::uint32_t *at(std::size_t I) { return Data + I; }
    /// N more words, uninitialised; at most kMaxTreeWords in all.
    std::uint32_t *append(std::size_t N);
    void truncate(std::size_t N) { Size = N; }

  private:
    std::uint32_t *Data = nullptr;
    std::size_t Size = 0, Capacity = 0, Touched = 0;
  };

  /// The table and the subtrees: reused by the thread's next memos (a
  /// generation makes one per level and chunk; fresh pages for each cost
  /// more in faults than the memo saves).
  struct Store {
    /// Entry numbers plus one by key where the keys are few, else open
    /// addressing: per slot the entry number plus one (0: free), then the
    /// key's low word and, where keys need more than 32 bits, its high one
    /// (side by side: a probe is one cache miss, not two). Slots of 8 or 12
    /// bytes, not 16: the memo's fresh pages are most of what it adds to a
    /// first generation (SlotWords).
    std::vector<std::uint32_t> Dense;
    std::vector<std::uint32_t> Hash;
    /// The entries, one after another (an entry number is where its entry
    /// starts): a subtree's leaves, then per level where its nodes are in
    /// the chunk's level, how many, and how many values the level accepted
    /// for it (dead ends included).
    Words Trees;
    void clear();
  };

  /// A memo of the subtrees of levels First .. First + Depth - 1 (to the
  /// group's last), by the values at path indices Reads, of RangeSizes
  /// values each (off at once when these cannot be numbered in 64 bits, or
  /// when Remembers is false: something below may not be remembered).
  SubtreeMemo(bool Remembers, std::size_t First, std::size_t Depth, std::vector<std::size_t> Reads,
              const std::vector<std::uint64_t> &RangeSizes);
  ~SubtreeMemo() override;

  /// Subtrees copied from memory by all memos gone so far, in this process,
  /// and how many of those memos kept only their last key's subtree (what
  /// tests see of the memo).
  static std::uint64_t replayedSoFar();
  static std::uint64_t siblingsOnlySoFar();
  /// Recordings forgotten so far (dropRecording()) by all memos gone, in
  /// this process.
  static std::uint64_t droppedSoFar();

  /// Whether lookups have paid so far (else the level generates as before).
  bool on() const { return !Off; }
  /// The path indices whose values are the key.
  const std::vector<std::size_t> &reads() const { return Reads; }
  /// The key of a path: IndexOf(I, X) sets X to the range index of path
  /// index I's value; false where one has none (not on a generated path).
  template <class IndexOfFn> bool keyOf(IndexOfFn &&IndexOf, std::uint64_t &K) const {
    K = 0;
    for (std::size_t I = 0; I < Reads.size(); ++I) {
      std::uint64_t X;
      if (!IndexOf(Reads[I], X))
        return false;
      K += X * Strides[I];
    }
    return true;
  }
  /// Appends the subtree remembered for key K to Chunk and sets Leaves to
  /// its leaves; false when there is none (then the subtree that the
  /// caller generates next is recorded, for remember()). Inline up to the
  /// table: most replays are a sibling's, which needs none, and their
  /// calls were a quarter of what a replay cost (cltune_gemm).
  bool replay(std::uint64_t K, atfc::detail::ChunkLevels &Chunk, std::uint64_t &Leaves) {
    Recording = false;
    ++Lookups;
    if ((Lookups == kTrialLookups || Lookups == kFirstTrialLookups) && endTrial()) [[unlikely]]
      return false;
    // Siblings have one key where the levels below do not read theirs: the
    // entry of the last lookup spares them the table.
    if (K == LastKey && LastEntry != 0 && LastEntry != kSeenOnce) {
      ++Repeats;
      ++SiblingRepeats;
      copy(LastEntry - 1, Chunk, Leaves);
      return true;
    }
    return lookUp(K, Chunk, Leaves);
  }
  /// Whether replay() asked for the subtree generated next.
  bool recording() const { return Recording; }
  /// Remembers the subtree generated since the last replay() that found
  /// none, with its Leaves.
  void remember(const atfc::detail::ChunkLevels &Chunk, std::uint64_t Leaves);
  /// Forgets the recording in flight (what it generated read more than
  /// the key).
  void dropRecording() {
    Drops += Recording;
    Recording = false;
  }
  /// Stops remembering (its keys cannot repeat).
  void stop() { Off = true; }
  /// Starts afresh with the key Reads (what was remembered is forgotten).
  void rekey(std::vector<std::size_t> Reads, const std::vector<std::uint64_t> &RangeSizes);

private:
  /// Lookups before the rate of repeated keys decides whether the memo
  /// stays on (a key's first lookups miss however often it repeats later),
  /// and before a memo none of whose keys repeated so far goes off (each
  /// of its lookups is a miss in a growing table: sgemm_atf 8's level
  /// above its last spent 800 of them so).
  static constexpr std::uint64_t kTrialLookups = 1024;
  static constexpr std::uint64_t kFirstTrialLookups = 256;
  /// A key seen once and not recorded: its subtree is recorded when it is
  /// seen again.
  static constexpr std::uint32_t kSeenOnce = ~std::uint32_t(0);

  /// Ends a trial (replay()): true where the memo goes off.
  bool endTrial();
  /// replay() past a sibling's repeat: the table.
  bool lookUp(std::uint64_t K, atfc::detail::ChunkLevels &Chunk, std::uint64_t &Leaves);
  /// The strides of a key of reads of RangeSizes values each, and an
  /// empty table for its keys (off when they cannot be numbered).
  void setKeys(const std::vector<std::uint64_t> &RangeSizes);
  /// Where key K's entry number plus one is kept (0: never seen, kSeenOnce:
  /// seen once), made on first use; null when the table is full.
  std::uint32_t *entryOf(std::uint64_t K);
  /// Records the subtree generated next, for key K.
  void record(std::uint64_t K, const atfc::detail::ChunkLevels &Chunk);
  /// Appends the subtree of the entry at At (replay()).
  void copy(std::size_t At, atfc::detail::ChunkLevels &Chunk, std::uint64_t &Leaves) {
    // The subtree's last copy in this chunk's levels (kept there: a subtree
    // with leaves is never cut off), copied in again, its first children
    // moved to where the next level's copy begins; the entry then names the
    // new copy, the likelier of the two to be in the cache.
    ++Replays;
    std::uint32_t *E = Mem->Trees.at(At);
    Leaves = E[0];
    for (std::size_t J = 0; J < Depth; ++J) {
      std::uint32_t *Level = E + 1 + 3 * J;
      const std::uint64_t Start = Level[0], Count = Level[1];
      Chunk.Accepted[First + J] += Level[2];
      TreeSegment &Nodes = Chunk.Levels[First + J];
      const std::uint64_t To = Nodes.Values.size();
      if (J + 1 < Depth)
        Nodes.FirstChild.appendCopy(Start, Count,
                                    Chunk.Levels[First + J + 1].Values.size() - Level[3]);
      Nodes.Values.appendCopy(Start, Count);
      if (Leaves != 0)
        Level[0] = static_cast<std::uint32_t>(To);
      // (A level past 2^32 nodes: the entries cannot name its copies.)
      Off = Off || To > 0xffffffff;
    }
  }
  template <std::size_t Width> std::uint32_t *slotOf(std::uint64_t K);
  void grow();

  std::size_t First, Depth;
  /// A path's key: the reads' range indices as one mixed-radix number.
  std::vector<std::size_t> Reads;
  std::vector<std::uint64_t> Strides;
  /// Whether the subtree of LastKey, a missed key, is being recorded, and
  /// the levels' sizes and accepted counts when it began.
  bool Recording = false;
  /// The key of the last lookup and what its table entry then held.
  std::uint64_t LastKey = 0;
  std::uint32_t LastEntry = 0;
  std::vector<std::uint64_t> StartNodes, StartAccepted;
  /// The table and the subtrees (Mem).
  std::unique_ptr<Store> Mem;
  /// Keys in the hash table, and the words of its slots (2 or 3).
  std::size_t Keys = 0;
  std::size_t SlotWords = 2;
  std::uint64_t Lookups = 0, Repeats = 0, Replays = 0, Drops = 0;
  /// Repeats of the last lookup's key, and whether the memo keeps only
  /// that key's subtree (every repeat of its trial was one).
  std::uint64_t SiblingRepeats = 0;
  bool SiblingsOnly = false;
  bool Off = false;
};

} // namespace atfc::online

#endif // ATFC_ONLINE_SUBTREEMEMO_H
