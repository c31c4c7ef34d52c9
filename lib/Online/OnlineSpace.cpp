//===- Online/OnlineSpace.cpp - A space of parameters given at run time ---===//
//
// Groups from the reads that constraints declare or are caught making, and
// generation again until no constraint reads outside its group.
//
//===----------------------------------------------------------------------===//
#include "Online/OnlineSpace.h"
#include "Online/OnlinePath.h"

#include "SearchSpace/StoreEstimate.h"
#include "Support/Diagnostic.h"

#include <algorithm>
#include <atomic>
#include <deque>
#include <functional>
#include <optional>
#include <utility>

namespace atfc::online {

ParameterModel::~ParameterModel() = default;

ParameterModel::Description ParameterModel::describe() const {
  return {ParameterInfo{name(), kind(), rangeSize(), valueAt(), constrained()}, rangeError(),
          index(), slot()};
}

namespace {

/// What generateBelow keeps on the calling thread between calls: the
/// frame, and the prefix's values.
struct PrefixValues {
  Frame F;
  std::vector<std::any> Held;
};

} // namespace

OnlineLevels::OnlineLevels(const std::vector<const ParameterModel *> &Params,
                           std::span<const std::size_t> Group, const Path &Tuner)
    : GroupLevelsBase((Group.size() + 1) / 2), Tuner(Tuner) {
  GroupLevelsBase::Params.reserve(Group.size());
  Nest.reserve(Group.size());
  for (const std::size_t I : Group) {
    ParameterModel::Description D = Params[I]->describe();
    if (D.Failure != RangeError::None)
      refuseRange(D.Info.Name, SourceLocation{}, D.Failure, "");
    GroupLevelsBase::Params.push_back(std::move(D.Info));
    Nest.push_back({Params[I], D.Index, D.Slot});
    ReadsFrame = ReadsFrame || D.Slot == kNoSlot;
  }
  // (Python's levels remember by themselves: PyLevelLoop.cpp.)
  for (std::size_t L = Nest.size(); L-- > 1 && !ReadsFrame;)
    Nest[L - 1].OpaqueBelow = Nest[L].OpaqueBelow || Nest[L].Model->opaque();
}

namespace {

/// The scope of one prefix's generation on the calling thread. Outside any
/// other scope (almost always) the thread's table holds nulls, and only
/// the group's entries are written: they are nulled again at the end,
/// also when a constraint throws. Inside one (a tuner's generation in a
/// cost function), a PathScope saves and restores every entry.
template <class Levels> class PrefixScope {
public:
  PrefixScope(const Path &Tuner, const Levels &Group, const void **Values)
      : Group(Group), Values(Values) {
    if (CurrentPath != nullptr)
      Outer.emplace(&Tuner);
    else
      CurrentPath = &Tuner;
  }
  ~PrefixScope() {
    if (Outer)
      return;
    for (const auto &L : Group)
      if (L.Slot != kNoSlot)
        Values[L.Slot] = nullptr;
    CurrentPath = nullptr;
    CurrentReader = kNoIndex;
  }
  PrefixScope(const PrefixScope &) = delete;
  PrefixScope &operator=(const PrefixScope &) = delete;

private:
  const Levels &Group;
  const void **Values;
  std::optional<PathScope> Outer;
};

} // namespace

template <class Each>
void OnlineLevels::forEachPrefix(std::size_t Depth, const std::uint64_t *Prefixes,
                                 std::size_t Count, atfc::detail::ChunkLevels &C,
                                 Each &&Generated) const {
  // Called once per prefix, or per run of prefixes, often for small
  // subtrees: the frame and the prefix's values are the thread's own, kept
  // between calls (allocating them per call was most of what the interface
  // added to mdh_prl's generation). One per depth: a constraint may
  // generate another tuner's space, and the thread may run another chunk
  // of this one while it waits for that generation's tasks.
  static thread_local std::deque<PrefixValues> Nested;
  static thread_local std::size_t Nesting = 0;
  if (Nested.size() == Nesting)
    Nested.emplace_back();
  PrefixValues &T = Nested[Nesting];
  struct Deeper {
    Deeper() { ++Nesting; }
    ~Deeper() { --Nesting; }
    Deeper(const Deeper &) = delete;
    Deeper &operator=(const Deeper &) = delete;
  } InFrame;
  Frame &F = T.F;
  F.Values = threadValues();
  PrefixScope Scope(Tuner, Nest, F.Values);
  if (ReadsFrame)
    F.Slots.assign(Tuner.Size, nullptr);
  if (F.Indices.size() < Tuner.Size)
    F.Indices.resize(Tuner.Size);
  F.FirstLeafOnly = F.Found = false;
  if (T.Held.size() < Depth)
    T.Held.resize(Depth);
  for (std::size_t P = 0; P < Count; ++P) {
    const std::uint64_t *Prefix = Prefixes + P * Depth;
    for (std::size_t I = 0; I < Depth; ++I) {
      if (P > 0 && Prefix[I] == Prefix[I - Depth])
        continue; // as the last prefix left it
      const NestLevel &L = Nest[I];
      const void *V = L.Model->hold(Prefix[I], T.Held[I]);
      F.Indices[L.Index] = Prefix[I];
      if (ReadsFrame)
        F.Slots[L.Index] = V;
      if (L.Slot != kNoSlot)
        F.Values[L.Slot] = V;
    }
    Generated(Nest[Depth].Model->generate(*this, F, C, Depth));
  }
}

const ParameterModel *OnlineLevels::reader() const {
  for (const NestLevel &L : Nest)
    if (L.Index == CurrentReader)
      return L.Model;
  return nullptr;
}

std::uint64_t OnlineLevels::generateBelow(std::size_t Depth, const std::uint64_t *Prefix,
                                          atfc::detail::ChunkLevels &C) const {
  std::uint64_t Leaves = 0;
  forEachPrefix(Depth, Prefix, 1, C, [&](std::uint64_t L) { Leaves = L; });
  return Leaves;
}

void OnlineLevels::generateBelowEach(std::size_t Depth, const std::uint64_t *Prefixes,
                                     std::size_t Count, atfc::detail::ChunkLevels &C,
                                     std::vector<std::uint64_t> &FirstNode,
                                     std::vector<std::uint64_t> &Leaves) const {
  FirstNode.push_back(C.Levels[Depth].Values.size());
  forEachPrefix(Depth, Prefixes, Count, C, [&](std::uint64_t L) {
    Leaves.push_back(L);
    FirstNode.push_back(C.Levels[Depth].Values.size());
  });
  FirstNode.pop_back();
}

bool OnlineLevels::probed() const {
  return std::any_of(Nest.begin(), Nest.end(),
                     [](const NestLevel &L) { return L.Model->opaque(); });
}

bool OnlineLevels::firstLeaf(std::vector<std::uint64_t> &Leaf) const {
  if (Nest.empty() || failure())
    return false;
  atfc::detail::ChunkLevels C(Params, Nest.size());
  PathScope Scope(&Tuner);
  Frame F;
  F.Slots.assign(Tuner.Size, nullptr);
  F.Indices.assign(Tuner.Size, 0);
  F.Values = threadValues();
  F.FirstLeafOnly = true;
  if (Nest[0].Model->generate(*this, F, C, 0) == 0)
    return false;
  // The path's nodes are all the levels hold: a node without leaves is
  // cut off, and the loops add none after the first leaf.
  Leaf.resize(Nest.size());
  for (std::size_t L = 0; L < Nest.size(); ++L)
    Leaf[L] = C.Levels[L].Values[0];
  return true;
}

RememberedLevel *OnlineLevels::makeMemo(atfc::detail::ChunkLevels &C, std::size_t Level) const {
  // The key: what the levels below are declared to read from this level
  // and above; callables' reads are learned while recording.
  std::vector<SlotId> Read;
  for (std::size_t J = Level + 1; J < levels(); ++J)
    for (const SlotId S : Nest[J].Model->readSlots())
      Read.push_back(S);
  auto R = std::make_unique<RememberedLevel>(Level, levels());
  rekey(*R, keyWith({}, Read, Level), Level);
  C.State[Level] = std::move(R);
  return static_cast<RememberedLevel *>(C.State[Level].get());
}

std::vector<std::size_t> OnlineLevels::keyWith(std::vector<std::size_t> Key,
                                               const std::vector<SlotId> &Read,
                                               std::size_t Level) const {
  // Only the levels up to Level: a read of one below, or of another group,
  // is no part of the path above the subtree.
  for (const SlotId S : Read)
    for (std::size_t J = 0; J <= Level; ++J)
      if (Nest[J].Slot == S && std::find(Key.begin(), Key.end(), Nest[J].Index) == Key.end())
        Key.push_back(Nest[J].Index);
  return Key;
}

void OnlineLevels::rekey(RememberedLevel &R, std::vector<std::size_t> Key,
                         std::size_t Level) const {
  std::vector<std::uint64_t> RangeSizes;
  for (const std::size_t Index : Key)
    for (std::size_t J = 0; J <= Level; ++J)
      if (Nest[J].Index == Index)
        RangeSizes.push_back(Params[J].RangeSize);
  R.Hidden.clear();
  for (std::size_t J = 0; J <= Level; ++J)
    if (Nest[J].Slot != kNoSlot && std::find(Key.begin(), Key.end(), Nest[J].Index) == Key.end())
      R.Hidden.push_back(Nest[J].Slot);
  R.Saved.resize(R.Hidden.size());
  // A key of every level up to Level names one node: it never repeats.
  if (Key.size() == Level + 1)
    R.Memo.stop();
  R.Memo.rekey(std::move(Key), RangeSizes);
}

std::uint64_t OnlineLevels::recordSubtree(RememberedLevel &R, Frame &F,
                                          atfc::detail::ChunkLevels &C, std::size_t Level) const {
  SubtreeMemo &Memo = R.Memo;
  std::uint64_t Leaves = 0;
  std::vector<SlotId> ReadAnyway;
  {
    HiddenEntries Hide(F.Values, R.Hidden, R.Saved.data());
    Leaves = generateSubtree(F, C, Level);
    // Only a read of an entry that this level hid spoils its recording:
    // one that a level below hid is of a value on this level's key or
    // inside the subtree (that level's recording, not this one's).
    if (Hide.read())
      ReadAnyway = Hide.reads();
    if (std::none_of(ReadAnyway.begin(), ReadAnyway.end(), [&](SlotId S) {
          return std::find(R.Hidden.begin(), R.Hidden.end(), S) != R.Hidden.end();
        })) {
      Memo.remember(C, Leaves);
      return Leaves;
    }
  }
  Memo.dropRecording();
  if (std::vector<std::size_t> Grown = keyWith(Memo.reads(), ReadAnyway, Level);
      Grown.size() > Memo.reads().size())
    rekey(R, std::move(Grown), Level);
  return Leaves;
}

namespace {

/// Union-find over parameter indices.
std::size_t rootOf(std::span<std::size_t> Parent, std::size_t I) {
  while (Parent[I] != I)
    I = Parent[I] = Parent[Parent[I]];
  return I;
}

} // namespace

Expected<OnlineGroups>
onlineGroups(const std::vector<const ParameterModel *> &Params,
             const std::vector<std::pair<std::size_t, std::size_t>> &Learned) {
  // Once per generation, for every tuner a program makes: flat arrays, not
  // a vector per parameter (their allocations were most of a small
  // space's set-up).
  const std::size_t N = Params.size();
  // Edges (reader, read); one given twice counts twice, in Waiting and in
  // ReadBy alike.
  std::vector<std::pair<std::size_t, std::size_t>> Edges;
  Edges.reserve(2 * N + Learned.size());
  auto AddRead = [&](std::size_t Read, std::size_t Reader) -> Expected<void> {
    if (Read >= N)
      return Error("the constraint of " + quoted(Params[Reader]->name()) +
                   " reads a tuning parameter that is not among the tuner's parameters");
    if (Read == Reader)
      return Error("the constraint of " + quoted(Params[Reader]->name()) +
                   " reads its own parameter; it gets the candidate value as its argument");
    Edges.emplace_back(Reader, Read);
    return success();
  };
  std::vector<const void *> Identities(N);
  for (std::size_t I = 0; I < N; ++I)
    Identities[I] = Params[I]->identity();
  for (std::size_t I = 0; I < N; ++I) {
    for (std::size_t Read : Params[I]->reads())
      if (Expected<void> Added = AddRead(Read, I); !Added)
        return Added.takeError();
    for (const auto &[Identity, Name] : Params[I]->readIdentities()) {
      const std::size_t Read = static_cast<std::size_t>(
          std::find(Identities.begin(), Identities.end(), Identity) - Identities.begin());
      if (Expected<void> Added = AddRead(Read, I); !Added)
        return Added.takeError();
    }
  }
  for (const auto &[Read, Reader] : Learned)
    if (Expected<void> Added = AddRead(Read, Reader); !Added)
      return Added.takeError();

  // Per parameter: its reads not yet placed (Waiting) and its readers
  // (ReadBy[ReadByStart[I] .. ReadByStart[I + 1]]); the groups by
  // union-find. All of it in one allocation.
  std::vector<std::size_t> Scratch(7 * N + 1 + Edges.size(), 0);
  auto Take = [At = Scratch.data()](std::size_t Count) mutable {
    return std::span<std::size_t>(std::exchange(At, At + Count), Count);
  };
  const std::span<std::size_t> Waiting = Take(N), ReadByStart = Take(N + 1),
                               ReadBy = Take(Edges.size()), Parent = Take(N), Filled = Take(N),
                               GroupOfRoot = Take(N), Members = Take(N), Ready = Take(N);
  for (const auto &[Reader, Read] : Edges) {
    ++Waiting[Reader];
    ++ReadByStart[Read + 1];
  }
  for (std::size_t I = 0; I < N; ++I) {
    ReadByStart[I + 1] += ReadByStart[I];
    Parent[I] = I;
  }
  std::copy_n(ReadByStart.begin(), N, Filled.begin());
  for (const auto &[Reader, Read] : Edges) {
    ReadBy[Filled[Read]++] = Reader;
    Parent[rootOf(Parent, Read)] = rootOf(Parent, Reader);
  }

  // The groups in the order of their first parameters (a counting sort
  // of the parameters by group), each in topological order, the tuner's
  // order among the ready ones (Kahn's algorithm, the lowest index first:
  // a min-heap).
  OnlineGroups Groups;
  Groups.Start.reserve(N + 1);
  std::fill(GroupOfRoot.begin(), GroupOfRoot.end(), kNoIndex);
  Groups.Start.push_back(0);
  for (std::size_t I = 0; I < N; ++I) {
    std::size_t &G = GroupOfRoot[rootOf(Parent, I)];
    if (G == kNoIndex) {
      G = Groups.Start.size() - 1;
      Groups.Start.push_back(0);
    }
    ++Groups.Start[G + 1];
  }
  for (std::size_t G = 1; G < Groups.Start.size(); ++G)
    Groups.Start[G] += Groups.Start[G - 1];
  std::copy_n(Groups.Start.begin(), Groups.Start.size() - 1, Filled.begin());
  for (std::size_t I = 0; I < N; ++I)
    Members[Filled[GroupOfRoot[rootOf(Parent, I)]]++] = I;
  Groups.Order.reserve(N);
  const auto Later = std::greater<std::size_t>();
  for (std::size_t G = 0; G + 1 < Groups.Start.size(); ++G) {
    std::size_t Size = 0; // (of the heap Ready[0 .. Size])
    for (std::size_t M = Groups.Start[G]; M < Groups.Start[G + 1]; ++M)
      if (Waiting[Members[M]] == 0)
        Ready[Size++] = Members[M]; // (ascending: already a heap)
    while (Size != 0) {
      std::pop_heap(Ready.begin(), Ready.begin() + Size, Later);
      const std::size_t I = Ready[--Size];
      Groups.Order.push_back(I);
      for (std::size_t E = ReadByStart[I]; E < ReadByStart[I + 1]; ++E)
        if (--Waiting[ReadBy[E]] == 0) {
          Ready[Size++] = ReadBy[E];
          std::push_heap(Ready.begin(), Ready.begin() + Size, Later);
        }
    }
    if (Groups.Order.size() != Groups.Start[G + 1]) {
      std::string Names;
      for (std::size_t M = Groups.Start[G]; M < Groups.Start[G + 1]; ++M)
        if (Waiting[Members[M]] != 0)
          Names += (Names.empty() ? "" : ", ") + quoted(Params[Members[M]]->name());
      return Error("the constraints of " + Names +
                   " read each other: one of them must be generated first");
    }
  }
  return Groups;
}

namespace {

/// The probes of one round of generateOnlineSpace: each group's first
/// leaf, and the reads that callables make off their group's path while
/// a group is probed. Such a read gets the value of the read parameter in
/// its group's first leaf, probed then if need be, and is learned; the
/// probe goes on (a throw would end the round, and the first exception of
/// a process costs tens of microseconds). The value is one that generation
/// could give beside the reader's path: the other group's leaf satisfies
/// its own constraints, which read nothing of the reader's group, or read
/// only values on the path of a probe that is under way, which the leaf
/// then depends on (probed again where read again, up to a bound).
class GroupProbes {
public:
  GroupProbes(const std::vector<const ParameterModel *> &Params, const OnlineGroups &Groups,
              const std::deque<OnlineLevels> &Levels, const Path &Tuner,
              std::vector<std::pair<std::size_t, std::size_t>> &Learned)
      : Groups(Groups), Levels(Levels), Tuner(Tuner), Params(Params), Learned(Learned),
        LearnedBefore(Learned.size()), GroupOf(Params.size()), LeafIndex(Params.size()),
        Lent(Params.size(), nullptr), States(Groups.size(), State::Unprobed),
        Probes(Groups.size(), 0) {
    for (std::size_t G = 0; G < Groups.size(); ++G)
      for (const std::size_t I : Groups[G])
        GroupOf[I] = G;
  }

  /// Probes each group with an opaque constraint; throws MissingValue
  /// where a read gets no value.
  void run() {
    Active Scope(this);
    for (std::size_t G = 0; G < Groups.size(); ++G)
      if (States[G] == State::Unprobed && Levels[G].probed())
        probe(G);
  }

  /// probedValue while this probes on the calling thread.
  const void *lend(SlotId Slot) {
    // (Not this tuner's read: another tuner's, generated or measured in a
    // callable of this one.)
    if (CurrentPath != &Tuner)
      return nullptr;
    const std::size_t Read = Tuner.indexOf(Slot), Reader = CurrentReader;
    if (Read == kNoIndex || Reader >= Params.size())
      return nullptr; // (the read is a mistake: value_off_path says which)
    const std::pair<std::size_t, std::size_t> Edge(Read, Reader);
    // Learned before this round: the groups' order should have given it a
    // value (a range reads a parameter): generateOnlineSpace says so.
    const auto Before = Learned.begin() + static_cast<std::ptrdiff_t>(LearnedBefore);
    if (std::find(Learned.begin(), Before, Edge) != Before)
      return nullptr;
    const std::size_t G = GroupOf[Read];
    const void *Value = nullptr;
    if (States[G] == State::Underway) {
      // On the path of a probe under way (the path of probe K - 1 is in
      // the entries that probe K's scope hid): the probes from K on depend
      // on it. Else a later level of the reader's own group, or a group
      // that reads the reader's. (Probe 0's are the entries before any
      // probe: a tuner's measurement that generates this space.)
      for (std::size_t K = Stack.size(); K-- > 1 && Value == nullptr;)
        if ((Value = Stack[K].Outer[Read]) != nullptr)
          for (std::size_t J = K; J < Stack.size(); ++J)
            Stack[J].Dependent = true;
    } else {
      bool Leaf = States[G] == State::Done;
      if (States[G] == State::Unprobed && Probes[G] < kProbesPerGroup)
        Leaf = probe(G);
      if (Leaf)
        Value = valueOf(Read);
    }
    // (Probes nested in this one may have learned reads: Before is stale.)
    const auto Round = Learned.begin() + static_cast<std::ptrdiff_t>(LearnedBefore);
    if (Value != nullptr && std::find(Round, Learned.end(), Edge) == Learned.end())
      Learned.push_back(Edge);
    return Value;
  }

  static GroupProbes *current() { return Current; }

private:
  /// A group's probe: not yet made (or made on values of a probe under
  /// way, which may change: its leaf is lent for the read that made it),
  /// under way, made, or without a leaf.
  enum class State : std::uint8_t { Unprobed, Underway, Done, Empty };
  /// Probes of one group per round at most, where its leaf depends on
  /// another's path: beyond, a read throws, as without probes.
  static constexpr unsigned kProbesPerGroup = 8;

  /// Makes this the calling thread's probes while it lives.
  struct Active {
    explicit Active(GroupProbes *P) : Saved(Current) { Current = P; }
    ~Active() { Current = Saved; }
    Active(const Active &) = delete;
    Active &operator=(const Active &) = delete;
    GroupProbes *Saved;
  };

  /// A probe under way: the values of the tuner's parameters when it
  /// began (the path of the probe it is nested in, which its scope hides),
  /// and whether its leaf read one of those or of a probe further out.
  struct Underway {
    std::vector<const void *> Outer;
    bool Dependent = false;
  };

  /// Probes group G: whether it has a leaf (then in LeafIndex).
  bool probe(std::size_t G) {
    ++Probes[G];
    States[G] = State::Underway;
    const void *const *Table = threadValues();
    Stack.emplace_back();
    Stack.back().Outer.resize(Params.size());
    for (std::size_t I = 0; I < Tuner.Size; ++I)
      if (Tuner.Slots[I] != kNoSlot)
        Stack.back().Outer[I] = Table[Tuner.Slots[I]];
    struct Pop {
      std::vector<Underway> &Stack;
      ~Pop() { Stack.pop_back(); }
    } Popped{Stack};
    std::vector<std::uint64_t> Leaf;
    const bool Found = Levels[G].firstLeaf(Leaf);
    States[G] = Stack.back().Dependent ? State::Unprobed : Found ? State::Done : State::Empty;
    const std::span<const std::size_t> Members = Groups[G];
    for (std::size_t L = 0; Found && L < Members.size(); ++L) {
      LeafIndex[Members[L]] = Leaf[L];
      Lent[Members[L]] = nullptr;
    }
    return Found;
  }

  /// Parameter I's value in its group's leaf, held for the round (a read
  /// may keep a reference).
  const void *valueOf(std::size_t I) {
    if (Lent[I] == nullptr)
      Lent[I] = Params[I]->hold(LeafIndex[I], Held.emplace_back());
    return Lent[I];
  }

  const OnlineGroups &Groups;
  const std::deque<OnlineLevels> &Levels;
  const Path &Tuner;
  const std::vector<const ParameterModel *> &Params;
  std::vector<std::pair<std::size_t, std::size_t>> &Learned;
  const std::size_t LearnedBefore;
  std::vector<std::size_t> GroupOf;
  std::vector<std::uint64_t> LeafIndex;
  std::vector<const void *> Lent;
  std::deque<std::any> Held;
  std::vector<State> States;
  std::vector<unsigned> Probes;
  std::vector<Underway> Stack;
  static thread_local GroupProbes *Current;
};

thread_local GroupProbes *GroupProbes::Current = nullptr;

std::atomic<std::uint64_t> MissedReads{0};

} // namespace

std::uint64_t missedReadsSoFar() { return MissedReads.load(); }

const void *probedValue(SlotId Slot) {
  GroupProbes *P = GroupProbes::current();
  return P != nullptr ? P->lend(Slot) : nullptr;
}

Expected<ChainOfTrees> generateOnlineSpace(const std::vector<const ParameterModel *> &Params,
                                           const GenerationOptions &Options) {
  if (Params.empty())
    return Error("the tuner has no tuning parameters");
  // The limit that SpaceTooLarge's message tells how to raise: read here,
  // not from the machine in generateChain's timed part (two system calls,
  // a third of a small space's generation).
  GenerationOptions Limited = Options;
  if (Limited.MemoryLimit == 0) {
    Expected<std::uint64_t> Limit = storeMemoryLimit();
    if (!Limit)
      return Limit.takeError();
    Limited.MemoryLimit = *Limit;
  }
  std::vector<std::pair<std::size_t, std::size_t>> Learned;
  std::vector<SlotId> Slots;
  Slots.reserve(Params.size());
  for (const ParameterModel *M : Params)
    Slots.push_back(M->slot());
  const Path Tuner{Slots.data(), Slots.size()};
  const std::int64_t Start = steadyClockNanoseconds();
  for (;;) {
    Expected<OnlineGroups> Groups = onlineGroups(Params, Learned);
    if (!Groups)
      return Groups.takeError();
    std::deque<OnlineLevels> Levels;
    std::vector<const GroupLevelsBase *> All;
    All.reserve(Groups->size());
    for (std::size_t G = 0; G < Groups->size(); ++G)
      All.push_back(&Levels.emplace_back(Params, (*Groups)[G], Tuner));
    const std::size_t LearnedBefore = Learned.size();
    try {
      // (Only callables' reads are unknown.)
      if (std::any_of(Levels.begin(), Levels.end(), [](const auto &L) { return L.probed(); }))
        GroupProbes(Params, *Groups, Levels, Tuner, Learned).run();
      if (Learned.size() != LearnedBefore)
        continue; // (the probes learned reads: group again)
      return generateChain(Limited, All, Start);
    } catch (const SpaceTooLarge &TooLarge) {
      return Error(TooLarge.what());
    } catch (const MissingValue &Missing) {
      MissedReads.fetch_add(1, std::memory_order_relaxed);
      if (Missing.Reader == kNoIndex || Missing.Reader >= Params.size())
        return Error("a tuning parameter was read outside any constraint while the space "
                     "was generated");
      const std::pair<std::size_t, std::size_t> Read(Missing.Read, Missing.Reader);
      // A read that its group's order should have given a value: not a
      // constraint's read of another parameter (a range or a generator
      // reading one); generating again would not help.
      const auto Before = Learned.begin() + static_cast<std::ptrdiff_t>(LearnedBefore);
      if (std::find(Learned.begin(), Before, Read) != Before)
        return Error("tuning parameter " + quoted(Params[Missing.Read]->name()) +
                     " was read where it has no value (only constraints and cost "
                     "functions may read parameters)");
      if (std::find(Before, Learned.end(), Read) == Learned.end())
        Learned.push_back(Read);
    }
  }
}

} // namespace atfc::online
