//===- atf/space.hpp - A tuning parameter as the engine generates it -*- C++ -*-===//
//
// The typed half of an online space (Online/OnlineSpace.h): one level of a
// group's loop nest for one tuning parameter. Everything per candidate
// value (the range, the constraint, the divisor loop of divides(E)) is
// compiled here with the parameter's own types, as in a generated tuner;
// the next level is one virtual call per accepted value.
//
//===----------------------------------------------------------------------===//
#ifndef ATF_SPACE_HPP
#define ATF_SPACE_HPP

#include "atf/parameter.hpp"

#include "Online/OnlinePath.h"
#include "Online/OnlineSpace.h"
#include "SearchSpace/CandidateEnumeration.h"
#include "SearchSpace/StoreEstimate.h"

#include <algorithm>
#include <any>
#include <cstdint>
#include <exception>
#include <new>
#include <string>
#include <vector>

namespace atf::detail {

/// Rethrows what generating parameter Name's values threw (its constraint
/// or its range's generator: the program's code) as an atf::error that
/// names the parameter, the original nested in it: a bare "out of range"
/// from a space of many parameters says nothing of where. An atf::error
/// (the program's own, or one that names a parameter already), what
/// generation throws by itself (a read it must hear of, memory) and what
/// is no std::exception pass unchanged.
[[noreturn]] inline void rethrow_naming(const std::string &Name) {
  try {
    throw;
  } catch (const error &) {
    throw;
  } catch (const std::bad_alloc &) {
    throw;
  } catch (const atfc::SpaceTooLarge &) {
    throw;
  } catch (const std::exception &E) {
    std::throw_with_nested(
        error("tuning parameter " + Name +
              ": its constraint or range threw while the space was generated: " + E.what()));
  }
}

template <class R, class C> class parameter_model final : public atfc::online::ParameterModel {
public:
  explicit parameter_model(const tuning_parameter<R, C> &P) : Param(P) {
    for (const parameter_state *S : Param.get_constraint().reads)
      Reads.emplace_back(S, &S->name);
  }

  const std::string &name() const override { return Param.name(); }
  std::size_t index() const override { return Index; }
  void setIndex(std::size_t I) override { Index = I; }
  const void *identity() const override { return Param.id().get(); }
  atfc::online::SlotId slot() const override { return Param.id()->slot; }
  std::vector<atfc::online::SlotId> readSlots() const override {
    std::vector<atfc::online::SlotId> Slots;
    for (const parameter_state *S : Param.get_constraint().reads)
      Slots.push_back(S->slot);
    return Slots;
  }
  const ReadIdentities &readIdentities() const override { return Reads; }
  atfc::ValueKind kind() const override { return atfc::valueKindOf<typename R::value_type>(); }
  std::uint64_t rangeSize() const override { return Param.range().size(); }
  std::function<atfc::Value(std::uint64_t)> valueAt() const override {
    return atfc::RangeValueAt<R>{Param.range()};
  }
  bool constrained() const override { return !std::is_same_v<C, atfc::NoConstraint>; }
  bool opaque() const override { return Param.get_constraint().opaque; }
  atfc::RangeError rangeError() const override { return Param.range().failure(); }
  /// The base's, but with the calls inline (this class is final): the
  /// base's makes eight virtual calls per parameter and generation.
  Description describe() const override {
    return {atfc::ParameterInfo{name(), kind(), rangeSize(), valueAt(), constrained()},
            rangeError(), index(), slot()};
  }
  const void *hold(std::uint64_t Index, std::any &Holder) const override {
    // In place: once per prefix, where an assignment of a new std::any and
    // an any_cast were a fifth of what the interface added to mdh_prl.
    return &Holder.emplace<typename R::value_type>(Param.range().at(Index));
  }

  const void *holdValue(const atfc::Value &V, std::any &Holder) const override {
    using T = typename R::value_type;
    Holder = std::visit(
        [](const auto &X) -> T {
          using X_t = std::decay_t<decltype(X)>;
          if constexpr (std::is_constructible_v<T, const X_t &>)
            return static_cast<T>(X);
          else
            return T{};
        },
        V);
    return std::any_cast<T>(&Holder);
  }

  /// loop(), with what the program's code throws below it named by the
  /// parameter whose values were being generated (the thread's
  /// CurrentReader: its scope lives on until the caller's ends). Only
  /// here, once per prefix: a handler in every loop cost cltune_gemm 1 %
  /// more instructions.
  std::uint64_t generate(const atfc::online::OnlineLevels &Levels, atfc::online::Frame &F,
                         atfc::detail::ChunkLevels &Chunk, std::size_t Level) const override {
    try {
      return loop(Levels, F, Chunk, Level);
    } catch (...) {
      const atfc::online::ParameterModel *Thrower = Levels.reader();
      rethrow_naming(Thrower != nullptr ? Thrower->name() : name());
    }
  }

  std::uint64_t loop(const atfc::online::OnlineLevels &Levels, atfc::online::Frame &F,
                     atfc::detail::ChunkLevels &Chunk, std::size_t Level) const override {
    if (Level + 1 == Levels.levels())
      return leaves(Levels, F, Chunk, Level);
    const std::size_t Self = index();
    const SlotId Slot = slot();
    const path P{F.Values};
    atfc::online::CurrentReader = Self;
    const bool StopsHere = Level + 1 == Chunk.Stop;
    const bool ChildIsLast = Level + 2 == Levels.levels();
    atfc::TreeSegment *const Nodes = &Chunk.Levels[Level];
    const atfc::PackedIndexArray *const Children = &Chunk.Levels[Level + 1].Values;
    const atfc::online::ParameterModel *const Child = &Levels.model(Level + 1);
    std::uint64_t *const Accepted = &Chunk.Accepted[Level];
    const void **const Values = F.Values;
    std::uint64_t *const Indices = F.Indices.data();
    // The subtrees below this level's nodes, remembered by what the levels
    // below read (Online/SubtreeMemo.h).
    atfc::online::RememberedLevel *const Memo = Levels.memo(F, Chunk, Level);
    std::uint64_t Leaves = 0;
    // Invariants by value: the range's loop calls this out of line, where a
    // capture by reference costs a load more at every use.
    atfc::detail::forEachValid(
        Param.range(), Param.get_constraint().engine, P, Chunk.Scratch[Level],
        [&Levels, &F, &Chunk, &Leaves, StopsHere, ChildIsLast, Nodes, Children, Child, Accepted,
         Values, Indices, Memo, Self, Slot, Level](std::uint64_t Index, const auto &Value) {
          ++*Accepted;
          if (F.Found) [[unlikely]]
            return;
          if (StopsHere) [[unlikely]] {
            atfc::detail::recordStop(Chunk, Index);
            return;
          }
          Values[Slot] = &Value;
          Indices[Self] = Index;
          const std::size_t Node = Nodes->Values.size();
          Nodes->Values.push_back(Index);
          Nodes->FirstChild.push_back(static_cast<std::uint32_t>(Children->size()));
          const std::uint64_t Below = Memo          ? Levels.subtree(*Memo, F, Chunk, Level)
                                      : ChildIsLast ? Child->leaves(Levels, F, Chunk, Level + 1)
                                                    : Child->loop(Levels, F, Chunk, Level + 1);
          Values[Slot] = nullptr;
          atfc::online::CurrentReader = Self;
          if (Below == 0) {
            Nodes->Values.truncate(Node);
            Nodes->FirstChild.truncate(Node);
          }
          Leaves += Below;
        });
    return Leaves;
  }

  /// The group's last level: its accepted values are leaves. A loop of
  /// its own, which the level above calls directly (most calls are this
  /// one's: one per node of the level above), with only a leaf's work per
  /// value.
  std::uint64_t leaves(const atfc::online::OnlineLevels &, atfc::online::Frame &F,
                       atfc::detail::ChunkLevels &Chunk, std::size_t Level) const override {
    atfc::online::CurrentReader = index();
    const path P{F.Values};
    atfc::PackedIndexArray &Values = Chunk.Levels[Level].Values;
    const std::size_t Before = Values.size();
    // A probe takes every leaf of its path too (their constraints' reads
    // count as well): no test per leaf.
    atfc::detail::forEachValid(Param.range(), Param.get_constraint().engine, P,
                               Chunk.Scratch[Level],
                               [&](std::uint64_t Index, const auto &) { Values.push_back(Index); });
    const std::uint64_t Leaves = Values.size() - Before;
    Chunk.Accepted[Level] += Leaves;
    F.Found = F.FirstLeafOnly && Leaves != 0;
    return Leaves;
  }

private:
  tuning_parameter<R, C> Param;
  /// What its constraint reads (asked for once per generation and check).
  ReadIdentities Reads;
  /// Its index in the tuner that made this model.
  std::size_t Index = kNoIndex;
};

} // namespace atf::detail

#endif
