//===- python/src/PyLevelLoop.cpp - A Python parameter's level of a tree --===//
//
// The loop nest of a Python space, one level at a time: a parameter's
// values (all of its range, or only the divisors of a number when its
// first conjunct is `E % self == 0`), each checked by its constraint and
// descended into. Apart from the rest of PyParameter.cpp because this is
// the innermost work of generation: the level above the last calls the
// last directly, and a level keeps the last number's divisors for its
// siblings, which mostly share it.
//
// Tested by test/python/test_space.py (divisor levels and whole spaces
// against Python's own configurations).
//
//===----------------------------------------------------------------------===//
#include "PyParameter.h"

#include "SearchSpace/GroupGenerator.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <span>
#include <typeinfo>

namespace atfc::python {

bool PyParameter::divisorIndices(const void *const *Slots, std::vector<std::uint64_t> &Divisors,
                                 std::span<const std::uint64_t> &Visit) const {
  const Num E = DivisorOf->eval(Slots);
  std::uint64_t N = 0;
  if (E.IsInt) {
    if (E.I == std::numeric_limits<std::int64_t>::min())
      return false;
    N = static_cast<std::uint64_t>(E.I < 0 ? -E.I : E.I);
  } else {
    // A float of an integral value (`(MWG / MDIMC) % VWM == 0`): Python's
    // float remainder of it is exact, so the divisors are the same.
    const double A = std::fabs(E.D);
    if (!(A < 9007199254740992.0) || A != std::trunc(A))
      return false;
    N = static_cast<std::uint64_t>(A);
  }
  if (N == 0)
    return false;
  if (DivisorScale) {
    const Num Factor = DivisorScale->eval(Slots);
    if (!E.IsInt || !Factor.IsInt || Factor.I == 0 ||
        Factor.I == std::numeric_limits<std::int64_t>::min())
      return false;
    const auto Scale = static_cast<std::uint64_t>(Factor.I < 0 ? -Factor.I : Factor.I);
    if (N % Scale != 0) {
      Visit = {}; // no F * self divides E
      return true;
    }
    N /= Scale;
  }
  // Siblings often share N: the level's own buffer (the levels below
  // have theirs) keeps the last N, whether its divisors are visited, and
  // the range indices to visit, so that a repeated N only visits them.
  enum : std::size_t { KeyAt, ModeAt, IndicesAt };
  if (Divisors.size() < IndicesAt || Divisors[KeyAt] != N) {
    Divisors.assign({N, 0});
    // Divisors cost sqrt(N) steps; filtering costs the range.
    if (static_cast<double>(Count) >= std::sqrt(static_cast<double>(N))) {
      Divisors[ModeAt] = 1;
      fillDivisorIndices(N, Divisors);
    }
  }
  if (Divisors[ModeAt] == 0)
    return false;
  Visit = std::span<const std::uint64_t>(Divisors).subspan(IndicesAt);
  return true;
}

void PyParameter::fillDivisorIndices(std::uint64_t N, std::vector<std::uint64_t> &Into) const {
  // The divisors up to sqrt(N) ascending, then their partners descending.
  static thread_local std::vector<std::uint64_t> Divisors;
  Divisors.clear();
  std::uint64_t D = 1;
  for (; D * D < N; ++D)
    if (N % D == 0)
      Divisors.push_back(D);
  const std::size_t Small = Divisors.size();
  if (D * D == N)
    Divisors.push_back(D);
  for (std::size_t I = Small; I-- > 0;)
    Divisors.push_back(N / Divisors[I]);
  if (IsInterval) {
    auto Try = [&](std::uint64_t Divisor) {
      const auto V = static_cast<std::int64_t>(Divisor);
      if ((V - Start) % Step != 0)
        return;
      const std::int64_t Q = (V - Start) / Step;
      if (Q >= 0 && static_cast<std::uint64_t>(Q) < Count)
        Into.push_back(static_cast<std::uint64_t>(Q));
    };
    // Range order: ascending values for a positive step.
    if (Step > 0)
      for (std::uint64_t Divisor : Divisors)
        Try(Divisor);
    else
      for (std::size_t I = Divisors.size(); I-- > 0;)
        Try(Divisors[I]);
    return;
  }
  // A list: its own order, each value checked against the divisors.
  for (std::uint64_t I = 0; I < Count; ++I)
    if (std::binary_search(Divisors.begin(), Divisors.end(),
                           static_cast<std::uint64_t>(Values[I].I)))
      Into.push_back(I);
}

std::uint64_t PyParameter::loop(const online::OnlineLevels &Levels, online::Frame &F,
                                atfc::detail::ChunkLevels &Chunk, std::size_t Level) const {
  return Level + 1 == Levels.levels() ? levelLoop<true>(Levels, F, Chunk, Level)
                                      : levelLoop<false>(Levels, F, Chunk, Level);
}

online::SubtreeMemo *PyParameter::subtreeMemo(const online::OnlineLevels &Levels,
                                              atfc::detail::ChunkLevels &Chunk,
                                              std::size_t Level) const {
  std::unique_ptr<atfc::detail::LevelState> &State = Chunk.State[Level];
  if (!State) {
    // The values that the levels below read from this level and above;
    // remembered only where every level below is translated whole.
    std::vector<std::size_t> Above, Reads;
    std::vector<std::uint64_t> RangeSizes;
    for (std::size_t J = 0; J <= Level; ++J)
      Above.push_back(Levels.model(J).index());
    bool Remembered = All != nullptr;
    for (std::size_t J = Level + 1; J < Levels.levels() && Remembered; ++J) {
      const online::ParameterModel &Model = Levels.model(J);
      const auto *Below =
          typeid(Model) == typeid(PyParameter) ? static_cast<const PyParameter *>(&Model) : nullptr;
      Remembered = Below && (Below->Remembers || !Below->constrained());
      if (!Remembered)
        break;
      for (const std::size_t R : Below->MemoReads)
        if (std::find(Above.begin(), Above.end(), R) != Above.end() &&
            std::find(Reads.begin(), Reads.end(), R) == Reads.end()) {
          Reads.push_back(R);
          RangeSizes.push_back((*All)[R]->Count);
        }
    }
    State = std::make_unique<online::SubtreeMemo>(
        Remembered, Level + 1, Levels.levels() - Level - 1, std::move(Reads), RangeSizes);
  }
  auto *Memo = static_cast<online::SubtreeMemo *>(State.get());
  return Memo->on() ? Memo : nullptr;
}

template <bool Leaf>
std::uint64_t PyParameter::levelLoop(const online::OnlineLevels &Levels, online::Frame &F,
                                     atfc::detail::ChunkLevels &Chunk, std::size_t Level) const {
  try {
    return visitLevel<Leaf>(Levels, F, Chunk, Level);
  } catch (ConstraintError &E) {
    // (The levels below name their own.)
    if (E.Type == kNativeOverflow && E.Parameter.empty())
      E.Parameter = Name;
    throw;
  }
}

template <bool Leaf>
std::uint64_t PyParameter::visitLevel(const online::OnlineLevels &Levels, online::Frame &F,
                                      atfc::detail::ChunkLevels &Chunk, std::size_t Level) const {
  const std::size_t Self = Index;
  TreeSegment &Nodes = Chunk.Levels[Level];
  std::uint64_t Leaves = 0;
  Cell C;
  const void **Slots = F.Slots.data();
  bool ByDivisors = false;
  // What does not depend on this parameter is computed once per path, when
  // first needed (where Python would first compute it: an exception is
  // raised where Python raises it).
  Memo M;
  std::memset(M.Done, 0, sizeof M.Done); // one store, not a call
  // The common cases without accepts()'s call: no constraint at all, or
  // one compiled whole (its code called directly).
  const bool Unconstrained = !constrained();
  const NativeFn Whole = Callable.is_none() ? Compiled : nullptr;
  // The last level is called most (once per node above it, for a few
  // values each): the level above calls it directly, without the virtual
  // call, when it is a Python parameter (in this module, always).
  const PyParameter *NextLeaf = nullptr;
  // The subtrees below this level's nodes, remembered by what the levels
  // below read (not while probing for a first leaf or expanding prefixes:
  // both stop short of the whole subtree).
  online::SubtreeMemo *Subtrees = nullptr;
  if constexpr (!Leaf) {
    if (Level + 2 == Levels.levels() && typeid(Levels.model(Level + 1)) == typeid(PyParameter))
      NextLeaf = static_cast<const PyParameter *>(&Levels.model(Level + 1));
    if (!F.FirstLeafOnly && Chunk.Stop == Levels.levels())
      Subtrees = subtreeMemo(Levels, Chunk, Level);
  }
  auto Visit = [&](std::uint64_t I) {
    const Cell *Here = &C;
    if (Cells.empty())
      C = cellAt(I);
    else
      Here = &Cells[I];
    Slots[Self] = Here;
    if (Unconstrained) {
    } else if (Whole) {
      if (const int R = Whole(Slots, &M, ByDivisors ? 1 : 0); R <= 0) {
        if (R < 0)
          throwNativeError(-R);
        return;
      }
    } else if (!accepts(Slots, ByDivisors, &M)) {
      return;
    }
    ++Chunk.Accepted[Level];
    if (F.Found) [[unlikely]]
      return;
    if constexpr (Leaf) {
      F.Found = F.FirstLeafOnly;
      Nodes.Values.push_back(I);
      ++Leaves;
    } else {
      if (Level + 1 == Chunk.Stop) [[unlikely]] {
        atfc::detail::recordStop(Chunk, I);
        return;
      }
      const std::size_t Node = Nodes.Values.size();
      Nodes.Values.push_back(I);
      Nodes.FirstChild.push_back(static_cast<std::uint32_t>(Chunk.Levels[Level + 1].Values.size()));
      std::uint64_t Below = 0;
      std::uint64_t Key = 0;
      if (!Subtrees ||
          !Subtrees->keyOf(
              [&](std::size_t R, std::uint64_t &X) {
                const auto *C = static_cast<const Cell *>(Slots[R]);
                if (!C)
                  return false; // (not on a generated path)
                X = C->Index;
                return true;
              },
              Key) ||
          !Subtrees->replay(Key, Chunk, Below)) {
        Below = NextLeaf ? NextLeaf->levelLoop<true>(Levels, F, Chunk, Level + 1)
                         : Levels.model(Level + 1).loop(Levels, F, Chunk, Level + 1);
        if (Subtrees)
          Subtrees->remember(Chunk, Below);
      }
      Slots[Self] = Here;
      if (Below == 0) {
        Nodes.Values.truncate(Node);
        Nodes.FirstChild.truncate(Node);
      }
      Leaves += Below;
    }
  };
  // (The level's cache of divisors is its own: Visit does not change it.)
  std::span<const std::uint64_t> Divisors;
  ByDivisors = DivisorOf != nullptr && divisorIndices(Slots, Chunk.Scratch[Level], Divisors);
  if (ByDivisors)
    for (const std::uint64_t I : Divisors)
      Visit(I);
  else
    for (std::uint64_t I = 0; I < Count; ++I)
      Visit(I);
  Slots[Self] = nullptr;
  return Leaves;
}

} // namespace atfc::python
