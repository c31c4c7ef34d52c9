//===- Online/OnlineSpace.cpp - A space of parameters given at run time ---===//
//
// Groups from the reads that constraints declare or are caught making, and
// generation again until no constraint reads outside its group.
//
//===----------------------------------------------------------------------===//
#include "Online/OnlineSpace.h"
#include "Online/OnlinePath.h"

#include "Support/Diagnostic.h"

#include <algorithm>
#include <functional>
#include <numeric>
#include <optional>

namespace atfc::online {

ParameterModel::~ParameterModel() = default;

OnlineLevels::OnlineLevels(std::vector<const ParameterModel *> Params, const Path &Tuner)
    : GroupLevelsBase((Params.size() + 1) / 2), Models(std::move(Params)), Tuner(Tuner) {
  for (const ParameterModel *M : Models) {
    if (const RangeError E = M->rangeError(); E != RangeError::None)
      refuseRange(M->name(), SourceLocation{}, E, "");
    addParameter(M->name(), M->kind(), M->rangeSize(), M->valueAt(), M->constrained());
    Indices.push_back(M->index());
    Slots.push_back(M->slot());
    ReadsFrame = ReadsFrame || M->slot() == kNoSlot;
  }
  // (Python's levels remember by themselves: PyLevelLoop.cpp.)
  OpaqueBelow.assign(Models.size(), false);
  for (std::size_t L = Models.size(); L-- > 1 && !ReadsFrame;)
    OpaqueBelow[L - 1] = OpaqueBelow[L] || Models[L]->opaque();
}

namespace {

/// The scope of one prefix's generation on the calling thread. Outside any
/// other scope (almost always) the thread's table holds nulls, and only
/// the group's entries are written: they are nulled again at the end,
/// also when a constraint throws. Inside one (a tuner's generation in a
/// cost function), a PathScope saves and restores every entry.
class PrefixScope {
public:
  PrefixScope(const Path &Tuner, const std::vector<SlotId> &Group, const void **Values)
      : Group(Group), Values(Values) {
    if (CurrentPath != nullptr)
      Outer.emplace(&Tuner);
    else
      CurrentPath = &Tuner;
  }
  ~PrefixScope() {
    if (Outer)
      return;
    for (SlotId S : Group)
      if (S != kNoSlot)
        Values[S] = nullptr;
    CurrentPath = nullptr;
    CurrentReader = kNoIndex;
  }
  PrefixScope(const PrefixScope &) = delete;
  PrefixScope &operator=(const PrefixScope &) = delete;

private:
  const std::vector<SlotId> &Group;
  const void **Values;
  std::optional<PathScope> Outer;
};

} // namespace

std::uint64_t OnlineLevels::generateBelow(std::size_t Depth, const std::uint64_t *Prefix,
                                          atfc::detail::ChunkLevels &C) const {
  // Called once per prefix, often for a small subtree: the frame and the
  // prefix's values are the thread's own, kept between calls (allocating
  // them per call was most of what the interface added to mdh_prl's
  // generation). Generation never runs inside generation on one thread.
  static thread_local Frame F;
  static thread_local std::vector<std::any> Held;
  F.Values = threadValues();
  PrefixScope Scope(Tuner, Slots, F.Values);
  if (ReadsFrame)
    F.Slots.assign(Tuner.Size, nullptr);
  if (F.Indices.size() < Tuner.Size)
    F.Indices.resize(Tuner.Size);
  F.FirstLeafOnly = F.Found = false;
  if (Held.size() < Depth)
    Held.resize(Depth);
  for (std::size_t I = 0; I < Depth; ++I) {
    F.Indices[Indices[I]] = Prefix[I];
    const void *V = Models[I]->hold(Prefix[I], Held[I]);
    if (ReadsFrame)
      F.Slots[Indices[I]] = V;
    if (Slots[I] != kNoSlot)
      F.Values[Slots[I]] = V;
  }
  return Models[Depth]->loop(*this, F, C, Depth);
}

void OnlineLevels::probeFirstLeaf() const {
  if (Models.empty() || failure() ||
      std::none_of(Models.begin(), Models.end(),
                   [](const ParameterModel *M) { return M->opaque(); }))
    return;
  atfc::detail::ChunkLevels C(Params, Models.size());
  PathScope Scope(&Tuner);
  Frame F;
  F.Slots.assign(Tuner.Size, nullptr);
  F.Indices.assign(Tuner.Size, 0);
  F.Values = threadValues();
  F.FirstLeafOnly = true;
  Models[0]->loop(*this, F, C, 0);
}

RememberedLevel *OnlineLevels::makeMemo(atfc::detail::ChunkLevels &C, std::size_t Level) const {
  // The key: what the levels below are declared to read from this level
  // and above; callables' reads are learned while recording.
  std::vector<SlotId> Read;
  for (std::size_t J = Level + 1; J < levels(); ++J)
    for (const SlotId S : Models[J]->readSlots())
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
      if (Slots[J] == S && std::find(Key.begin(), Key.end(), Indices[J]) == Key.end())
        Key.push_back(Indices[J]);
  return Key;
}

void OnlineLevels::rekey(RememberedLevel &R, std::vector<std::size_t> Key,
                         std::size_t Level) const {
  std::vector<std::uint64_t> RangeSizes;
  for (const std::size_t Index : Key)
    for (std::size_t J = 0; J <= Level; ++J)
      if (Indices[J] == Index)
        RangeSizes.push_back(Models[J]->rangeSize());
  R.Hidden.clear();
  for (std::size_t J = 0; J <= Level; ++J)
    if (Slots[J] != kNoSlot && std::find(Key.begin(), Key.end(), Indices[J]) == Key.end())
      R.Hidden.push_back(Slots[J]);
  R.Saved.resize(R.Hidden.size());
  R.Memo.rekey(std::move(Key), RangeSizes);
}

std::uint64_t OnlineLevels::subtree(RememberedLevel &R, Frame &F, atfc::detail::ChunkLevels &C,
                                    std::size_t Level) const {
  const ParameterModel &Child = *Models[Level + 1];
  auto Generate = [&] {
    return Level + 2 == levels() ? Child.leaves(*this, F, C, Level + 1)
                                 : Child.loop(*this, F, C, Level + 1);
  };
  SubtreeMemo &Memo = R.Memo;
  std::uint64_t Key = 0, Leaves = 0;
  if (!Memo.on())
    return Generate();
  Memo.keyOf(
      [&](std::size_t I, std::uint64_t &X) {
        X = F.Indices[I];
        return true;
      },
      Key);
  if (Memo.replay(Key, C, Leaves))
    return Leaves;
  if (!Memo.recording())
    return Generate();
  std::vector<SlotId> ReadAnyway;
  {
    HiddenEntries Hide(F.Values, R.Hidden, R.Saved.data());
    Leaves = Generate();
    if (!Hide.read()) {
      Memo.remember(C, Leaves);
      return Leaves;
    }
    ReadAnyway = Hide.reads();
  }
  Memo.dropRecording();
  if (std::vector<std::size_t> Grown = keyWith(Memo.reads(), ReadAnyway, Level);
      Grown.size() > Memo.reads().size())
    rekey(R, std::move(Grown), Level);
  return Leaves;
}

namespace {

/// Union-find over parameter indices.
std::size_t rootOf(std::vector<std::size_t> &Parent, std::size_t I) {
  while (Parent[I] != I)
    I = Parent[I] = Parent[Parent[I]];
  return I;
}

} // namespace

Expected<std::vector<std::vector<std::size_t>>>
onlineGroups(const std::vector<const ParameterModel *> &Params,
             const std::vector<std::pair<std::size_t, std::size_t>> &Learned) {
  const std::size_t N = Params.size();
  // Edges read -> reader (a parameter reads few others: vectors, not sets).
  std::vector<std::vector<std::size_t>> ReadBy(N), Reads(N);
  auto AddRead = [&](std::size_t Read, std::size_t Reader) -> Expected<void> {
    if (Read >= N)
      return Error("the constraint of " + quoted(Params[Reader]->name()) +
                   " reads a tuning parameter that is not among the tuner's parameters");
    if (Read == Reader)
      return Error("the constraint of " + quoted(Params[Reader]->name()) +
                   " reads its own parameter; it gets the candidate value as its argument");
    if (std::find(Reads[Reader].begin(), Reads[Reader].end(), Read) == Reads[Reader].end()) {
      ReadBy[Read].push_back(Reader);
      Reads[Reader].push_back(Read);
    }
    return success();
  };
  for (std::size_t I = 0; I < N; ++I) {
    for (std::size_t Read : Params[I]->reads())
      if (Expected<void> Added = AddRead(Read, I); !Added)
        return Added.takeError();
    for (const auto &[Identity, Name] : Params[I]->readIdentities()) {
      std::size_t Read = 0;
      while (Read < N && Params[Read]->identity() != Identity)
        ++Read;
      if (Expected<void> Added = AddRead(Read, I); !Added)
        return Added.takeError();
    }
  }
  for (const auto &[Read, Reader] : Learned)
    if (Expected<void> Added = AddRead(Read, Reader); !Added)
      return Added.takeError();

  std::vector<std::size_t> Parent(N);
  std::iota(Parent.begin(), Parent.end(), 0);
  for (std::size_t I = 0; I < N; ++I)
    for (std::size_t Read : Reads[I])
      Parent[rootOf(Parent, Read)] = rootOf(Parent, I);

  // Each group in topological order, the tuner's order among the ready
  // ones (Kahn's algorithm with the lowest index first: a min-heap).
  std::vector<std::vector<std::size_t>> Groups;
  std::vector<std::size_t> GroupOfRoot(N, kNoIndex);
  for (std::size_t I = 0; I < N; ++I) {
    const std::size_t Root = rootOf(Parent, I);
    if (GroupOfRoot[Root] == kNoIndex) {
      GroupOfRoot[Root] = Groups.size();
      Groups.emplace_back();
    }
    Groups[GroupOfRoot[Root]].push_back(I);
  }
  std::vector<std::size_t> Waiting(N, 0);
  for (std::vector<std::size_t> &Group : Groups) {
    std::vector<std::size_t> Ordered, Ready;
    const auto Later = std::greater<std::size_t>();
    for (std::size_t I : Group) {
      Waiting[I] = Reads[I].size();
      if (Waiting[I] == 0)
        Ready.push_back(I);
    }
    std::make_heap(Ready.begin(), Ready.end(), Later);
    while (!Ready.empty()) {
      std::pop_heap(Ready.begin(), Ready.end(), Later);
      const std::size_t I = Ready.back();
      Ready.pop_back();
      Ordered.push_back(I);
      for (std::size_t Reader : ReadBy[I])
        if (--Waiting[Reader] == 0) {
          Ready.push_back(Reader);
          std::push_heap(Ready.begin(), Ready.end(), Later);
        }
    }
    if (Ordered.size() != Group.size()) {
      std::string Names;
      for (std::size_t I : Group)
        if (Waiting[I] != 0)
          Names += (Names.empty() ? "" : ", ") + quoted(Params[I]->name());
      return Error("the constraints of " + Names +
                   " read each other: one of them must be generated first");
    }
    Group = std::move(Ordered);
  }
  return Groups;
}

Expected<ChainOfTrees> generateOnlineSpace(const std::vector<const ParameterModel *> &Params,
                                           const GenerationOptions &Options) {
  if (Params.empty())
    return Error("the tuner has no tuning parameters");
  std::vector<std::pair<std::size_t, std::size_t>> Learned;
  std::vector<SlotId> Slots;
  for (const ParameterModel *M : Params)
    Slots.push_back(M->slot());
  const Path Tuner{Slots.data(), Slots.size()};
  const std::int64_t Start = steadyClockNanoseconds();
  for (;;) {
    Expected<std::vector<std::vector<std::size_t>>> Groups = onlineGroups(Params, Learned);
    if (!Groups)
      return Groups.takeError();
    std::vector<std::unique_ptr<OnlineLevels>> Levels;
    std::vector<const GroupLevelsBase *> All;
    for (const std::vector<std::size_t> &Group : *Groups) {
      std::vector<const ParameterModel *> Models;
      for (std::size_t I : Group)
        Models.push_back(Params[I]);
      Levels.push_back(std::make_unique<OnlineLevels>(std::move(Models), Tuner));
      All.push_back(Levels.back().get());
    }
    try {
      for (const auto &L : Levels)
        L->probeFirstLeaf();
      return generateChain(Options, All, Start);
    } catch (const MissingValue &Missing) {
      if (Missing.Reader == kNoIndex || Missing.Reader >= Params.size())
        return Error("a tuning parameter was read outside any constraint while the space "
                     "was generated");
      const std::pair<std::size_t, std::size_t> Read(Missing.Read, Missing.Reader);
      // A read that its group's order should have given a value: not a
      // constraint's read of another parameter (a range or a generator
      // reading one); generating again would not help.
      if (std::find(Learned.begin(), Learned.end(), Read) != Learned.end())
        return Error("tuning parameter " + quoted(Params[Missing.Read]->name()) +
                     " was read where it has no value (only constraints and cost "
                     "functions may read parameters)");
      Learned.push_back(Read);
    }
  }
}

} // namespace atfc::online
