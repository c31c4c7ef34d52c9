//===- Online/OnlineSpace.h - A space of parameters given at run time -*- C++ -*-===//
//
// The search space of the online interfaces (C++'s atf::tuner, Python's
// atfc.Tuner): parameters that a program hands over at run time, each with
// its typed range and constraint behind ParameterModel. Their groups are
// not known when the program is compiled, so the loop nest of a group is a
// chain of levels, one virtual call per accepted node; everything per
// candidate value stays typed and inlined in the parameter's own level
// (atf/space.hpp), as in a generated tuner's GroupLevels.
//
// Grouping: a constraint that says which parameters it reads (an
// expression) joins them, as the directives' constraints do. A constraint
// that does not (a callable) is found out while the space is generated: a
// read of a parameter without a value on the path throws MissingValue,
// and generation starts again with the two in one group, the read one
// first. Generation therefore ends with every constraint's reads in its
// own group, before its parameter. Most such reads are found before, and
// without a throw, by the probes of the groups' first leaves: a read of
// another group's parameter there gets that group's first leaf's value.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_ONLINE_ONLINESPACE_H
#define ATFC_ONLINE_ONLINESPACE_H

#include "Online/OnlinePath.h"
#include "Online/SubtreeMemo.h"
#include "SearchSpace/ChainOfTrees.h"
#include "SearchSpace/GroupGenerator.h"
#include "SearchSpace/SpaceGenerator.h"
#include "Support/Error.h"

#include <any>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace atfc::online {

class OnlineLevels;

/// One path: parameter I's value, or null, by the parameter's index in its
/// tuner (what Python's parameters read) and in the thread's table of
/// values by slot (what <atf.hpp>'s read: OnlinePath.h).
struct Frame {
  std::vector<const void *> Slots;
  /// The calling thread's table (threadValues()).
  const void **Values = nullptr;
  /// The range index of parameter I's value on the path (what the
  /// subtree memos of <atf.hpp>'s levels are keyed by).
  std::vector<std::uint64_t> Indices;
  /// Stop at the first leaf: a probe for reads. (Not by a throw: the
  /// unwinding cost more than the probe.)
  bool FirstLeafOnly = false;
  /// The probe has found its leaf: the loops skip every value left.
  bool Found = false;
};

/// One parameter of an online space, its types hidden.
class ParameterModel {
public:
  virtual ~ParameterModel();
  virtual const std::string &name() const = 0;
  /// Where the parameter sits in its tuner's paths (set by the tuner).
  virtual std::size_t index() const = 0;
  virtual void setIndex(std::size_t Index) = 0;
  /// What identifies the parameter (copies of one parameter share it).
  virtual const void *identity() const = 0;
  /// Its slot in the threads' tables of values, where its readers look
  /// (OnlinePath.h); kNoSlot where they read Frame::Slots.
  virtual SlotId slot() const { return kNoSlot; }
  /// The identities and names of the parameters its constraint reads, as
  /// far as their types tell.
  using ReadIdentities = std::vector<std::pair<const void *, const std::string *>>;
  virtual const ReadIdentities &readIdentities() const = 0;
  /// The parameters its constraint reads, as far as their types tell, by
  /// their index (beside readIdentities(), whose entries onlineGroups
  /// looks up among the tuner's identities).
  virtual std::vector<std::size_t> reads() const { return {}; }
  /// The slots of the parameters its constraint reads, as far as their
  /// types tell (<atf.hpp>'s).
  virtual std::vector<SlotId> readSlots() const { return {}; }
  virtual ValueKind kind() const = 0;
  virtual std::uint64_t rangeSize() const = 0;
  virtual std::function<Value(std::uint64_t)> valueAt() const = 0;
  virtual bool constrained() const = 0;
  /// Whether its constraint has a callable part, whose reads only
  /// generation finds out.
  virtual bool opaque() const = 0;
  /// Why its range cannot be built, or RangeError::None.
  virtual RangeError rangeError() const = 0;
  /// What a group's levels keep of it (OnlineLevels), in one call: a
  /// tuner makes its groups at every generation.
  struct Description {
    ParameterInfo Info;
    RangeError Failure = RangeError::None;
    std::size_t Index = kNoIndex;
    SlotId Slot = kNoSlot;
  };
  virtual Description describe() const;
  /// Keeps its value at Index in Holder and returns where it is.
  virtual const void *hold(std::uint64_t Index, std::any &Holder) const = 0;
  /// Keeps V, converted to the parameter's type, in Holder and returns
  /// where it is.
  virtual const void *holdValue(const Value &V, std::any &Holder) const = 0;
  /// Generation's level Level of Levels (this parameter) below the path
  /// in F: adds the accepted values and their subtrees to C; returns the
  /// number of leaves.
  virtual std::uint64_t loop(const OnlineLevels &Levels, Frame &F, atfc::detail::ChunkLevels &C,
                             std::size_t Level) const = 0;
  /// loop() where Level is the first of a call into the group's loop nest
  /// (a prefix's, a probe's): a model may handle there what the levels
  /// below throw (<atf.hpp>'s name the parameter in it).
  virtual std::uint64_t generate(const OnlineLevels &Levels, Frame &F, atfc::detail::ChunkLevels &C,
                                 std::size_t Level) const {
    return loop(Levels, F, C, Level);
  }
  /// loop() where Level is the group's last: the level above calls it once
  /// per node, so a model may give it a leaner loop of its own.
  virtual std::uint64_t leaves(const OnlineLevels &Levels, Frame &F, atfc::detail::ChunkLevels &C,
                               std::size_t Level) const {
    return loop(Levels, F, C, Level);
  }
};

/// A level's memo of the subtrees below its nodes (OnlineLevels::memo),
/// and the entries its recordings hide: the slots of the levels up to it
/// that its key leaves out, and their values while hidden.
class RememberedLevel final : public atfc::detail::LevelState {
public:
  RememberedLevel(std::size_t Level, std::size_t Levels)
      : Memo(true, Level + 1, Levels - Level - 1, {}, {}) {}
  SubtreeMemo Memo;
  std::vector<SlotId> Hidden;
  std::vector<const void *> Saved;
};

/// The loop nest of one group of an online space.
class OnlineLevels final : public GroupLevelsBase {
public:
  /// The parameters Params[Group[0]], Params[Group[1]], ... in level
  /// order; Tuner: the tuner's parameters' slots (which must outlive this).
  OnlineLevels(const std::vector<const ParameterModel *> &Params,
               std::span<const std::size_t> Group, const Path &Tuner);
  std::uint64_t generateBelow(std::size_t Depth, const std::uint64_t *Prefix,
                              atfc::detail::ChunkLevels &C) const override;
  void generateBelowEach(std::size_t Depth, const std::uint64_t *Prefixes, std::size_t Count,
                         atfc::detail::ChunkLevels &C, std::vector<std::uint64_t> &FirstNode,
                         std::vector<std::uint64_t> &Leaves) const override;
  /// Whether a level's constraint is opaque (its reads are found by a
  /// probe: generateOnlineSpace).
  bool probed() const;
  /// Walks the loop nest to its first leaf and stops there: a constraint
  /// that reads a parameter without a value throws MissingValue, as in
  /// generation, but at the cost of one path instead of the whole tree.
  /// Leaf gets the leaf's range index per level; false where there is
  /// none.
  bool firstLeaf(std::vector<std::uint64_t> &Leaf) const;
  std::size_t levels() const { return Nest.size(); }
  /// The model of the parameter whose values the calling thread generates
  /// (CurrentReader), or null where it is none of the group's.
  const ParameterModel *reader() const;
  const ParameterModel &model(std::size_t Level) const { return *Nest[Level].Model; }

  /// The memo of the subtrees below level Level's nodes in C (made on
  /// first use), where <atf.hpp>'s levels remember them: above a callable;
  /// not for Python's (their own, PyLevelLoop.cpp), a probe, a prefix's
  /// expansion or the last level, nor once lookups stopped paying. Null
  /// where none.
  RememberedLevel *memo(const Frame &F, atfc::detail::ChunkLevels &C, std::size_t Level) const {
    if (!Nest[Level].OpaqueBelow || F.FirstLeafOnly || C.Stop != levels())
      return nullptr;
    auto *R = static_cast<RememberedLevel *>(C.State[Level].get());
    if (R == nullptr)
      R = makeMemo(C, Level);
    return R->Memo.on() ? R : nullptr;
  }
  /// The subtree below level Level's node on F's path, appended to C: the
  /// memo's copy, else generated by the level below. A generation that
  /// the memo records hides the entries that its key leaves out; where the
  /// levels below read one anyway (a callable's read that no path showed
  /// before), the recording is dropped and the key grows. The constraints
  /// are taken to be functions of the values they read (as generation in
  /// parallel takes them): equal keys then make equal subtrees.
  std::uint64_t subtree(RememberedLevel &R, Frame &F, atfc::detail::ChunkLevels &C,
                        std::size_t Level) const {
    // Inline up to a recording: a replay is most calls, and the calls cost
    // as much as its copy.
    SubtreeMemo &Memo = R.Memo;
    if (Memo.on()) {
      std::uint64_t Key = 0, Leaves = 0;
      Memo.keyOf(
          [&](std::size_t I, std::uint64_t &X) {
            X = F.Indices[I];
            return true;
          },
          Key);
      if (Memo.replay(Key, C, Leaves))
        return Leaves;
      if (Memo.recording())
        return recordSubtree(R, F, C, Level);
    }
    return generateSubtree(F, C, Level);
  }

private:
  /// Sets each of Count prefixes' values on the thread's path in turn (only
  /// the levels where it differs from the one before) and generates below
  /// it, handing its leaves to Generated.
  template <class Each>
  void forEachPrefix(std::size_t Depth, const std::uint64_t *Prefixes, std::size_t Count,
                     atfc::detail::ChunkLevels &C, Each &&Generated) const;
  RememberedLevel *makeMemo(atfc::detail::ChunkLevels &C, std::size_t Level) const;
  /// The subtree below level Level's node on F's path, generated.
  std::uint64_t generateSubtree(Frame &F, atfc::detail::ChunkLevels &C, std::size_t Level) const {
    const ParameterModel &Child = *Nest[Level + 1].Model;
    return Level + 2 == levels() ? Child.leaves(*this, F, C, Level + 1)
                                 : Child.loop(*this, F, C, Level + 1);
  }
  /// subtree() where the memo records: generated with the entries that
  /// its key leaves out hidden.
  std::uint64_t recordSubtree(RememberedLevel &R, Frame &F, atfc::detail::ChunkLevels &C,
                              std::size_t Level) const;
  /// Key with the tuner indices of the levels up to Level whose slots are
  /// in Read.
  std::vector<std::size_t> keyWith(std::vector<std::size_t> Key, const std::vector<SlotId> &Read,
                                   std::size_t Level) const;
  /// Starts R afresh with Key, hiding the other levels up to Level.
  void rekey(RememberedLevel &R, std::vector<std::size_t> Key, std::size_t Level) const;

  /// One level: its parameter, the parameter's index in the tuner and
  /// slot, and whether a level below has a callable (only there does
  /// generating a subtree cost more than copying it: an expression's
  /// candidates cost what the engine's do). One vector, not one per field:
  /// a tuner makes its groups at every generation.
  struct NestLevel {
    const ParameterModel *Model;
    std::size_t Index;
    SlotId Slot;
    bool OpaqueBelow = false;
  };
  std::vector<NestLevel> Nest;
  const Path &Tuner;
  /// Whether a level reads Frame::Slots (Python's parameters).
  bool ReadsFrame = false;
};

/// Thrown by a constraint of Reader that reads Read while Read has no
/// value on the path (atf/parameter.hpp's detail::value_off_path throws it).
struct MissingValue {
  std::size_t Reader;
  std::size_t Read;
};

/// While generateOnlineSpace probes its groups on the calling thread: the
/// value that a read of Slot off its reader's group gets from the first
/// leaf of the read parameter's group (the read is learned), or null where
/// there is none to lend (then the read throws MissingValue).
const void *probedValue(SlotId Slot);
/// Reads that threw MissingValue to generateOnlineSpace so far, in this
/// process (what tests see of the probes).
std::uint64_t missedReadsSoFar();

/// The groups of a tuner's parameters, one after another in Order: group
/// G is Order[Start[G] .. Start[G + 1]].
struct OnlineGroups {
  std::vector<std::size_t> Order;
  std::vector<std::size_t> Start;
  std::size_t size() const { return Start.size() - 1; }
  std::span<const std::size_t> operator[](std::size_t G) const {
    return {Order.data() + Start[G], Start[G + 1] - Start[G]};
  }
};

/// The groups of Params (in the tuner's order, Params[I]->index() == I):
/// parameters joined by the reads their constraints declare and by
/// Learned (pairs of read, reader), each group in an order where every
/// read comes before its reader (else the tuner's order), groups ordered
/// by their first parameter. Fails for a read of a parameter outside the
/// tuner and for parameters that read each other.
Expected<OnlineGroups>
onlineGroups(const std::vector<const ParameterModel *> &Params,
             const std::vector<std::pair<std::size_t, std::size_t>> &Learned);

/// Generates the space of Params (as onlineGroups), generating again with
/// the groups joined whenever a constraint reads a parameter of another
/// group or a later one. Before each generation, each group's first path
/// is probed (firstLeaf): reads that every evaluation of a callable makes
/// are found at the cost of a path, not of a generation in vain, and a
/// read of another group's parameter there is lent that group's first
/// leaf's value (probedValue) instead of throwing: the first exception of
/// a process costs tens of microseconds, and each made a round of its own.
/// Without Options.MemoryLimit, the store's limit is a generated tuner's
/// (storeMemoryLimit: ATFC_SPACE_MEMORY_LIMIT, else half the machine's),
/// read before the clock starts as there; a space over it is an Error.
Expected<ChainOfTrees> generateOnlineSpace(const std::vector<const ParameterModel *> &Params,
                                           const GenerationOptions &Options);

} // namespace atfc::online

#endif
