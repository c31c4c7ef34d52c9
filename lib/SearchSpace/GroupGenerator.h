//===- SearchSpace/GroupGenerator.h - Generating a group's tree -*- C++ -*-===//
//
// Generates the tree of one group (Listing 2 of the ATF TACO paper): a loop
// nest with one level per parameter, each constraint checked at its own
// level, dead ends removed.
//
// The work has two halves, so that a generated tuner compiles quickly:
//
//  - the typed half, GroupLevels<G> (this header), is the loop nest itself:
//    one function per level with the constraints inlined, compiled for each
//    group. It generates the subtree below one prefix (the values of the
//    first levels), or, to expand the prefixes, only the next level.
//  - the untyped half, generateGroupTree (GroupGenerator.cpp), compiled once
//    in the library, decides everything else: how far the first levels are
//    expanded into prefixes, which prefixes form a chunk, which chunks run
//    in parallel (oneTBB), the statistics, and the assembly of the chunks
//    into the tree's levels. It calls the typed half through the virtual
//    functions of GroupLevelsBase, once per prefix, never per value.
//
// Chunking changes only where segments start, never the tree: its nodes,
// their order and every mapping are the same whatever the number of threads.
//
// A group that cannot be generated is an Error, not an exception: a range
// that could not be built (Range.h) is found once, when the loop nest is
// made, before any work; a level too large for the store's 32-bit child
// offsets is found by the chunk that holds it, which cancels the other
// chunks. Exceptions remain for running out of memory (std::bad_alloc,
// SpaceTooLarge) and for what the user's constraints throw.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCHSPACE_GROUPGENERATOR_H
#define ATFC_SEARCHSPACE_GROUPGENERATOR_H

#include "SearchSpace/CandidateEnumeration.h"
#include "SearchSpace/GroupTree.h"
#include "SearchSpace/Parameter.h"
#include "Support/Error.h"

#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace atfc {

namespace detail {

/// What a level's model keeps from one of its loops to the next within a
/// chunk (the Python package's levels: the values their constraint
/// accepted, by the values it read). Made by the model on first use.
struct LevelState {
  virtual ~LevelState();
};

/// What the loop nest writes while it generates the subtrees of a chunk.
struct ChunkLevels {
  /// One empty level per parameter (see GroupGenerator.cpp); the loop nest
  /// descends no deeper than level Stop.
  ChunkLevels(const std::vector<ParameterInfo> &Params, std::size_t Stop);
  /// The nodes generated so far, per level.
  std::vector<TreeSegment> Levels;
  /// Values accepted by each level's constraint, dead ends included.
  std::vector<std::uint64_t> Accepted;
  /// Per level, the divisor buffer of the candidate enumeration.
  std::vector<std::vector<std::uint64_t>> Scratch;
  /// Per level, its model's state for the chunk (null until it makes one).
  std::vector<std::unique_ptr<LevelState>> State;
  /// The level at which the loop nest stops: the values accepted on the
  /// level above are recorded in Stopped instead of being descended into
  /// (the expansion into prefixes). The number of levels when generating.
  std::size_t Stop;
  /// The value indices recorded at Stop, in order.
  std::vector<std::uint64_t> Stopped;
};

/// Appends Index to C.Stopped (GroupGenerator.cpp: out of the loop nest).
void recordStop(ChunkLevels &C, std::uint64_t Index);

} // namespace detail

/// A group's loop nest as the untyped half of generation sees it.
class GroupLevelsBase {
public:
  /// The group's parameters, in level order.
  const std::vector<ParameterInfo> &parameters() const { return Params; }
  /// How deep prefixes may reach: C.Stop is at most this.
  std::size_t maxPrefixDepth() const { return MaxPrefixDepth; }
  /// Why the group cannot be generated: the first of its ranges that could
  /// not be built, at the range's place in the user's file where known.
  const std::optional<Error> &failure() const { return Failure; }

  /// Generates the subtree below the prefix whose first Depth value indices
  /// are Prefix[0..Depth-1] into C's levels Depth..K-1, and returns its
  /// number of leaves; with C.Stop == Depth + 1 < K it only records the
  /// values of level Depth in C.Stopped (the expansion, and the store's
  /// estimate: GroupGenerator.cpp). Distinct prefixes may be
  /// generated at the same time, each into its own C.
  virtual std::uint64_t generateBelow(std::size_t Depth, const std::uint64_t *Prefix,
                                      detail::ChunkLevels &C) const = 0;
  /// generateBelow for Count consecutive prefixes (Prefixes[p * Depth ..]),
  /// appending to FirstNode each one's first node on level Depth and to
  /// Leaves its leaves: a group whose loop nest costs a set-up per call
  /// (Online/OnlineSpace.h's) pays it once.
  virtual void generateBelowEach(std::size_t Depth, const std::uint64_t *Prefixes,
                                 std::size_t Count, detail::ChunkLevels &C,
                                 std::vector<std::uint64_t> &FirstNode,
                                 std::vector<std::uint64_t> &Leaves) const;

protected:
  explicit GroupLevelsBase(std::size_t MaxPrefixDepth) : MaxPrefixDepth(MaxPrefixDepth) {}
  GroupLevelsBase(const GroupLevelsBase &) = delete;
  ~GroupLevelsBase();
  /// Appends the next parameter's description (out of line, like the
  /// destructor: a tuner compiles neither once per parameter).
  void addParameter(const std::string &Name, ValueKind Kind, std::uint64_t RangeSize,
                    std::function<Value(std::uint64_t)> ValueAt, bool Constrained);
  /// Records that the range of parameter Name, Written ("interval(1, 10,
  /// 0)"), failed with E, unless an earlier one did.
  void refuseRange(const std::string &Name, const SourceLocation &Where, RangeError E,
                   const std::string &Written);

  std::vector<ParameterInfo> Params;
  std::size_t MaxPrefixDepth;
  std::optional<Error> Failure;
};

/// The most nodes a level may hold in one chunk, and a prefix level's
/// children: child offsets are 32-bit.
inline constexpr std::uint64_t kMaxChunkLevelNodes = std::numeric_limits<std::uint32_t>::max();

/// How long generation may go on in the calling thread before it hands the
/// rest to the thread pool, given the budget once the pool runs: until the
/// pool has first run, about what starting it costs (its threads, its
/// libraries: 0.6 ms here), so that a small space never pays that and a
/// large one loses at most as much again (GroupGenerator.cpp).
std::int64_t inlineBudgetNanoseconds(std::int64_t PoolRunningBudget);
/// Records that the pool has run work, so that the short budget applies.
void notePoolStarted();

/// Below this many candidates (values whose constraint is checked, by the
/// store's walks' estimate) a group is generated whole in the calling
/// thread: about 1 ms of work for the Python package's compiled
/// constraints, 0.5 ms for a tuner's; waking the pool and waiting for its
/// threads costs as much on a loaded machine (docs/search-space.md).
inline constexpr double kInlineCandidates = 200'000;

/// Generates the tree of the group whose loop nest is Levels, in parallel in
/// the calling task arena (GroupGenerator.cpp), or says why it cannot:
/// Levels.failure(), or a level of more than NodeLimit nodes in a chunk
/// (kMaxChunkLevelNodes; tests lower it). Throws SpaceTooLarge when, once
/// the first levels are expanded, the tree's estimated store exceeds
/// MemoryLimit bytes (StoreEstimate.h; 0: no limit, and no estimate). A
/// group whose estimate is below InlineCandidates candidates is generated
/// in the calling thread. Cancelled from outside (the enclosing task
/// group's context), it returns an empty tree early.
Expected<GroupTree> generateGroupTree(const GroupLevelsBase &Levels, std::uint64_t MemoryLimit = 0,
                                      std::uint64_t NodeLimit = kMaxChunkLevelNodes,
                                      double InlineCandidates = kInlineCandidates);
/// An upper bound of the candidates a group's loop nest tries: its levels'
/// products of range sizes, summed (every value valid).
double unconstrainedCandidates(const std::vector<ParameterInfo> &Params);

/// The loop nest of group G, typed: the constraints' calls inline.
template <class G> class GroupLevels final : public GroupLevelsBase {
public:
  static constexpr std::size_t K = G::kSize;
  using Path = typename G::Path;
  /// Prefixes reach at most the first half of the levels. (Every level but
  /// the last checks whether to stop, for the store's estimate; the check
  /// cost nothing measurable: searchspace-bench --space sgemm_atf.)
  static constexpr std::size_t kMaxPrefixDepth = (K + 1) / 2;

  explicit GroupLevels(const G &Group) : GroupLevelsBase(kMaxPrefixDepth), Group(Group) {
    [&]<std::size_t... Is>(std::index_sequence<Is...>) {
      (describeParameter(parameterAt<Is>(Group)), ...);
    }
    (std::make_index_sequence<K>{});
  }

  std::uint64_t generateBelow(std::size_t Depth, const std::uint64_t *Prefix,
                              detail::ChunkLevels &C) const override {
    // The prefix's path, from its value indices; then the loop nest below.
    Path P{};
    std::uint64_t Leaves = 0;
    [&]<std::size_t... Is>(std::index_sequence<Is...>) {
      ((Is < Depth ? (void)(std::get<Is>(P) = parameterAt<Is>(Group).Range.at(Prefix[Is]))
                   : void()),
       ...);
      ((Is == Depth ? (void)(Leaves = descend<Is>(P, C)) : void()), ...);
    }
    (std::make_index_sequence<K>{});
    return Leaves;
  }

private:
  /// Adds what the store knows about parameter P (see describe()).
  template <class P> void describeParameter(const P &Param) {
    using R = typename P::range_type;
    // Once per range: a failed range is empty, and the group is refused.
    if (const RangeError E = Param.Range.failure(); E != RangeError::None) [[unlikely]]
      refuseRange(Param.Name, Param.RangeWhere, E, writtenRange(Param.Range));
    addParameter(Param.Name, valueKindOf<typename R::value_type>(), Param.Range.size(),
                 RangeValueAt<R>{Param.Range},
                 !std::is_same_v<typename P::constraint_type, NoConstraint>);
  }

  /// An interval with the values it was built from, "interval(1, 10, 0,
  /// pow2)", or the value at fault, "value 300", for its error.
  template <class R> static std::string writtenRange(const R &Range) {
    std::string Text;
    if constexpr (requires { Range.culprit(); })
      if (!Range.culprit().empty())
        return "value " + Range.culprit();
    if constexpr (requires { Range.inner(); })
      return writtenRange(Range.inner());
    if constexpr (requires { Range.step(); }) {
      using Gen = typename R::generator_type;
      Text = "interval(" + toString(toValue(Range.lo())) + ", " + toString(toValue(Range.hi())) +
             ", " + toString(toValue(Range.step()));
      if constexpr (std::is_same_v<Gen, Pow2Generator>)
        Text += ", pow2";
      else if constexpr (!std::is_same_v<Gen, IdentityGenerator>)
        Text += ", generator";
      Text += ")";
    }
    return Text;
  }

  /// Generates the subtree below path P at level I; returns its leaf count.
  /// Each level but the last is a function of its own: inlined into each
  /// other, the levels made one huge function that took longer to compile
  /// and ran slower (callgrind, sgemm_atf 32: 5 % more instructions). The
  /// last level is inlined into the level above, which calls it per node.
  template <std::size_t I> std::uint64_t descend(Path &P, detail::ChunkLevels &C) const {
    if constexpr (I + 1 < K)
      return levelApart<I>(P, C);
    else
      return loopAt<I>(P, C);
  }
  /// descend for a level above the last: never inlined.
  template <std::size_t I>
  [[gnu::noinline]] std::uint64_t levelApart(Path &P, detail::ChunkLevels &C) const {
    return loopAt<I>(P, C);
  }

  /// The loop nest's level I below path P: everything per value is inlined
  /// here.
  template <std::size_t I> std::uint64_t loopAt(Path &P, detail::ChunkLevels &C) const {
    const auto &Param = parameterAt<I>(Group);
    // Its constraint is named for the report of a trap in it, again after
    // each level below: one store per node, none per value scanned.
    constexpr bool Constrained =
        !std::is_same_v<typename std::remove_cvref_t<decltype(Param)>::constraint_type,
                        NoConstraint>;
    if constexpr (Constrained)
      CurrentConstraint = {&Param.Name, &Param.ConstraintWhere};
    TreeSegment &Level = C.Levels[I];
    std::uint64_t Leaves = 0;
    [[maybe_unused]] const std::size_t Stop = C.Stop;
    detail::forEachValid(Param.Range, Param.Constraint, P, C.Scratch[I],
                         [&](std::uint64_t Index, const auto &Value) {
                           ++C.Accepted[I];
                           if constexpr (I + 1 == K) {
                             Level.Values.push_back(Index);
                             ++Leaves;
                           } else {
                             // (At every level: the store's estimate
                             // samples the levels below the prefixes.)
                             if (I + 1 == Stop) [[unlikely]] {
                               detail::recordStop(C, Index);
                               return;
                             }
                             std::get<I>(P) = Value;
                             const std::size_t Node = Level.Values.size();
                             // Offsets past 2^32 are caught once the chunk is done.
                             Level.Values.push_back(Index);
                             Level.FirstChild.push_back(
                                 static_cast<std::uint32_t>(C.Levels[I + 1].Values.size()));
                             std::uint64_t Below = descend<I + 1>(P, C);
                             if constexpr (Constrained)
                               CurrentConstraint = {&Param.Name, &Param.ConstraintWhere};
                             if (Below == 0) {
                               Level.Values.truncate(Node);
                               Level.FirstChild.truncate(Node);
                             }
                             Leaves += Below;
                           }
                         });
    return Leaves;
  }

  const G &Group;
};

} // namespace atfc

#endif
